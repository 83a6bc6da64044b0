import type {
  MessageResponse,
  QuickMessageBody as ProtoQuickMessageBody,
  QuickMessagePageSchema,
  QuickMessageView,
} from '@cs/proto/http';
import type { z } from 'zod';
import { baseApi } from '../../../api/base-api';
import { pagedListOptions, pageParams } from '../../../api/paging';

/** A quick reply as `/quick-messages` answers it (`QuickMessageViewSchema`: `mediaPath` is the file's URL). */
export type QuickMessageRecord = QuickMessageView;
export type QuickMessagesPage = z.infer<typeof QuickMessagePageSchema>;
/** `POST /quick-messages`, `PUT /quick-messages/{id}` (`QuickMessageBodySchema`). */
export type QuickMessageBody = ProtoQuickMessageBody;

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
    deleteQuickMessage: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: `/quick-messages/${id}`, method: 'DELETE' }),
      invalidatesTags: ['QuickMessages'],
    }),
    uploadQuickMessageMedia: build.mutation<QuickMessageRecord, { id: number; file: File }>({
      query: ({ id, file }) => {
        const form = new FormData();
        form.append('typeArch', 'quickMessage');
        form.append('file', file, mediaFileName(file.name));
        return { url: `/quick-messages/${id}/media-upload`, method: 'POST', body: form };
      },
      invalidatesTags: ['QuickMessages'],
    }),
    deleteQuickMessageMedia: build.mutation<QuickMessageRecord, number>({
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
