import type { ScheduleEntry as ProtoScheduleEntry } from '@cs/proto/events';
import type {
  QueueBody as ProtoQueueBody,
  QueueOption as ProtoQueueOption,
  QueueOptionBody,
  QueueView,
} from '@cs/proto/http';
import { baseApi } from '../../../api/base-api';
import { request, type RouteResponse } from '../../../api/routes';

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
    getQueues: build.query<RouteResponse<'GET /queue'>, void>({
      query: () => request('GET /queue'),
      providesTags: ['Queues'],
    }),
    createQueue: build.mutation<RouteResponse<'POST /queue'>, QueueBody>({
      query: (body) => request('POST /queue', { body }),
      invalidatesTags: ['Queues'],
    }),
    updateQueue: build.mutation<RouteResponse<'PUT /queue/{id}'>, Partial<QueueBody> & { id: number }>({
      query: ({ id, ...body }) => request('PUT /queue/{id}', { params: { id }, body }),
      invalidatesTags: ['Queues'],
    }),
    deleteQueue: build.mutation<RouteResponse<'DELETE /queue/{id}'>, number>({
      query: (id) => request('DELETE /queue/{id}', { params: { id } }),
      invalidatesTags: ['Queues', 'TicketList'],
    }),
    uploadQueueMedia: build.mutation<RouteResponse<'POST /queue/{id}/media-upload'>, { id: number; file: File }>({
      query: ({ id, file }) => {
        const form = new FormData();
        form.append('file', file, file.name.replace(/\s/g, '_'));
        return request('POST /queue/{id}/media-upload', { params: { id }, body: form });
      },
      invalidatesTags: ['Queues'],
    }),
    deleteQueueMedia: build.mutation<RouteResponse<'DELETE /queue/{id}/media-upload'>, number>({
      query: (id) => request('DELETE /queue/{id}/media-upload', { params: { id } }),
      invalidatesTags: ['Queues'],
    }),
    getQueueOptions: build.query<RouteResponse<'GET /queue-options'>, MenuLevel>({
      query: ({ queueId, parentId }) => request('GET /queue-options', { query: { queueId, parentId: parentId ?? -1 } }),
      providesTags: (_r, _e, { queueId, parentId }) => [{ type: 'QueueOptions', id: `${queueId}:${parentId ?? -1}` }],
    }),
    createQueueOption: build.mutation<RouteResponse<'POST /queue-options'>, OptionBody>({
      query: (body) => request('POST /queue-options', { body: { ...body, parentId: body.parentId ?? -1 } }),
      invalidatesTags: (_r, _e, { queueId, parentId }) => [
        { type: 'QueueOptions', id: `${queueId}:${parentId ?? -1}` },
      ],
    }),
    updateQueueOption: build.mutation<RouteResponse<'PUT /queue-options/{id}'>, OptionBody & { id: number }>({
      query: ({ id, title, message, option }) =>
        request('PUT /queue-options/{id}', { params: { id }, body: { title, message, option } }),
      invalidatesTags: (_r, _e, { queueId, parentId }) => [
        { type: 'QueueOptions', id: `${queueId}:${parentId ?? -1}` },
      ],
    }),
    deleteQueueOption: build.mutation<RouteResponse<'DELETE /queue-options/{id}'>, { id: number } & MenuLevel>({
      query: ({ id }) => request('DELETE /queue-options/{id}', { params: { id } }),
      invalidatesTags: (_r, _e, { queueId, parentId }) => [
        { type: 'QueueOptions', id: `${queueId}:${parentId ?? -1}` },
      ],
    }),
    uploadOptionMedia: build.mutation<
      RouteResponse<'POST /queue-options/{id}/media-upload'>,
      { option: QueueOption; file: File }
    >({
      query: ({ option, file }) => {
        const form = new FormData();
        form.append('file', file, file.name.replace(/\s/g, '_'));
        return request('POST /queue-options/{id}/media-upload', { params: { id: option.id }, body: form });
      },
      invalidatesTags: (_r, _e, { option }) => [
        { type: 'QueueOptions', id: `${option.queueId}:${option.parentId ?? -1}` },
      ],
    }),
    deleteOptionMedia: build.mutation<RouteResponse<'DELETE /queue-options/{id}/media-upload'>, QueueOption>({
      query: (option) => request('DELETE /queue-options/{id}/media-upload', { params: { id: option.id } }),
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
