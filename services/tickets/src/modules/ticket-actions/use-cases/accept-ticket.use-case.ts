import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import type { UpdateTicketInput } from '@cs/proto/http';
import type { Identity } from '@cs/platform/tenancy';
import type { TicketRow } from '../../tickets/tickets.repository.js';
import { TicketTransition } from './ticket-transition.js';

export const ACCEPT_GREETING =
  '*Mensagem Automática:*\n{{ms}} *{{name}}*, meu nome é *{{agent}}* e agora vou prosseguir com seu atendimento!';

/**
 * Accept (pending → open): the ticket becomes the user's the body names, else the caller's, and the
 * attendance starts; with `sendGreetingAccepted` enabled the customer (not a group) is greeted by the agent's
 * name. No transfer notice.
 */
@Injectable()
export class AcceptTicketUseCase extends TicketTransition {
  readonly kind = 'accept';

  protected async apply(
    companyId: CompanyId,
    identity: Identity,
    ticket: TicketRow,
    input: UpdateTicketInput,
  ): Promise<void> {
    const queueId = await this.queueOf(companyId, ticket, input);
    const userId = input.userId ?? identity.userId;
    await this.assertUser(companyId, ticket, userId);
    await this.place(companyId, ticket, input, { status: 'open', queueId, userId }, { startedAt: 'now' });
    if (ticket.isGroup) return;
    const { projections, lifecycle } = this.ports;
    const company = await projections.company(companyId);
    if (company.settings['sendGreetingAccepted'] !== 'enabled') return;
    const agent = await projections.user(companyId, userId);
    await lifecycle.say(companyId, ticket.id, ACCEPT_GREETING.replace('{{agent}}', agent?.name ?? ''), userId);
  }
}
