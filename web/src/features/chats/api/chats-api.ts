import type {
  Chat as ProtoChat,
  ChatMessage as ProtoChatMessage,
  ChatMessagePage,
  ChatListQuery,
  ChatMessageRequest,
  ChatPage,
  ChatRequest,
} from '@cs/proto/http';
import { baseApi } from '../../../api/base-api';
import { request, type RouteResponse } from '../../../api/routes';
import { pagedListOptions, pageParams } from '../../../api/paging';

/** An internal chat (`ChatSchema`): its members carry their unread counts. */
export type Chat = ProtoChat;
export type ChatMember = Chat['users'][number];
export type ChatMessage = ProtoChatMessage;
export type ChatsPage = ChatPage;
export type ChatMessagesPage = ChatMessagePage;
/** `POST /chats`, `PUT /chats/{id}`: the title and the other members' ids (`ChatRequestSchema`). */
export type ChatBody = ChatRequest;

/** The caller's unread count in a chat. */
export const unreadsOf = (chat: Pick<Chat, 'users'>, userId: number): number =>
  chat.users.find((member) => member.userId === userId)?.unreads ?? 0;

/** `/chats` (spec §7): the caller's chats, their messages (20 a page, newest page first), read marks. */
export const chatsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getChatsPage: build.infiniteQuery<RouteResponse<'GET /chats'>, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => request('GET /chats', { query: pageParams(queryArg, pageParam) }),
      providesTags: ['Chats'],
    }),
    getChat: build.query<RouteResponse<'GET /chats/{id}'>, string>({
      query: (idOrUuid) => request('GET /chats/{id}', { params: { id: idOrUuid } }),
      providesTags: ['Chats'],
    }),
    getChatMessages: build.query<
      RouteResponse<'GET /chats/{id}/messages'>,
      { chatId: number } & Pick<ChatListQuery, 'pageNumber'>
    >({
      query: ({ chatId, pageNumber }) =>
        request('GET /chats/{id}/messages', { params: { id: chatId }, query: { pageNumber } }),
      keepUnusedDataFor: 0,
    }),
    createChat: build.mutation<RouteResponse<'POST /chats'>, ChatBody>({
      query: (body) => request('POST /chats', { body }),
      invalidatesTags: ['Chats'],
    }),
    updateChat: build.mutation<RouteResponse<'PUT /chats/{id}'>, ChatBody & { id: number }>({
      query: ({ id, ...body }) => request('PUT /chats/{id}', { params: { id }, body }),
      invalidatesTags: ['Chats'],
    }),
    deleteChat: build.mutation<RouteResponse<'DELETE /chats/{id}'>, number>({
      query: (id) => request('DELETE /chats/{id}', { params: { id } }),
      invalidatesTags: ['Chats'],
    }),
    sendChatMessage: build.mutation<
      RouteResponse<'POST /chats/{id}/messages'>,
      { chatId: number } & ChatMessageRequest
    >({
      query: ({ chatId, message }) =>
        request('POST /chats/{id}/messages', { params: { id: chatId }, body: { message } }),
    }),
    /** Zeroes the caller's unreads (the server knows the caller; the route takes no body). */
    readChat: build.mutation<RouteResponse<'POST /chats/{id}/read'>, number>({
      query: (chatId) => request('POST /chats/{id}/read', { params: { id: chatId } }),
      invalidatesTags: ['Chats'],
    }),
  }),
});

export const {
  useGetChatsPageInfiniteQuery,
  useGetChatQuery,
  useLazyGetChatMessagesQuery,
  useCreateChatMutation,
  useUpdateChatMutation,
  useDeleteChatMutation,
  useSendChatMessageMutation,
  useReadChatMutation,
} = chatsApi;
