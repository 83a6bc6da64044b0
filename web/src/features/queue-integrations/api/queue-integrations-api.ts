import type {
  MessageResponse,
  QueueIntegrationListResponseSchema,
  QueueIntegrationRequest,
  QueueIntegrationResponse,
  QueueIntegrationTestSessionRequestSchema,
  QueueIntegrationTestSessionResponseSchema,
} from '@cs/proto/http';
import type { z } from 'zod';
import { baseApi } from '../../../api/base-api';
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
    getQueueIntegrationsPage: build.infiniteQuery<QueueIntegrationsPage, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => ({ url: '/queueIntegration/', params: pageParams(queryArg, pageParam) }),
      providesTags: ['IntegrationsPage'],
    }),
    createQueueIntegration: build.mutation<QueueIntegrationRecord, QueueIntegrationBody>({
      query: (body) => ({ url: '/queueIntegration', method: 'POST', body }),
      invalidatesTags: ['IntegrationsPage', 'Integrations'],
    }),
    updateQueueIntegration: build.mutation<QueueIntegrationRecord, QueueIntegrationBody & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/queueIntegration/${id}`, method: 'PUT', body }),
      invalidatesTags: ['IntegrationsPage', 'Integrations'],
    }),
    deleteQueueIntegration: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: `/queueIntegration/${id}`, method: 'DELETE' }),
      invalidatesTags: ['IntegrationsPage', 'Integrations', 'Queues'],
    }),
    testQueueIntegrationSession: build.mutation<TestSessionResult, TestSessionBody>({
      query: (body) => ({ url: '/queueIntegration/testSession', method: 'POST', body }),
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
