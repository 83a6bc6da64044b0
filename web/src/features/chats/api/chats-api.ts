import { baseApi } from '../../../api/base-api';
import { pagedListOptions, pageParams } from '../../../api/paging';

export interface ChatMember {
  userId: number;
  unreads: number;
  user: { id: number; name: string };
}

/** An internal chat (spec §3): its members carry their unread counts. */
export interface Chat {
  id: number;
  uuid: string;
  title: string;
  ownerId: number;
  lastMessage: string;
  updatedAt: string;
  users: ChatMember[];
}

export interface ChatMessage {
  id: number;
  chatId: number;
  senderId: number;
  sender: { id: number; name: string };
  message: string;
  createdAt: string;
}

export interface ChatsPage {
  records: Chat[];
  count?: number;
  hasMore: boolean;
}

export interface ChatMessagesPage {
  records: ChatMessage[];
  count?: number;
  hasMore: boolean;
}

export interface ChatBody {
  title: string;
  users: number[];
}

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
    getChatMessages: build.query<ChatMessagesPage, { chatId: number; pageNumber: number }>({
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
    deleteChat: build.mutation<void, number>({
      query: (id) => ({ url: `/chats/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Chats'],
    }),
    sendChatMessage: build.mutation<ChatMessage, { chatId: number; message: string }>({
      query: ({ chatId, message }) => ({ url: `/chats/${chatId}/messages`, method: 'POST', body: { message } }),
    }),
    readChat: build.mutation<Chat, { chatId: number; userId: number }>({
      query: ({ chatId, userId }) => ({ url: `/chats/${chatId}/read`, method: 'POST', body: { userId } }),
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
