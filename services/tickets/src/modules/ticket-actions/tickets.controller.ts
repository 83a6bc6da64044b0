import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import type { TicketSnapshot } from '@cs/proto/events';
import {
  KanbanQuerySchema,
  type KanbanQuery,
  ListTicketsQuerySchema,
  type ListTicketsQuery,
  type CreateTicketInput,
  CreateTicketSchema,
  type UpdateTicketInput,
  UpdateTicketSchema,
} from '@cs/proto/http';
import { DomainError } from '@cs/platform/errors';
import { IdPipe, ZodPipe } from '@cs/platform/http';
import { CompanyIdParam, CurrentIdentity, type Identity, RequiresPlanFlag, Roles } from '@cs/platform/tenancy';
import { TicketsQueries } from '../tickets/tickets.queries.js';
import { TicketsRepository } from '../tickets/tickets.repository.js';
import { CreateTicketUseCase } from './use-cases/create-ticket.use-case.js';
import { DeleteTicketUseCase } from './use-cases/delete-ticket.use-case.js';
import { AcceptTicketUseCase } from './use-cases/accept-ticket.use-case.js';
import { CloseTicketUseCase } from './use-cases/close-ticket.use-case.js';
import { ReopenTicketUseCase } from './use-cases/reopen-ticket.use-case.js';
import { ReturnTicketUseCase } from './use-cases/return-ticket.use-case.js';
import {
  type TicketTransition,
  TicketMovedOn,
  type TransitionKind,
  transitionOf,
} from './use-cases/ticket-transition.js';
import { TransferTicketUseCase } from './use-cases/transfer-ticket.use-case.js';

/** How many times `PUT /tickets/{id}` chooses again when the ticket changed status under it. */
const TRANSITION_ATTEMPTS = 3;

@Controller()
export class TicketsController {
  constructor(
    private readonly queries: TicketsQueries,
    private readonly tickets: TicketsRepository,
    private readonly create: CreateTicketUseCase,
    private readonly remove: DeleteTicketUseCase,
    accept: AcceptTicketUseCase,
    giveBack: ReturnTicketUseCase,
    close: CloseTicketUseCase,
    reopen: ReopenTicketUseCase,
    transfer: TransferTicketUseCase,
  ) {
    this.transitions = { accept, return: giveBack, close, reopen, transfer };
  }

  private readonly transitions: Record<TransitionKind, TicketTransition>;

  @Get('tickets')
  async list(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Query(new ZodPipe(ListTicketsQuerySchema)) query: ListTicketsQuery,
  ): Promise<{ tickets: TicketSnapshot[]; count: number; hasMore: boolean }> {
    return this.queries.list(companyId, identity, query);
  }

  @Get('ticket/kanban')
  @RequiresPlanFlag('useKanban')
  async kanban(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Query(new ZodPipe(KanbanQuerySchema)) query: KanbanQuery,
  ): Promise<{ tickets: TicketSnapshot[]; count: number; hasMore: boolean }> {
    // the board is the open tickets (spec: its first lane holds the open ones without kanban tags, the others
    // sit in their tag's lane); pending tickets wait in the inbox, unlike upstream's `status IN (pending, open)`
    const { pageSize, ...list } = query;
    return this.queries.list(
      companyId,
      identity,
      { ...list, status: undefined },
      { statuses: ['open'], exactCount: true, pageSize },
    );
  }

  @Get('tickets/u/:uuid')
  async showByUuid(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Param('uuid') uuid: string,
  ): Promise<TicketSnapshot> {
    const ticket = await this.tickets.findByUuid(companyId, uuid);
    if (!ticket) throw new DomainError('ERR_NO_TICKET_FOUND');
    return this.visible(companyId, identity, ticket.id);
  }

  @Get('tickets/:ticketId')
  async show(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Param('ticketId', new IdPipe('ERR_NO_TICKET_FOUND')) ticketId: number,
  ): Promise<TicketSnapshot> {
    return this.visible(companyId, identity, ticketId);
  }

  @Post('tickets')
  @HttpCode(200)
  async store(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Body(new ZodPipe(CreateTicketSchema)) body: CreateTicketInput,
  ): Promise<TicketSnapshot> {
    return this.create.execute(companyId, identity, body);
  }

  @Put('tickets/:ticketId')
  async change(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Param('ticketId', new IdPipe('ERR_NO_TICKET_FOUND')) ticketId: number,
    @Body(new ZodPipe(UpdateTicketSchema)) body: UpdateTicketInput,
  ): Promise<TicketSnapshot> {
    // the ticket's status and the body choose the transition; one that finds the ticket moved on (another
    // agent's transition committed first) is chosen again from the ticket as it is now
    for (let attempt = 1; ; attempt++) {
      const ticket = await this.tickets.find(companyId, ticketId);
      if (!ticket) throw new DomainError('ERR_NO_TICKET_FOUND');
      try {
        return await this.transitions[transitionOf(ticket.status, body)].execute(companyId, identity, ticketId, body);
      } catch (error) {
        if (!(error instanceof TicketMovedOn) || attempt === TRANSITION_ATTEMPTS) throw error;
      }
    }
  }

  @Delete('tickets/:ticketId')
  @Roles('admin')
  async destroy(
    @CompanyIdParam() companyId: CompanyId,
    @Param('ticketId', new IdPipe('ERR_NO_TICKET_FOUND')) ticketId: number,
  ): Promise<{ message: string }> {
    await this.remove.execute(companyId, ticketId);
    return { message: 'ticket deleted' };
  }

  private async visible(companyId: CompanyId, identity: Identity, ticketId: number): Promise<TicketSnapshot> {
    const ticket = await this.tickets.find(companyId, ticketId);
    if (!ticket) throw new DomainError('ERR_NO_TICKET_FOUND');
    if (!(await this.queries.canSee(companyId, identity, ticket))) throw new DomainError('ERR_NO_PERMISSION');
    const snapshot = await this.tickets.snapshot(companyId, ticketId);
    if (!snapshot) throw new DomainError('ERR_NO_TICKET_FOUND');
    return snapshot;
  }
}
