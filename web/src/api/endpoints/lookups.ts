import { baseApi } from '../base-api';

export interface NamedRecord {
  id: number;
  name: string;
}

const withTags = baseApi.enhanceEndpoints({ addTagTypes: ['Prompts', 'Integrations'] });

/**
 * The AI prompts and queue integrations offered in the queue and connection dialogs. Their pages belong to a
 * later issue; until those services answer, a failed call reads as an empty list.
 */
export const lookupsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    listPrompts: build.query<NamedRecord[], void>({
      query: () => '/prompt',
      transformResponse: (body: { prompts?: NamedRecord[] } | NamedRecord[]) =>
        Array.isArray(body) ? body : (body.prompts ?? []),
      providesTags: ['Prompts'],
    }),
    listIntegrations: build.query<NamedRecord[], void>({
      query: () => '/queueIntegration',
      transformResponse: (body: { queueIntegrations?: NamedRecord[] } | NamedRecord[]) =>
        Array.isArray(body) ? body : (body.queueIntegrations ?? []),
      providesTags: ['Integrations'],
    }),
  }),
});

export const { useListPromptsQuery, useListIntegrationsQuery } = lookupsApi;
