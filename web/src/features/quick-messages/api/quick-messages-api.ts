import { baseApi } from '../../../api/base-api';
import { pagedListOptions, pageParams } from '../../../api/paging';

export interface QuickMessageRecord {
  id: number;
  shortcode: string;
  message: string;
  mediaPath?: string | null;
  mediaName?: string | null;
  geral?: boolean;
  userId?: number | null;
}

export interface QuickMessagesPage {
  records: QuickMessageRecord[];
  count?: number;
  hasMore: boolean;
}

export interface QuickMessageBody {
  shortcode: string;
  message: string;
  geral: boolean;
}

/** Spaces in a media file's name become underscores (spec §5). */
export function mediaFileName(name: string): string {
  return name.replace(/\s/g, '_');
}

/** `/quick-messages` (spec §7): paged `{records, hasMore}`, CRUD and the media upload. */
export const quickMessagesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getQuickMessagesPage: build.infiniteQuery<QuickMessagesPage, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => ({ url: '/quick-messages', params: pageParams(queryArg, pageParam) }),
      providesTags: ['QuickMessages'],
    }),
    createQuickMessage: build.mutation<QuickMessageRecord, QuickMessageBody>({
      query: (body) => ({ url: '/quick-messages', method: 'POST', body }),
      invalidatesTags: ['QuickMessages'],
    }),
    updateQuickMessage: build.mutation<QuickMessageRecord, QuickMessageBody & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/quick-messages/${id}`, method: 'PUT', body }),
      invalidatesTags: ['QuickMessages'],
    }),
    deleteQuickMessage: build.mutation<void, number>({
      query: (id) => ({ url: `/quick-messages/${id}`, method: 'DELETE' }),
      invalidatesTags: ['QuickMessages'],
    }),
    uploadQuickMessageMedia: build.mutation<unknown, { id: number; file: File }>({
      query: ({ id, file }) => {
        const form = new FormData();
        form.append('typeArch', 'quickMessage');
        form.append('file', file, mediaFileName(file.name));
        return { url: `/quick-messages/${id}/media-upload`, method: 'POST', body: form };
      },
      invalidatesTags: ['QuickMessages'],
    }),
    deleteQuickMessageMedia: build.mutation<unknown, number>({
      query: (id) => ({ url: `/quick-messages/${id}/media-upload`, method: 'DELETE' }),
      invalidatesTags: ['QuickMessages'],
    }),
  }),
});

export const {
  useGetQuickMessagesPageInfiniteQuery,
  useCreateQuickMessageMutation,
  useUpdateQuickMessageMutation,
  useDeleteQuickMessageMutation,
  useUploadQuickMessageMediaMutation,
  useDeleteQuickMessageMediaMutation,
} = quickMessagesApi;
