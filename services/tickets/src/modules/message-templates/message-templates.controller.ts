import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import type { MessageSnapshot } from '@cs/proto/events';
import { type SendTemplateMessageInput, SendTemplateMessageSchema } from '@cs/proto/http';
import { IdPipe, ZodPipe } from '@cs/platform/http';
import { CompanyIdParam, CurrentIdentity, type Identity } from '@cs/platform/tenancy';
import { SendTemplateUseCase } from './send-template.use-case.js';

/** `POST /messages/{ticketId}/template`: a Cloud API template on a ticket (another company's ticket: 404). */
@Controller('messages')
export class MessageTemplatesController {
  constructor(private readonly sendTemplate: SendTemplateUseCase) {}

  @Post(':ticketId/template')
  @HttpCode(200)
  send(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Param('ticketId', new IdPipe('ERR_NO_TICKET_FOUND')) ticketId: number,
    @Body(new ZodPipe(SendTemplateMessageSchema)) body: SendTemplateMessageInput,
  ): Promise<MessageSnapshot> {
    return this.sendTemplate.execute(companyId, identity, ticketId, body);
  }
}
