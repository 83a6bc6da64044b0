import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { hasMorePages } from '@cs/proto/common';
import type { ChatMessageSnapshot, ChatSnapshot } from '@cs/proto/events';
import {
  type ChatListQuery,
  ChatListQuerySchema,
  type ChatMessagePage,
  type ChatMessageRequest,
  ChatMessageRequestSchema,
  type ChatPage,
  type ChatRequest,
  ChatRequestSchema,
  type ChatUpdateRequest,
  ChatUpdateRequestSchema,
} from '@cs/proto/http';
import { IdPipe, ZodPipe } from '@cs/platform/http';
import { CompanyIdParam, CurrentIdentity, type Identity, RequiresPlanFlag } from '@cs/platform/tenancy';
import { ChatsRepository } from './chats.repository.js';
import { memberChat } from './chats.rules.js';
import { CreateChatUseCase } from './use-cases/create-chat.use-case.js';
import { DeleteChatUseCase } from './use-cases/delete-chat.use-case.js';
import { ReadChatUseCase } from './use-cases/read-chat.use-case.js';
import { SendChatMessageUseCase } from './use-cases/send-chat-message.use-case.js';
import { UpdateChatUseCase } from './use-cases/update-chat.use-case.js';

export const CHATS_PAGE_SIZE = 20;
export const CHAT_MESSAGES_PAGE_SIZE = 20;

/**
 * `/chats`: internal chats between staff users. A user sees only the chats they are a member of (any other
 * answers 404); only the owner edits or deletes one (403 for the other members). The gateway's plan gate
 * (`useInternalChat`) stands before every route.
 */
@Controller('chats')
@RequiresPlanFlag('useInternalChat')
export class ChatsController {
  constructor(
    private readonly chats: ChatsRepository,
    private readonly createChat: CreateChatUseCase,
    private readonly updateChat: UpdateChatUseCase,
    private readonly deleteChat: DeleteChatUseCase,
    private readonly readChat: ReadChatUseCase,
    private readonly sendMessage: SendChatMessageUseCase,
  ) {}

  @Get()
  async page(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Query(new ZodPipe(ChatListQuerySchema)) query: ChatListQuery,
  ): Promise<ChatPage> {
    const offset = (query.pageNumber - 1) * CHATS_PAGE_SIZE;
    const { rows, count } = await this.chats.pageForMember(
      companyId,
      identity.userId,
      query.searchParam,
      CHATS_PAGE_SIZE,
      offset,
    );
    const records = await this.chats.snapshots(companyId, rows);
    return { records, count, hasMore: hasMorePages(count, offset, records.length) };
  }

  /** By id or by uuid (the page's address is `/chats/{uuid}`). */
  @Get(':id')
  async show(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Param('id') id: string,
  ): Promise<ChatSnapshot> {
    const chat = await memberChat(this.chats, companyId, identity, id);
    return this.chats.snapshot(companyId, chat.id);
  }

  @Post()
  @HttpCode(200)
  async create(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Body(new ZodPipe(ChatRequestSchema)) body: ChatRequest,
  ): Promise<ChatSnapshot> {
    return this.createChat.execute(companyId, identity, body);
  }

  @Put(':id')
  async update(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Param('id', new IdPipe('ERR_NO_CHAT_FOUND')) id: number,
    @Body(new ZodPipe(ChatUpdateRequestSchema)) body: ChatUpdateRequest,
  ): Promise<ChatSnapshot> {
    return this.updateChat.execute(companyId, identity, id, body);
  }

  @Delete(':id')
  async remove(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Param('id', new IdPipe('ERR_NO_CHAT_FOUND')) id: number,
  ): Promise<{ message: string }> {
    await this.deleteChat.execute(companyId, identity, id);
    return { message: 'Chat deleted' };
  }

  @Post(':id/read')
  @HttpCode(200)
  async read(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Param('id', new IdPipe('ERR_NO_CHAT_FOUND')) id: number,
  ): Promise<ChatSnapshot> {
    return this.readChat.execute(companyId, identity, id);
  }

  /** 20 per page, newest page first; each page in chronological order (the panel prepends older pages). */
  @Get(':id/messages')
  async messages(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Param('id', new IdPipe('ERR_NO_CHAT_FOUND')) id: number,
    @Query(new ZodPipe(ChatListQuerySchema)) query: ChatListQuery,
  ): Promise<ChatMessagePage> {
    const chat = await memberChat(this.chats, companyId, identity, id);
    const offset = (query.pageNumber - 1) * CHAT_MESSAGES_PAGE_SIZE;
    const { records, count } = await this.chats.messagesPage(companyId, chat.id, CHAT_MESSAGES_PAGE_SIZE, offset);
    return { records, count, hasMore: hasMorePages(count, offset, records.length) };
  }

  @Post(':id/messages')
  @HttpCode(200)
  async send(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Param('id', new IdPipe('ERR_NO_CHAT_FOUND')) id: number,
    @Body(new ZodPipe(ChatMessageRequestSchema)) body: ChatMessageRequest,
  ): Promise<ChatMessageSnapshot> {
    return this.sendMessage.execute(companyId, identity, id, body);
  }
}
