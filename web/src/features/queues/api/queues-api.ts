import { baseApi } from '../../../api/base-api';

export interface ScheduleEntry {
  weekday: string;
  weekdayEn: string;
  startTime: string;
  endTime: string;
}

export interface QueueRecord {
  id: number;
  name: string;
  color: string;
  greetingMessage?: string;
  outOfHoursMessage?: string;
  orderQueue?: number | null;
  schedules?: ScheduleEntry[];
  integrationId?: number | null;
  promptId?: number | null;
  mediaPath?: string | null;
  mediaName?: string | null;
  autoAssign?: boolean;
}

export interface QueueBody {
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  orderQueue: number;
  schedules: ScheduleEntry[];
  integrationId: number | null;
  promptId: number | null;
  autoAssign: boolean;
}

export interface QueueOption {
  id: number;
  queueId: number;
  parentId: number | null;
  title: string;
  message: string;
  option: string;
  mediaPath?: string | null;
  mediaName?: string | null;
}

export interface OptionBody {
  queueId: number;
  parentId: number | null;
  title: string;
  message: string;
  option: string;
}

const queueOptionsApi = baseApi.enhanceEndpoints({ addTagTypes: ['QueueOptions'] });

/** `/queue` and `/queue-options` (spec §7). */
export const queuesApi = queueOptionsApi.injectEndpoints({
  endpoints: (build) => ({
    getQueues: build.query<QueueRecord[], void>({ query: () => '/queue', providesTags: ['Queues'] }),
    createQueue: build.mutation<QueueRecord, QueueBody>({
      query: (body) => ({ url: '/queue', method: 'POST', body }),
      invalidatesTags: ['Queues'],
    }),
    updateQueue: build.mutation<QueueRecord, Partial<QueueBody> & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/queue/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Queues'],
    }),
    deleteQueue: build.mutation<{ message?: string }, number>({
      query: (id) => ({ url: `/queue/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Queues', 'TicketList'],
    }),
    uploadQueueMedia: build.mutation<QueueRecord, { id: number; file: File }>({
      query: ({ id, file }) => {
        const form = new FormData();
        form.append('file', file, file.name.replace(/\s/g, '_'));
        return { url: `/queue/${id}/media-upload`, method: 'POST', body: form };
      },
      invalidatesTags: ['Queues'],
    }),
    deleteQueueMedia: build.mutation<QueueRecord, number>({
      query: (id) => ({ url: `/queue/${id}/media-upload`, method: 'DELETE' }),
      invalidatesTags: ['Queues'],
    }),
    getQueueOptions: build.query<QueueOption[], { queueId: number; parentId: number | null }>({
      query: ({ queueId, parentId }) => ({ url: '/queue-options', params: { queueId, parentId: parentId ?? -1 } }),
      providesTags: (_r, _e, { queueId, parentId }) => [{ type: 'QueueOptions', id: `${queueId}:${parentId ?? -1}` }],
    }),
    createQueueOption: build.mutation<QueueOption, OptionBody>({
      query: (body) => ({ url: '/queue-options', method: 'POST', body: { ...body, parentId: body.parentId ?? -1 } }),
      invalidatesTags: (_r, _e, { queueId, parentId }) => [
        { type: 'QueueOptions', id: `${queueId}:${parentId ?? -1}` },
      ],
    }),
    updateQueueOption: build.mutation<QueueOption, OptionBody & { id: number }>({
      query: ({ id, title, message, option }) => ({
        url: `/queue-options/${id}`,
        method: 'PUT',
        body: { title, message, option },
      }),
      invalidatesTags: (_r, _e, { queueId, parentId }) => [
        { type: 'QueueOptions', id: `${queueId}:${parentId ?? -1}` },
      ],
    }),
    deleteQueueOption: build.mutation<void, { id: number; queueId: number; parentId: number | null }>({
      query: ({ id }) => ({ url: `/queue-options/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { queueId, parentId }) => [
        { type: 'QueueOptions', id: `${queueId}:${parentId ?? -1}` },
      ],
    }),
    uploadOptionMedia: build.mutation<QueueOption, { option: QueueOption; file: File }>({
      query: ({ option, file }) => {
        const form = new FormData();
        form.append('file', file, file.name.replace(/\s/g, '_'));
        return { url: `/queue-options/${option.id}/media-upload`, method: 'POST', body: form };
      },
      invalidatesTags: (_r, _e, { option }) => [
        { type: 'QueueOptions', id: `${option.queueId}:${option.parentId ?? -1}` },
      ],
    }),
    deleteOptionMedia: build.mutation<QueueOption, QueueOption>({
      query: (option) => ({ url: `/queue-options/${option.id}/media-upload`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, option) => [{ type: 'QueueOptions', id: `${option.queueId}:${option.parentId ?? -1}` }],
    }),
  }),
});

export const {
  useGetQueuesQuery,
  useCreateQueueMutation,
  useUpdateQueueMutation,
  useDeleteQueueMutation,
  useUploadQueueMediaMutation,
  useDeleteQueueMediaMutation,
  useGetQueueOptionsQuery,
  useCreateQueueOptionMutation,
  useUpdateQueueOptionMutation,
  useDeleteQueueOptionMutation,
  useUploadOptionMediaMutation,
  useDeleteOptionMediaMutation,
} = queuesApi;
