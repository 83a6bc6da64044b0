import type { QueueIntegrationType } from '@cs/proto/events';
import { baseApi } from '../../../api/base-api';
import { pagedListOptions, pageParams } from '../../../api/paging';

export interface QueueIntegrationRecord {
  id: number;
  type: QueueIntegrationType;
  name: string;
  projectName: string;
  jsonContent: string;
  language: string;
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: number;
  typebotDelayMessage: number;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotUnknownMessage: string;
  typebotRestartMessage: string;
}

export type QueueIntegrationBody = Omit<QueueIntegrationRecord, 'id'>;

export interface QueueIntegrationsPage {
  queueIntegrations: QueueIntegrationRecord[];
  count?: number;
  hasMore: boolean;
}

export interface TestSessionBody {
  projectName: string;
  jsonContent: string;
  language: string;
  integrationId?: number;
}

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
    deleteQueueIntegration: build.mutation<unknown, number>({
      query: (id) => ({ url: `/queueIntegration/${id}`, method: 'DELETE' }),
      invalidatesTags: ['IntegrationsPage', 'Integrations', 'Queues'],
    }),
    testQueueIntegrationSession: build.mutation<{ ok: true; fulfillmentText: string; intent: string }, TestSessionBody>(
      { query: (body) => ({ url: '/queueIntegration/testSession', method: 'POST', body }) },
    ),
  }),
});

export const {
  useGetQueueIntegrationsPageInfiniteQuery,
  useCreateQueueIntegrationMutation,
  useUpdateQueueIntegrationMutation,
  useDeleteQueueIntegrationMutation,
  useTestQueueIntegrationSessionMutation,
} = queueIntegrationsApi;
