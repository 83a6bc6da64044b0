import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import type { UpdateTicketInput } from '@cs/proto/http';
import { DomainError } from '@cs/platform/errors';
import type { Identity } from '@cs/platform/tenancy';
import type { TicketRow } from '../../tickets/tickets.repository.js';
import { TicketTransition } from './ticket-transition.js';

/**
 * Reopen (closed → open or pending), refused while the contact has another open or pending ticket (400
 * `ERR_OTHER_OPEN_TICKET` naming it). Open: the user the body names, else the caller's, attending from now;
 * pending: no user, waiting in the queue from now (auto-assignment may take it). No transfer notice.
 */
@Injectable()
export class ReopenTicketUseCase extends TicketTransition {
  readonly kind = 'reopen';

  protected async apply(
    companyId: CompanyId,
    identity: Identity,
    ticket: TicketRow,
    input: UpdateTicketInput,
  ): Promise<void> {
    const queueId = await this.queueOf(companyId, ticket, input);
    const other = await this.ports.tickets.findActiveOfContact(companyId, ticket.contactId, ticket.id);
    if (other) throw new DomainError('ERR_OTHER_OPEN_TICKET', { details: { ticketId: other.id, uuid: other.uuid } });
    if (input.status === 'pending') {
      await this.place(
        companyId,
        ticket,
        input,
        { status: 'pending', queueId, userId: null },
        { queuedAt: 'now', startedAt: null },
      );
      return;
    }
    const userId = input.userId ?? identity.userId;
    await this.assertUser(companyId, ticket, userId);
    await this.place(companyId, ticket, input, { status: 'open', queueId, userId }, { startedAt: 'now' });
  }
}
