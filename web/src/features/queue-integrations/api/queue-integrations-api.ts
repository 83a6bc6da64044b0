import type {
  QueueIntegrationListResponseSchema,
  QueueIntegrationRequest,
  QueueIntegrationResponse,
  QueueIntegrationTestSessionRequestSchema,
  QueueIntegrationTestSessionResponseSchema,
} from '@cs/proto/http';
import type { z } from 'zod';
import { baseApi } from '../../../api/base-api';
import { request, type RouteResponse } from '../../../api/routes';
import { pagedListOptions, pageParams } from '../../../api/paging';

/** A queue integration as `/queueIntegration` answers it (`QueueIntegrationResponseSchema`). */
export type QueueIntegrationRecord = QueueIntegrationResponse;
/** `POST /queueIntegration`, `PUT /queueIntegration/{id}` (`QueueIntegrationRequestSchema`). */
export type QueueIntegrationBody = QueueIntegrationRequest;
export type QueueIntegrationsPage = z.infer<typeof QueueIntegrationListResponseSchema>;
/** `POST /queueIntegration/testSession` (`QueueIntegrationTestSessionRequestSchema`). */
export type TestSessionBody = z.input<typeof QueueIntegrationTestSessionRequestSchema>;
export type TestSessionResult = z.infer<typeof QueueIntegrationTestSessionResponseSchema>;

const withTags = baseApi.enhanceEndpoints({ addTagTypes: ['Integrations', 'IntegrationsPage'] });

/** `/queueIntegration` (spec §7): paged `{queueIntegrations, hasMore}`, CRUD and the Dialogflow test session. */
export const queueIntegrationsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    getQueueIntegrationsPage: build.infiniteQuery<RouteResponse<'GET /queueIntegration'>, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => request('GET /queueIntegration', { query: pageParams(queryArg, pageParam) }),
      providesTags: ['IntegrationsPage'],
    }),
    createQueueIntegration: build.mutation<RouteResponse<'POST /queueIntegration'>, QueueIntegrationBody>({
      query: (body) => request('POST /queueIntegration', { body }),
      invalidatesTags: ['IntegrationsPage', 'Integrations'],
    }),
    updateQueueIntegration: build.mutation<
      RouteResponse<'PUT /queueIntegration/{id}'>,
      QueueIntegrationBody & { id: number }
    >({
      query: ({ id, ...body }) => request('PUT /queueIntegration/{id}', { params: { id }, body }),
      invalidatesTags: ['IntegrationsPage', 'Integrations'],
    }),
    deleteQueueIntegration: build.mutation<RouteResponse<'DELETE /queueIntegration/{id}'>, number>({
      query: (id) => request('DELETE /queueIntegration/{id}', { params: { id } }),
      invalidatesTags: ['IntegrationsPage', 'Integrations', 'Queues'],
    }),
    testQueueIntegrationSession: build.mutation<RouteResponse<'POST /queueIntegration/testSession'>, TestSessionBody>({
      query: (body) => request('POST /queueIntegration/testSession', { body }),
    }),
  }),
});

export const {
  useGetQueueIntegrationsPageInfiniteQuery,
  useCreateQueueIntegrationMutation,
  useUpdateQueueIntegrationMutation,
  useDeleteQueueIntegrationMutation,
  useTestQueueIntegrationSessionMutation,
} = queueIntegrationsApi;
