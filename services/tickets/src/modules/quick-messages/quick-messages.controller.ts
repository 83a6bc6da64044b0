import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  UploadedFiles,
  UseInterceptors,
} from '@nestjs/common';
import { LimitedFilesInterceptor } from '@cs/platform/uploads';
import { type CompanyId, partialUpdateSchema } from '@cs/proto/common';
import {
  type ListQuickMessagesQuery,
  ListQuickMessagesQuerySchema,
  type QuickMessageBody,
  QuickMessageBodySchema,
} from '@cs/proto/http';
import { DomainError } from '@cs/platform/errors';
import { IdPipe, ZodPipe } from '@cs/platform/http';
import { CompanyIdParam, CurrentIdentity, type Identity } from '@cs/platform/tenancy';
import { mediaUpload, type UploadedFile } from '../media/media.storage.js';
import { QuickMessagesMapper, type QuickMessageView } from './quick-messages.mapper.js';
import { QuickMessagesQueries } from './quick-messages.queries.js';
import { QuickMessagesRepository } from './quick-messages.repository.js';
import { CreateQuickMessageUseCase } from './use-cases/create-quick-message.use-case.js';
import { DeleteQuickMessageUseCase } from './use-cases/delete-quick-message.use-case.js';
import { SetQuickMessageMediaUseCase } from './use-cases/set-quick-message-media.use-case.js';
import { UpdateQuickMessageUseCase } from './use-cases/update-quick-message.use-case.js';

/**
 * `/quick-messages`: quick replies. Everyone sees the company's shared (`geral`) replies and their own; the
 * `companyId`/`userId` the spec's client sends to `/list` are ignored (the caller's identity decides).
 */
@Controller('quick-messages')
export class QuickMessagesController {
  constructor(
    private readonly queries: QuickMessagesQueries,
    private readonly replies: QuickMessagesRepository,
    private readonly mapper: QuickMessagesMapper,
    private readonly createReply: CreateQuickMessageUseCase,
    private readonly updateReply: UpdateQuickMessageUseCase,
    private readonly deleteReply: DeleteQuickMessageUseCase,
    private readonly setMedia: SetQuickMessageMediaUseCase,
  ) {}

  @Get()
  async page(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Query(new ZodPipe(ListQuickMessagesQuerySchema)) query: ListQuickMessagesQuery,
  ): Promise<{ records: QuickMessageView[]; count: number; hasMore: boolean }> {
    return this.queries.page(companyId, identity.userId, query);
  }

  @Get('list')
  async list(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
  ): Promise<QuickMessageView[]> {
    return this.queries.list(companyId, identity.userId);
  }

  @Get(':id')
  async show(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Param('id', new IdPipe('ERR_NO_QUICK_MESSAGE_FOUND')) id: number,
  ): Promise<QuickMessageView> {
    const reply = await this.replies.findVisible(companyId, identity.userId, id);
    if (!reply) throw new DomainError('ERR_NO_QUICK_MESSAGE_FOUND');
    return this.mapper.view(reply);
  }

  @Post()
  @HttpCode(200)
  async create(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Body(new ZodPipe(QuickMessageBodySchema)) body: QuickMessageBody,
  ): Promise<QuickMessageView> {
    return this.createReply.execute(companyId, identity, body);
  }

  @Put(':id')
  async update(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Param('id', new IdPipe('ERR_NO_QUICK_MESSAGE_FOUND')) id: number,
    @Body(new ZodPipe(partialUpdateSchema(QuickMessageBodySchema))) body: Partial<QuickMessageBody>,
  ): Promise<QuickMessageView> {
    return this.updateReply.execute(companyId, identity, id, body);
  }

  @Delete(':id')
  async remove(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Param('id', new IdPipe('ERR_NO_QUICK_MESSAGE_FOUND')) id: number,
  ): Promise<{ message: string }> {
    await this.deleteReply.execute(companyId, identity, id);
    return { message: 'Quick message deleted' };
  }

  @Post(':id/media-upload')
  @HttpCode(200)
  @UseInterceptors(LimitedFilesInterceptor('file', 1, mediaUpload('quick-messages')))
  async upload(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Param('id', new IdPipe('ERR_NO_QUICK_MESSAGE_FOUND')) id: number,
    @UploadedFiles() files: UploadedFile[] | undefined,
  ): Promise<QuickMessageView> {
    return this.setMedia.execute(companyId, identity, id, files?.[0]);
  }

  @Delete(':id/media-upload')
  async removeMedia(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Param('id', new IdPipe('ERR_NO_QUICK_MESSAGE_FOUND')) id: number,
  ): Promise<QuickMessageView> {
    return this.setMedia.execute(companyId, identity, id, null);
  }
}
