import type { ScheduleEntry as ProtoScheduleEntry } from '@cs/proto/events';
import type {
  MessageResponse,
  QueueBody as ProtoQueueBody,
  QueueOption as ProtoQueueOption,
  QueueOptionBody,
  QueueView,
} from '@cs/proto/http';
import { baseApi } from '../../../api/base-api';

/** A weekly opening-hours entry (`ScheduleEntrySchema`: HH:MM, empty when closed). */
export type ScheduleEntry = ProtoScheduleEntry;
/** A queue as `/queue` answers it (`QueueViewSchema`). */
export type QueueRecord = QueueView;
/** `POST /queue`, `PUT /queue/{id}` (partial) (`QueueBodySchema`). */
export type QueueBody = ProtoQueueBody;
/** A chatbot menu option of a queue (`QueueOptionSchema`; `parentId` null: the root menu). */
export type QueueOption = ProtoQueueOption;
/** `POST /queue-options`, `PUT /queue-options/{id}` (`QueueOptionBodySchema`). */
export type OptionBody = QueueOptionBody;
/** A level of a queue's option menu (`GET /queue-options?queueId=&parentId=`; `parentId` null: the root, sent as -1). */
type MenuLevel = Pick<QueueOption, 'queueId' | 'parentId'>;

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
    deleteQueue: build.mutation<MessageResponse, number>({
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
    getQueueOptions: build.query<QueueOption[], MenuLevel>({
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
    deleteQueueOption: build.mutation<MessageResponse, { id: number } & MenuLevel>({
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
