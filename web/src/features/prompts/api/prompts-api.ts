import { PROMPT_VOICES } from '@cs/proto/events';
import type { PromptListResponseSchema, PromptRequest, PromptResponse } from '@cs/proto/http';
import type { z } from 'zod';
import { baseApi } from '../../../api/base-api';
import { request, type RouteResponse } from '../../../api/routes';
import { pagedListOptions, pageParams } from '../../../api/paging';

/** An AI prompt as `/prompt` answers it (`PromptResponseSchema`): `apiKey`/`voiceKey` masked. */
export type PromptRecord = PromptResponse;
export type PromptsPage = z.infer<typeof PromptListResponseSchema>;
/** `POST /prompt`, `PUT /prompt/{id}` (`PromptRequestSchema`). */
export type PromptBody = PromptRequest;

/** `texto` plus the Brazilian Portuguese neural voices (spec §9). */
export const VOICES = PROMPT_VOICES;

const withTags = baseApi.enhanceEndpoints({ addTagTypes: ['Prompts', 'PromptsPage'] });

/** `/prompt` (spec §7): paged `{prompts, hasMore}`, CRUD; delete answers a message shown as info. */
export const promptsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    getPromptsPage: build.infiniteQuery<RouteResponse<'GET /prompt'>, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => request('GET /prompt', { query: pageParams(queryArg, pageParam) }),
      providesTags: ['PromptsPage'],
    }),
    createPrompt: build.mutation<RouteResponse<'POST /prompt'>, PromptBody>({
      query: (body) => request('POST /prompt', { body }),
      invalidatesTags: ['PromptsPage', 'Prompts'],
    }),
    updatePrompt: build.mutation<RouteResponse<'PUT /prompt/{id}'>, PromptBody & { id: number }>({
      query: ({ id, ...body }) => request('PUT /prompt/{id}', { params: { id }, body }),
      invalidatesTags: ['PromptsPage', 'Prompts'],
    }),
    deletePrompt: build.mutation<RouteResponse<'DELETE /prompt/{id}'>, number>({
      query: (id) => request('DELETE /prompt/{id}', { params: { id } }),
      invalidatesTags: ['PromptsPage', 'Prompts', 'Queues'],
    }),
  }),
});

export const {
  useGetPromptsPageInfiniteQuery,
  useCreatePromptMutation,
  useUpdatePromptMutation,
  useDeletePromptMutation,
} = promptsApi;
