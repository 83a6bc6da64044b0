import { z } from 'zod';
import { IdSchema, PG_INT_MAX } from '../common/ids.js';
import { PageNumberSchema } from '../common/pagination.js';
import { ChatMessageSnapshotSchema, ChatSnapshotSchema } from '../events/tickets/snapshots.js';

/** The spec's messages of the new-chat dialog. */
export const CHAT_TITLE_REQUIRED = 'Por favor, preencha o título da conversa.';
export const CHAT_USERS_REQUIRED = 'Por favor, selecione pelo menos um usuário.';

/** A member as the spec's client sends it: a user id, or a user object `{id}`. */
const memberId = IdSchema.max(PG_INT_MAX);
const MemberSchema = z.union([memberId, z.object({ id: memberId }).transform((user) => user.id)]);

/** `POST /chats`: a title and at least one other user (the caller is always a member). */
export const ChatRequestSchema = z.object({
  title: z.string({ error: CHAT_TITLE_REQUIRED }).trim().min(1, CHAT_TITLE_REQUIRED).max(256, 'Muito longo!'),
  users: z.array(MemberSchema, { error: CHAT_USERS_REQUIRED }).min(1, CHAT_USERS_REQUIRED).max(500),
});
export type ChatRequest = z.infer<typeof ChatRequestSchema>;

/** `PUT /chats/{id}`: a new title and/or a new member list (owner only). */
export const ChatUpdateRequestSchema = ChatRequestSchema.partial();
export type ChatUpdateRequest = z.infer<typeof ChatUpdateRequestSchema>;

/** `POST /chats/{id}/messages`: blank messages are refused. */
export const ChatMessageRequestSchema = z.object({
  message: z.string({ error: 'Obrigatório' }).trim().min(1, 'Obrigatório').max(10_000, 'Muito longo!'),
});
export type ChatMessageRequest = z.infer<typeof ChatMessageRequestSchema>;

/** `GET /chats?searchParam=&pageNumber=`, `GET /chats/{id}/messages?pageNumber=`. */
export const ChatListQuerySchema = z.object({
  searchParam: z.string().trim().max(200).optional().catch(undefined),
  pageNumber: PageNumberSchema.optional().transform((value) => value ?? 1),
});
export type ChatListQuery = z.infer<typeof ChatListQuerySchema>;

export const ChatSchema = ChatSnapshotSchema;
export type Chat = z.infer<typeof ChatSchema>;
export const ChatMessageSchema = ChatMessageSnapshotSchema;
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatPageSchema = z.object({ records: z.array(ChatSchema), count: z.number().int(), hasMore: z.boolean() });
export type ChatPage = z.infer<typeof ChatPageSchema>;
export const ChatMessagePageSchema = z.object({
  records: z.array(ChatMessageSchema),
  count: z.number().int(),
  hasMore: z.boolean(),
});
export type ChatMessagePage = z.infer<typeof ChatMessagePageSchema>;

/** `GET /chats/{id}`: the chat's id or its uuid. */
export const ChatParamsSchema = z.object({ id: z.string().min(1) });
