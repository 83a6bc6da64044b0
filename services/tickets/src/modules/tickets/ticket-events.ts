import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import {
  TicketCreated,
  TicketDeleted,
  TicketUnreadReset,
  TicketUpdated,
  type TicketSnapshot,
  type TicketStatus,
} from '@cs/proto/events';
import { EventPublisher } from '@cs/platform/events';
import { type TicketRow, TicketsRepository } from './tickets.repository.js';

export interface Placement {
  readonly status: TicketStatus;
  readonly queueId: number | null;
  readonly userId: number | null;
}

export const placementOf = (ticket: TicketRow): Placement => ({
  status: ticket.status,
  queueId: ticket.queueId,
  userId: ticket.userId,
});

/**
 * Emits `tickets.ticket.v1` events with the full list-item snapshot and where the ticket was before, so the
 * gateway can remove it from the rooms it left and add it to the ones it entered (inside the caller's
 * transaction: the event commits with the change).
 */
@Injectable()
export class TicketEvents {
  constructor(
    private readonly tickets: TicketsRepository,
    private readonly events: EventPublisher,
  ) {}

  /** `known`: the ticket's snapshot as it is now, when the caller just read it. */
  async created(companyId: CompanyId, ticketId: number, known?: TicketSnapshot): Promise<TicketSnapshot> {
    const ticket = known ?? (await this.load(companyId, ticketId));
    await this.events.emit(TicketCreated, { companyId, key: ticketId, data: { ticket, previous: null } });
    return ticket;
  }

  async updated(
    companyId: CompanyId,
    ticketId: number,
    previous: Placement | null,
    known?: TicketSnapshot,
  ): Promise<TicketSnapshot> {
    const ticket = known ?? (await this.load(companyId, ticketId));
    await this.events.emit(TicketUpdated, { companyId, key: ticketId, data: { ticket, previous } });
    return ticket;
  }

  async deleted(companyId: CompanyId, ticket: TicketRow): Promise<void> {
    await this.events.emit(TicketDeleted, {
      companyId,
      key: ticket.id,
      data: { id: ticket.id, uuid: ticket.uuid, previous: placementOf(ticket) },
    });
  }

  async unreadReset(companyId: CompanyId, ticket: TicketRow): Promise<void> {
    await this.events.emit(TicketUnreadReset, {
      companyId,
      key: ticket.id,
      data: { id: ticket.id, userId: ticket.userId },
    });
  }

  private async load(companyId: CompanyId, ticketId: number): Promise<TicketSnapshot> {
    const ticket = await this.tickets.snapshot(companyId, ticketId);
    if (!ticket) throw new Error(`ticket ${ticketId} not found for its event`);
    return ticket;
  }
}
