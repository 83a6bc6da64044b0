import { baseApi } from '../../../api/base-api';
import { pagedListOptions, pageParams } from '../../../api/paging';

export interface ScheduleRecord {
  id: number;
  body: string;
  sendAt: string;
  sentAt: string | null;
  status: string;
  contactId: number;
  contact?: { id: number; name: string; number?: string } | null;
  ticketId?: number | null;
  userId?: number | null;
  mediaPath?: string | null;
  mediaName?: string | null;
  error?: string | null;
}

export interface SchedulesPage {
  schedules: ScheduleRecord[];
  count?: number;
  hasMore: boolean;
}

export interface ScheduleBody {
  body: string;
  contactId: number;
  sendAt: string;
}

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
    deleteSchedule: build.mutation<void, number>({
      query: (id) => ({ url: `/schedules/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Schedules'],
    }),
    uploadScheduleMedia: build.mutation<unknown, { id: number; file: File }>({
      query: ({ id, file }) => {
        const form = new FormData();
        form.append('file', file, file.name.replace(/\s/g, '_'));
        return { url: `/schedules/${id}/media-upload`, method: 'POST', body: form };
      },
      invalidatesTags: ['Schedules'],
    }),
    deleteScheduleMedia: build.mutation<unknown, number>({
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
