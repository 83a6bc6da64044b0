import { PROMPT_VOICES } from '@cs/proto/events';
import type { MessageResponse, PromptListResponseSchema, PromptRequest, PromptResponse } from '@cs/proto/http';
import type { z } from 'zod';
import { baseApi } from '../../../api/base-api';
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
    getPromptsPage: build.infiniteQuery<PromptsPage, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => ({ url: '/prompt', params: pageParams(queryArg, pageParam) }),
      providesTags: ['PromptsPage'],
    }),
    createPrompt: build.mutation<PromptRecord, PromptBody>({
      query: (body) => ({ url: '/prompt', method: 'POST', body }),
      invalidatesTags: ['PromptsPage', 'Prompts'],
    }),
    updatePrompt: build.mutation<PromptRecord, PromptBody & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/prompt/${id}`, method: 'PUT', body }),
      invalidatesTags: ['PromptsPage', 'Prompts'],
    }),
    deletePrompt: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: `/prompt/${id}`, method: 'DELETE' }),
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
