import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import type { Identity } from '@cs/platform/tenancy';
import type { TicketRow } from '../../tickets/tickets.repository.js';
import { TicketTransition } from './ticket-transition.js';

/**
 * Close: the caller closes the ticket (the rating request or the completion message, see
 * `TicketLifecycle.close`); the rest of the body is ignored, and closing a closed ticket changes nothing.
 */
@Injectable()
export class CloseTicketUseCase extends TicketTransition {
  readonly kind = 'close';

  protected async apply(companyId: CompanyId, identity: Identity, ticket: TicketRow): Promise<void> {
    if (ticket.status === 'closed') return;
    await this.ports.lifecycle.close(companyId, ticket, { userId: identity.userId });
  }
}
