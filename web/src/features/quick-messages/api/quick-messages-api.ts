import type {
  QuickMessageBody as ProtoQuickMessageBody,
  QuickMessagePageSchema,
  QuickMessageView,
} from '@cs/proto/http';
import type { z } from 'zod';
import { baseApi } from '../../../api/base-api';
import { request, type RouteResponse } from '../../../api/routes';
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
    getQuickMessagesPage: build.infiniteQuery<RouteResponse<'GET /quick-messages'>, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => request('GET /quick-messages', { query: pageParams(queryArg, pageParam) }),
      providesTags: ['QuickMessages'],
    }),
    createQuickMessage: build.mutation<RouteResponse<'POST /quick-messages'>, QuickMessageBody>({
      query: (body) => request('POST /quick-messages', { body }),
      invalidatesTags: ['QuickMessages'],
    }),
    updateQuickMessage: build.mutation<RouteResponse<'PUT /quick-messages/{id}'>, QuickMessageBody & { id: number }>({
      query: ({ id, ...body }) => request('PUT /quick-messages/{id}', { params: { id }, body }),
      invalidatesTags: ['QuickMessages'],
    }),
    deleteQuickMessage: build.mutation<RouteResponse<'DELETE /quick-messages/{id}'>, number>({
      query: (id) => request('DELETE /quick-messages/{id}', { params: { id } }),
      invalidatesTags: ['QuickMessages'],
    }),
    uploadQuickMessageMedia: build.mutation<
      RouteResponse<'POST /quick-messages/{id}/media-upload'>,
      { id: number; file: File }
    >({
      query: ({ id, file }) => {
        const form = new FormData();
        form.append('typeArch', 'quickMessage');
        form.append('file', file, mediaFileName(file.name));
        return request('POST /quick-messages/{id}/media-upload', { params: { id }, body: form });
      },
      invalidatesTags: ['QuickMessages'],
    }),
    deleteQuickMessageMedia: build.mutation<RouteResponse<'DELETE /quick-messages/{id}/media-upload'>, number>({
      query: (id) => request('DELETE /quick-messages/{id}/media-upload', { params: { id } }),
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
