import { baseApi } from '../base-api';
import type { Message, MessagesPage } from '../types';

export interface SendTextBody {
  ticketId: number;
  body: string;
  quotedMsg?: { id: string; body: string; fromMe: boolean; mediaType: string } | null;
}

export const messagesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Page 1 is the newest; each page comes oldest-first, as the spec's server sends it. */
    getMessages: build.infiniteQuery<MessagesPage, number, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _all, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
      },
      query: ({ queryArg, pageParam }) => ({ url: `/messages/${queryArg}`, params: { pageNumber: pageParam } }),
      providesTags: (_r, _e, ticketId) => [{ type: 'Messages', id: ticketId }],
    }),
    sendText: build.mutation<Message, SendTextBody>({
      query: ({ ticketId, body, quotedMsg }) => ({
        url: `/messages/${ticketId}`,
        method: 'POST',
        body: { read: 1, fromMe: true, mediaUrl: '', body, quotedMsg: quotedMsg ?? null },
      }),
    }),
    sendMedia: build.mutation<Message, { ticketId: number; files: File[]; body: string }>({
      query: ({ ticketId, files, body }) => {
        const form = new FormData();
        form.append('fromMe', 'true');
        for (const file of files) form.append('medias', file);
        form.append('body', body);
        return { url: `/messages/${ticketId}`, method: 'POST', body: form };
      },
    }),
    deleteMessage: build.mutation<void, string>({
      query: (id) => ({ url: `/messages/${id}`, method: 'DELETE' }),
    }),
  }),
});

export const { useGetMessagesInfiniteQuery, useSendTextMutation, useSendMediaMutation, useDeleteMessageMutation } =
  messagesApi;
