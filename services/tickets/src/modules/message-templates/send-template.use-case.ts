import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import type { MessageSnapshot, TemplateSend } from '@cs/proto/events';
import { cloudTemplateVariables, renderCloudTemplate, type SendTemplateMessageInput } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import type { Identity } from '@cs/platform/tenancy';
import { renderTemplate as renderMessageVariables } from '../messages/message-template.js';
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
      const expected = cloudTemplateVariables(input.components);
      for (const part of ['header', 'body'] as const) {
        if (input.values[part].length !== expected[part]) {
          throw new DomainError('ERR_VALIDATION', {
            message: `values.${part}: the template takes ${expected[part]} value(s), ${input.values[part].length} given`,
            details: [{ path: `values.${part}`, message: `O modelo pede ${expected[part]} valor(es).` }],
          });
        }
      }
      const [company, contact] = await Promise.all([
        this.projections.company(companyId),
        this.projections.contact(companyId, ticket.contactId),
      ]);
      const context = { contactName: contact?.name ?? '', now: new Date(), timeZone: company.timezone };
      const values = {
        header: input.values.header.map((value) => renderMessageVariables(value, context)),
        body: input.values.body.map((value) => renderMessageVariables(value, context)),
      };
      const template: TemplateSend = {
        name: input.name,
        language: { code: input.language },
        components: (['header', 'body'] as const)
          .filter((part) => values[part].length > 0)
          .map((part) => ({ type: part, parameters: values[part].map((text) => ({ type: 'text' as const, text })) })),
      };
      const message = await this.outbound.send(companyId, ticket, {
        body: renderCloudTemplate(input.components, values) || input.name,
        isBot: false,
        userId: identity.userId,
        template,
      });
      return toMessageSnapshot(message);
    });
  }
}
