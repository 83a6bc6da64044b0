import type {
  Chat as ProtoChat,
  ChatMessage as ProtoChatMessage,
  ChatMessagePage,
  ChatListQuery,
  ChatMessageRequest,
  ChatPage,
  ChatRequest,
  MessageResponse,
} from '@cs/proto/http';
import { baseApi } from '../../../api/base-api';
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
    getChatsPage: build.infiniteQuery<ChatsPage, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => ({ url: '/chats', params: pageParams(queryArg, pageParam) }),
      providesTags: ['Chats'],
    }),
    getChat: build.query<Chat, string>({
      query: (idOrUuid) => `/chats/${idOrUuid}`,
      providesTags: ['Chats'],
    }),
    getChatMessages: build.query<ChatMessagesPage, { chatId: number } & Pick<ChatListQuery, 'pageNumber'>>({
      query: ({ chatId, pageNumber }) => ({ url: `/chats/${chatId}/messages`, params: { pageNumber } }),
      keepUnusedDataFor: 0,
    }),
    createChat: build.mutation<Chat, ChatBody>({
      query: (body) => ({ url: '/chats', method: 'POST', body }),
      invalidatesTags: ['Chats'],
    }),
    updateChat: build.mutation<Chat, ChatBody & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/chats/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Chats'],
    }),
    deleteChat: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: `/chats/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Chats'],
    }),
    sendChatMessage: build.mutation<ChatMessage, { chatId: number } & ChatMessageRequest>({
      query: ({ chatId, message }) => ({ url: `/chats/${chatId}/messages`, method: 'POST', body: { message } }),
    }),
    /** Zeroes the caller's unreads (the server knows the caller; the route takes no body). */
    readChat: build.mutation<Chat, number>({
      query: (chatId) => ({ url: `/chats/${chatId}/read`, method: 'POST' }),
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
