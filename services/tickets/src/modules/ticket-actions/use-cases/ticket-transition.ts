import { Inject, Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import type { TicketSnapshot, TicketStatus } from '@cs/proto/events';
import type { UpdateTicketInput } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import type { Identity } from '@cs/platform/tenancy';
import { ProjectionsRepository } from '../../projections/projections.repository.js';
import { QueuesRepository } from '../../queues/queues.repository.js';
import { ConversationHooks } from '../../tickets/conversation-hooks.js';
import { placementOf, TicketEvents } from '../../tickets/ticket-events.js';
import { TicketLifecycle } from '../../messages/ticket-lifecycle.service.js';
import { TicketsQueries } from '../../tickets/tickets.queries.js';
import { type TicketRow, TicketsRepository } from '../../tickets/tickets.repository.js';

/** The transitions of `PUT /tickets/{id}`, one use-case each. */
export type TransitionKind = 'accept' | 'return' | 'close' | 'reopen' | 'transfer';

/**
 * Which transition a `PUT /tickets/{id}` body asks of a ticket in `current`: `closed` closes; a closed ticket
 * given another status reopens; pending → open accepts; open → pending returns; anything else (the status
 * unchanged or not given) transfers, to another queue and/or user or to the same ones.
 */
export function transitionOf(current: TicketStatus, input: Pick<UpdateTicketInput, 'status'>): TransitionKind {
  const status = input.status ?? current;
  if (status === 'closed') return input.status === 'closed' ? 'close' : 'transfer';
  if (current === 'closed') return 'reopen';
  if (current === 'pending' && status === 'open') return 'accept';
  if (current === 'open' && status === 'pending') return 'return';
  return 'transfer';
}

/**
 * The ticket changed under the caller between choosing the transition and locking it (another agent accepted
 * it first): the caller chooses again from the ticket as it is now.
 */
export class TicketMovedOn extends Error {
  constructor(readonly ticketId: number) {
    super(`ticket ${ticketId} changed status before its transition ran`);
  }
}

/** What the transitions read and write (the repositories and services below them; in-memory in unit specs). */
export interface TransitionPorts {
  readonly transactions: Pick<TransactionHost, 'run'>;
  readonly tickets: Pick<TicketsRepository, 'find' | 'findActiveOfContact' | 'patch' | 'openCycle' | 'patchCycle'>;
  readonly visibility: Pick<TicketsQueries, 'canSee'>;
  readonly projections: Pick<ProjectionsRepository, 'company' | 'user'>;
  readonly queues: Pick<QueuesRepository, 'find' | 'assertReferences'>;
  readonly lifecycle: Pick<TicketLifecycle, 'markRead' | 'close' | 'say'>;
  readonly ticketEvents: Pick<TicketEvents, 'updated'>;
  readonly hooks: { readonly ticketWaiting: Pick<ConversationHooks['ticketWaiting'], 'emit'> };
}

/** The transitions' ports in the application: the real repositories and services. */
@Injectable()
export class TicketTransitionPorts implements TransitionPorts {
  constructor(
    readonly transactions: TransactionHost,
    readonly tickets: TicketsRepository,
    readonly visibility: TicketsQueries,
    readonly projections: ProjectionsRepository,
    readonly queues: QueuesRepository,
    readonly lifecycle: TicketLifecycle,
    readonly ticketEvents: TicketEvents,
    readonly hooks: ConversationHooks,
  ) {}
}

type CyclePatch = Parameters<TransitionPorts['tickets']['patchCycle']>[2];

/** Where a transition puts the ticket. */
export interface Placement {
  readonly status: TicketStatus;
  readonly queueId: number | null;
  readonly userId: number | null;
}

/**
 * One transition of `PUT /tickets/{id}`, in one transaction: the ticket locked (404 `ERR_NO_TICKET_FOUND`),
 * one the caller may open (403 `ERR_NO_PERMISSION`), its messages marked read, the transition's own rule
 * (`apply`), and `tickets.ticket.updated` with where it was before. The steps the rules share are below. A
 * transition gets the application's ports by injection (`TicketTransitionPorts`) and in-memory ones in unit specs.
 */
@Injectable()
export abstract class TicketTransition {
  abstract readonly kind: TransitionKind;

  constructor(@Inject(TicketTransitionPorts) protected readonly ports: TransitionPorts) {}

  protected abstract apply(
    companyId: CompanyId,
    identity: Identity,
    ticket: TicketRow,
    input: UpdateTicketInput,
  ): Promise<void>;

  async execute(
    companyId: CompanyId,
    identity: Identity,
    ticketId: number,
    input: UpdateTicketInput,
  ): Promise<TicketSnapshot> {
    const { transactions, tickets, visibility, lifecycle, ticketEvents } = this.ports;
    return transactions.run(async () => {
      const ticket = await tickets.find(companyId, ticketId, { lock: true });
      if (!ticket) throw new DomainError('ERR_NO_TICKET_FOUND');
      if (!(await visibility.canSee(companyId, identity, ticket))) throw new DomainError('ERR_NO_PERMISSION');
      if (transitionOf(ticket.status, input) !== this.kind) throw new TicketMovedOn(ticket.id);
      const previous = placementOf(ticket);
      await lifecycle.markRead(companyId, ticket);
      await this.apply(companyId, identity, ticket, input);
      return ticketEvents.updated(companyId, ticket.id, previous);
    });
  }

  /**
   * The queue the body asks for (absent: the ticket's); a queue it moves to must be the company's (404
   * `ERR_NOT_FOUND`), as must the prompt and integration it names.
   */
  protected async queueOf(companyId: CompanyId, ticket: TicketRow, input: UpdateTicketInput): Promise<number | null> {
    const queueId = input.queueId !== undefined ? input.queueId : ticket.queueId;
    if (queueId !== null && queueId !== ticket.queueId && !(await this.ports.queues.find(companyId, queueId))) {
      throw new DomainError('ERR_NOT_FOUND');
    }
    await this.ports.queues.assertReferences(companyId, input);
    return queueId;
  }

  /** A user the ticket moves to must be the company's (404 `ERR_NO_USER_FOUND`). */
  protected async assertUser(companyId: CompanyId, ticket: TicketRow, userId: number | null): Promise<void> {
    if (userId !== null && userId !== ticket.userId && !(await this.ports.projections.user(companyId, userId))) {
      throw new DomainError('ERR_NO_USER_FOUND');
    }
  }

  /**
   * Puts the ticket at `to` (out of the chatbot's menu; the automation the body names) and its attendance
   * cycle with it: a new queue restarts the queue wait, `cycle` adds the transition's own times. A pending
   * ticket left without a user is announced waiting (`ConversationHooks.ticketWaiting`: the queue's
   * auto-assignment takes it).
   */
  protected async place(
    companyId: CompanyId,
    ticket: TicketRow,
    input: UpdateTicketInput,
    to: Placement,
    cycle: CyclePatch = {},
  ): Promise<TicketRow> {
    const { tickets, hooks } = this.ports;
    const updated = await tickets.patch(companyId, ticket.id, {
      status: to.status,
      userId: to.userId,
      queueId: to.queueId,
      chatbot: false,
      queueOptionId: null,
      ...(input.useIntegration !== undefined ? { useIntegration: input.useIntegration } : {}),
      ...(input.promptId !== undefined ? { promptId: input.promptId } : {}),
      ...(input.integrationId !== undefined ? { integrationId: input.integrationId } : {}),
    });
    const current = await tickets.openCycle(companyId, updated);
    await tickets.patchCycle(companyId, current.id, {
      userId: to.userId,
      queueId: to.queueId,
      ...(to.queueId !== ticket.queueId ? { queuedAt: 'now' as const } : {}),
      ...cycle,
    });
    if (updated.status === 'pending' && updated.userId === null) await hooks.ticketWaiting.emit(companyId, updated);
    return updated;
  }

  /**
   * `sendMsgTransfTicket`: tells the customer (not a group) that the ticket moved to another queue and/or
   * attendant.
   */
  protected async transferNotice(
    companyId: CompanyId,
    ticket: TicketRow,
    to: Pick<Placement, 'queueId' | 'userId'>,
  ): Promise<void> {
    if (ticket.isGroup) return;
    const { projections, queues, lifecycle } = this.ports;
    const queueChanged = to.queueId !== null && to.queueId !== ticket.queueId;
    const userChanged = to.userId !== null && to.userId !== ticket.userId;
    if (!queueChanged && !userChanged) return;
    const company = await projections.company(companyId);
    if (company.settings['sendMsgTransfTicket'] !== 'enabled') return;
    const queue = queueChanged && to.queueId ? await queues.find(companyId, to.queueId) : null;
    const user = userChanged && to.userId ? await projections.user(companyId, to.userId) : null;
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
    await lifecycle.say(companyId, ticket.id, text);
  }
}
