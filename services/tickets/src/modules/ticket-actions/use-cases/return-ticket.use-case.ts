import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import type { UpdateTicketInput } from '@cs/proto/http';
import type { Identity } from '@cs/platform/tenancy';
import type { TicketRow } from '../../tickets/tickets.repository.js';
import { TicketTransition } from './ticket-transition.js';

/**
 * Return (open → pending): the ticket leaves its user and waits in its queue (or the one the body names, with
 * the transfer notice) from now, its attendance not started; the queue's auto-assignment may give it to the
 * next agent.
 */
@Injectable()
export class ReturnTicketUseCase extends TicketTransition {
  readonly kind = 'return';

  protected async apply(
    companyId: CompanyId,
    _identity: Identity,
    ticket: TicketRow,
    input: UpdateTicketInput,
  ): Promise<void> {
    const queueId = await this.queueOf(companyId, ticket, input);
    await this.transferNotice(companyId, ticket, { queueId, userId: null });
    await this.place(
      companyId,
      ticket,
      input,
      { status: 'pending', queueId, userId: null },
      { queuedAt: 'now', startedAt: null },
    );
  }
}
