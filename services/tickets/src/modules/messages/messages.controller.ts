import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
  UploadedFiles,
  UseInterceptors,
} from '@nestjs/common';
import { LimitedFilesInterceptor } from '@cs/platform/uploads';
import { z } from 'zod';
import type { CompanyId } from '@cs/proto/common';
import { PageNumberSchema } from '@cs/proto/common';
import type { MessageSnapshot, TicketSnapshot } from '@cs/proto/events';
import { type EditMessageInput, EditMessageSchema, type SendMessageInput, SendMessageSchema } from '@cs/proto/http';
import { IdPipe, ZodPipe } from '@cs/platform/http';
import { CompanyIdParam, CurrentIdentity, type Identity } from '@cs/platform/tenancy';
import { mediaUpload, type UploadedFile } from '../media/media.storage.js';
import type { MessageView } from './messages.queries.js';
import { DeleteMessageUseCase } from './use-cases/delete-message.use-case.js';
import { EditMessageUseCase } from './use-cases/edit-message.use-case.js';
import { ReadTicketMessagesUseCase } from './use-cases/read-ticket-messages.use-case.js';
import { SendMessageUseCase } from './use-cases/send-message.use-case.js';

const PageQuerySchema = z.object({ pageNumber: PageNumberSchema.optional().transform((value) => value ?? 1) });

@Controller('messages')
export class MessagesController {
  constructor(
    private readonly readMessages: ReadTicketMessagesUseCase,
    private readonly sendMessage: SendMessageUseCase,
    private readonly deleteMessage: DeleteMessageUseCase,
    private readonly editMessage: EditMessageUseCase,
  ) {}

  /** The message view; reading it marks the ticket read (upstream's SetTicketMessagesAsRead). */
  @Get(':ticketId')
  async list(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Param('ticketId', new IdPipe('ERR_NO_TICKET_FOUND')) ticketId: number,
    @Query(new ZodPipe(PageQuerySchema)) query: { pageNumber: number },
  ): Promise<{ messages: MessageView[]; ticket: TicketSnapshot; count: number; hasMore: boolean }> {
    return this.readMessages.execute(companyId, identity, ticketId, query.pageNumber);
  }

  /** Declared before `POST :ticketId`, which would otherwise take `edit` for a ticket id. */
  @Post('edit/:messageId')
  @HttpCode(200)
  async edit(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Param('messageId') messageId: string,
    @Body(new ZodPipe(EditMessageSchema)) body: EditMessageInput,
  ): Promise<MessageSnapshot> {
    return this.editMessage.execute(companyId, identity, messageId, body);
  }

  @Post(':ticketId')
  @HttpCode(200)
  @UseInterceptors(LimitedFilesInterceptor('medias', 10, mediaUpload('messages')))
  async send(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Param('ticketId', new IdPipe('ERR_NO_TICKET_FOUND')) ticketId: number,
    @Body(new ZodPipe(SendMessageSchema)) body: SendMessageInput,
    @UploadedFiles() files: UploadedFile[] | undefined,
  ): Promise<MessageSnapshot[]> {
    return this.sendMessage.execute(companyId, identity, ticketId, body, files ?? []);
  }

  @Delete(':messageId')
  async remove(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Param('messageId') messageId: string,
  ): Promise<MessageSnapshot> {
    return this.deleteMessage.execute(companyId, identity, messageId);
  }
}
