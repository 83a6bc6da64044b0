import type { MessageResponse, Schedule, ScheduleBody as ProtoScheduleBody, SchedulePageSchema } from '@cs/proto/http';
import type { z } from 'zod';
import { baseApi } from '../../../api/base-api';
import { pagedListOptions, pageParams } from '../../../api/paging';

/** A scheduled message (`ScheduleSchema`): PENDENTE until sent (ENVIADA) or given up (ERRO, with the reason). */
export type ScheduleRecord = Schedule;
export type SchedulesPage = z.infer<typeof SchedulePageSchema>;
/** `POST /schedules`, `PUT /schedules/{id}` (`ScheduleBodySchema`): `sendAt` as the form's wall-clock text. */
export type ScheduleBody = ProtoScheduleBody & { sendAt: string };

const withTags = baseApi.enhanceEndpoints({ addTagTypes: ['Schedules'] });

/** `/schedules` (spec §7): the paged list `{schedules, hasMore}`, CRUD and the attachment. */
export const schedulesApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    getSchedulesPage: build.infiniteQuery<SchedulesPage, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => ({ url: '/schedules/', params: pageParams(queryArg, pageParam) }),
      providesTags: ['Schedules'],
    }),
    addSchedule: build.mutation<ScheduleRecord, ScheduleBody>({
      query: (body) => ({ url: '/schedules', method: 'POST', body }),
      invalidatesTags: ['Schedules'],
    }),
    updateSchedule: build.mutation<ScheduleRecord, ScheduleBody & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/schedules/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Schedules'],
    }),
    deleteSchedule: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: `/schedules/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Schedules'],
    }),
    uploadScheduleMedia: build.mutation<ScheduleRecord, { id: number; file: File }>({
      query: ({ id, file }) => {
        const form = new FormData();
        form.append('file', file, file.name.replace(/\s/g, '_'));
        return { url: `/schedules/${id}/media-upload`, method: 'POST', body: form };
      },
      invalidatesTags: ['Schedules'],
    }),
    deleteScheduleMedia: build.mutation<ScheduleRecord, number>({
      query: (id) => ({ url: `/schedules/${id}/media-upload`, method: 'DELETE' }),
      invalidatesTags: ['Schedules'],
    }),
  }),
});

export const {
  useGetSchedulesPageInfiniteQuery,
  useAddScheduleMutation,
  useUpdateScheduleMutation,
  useDeleteScheduleMutation,
  useUploadScheduleMediaMutation,
  useDeleteScheduleMediaMutation,
} = schedulesApi;
