import type { PromptResponse, QueueIntegrationResponse } from '@cs/proto/http';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { baseApi } from '../base-api';

/** What the dialogs read of a prompt (`PromptResponseSchema`) or a queue integration (`QueueIntegrationResponseSchema`). */
export type NamedRecord = Pick<PromptResponse | QueueIntegrationResponse, 'id' | 'name'>;

const withTags = baseApi.enhanceEndpoints({ addTagTypes: ['Prompts', 'Integrations'] });

/** The endpoint's base query as RTK Query hands it to `queryFn` (api and options already bound). */
type Query = (arg: string | FetchArgs) => ReturnType<BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>>;

/**
 * A lookup list: a plain array or `{[key]: [...]}`; an installation without the route (404), or one the plan or
 * profile keeps out (403), offers nothing rather than an error.
 */
const lookup =
  (path: string, key: string) =>
  async (
    _arg: void,
    _api: unknown,
    _extra: unknown,
    baseQuery: Query,
  ): Promise<{ data: NamedRecord[] } | { error: FetchBaseQueryError }> => {
    const result = await baseQuery(path);
    if (result.error) {
      return result.error.status === 404 || result.error.status === 403 ? { data: [] } : { error: result.error };
    }
    const body = result.data as Record<string, NamedRecord[] | undefined> | NamedRecord[] | null;
    return { data: Array.isArray(body) ? body : (body?.[key] ?? []) };
  };

/** The AI prompts and queue integrations offered in the queue and connection dialogs. */
export const lookupsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    listPrompts: build.query<NamedRecord[], void>({
      queryFn: lookup('/prompt', 'prompts'),
      providesTags: ['Prompts'],
    }),
    listIntegrations: build.query<NamedRecord[], void>({
      queryFn: lookup('/queueIntegration', 'queueIntegrations'),
      providesTags: ['Integrations'],
    }),
  }),
});

export const { useListPromptsQuery, useListIntegrationsQuery } = lookupsApi;
