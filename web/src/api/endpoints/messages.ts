import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { baseApi } from '../base-api';
import { request, type RouteResponse } from '../routes';
import type { EditMessageInput, SendMessageInput, SentMessages } from '@cs/proto/http';
import type { RootState } from '../../app/store';
import type { Message, MessagesPage } from '../types';

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
      query: ({ queryArg, pageParam }) =>
        request('GET /messages/{ticketId}', { params: { ticketId: queryArg }, query: { pageNumber: pageParam } }),
      providesTags: (_r, _e, ticketId) => [{ type: 'Messages', id: ticketId }],
    }),
    /**
     * Marks a ticket's messages read on the server, as reading its chat does (`GET /messages/{ticketId}`: unread 0,
     * blue ticks on the phone, `updateUnread` for every list); the page it answers is not kept.
     */
    markChatRead: build.mutation<void, number>({
      query: (ticketId) => request('GET /messages/{ticketId}', { params: { ticketId }, query: { pageNumber: 1 } }),
      transformResponse: () => undefined,
    }),
    sendText: build.mutation<RouteResponse<'POST /messages/{ticketId}'>, SendTextBody>({
      query: ({ ticketId, body, quotedMsg }) =>
        request('POST /messages/{ticketId}', {
          params: { ticketId },
          body: { read: 1, fromMe: true, mediaUrl: '', body, quotedMsg: quotedMsg ?? null },
        }),
      onQueryStarted: ({ ticketId }, { dispatch, queryFulfilled }) => keepSent(ticketId, queryFulfilled, dispatch),
    }),
    sendMedia: build.mutation<
      RouteResponse<'POST /messages/{ticketId}'>,
      { ticketId: number; files: File[] } & Pick<SendMessageInput, 'body'>
    >({
      query: ({ ticketId, files, body }) => {
        const form = new FormData();
        form.append('fromMe', 'true');
        for (const file of files) form.append('medias', file);
        form.append('body', body);
        return request('POST /messages/{ticketId}', { params: { ticketId }, body: form });
      },
      onQueryStarted: ({ ticketId }, { dispatch, queryFulfilled }) => keepSent(ticketId, queryFulfilled, dispatch),
    }),
    deleteMessage: build.mutation<RouteResponse<'DELETE /messages/{id}'>, string>({
      query: (id) => request('DELETE /messages/{id}', { params: { id } }),
    }),
    /** `POST /messages/edit/{id}`: the list shows the change through the socket's `update`, as for a delete. */
    editMessage: build.mutation<RouteResponse<'POST /messages/edit/{id}'>, { id: string } & EditMessageInput>({
      query: ({ id, body }) => request('POST /messages/edit/{id}', { params: { id }, body: { body } }),
    }),
  }),
});

/** The quote a message view shows, made from the quoted message itself. */
const quoteOf = (quoted: Message): NonNullable<Message['quotedMsg']> => ({
  id: quoted.id,
  body: quoted.body,
  fromMe: quoted.fromMe,
  mediaType: quoted.mediaType,
  ...(quoted.contact ? { contact: quoted.contact } : {}),
});

/**
 * Puts messages into a chat's cached pages: one already there is replaced (`replace`, for the socket's newer copy)
 * or kept (for the POST's answer, which the socket may already have overtaken), a new one is appended to the newest
 * page when `append`. A chat whose first page is still loading cannot take them, and its answer may predate them:
 * it is fetched again once it settles (RTK Query's delayed invalidation), so a message is never lost to that race.
 * The socket's copy names the message it quotes (`quotedMsgId`) without carrying it: the quote is made from that
 * message in the chat, or, when it is not among the loaded pages, the chat is fetched again (the view carries it).
 */
export function mergeIntoChat(
  ticketId: number,
  messages: readonly Message[],
  { append, replace }: { append: boolean; replace: boolean },
): ThunkAction<void, RootState, unknown, UnknownAction> {
  return (dispatch, getState) => {
    const cached = messagesApi.endpoints.getMessages.select(ticketId)(getState());
    if (cached.isUninitialized) return;
    if (!cached.data) {
      dispatch(baseApi.util.invalidateTags([{ type: 'Messages', id: ticketId }]));
      return;
    }
    let quoteMissing = false;
    dispatch(
      messagesApi.util.updateQueryData('getMessages', ticketId, (draft) => {
        const newest = draft.pages[0];
        if (!newest) return;
        const find = (id: string) => draft.pages.flatMap((p) => p.messages).find((m) => m.id === id);
        for (const message of messages) {
          const page = draft.pages.find((p) => p.messages.some((m) => m.id === message.id));
          if (page) {
            const i = page.messages.findIndex((m) => m.id === message.id);
            if (replace) page.messages[i] = { ...page.messages[i], ...message };
          } else if (append) {
            const quoted = message.quotedMsgId && !message.quotedMsg ? find(message.quotedMsgId) : undefined;
            if (message.quotedMsgId && !message.quotedMsg && !quoted) quoteMissing = true;
            newest.messages.push(quoted ? { ...message, quotedMsg: quoteOf(quoted) } : message);
          }
        }
      }),
    );
    if (quoteMissing) dispatch(baseApi.util.invalidateTags([{ type: 'Messages', id: ticketId }]));
  };
}

/** The POST's answer joins the chat even when its socket `create` was missed (the chat was still loading). */
async function keepSent(
  ticketId: number,
  sent: Promise<{ data: SentMessages }>,
  dispatch: (action: ThunkAction<void, RootState, unknown, UnknownAction>) => void,
) {
  try {
    const { data } = await sent;
    dispatch(mergeIntoChat(ticketId, data, { append: true, replace: false }));
  } catch {
    // the form shows the failure
  }
}

export const {
  useGetMessagesInfiniteQuery,
  useSendTextMutation,
  useSendMediaMutation,
  useDeleteMessageMutation,
  useEditMessageMutation,
} = messagesApi;
