import type { Schedule, ScheduleBody as ProtoScheduleBody, SchedulePageSchema } from '@cs/proto/http';
import type { z } from 'zod';
import { baseApi } from '../../../api/base-api';
import { request, type RouteResponse } from '../../../api/routes';
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
    getSchedulesPage: build.infiniteQuery<RouteResponse<'GET /schedules'>, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => request('GET /schedules', { query: pageParams(queryArg, pageParam) }),
      providesTags: ['Schedules'],
    }),
    addSchedule: build.mutation<RouteResponse<'POST /schedules'>, ScheduleBody>({
      query: (body) => request('POST /schedules', { body }),
      invalidatesTags: ['Schedules'],
    }),
    updateSchedule: build.mutation<RouteResponse<'PUT /schedules/{id}'>, ScheduleBody & { id: number }>({
      query: ({ id, ...body }) => request('PUT /schedules/{id}', { params: { id }, body }),
      invalidatesTags: ['Schedules'],
    }),
    deleteSchedule: build.mutation<RouteResponse<'DELETE /schedules/{id}'>, number>({
      query: (id) => request('DELETE /schedules/{id}', { params: { id } }),
      invalidatesTags: ['Schedules'],
    }),
    uploadScheduleMedia: build.mutation<RouteResponse<'POST /schedules/{id}/media-upload'>, { id: number; file: File }>(
      {
        query: ({ id, file }) => {
          const form = new FormData();
          form.append('file', file, file.name.replace(/\s/g, '_'));
          return request('POST /schedules/{id}/media-upload', { params: { id }, body: form });
        },
        invalidatesTags: ['Schedules'],
      },
    ),
    deleteScheduleMedia: build.mutation<RouteResponse<'DELETE /schedules/{id}/media-upload'>, number>({
      query: (id) => request('DELETE /schedules/{id}/media-upload', { params: { id } }),
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
