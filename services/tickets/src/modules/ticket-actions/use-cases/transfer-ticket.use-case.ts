import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import type { UpdateTicketInput } from '@cs/proto/http';
import type { Identity } from '@cs/platform/tenancy';
import type { TicketRow } from '../../tickets/tickets.repository.js';
import { TicketTransition } from './ticket-transition.js';

/**
 * Transfer (the status unchanged): to the queue and/or user the body names (a pending ticket keeps no user),
 * with the transfer notice when `sendMsgTransfTicket` is enabled; a new queue restarts the queue wait, and a
 * pending ticket without a user goes to its queue's auto-assignment. An empty body only takes the ticket out of
 * the chatbot and marks it read.
 */
@Injectable()
export class TransferTicketUseCase extends TicketTransition {
  readonly kind = 'transfer';

  protected async apply(
    companyId: CompanyId,
    _identity: Identity,
    ticket: TicketRow,
    input: UpdateTicketInput,
  ): Promise<void> {
    const queueId = await this.queueOf(companyId, ticket, input);
    const kept = input.userId !== undefined ? input.userId : ticket.userId;
    const userId = ticket.status === 'pending' ? null : kept;
    await this.assertUser(companyId, ticket, userId);
    await this.transferNotice(companyId, ticket, { queueId, userId });
    await this.place(companyId, ticket, input, { status: ticket.status, queueId, userId });
  }
}
