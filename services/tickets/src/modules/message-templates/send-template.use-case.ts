import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import type { MessageSnapshot } from '@cs/proto/events';
import type { SendTemplateMessageInput } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import type { Identity } from '@cs/platform/tenancy';
import { MediaStorage } from '../media/media.storage.js';
import { assertOwnHeaderMedia, assertTemplateValues, renderTemplateSend } from '../messages/cloud-template.js';
import { toMessageSnapshot } from '../messages/messages.repository.js';
import { OutboundService } from '../messages/outbound.service.js';
import { ProjectionsRepository } from '../projections/projections.repository.js';
import { TicketsQueries } from '../tickets/tickets.queries.js';
import { TicketsRepository } from '../tickets/tickets.repository.js';

/**
 * `POST /messages/{ticketId}/template`: an agent sends an approved Cloud API template on an open ticket (the way to
 * reach a customer more than 24 hours after their last message). Each value may use the message variables
 * (`{{name}}`, `{{firstName}}`, `{{protocol}}`...), rendered here; there must be exactly as many values as the
 * template's header and body take. The message is stored with the template's rendered text and sent by command in
 * Meta's template shape; Meta's refusal comes back as for any send (ack error).
 */
@Injectable()
export class SendTemplateUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly tickets: TicketsRepository,
    private readonly queries: TicketsQueries,
    private readonly projections: ProjectionsRepository,
    private readonly outbound: OutboundService,
    private readonly media: MediaStorage,
  ) {}

  execute(
    companyId: CompanyId,
    identity: Identity,
    ticketId: number,
    input: SendTemplateMessageInput,
  ): Promise<MessageSnapshot> {
    return this.transactions.run(async () => {
      const ticket = await this.tickets.find(companyId, ticketId, { lock: true });
      if (!ticket) throw new DomainError('ERR_NO_TICKET_FOUND');
      if (!(await this.queries.canSee(companyId, identity, ticket))) throw new DomainError('ERR_NO_PERMISSION');
      if (ticket.status !== 'open') throw new DomainError('ERR_TICKET_NOT_OPEN');
      assertTemplateValues(input);
      assertOwnHeaderMedia(input, (url) => this.media.isOtherCompanys(companyId, url));
      const [company, contact] = await Promise.all([
        this.projections.company(companyId),
        this.projections.contact(companyId, ticket.contactId),
      ]);
      const context = { contactName: contact?.name ?? '', now: new Date(), timeZone: company.timezone };
      const message = await this.outbound.send(companyId, ticket, {
        ...renderTemplateSend(input, context),
        isBot: false,
        userId: identity.userId,
      });
      return toMessageSnapshot(message);
    });
  }
}
