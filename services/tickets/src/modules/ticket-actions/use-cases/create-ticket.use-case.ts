import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import type { TicketSnapshot } from '@cs/proto/events';
import type { CreateTicketInput } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import type { Identity } from '@cs/platform/tenancy';
import { ProjectionsRepository } from '../../projections/projections.repository.js';
import { QueuesRepository } from '../../queues/queues.repository.js';
import { placementOf, TicketEvents } from '../../tickets/ticket-events.js';
import { isAdmin } from '../../tickets/tickets.queries.js';
import { TicketsRepository } from '../../tickets/tickets.repository.js';

/**
 * `POST /tickets`: an agent opens a conversation with a contact. The connection is the one asked for, the
 * user's default or the company's default. When the contact already has an open or pending ticket the answer
 * is `ERR_OTHER_OPEN_TICKET` with that ticket's owner and queue in `details` (the spec's dialog shows them;
 * the same user simply opens it).
 */
@Injectable()
export class CreateTicketUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly tickets: TicketsRepository,
    private readonly projections: ProjectionsRepository,
    private readonly queues: QueuesRepository,
    private readonly ticketEvents: TicketEvents,
  ) {}

  async execute(companyId: CompanyId, identity: Identity, input: CreateTicketInput): Promise<TicketSnapshot> {
    await this.projections.awaitContact(input.contactId);
    return this.transactions.run(async () => {
      const contact = await this.projections.contact(companyId, input.contactId);
      if (!contact) throw new DomainError('ERR_NO_CONTACT_FOUND');
      if (!input.queueId && !isAdmin(identity)) {
        throw new DomainError('ERR_VALIDATION', {
          message: 'Selecione uma fila',
          details: [{ path: 'queueId', message: 'Selecione uma fila' }],
        });
      }
      if (input.queueId && !(await this.queues.find(companyId, input.queueId))) throw new DomainError('ERR_NOT_FOUND');
      const active = await this.tickets.findActiveOfContact(companyId, contact.id);
      if (active) {
        const snapshot = await this.tickets.snapshot(companyId, active.id);
        throw new DomainError('ERR_OTHER_OPEN_TICKET', {
          details: {
            ticketId: active.id,
            uuid: active.uuid,
            status: active.status,
            userId: active.userId,
            user: snapshot?.user ?? null,
            queue: snapshot?.queue ?? null,
            sameUser: active.userId === identity.userId,
          },
        });
      }
      const me = await this.projections.user(companyId, identity.userId);
      const connection = await this.projections.defaultConnection(companyId, [input.whatsappId, me?.whatsappId]);
      if (!connection) throw new DomainError('ERR_NO_DEF_WAPP_FOUND');
      const userId = input.userId ?? identity.userId;
      const status = input.status ?? 'open';
      const { ticket, created } = await this.tickets.findOrCreate(companyId, {
        contactId: contact.id,
        whatsappId: connection.id,
        chatJid: `${contact.number}@${contact.isGroup ? 'g.us' : 's.whatsapp.net'}`,
        isGroup: contact.isGroup,
        status,
      });
      const previous = created ? null : placementOf(ticket);
      const updated = await this.tickets.patch(companyId, ticket.id, {
        status,
        userId: status === 'open' ? userId : null,
        queueId: input.queueId ?? null,
        chatbot: false,
        queueOptionId: null,
        botMenuCount: 0,
      });
      const cycle = await this.tickets.openCycle(companyId, updated);
      await this.tickets.patchCycle(companyId, cycle.id, {
        userId: updated.userId,
        queueId: updated.queueId,
        queuedAt: 'now',
        ...(status === 'open' ? { startedAt: 'now' as const } : {}),
      });
      return created
        ? this.ticketEvents.created(companyId, ticket.id)
        : this.ticketEvents.updated(companyId, ticket.id, previous);
    });
  }
}
