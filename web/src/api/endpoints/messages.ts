import { baseApi } from '../base-api';
import type { MessageSnapshot } from '@cs/proto/events';
import type { SendMessageInput, SentMessages } from '@cs/proto/http';
import type { MessagesPage } from '../types';

/** `POST /messages/{ticketId}`: the ticket and `SendMessageSchema`'s text and quote. */
export type SendTextBody = { ticketId: number } & Pick<SendMessageInput, 'body' | 'quotedMsg'>;

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
    sendText: build.mutation<SentMessages, SendTextBody>({
      query: ({ ticketId, body, quotedMsg }) => ({
        url: `/messages/${ticketId}`,
        method: 'POST',
        body: { read: 1, fromMe: true, mediaUrl: '', body, quotedMsg: quotedMsg ?? null },
      }),
    }),
    sendMedia: build.mutation<SentMessages, { ticketId: number; files: File[] } & Pick<SendMessageInput, 'body'>>({
      query: ({ ticketId, files, body }) => {
        const form = new FormData();
        form.append('fromMe', 'true');
        for (const file of files) form.append('medias', file);
        form.append('body', body);
        return { url: `/messages/${ticketId}`, method: 'POST', body: form };
      },
    }),
    deleteMessage: build.mutation<MessageSnapshot, string>({
      query: (id) => ({ url: `/messages/${id}`, method: 'DELETE' }),
    }),
  }),
});

export const { useGetMessagesInfiniteQuery, useSendTextMutation, useSendMediaMutation, useDeleteMessageMutation } =
  messagesApi;
