import { PROMPT_VOICES } from '@cs/proto/events';
import { baseApi } from '../../../api/base-api';
import { pagedListOptions, pageParams } from '../../../api/paging';

export interface PromptRecord {
  id: number;
  name: string;
  prompt: string;
  voice: string;
  voiceKey: string;
  voiceRegion: string;
  maxTokens: number;
  temperature: number;
  apiKey: string;
  queueId: number;
  maxMessages: number;
  queue: { id: number; name: string; color: string } | null;
}

export interface PromptsPage {
  prompts: PromptRecord[];
  count?: number;
  hasMore: boolean;
}

export interface PromptBody {
  name: string;
  prompt: string;
  voice: string;
  voiceKey: string;
  voiceRegion: string;
  maxTokens: number;
  temperature: number;
  apiKey: string;
  queueId: number;
  maxMessages: number;
}

/** `texto` plus the Brazilian Portuguese neural voices (spec §9). */
export const VOICES: readonly string[] = PROMPT_VOICES;

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
    deletePrompt: build.mutation<{ message: string }, number>({
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
