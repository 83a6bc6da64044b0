import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import type { TicketSnapshot, TicketStatus } from '@cs/proto/events';
import type { UpdateTicketInput } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import type { Identity } from '@cs/platform/tenancy';
import { AutoAssignService } from '../../chatbot/auto-assign.service.js';
import { ProjectionsRepository } from '../../projections/projections.repository.js';
import { QueuesRepository } from '../../queues/queues.repository.js';
import { placementOf, TicketEvents } from '../ticket-events.js';
import { TicketLifecycle } from '../ticket-lifecycle.service.js';
import { TicketsQueries } from '../tickets.queries.js';
import { TicketsRepository } from '../tickets.repository.js';

export const ACCEPT_GREETING =
  '*Mensagem Automática:*\n{{ms}} *{{name}}*, meu nome é *{{agent}}* e agora vou prosseguir com seu atendimento!';

/**
 * `PUT /tickets/{id}`: accept (pending → open, the caller's), return (open → pending, no user), close,
 * reopen (closed → open, the caller's) and transfer (to a queue without a user → pending; to a user → that
 * user), with the automatic messages the settings enable, the attendance-cycle times, and read marking.
 */
@Injectable()
export class UpdateTicketUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly tickets: TicketsRepository,
    private readonly queries: TicketsQueries,
    private readonly projections: ProjectionsRepository,
    private readonly queues: QueuesRepository,
    private readonly lifecycle: TicketLifecycle,
    private readonly ticketEvents: TicketEvents,
    private readonly autoAssign: AutoAssignService,
  ) {}

  async execute(
    companyId: CompanyId,
    identity: Identity,
    ticketId: number,
    input: UpdateTicketInput,
  ): Promise<TicketSnapshot> {
    return this.transactions.run(async () => {
      const ticket = await this.tickets.find(companyId, ticketId, { lock: true });
      if (!ticket) throw new DomainError('ERR_NO_TICKET_FOUND');
      if (!(await this.queries.canSee(companyId, identity, ticket))) throw new DomainError('ERR_NO_PERMISSION');
      const previous = placementOf(ticket);
      await this.lifecycle.markRead(companyId, ticket);

      if (input.status === 'closed') {
        if (ticket.status !== 'closed') await this.lifecycle.close(companyId, ticket, { userId: identity.userId });
        return this.ticketEvents.updated(companyId, ticket.id, previous);
      }

      const status: TicketStatus = input.status ?? ticket.status;
      const queueId = input.queueId !== undefined ? input.queueId : ticket.queueId;
      if (queueId !== null && queueId !== ticket.queueId && !(await this.queues.find(companyId, queueId))) {
        throw new DomainError('ERR_NOT_FOUND');
      }
      await this.queues.assertReferences(companyId, input);
      let userId = input.userId !== undefined ? input.userId : ticket.userId;
      const accepting = ticket.status === 'pending' && status === 'open';
      const reopening = ticket.status === 'closed' && status !== 'closed';
      if (reopening) {
        const other = await this.tickets.findActiveOfContact(companyId, ticket.contactId, ticket.id);
        if (other)
          throw new DomainError('ERR_OTHER_OPEN_TICKET', { details: { ticketId: other.id, uuid: other.uuid } });
      }
      if ((accepting || reopening) && status === 'open') userId = input.userId ?? identity.userId;
      if (status === 'pending') userId = null;
      if (userId !== null && userId !== ticket.userId && !(await this.projections.user(companyId, userId))) {
        throw new DomainError('ERR_NO_USER_FOUND');
      }

      await this.transferNotice(companyId, ticket, { queueId, userId, accepting, reopening });

      const updated = await this.tickets.patch(companyId, ticket.id, {
        status,
        userId,
        queueId,
        chatbot: false,
        queueOptionId: null,
        ...(input.useIntegration !== undefined ? { useIntegration: input.useIntegration } : {}),
        ...(input.promptId !== undefined ? { promptId: input.promptId } : {}),
        ...(input.integrationId !== undefined ? { integrationId: input.integrationId } : {}),
      });
      const cycle = await this.tickets.openCycle(companyId, updated);
      await this.tickets.patchCycle(companyId, cycle.id, {
        userId,
        queueId,
        ...(queueId !== ticket.queueId ? { queuedAt: 'now' as const } : {}),
        ...(status === 'pending' && ticket.status !== 'pending' ? { queuedAt: 'now' as const, startedAt: null } : {}),
        ...(status === 'open' && (accepting || reopening) ? { startedAt: 'now' as const } : {}),
      });

      if (accepting && !ticket.isGroup) {
        const company = await this.projections.company(companyId);
        if (company.settings['sendGreetingAccepted'] === 'enabled') {
          const agent = await this.projections.user(companyId, userId ?? identity.userId);
          await this.lifecycle.say(
            companyId,
            ticket.id,
            ACCEPT_GREETING.replace('{{agent}}', agent?.name ?? ''),
            userId,
          );
        }
      }
      if (updated.status === 'pending' && updated.userId === null) await this.autoAssign.assign(companyId, updated);
      return this.ticketEvents.updated(companyId, ticket.id, previous);
    });
  }

  /** `sendMsgTransfTicket`: tell the customer about a transfer to another queue and/or attendant. */
  private async transferNotice(
    companyId: CompanyId,
    ticket: { id: number; isGroup: boolean; queueId: number | null; userId: number | null },
    next: { queueId: number | null; userId: number | null; accepting: boolean; reopening: boolean },
  ): Promise<void> {
    if (ticket.isGroup || next.accepting || next.reopening) return;
    const queueChanged = next.queueId !== null && next.queueId !== ticket.queueId;
    const userChanged = next.userId !== null && next.userId !== ticket.userId;
    if (!queueChanged && !userChanged) return;
    const company = await this.projections.company(companyId);
    if (company.settings['sendMsgTransfTicket'] !== 'enabled') return;
    const queue = queueChanged && next.queueId ? await this.queues.find(companyId, next.queueId) : null;
    const user = userChanged && next.userId ? await this.projections.user(companyId, next.userId) : null;
    let text: string;
    if (queue && user) {
      text = `*Mensagem automática*:\nVocê foi transferido para o departamento *${queue.name}* e contará com a presença de *${user.name}*\naguarde, já vamos te atender!`;
    } else if (queue) {
      text = `*Mensagem automática*:\nVocê foi transferido para o departamento *${queue.name}*\naguarde, já vamos te atender!`;
    } else if (user) {
      text = `*Mensagem automática*:\nFoi transferido para o atendente *${user.name}*\naguarde, já vamos te atender!`;
    } else {
      return;
    }
    await this.lifecycle.say(companyId, ticket.id, text);
  }
}
