import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import {
  type CreateTicketNoteInput,
  CreateTicketNoteSchema,
  type ListTicketNotesQuery,
  ListTicketNotesQuerySchema,
  type TicketNotesFilter,
  TicketNotesFilterSchema,
  type UpdateTicketNoteInput,
  UpdateTicketNoteSchema,
} from '@cs/proto/http';
import { DomainError } from '@cs/platform/errors';
import { IdPipe, ZodPipe } from '@cs/platform/http';
import { CompanyIdParam, CurrentIdentity, type Identity, Roles } from '@cs/platform/tenancy';
import { ProjectionsRepository } from '../projections/projections.repository.js';
import { TicketsQueries } from '../tickets/tickets.queries.js';
import { TicketsRepository } from '../tickets/tickets.repository.js';
import { TicketNotesQueries } from './ticket-notes.queries.js';
import { type TicketNoteView, TicketNotesRepository } from './ticket-notes.repository.js';
import { CreateTicketNoteUseCase } from './use-cases/create-ticket-note.use-case.js';
import { DeleteTicketNoteUseCase } from './use-cases/delete-ticket-note.use-case.js';
import { UpdateTicketNoteUseCase } from './use-cases/update-ticket-note.use-case.js';

/** `/ticket-notes`: internal notes on tickets (the contact drawer), with their author's name. */
@Controller('ticket-notes')
export class TicketNotesController {
  constructor(
    private readonly queries: TicketNotesQueries,
    private readonly notes: TicketNotesRepository,
    private readonly tickets: TicketsRepository,
    private readonly ticketQueries: TicketsQueries,
    private readonly projections: ProjectionsRepository,
    private readonly createNote: CreateTicketNoteUseCase,
    private readonly updateNote: UpdateTicketNoteUseCase,
    private readonly deleteNote: DeleteTicketNoteUseCase,
  ) {}

  /** Every note of the company (admins: the notes of tickets others cannot open are there too). */
  @Get()
  @Roles('admin')
  async page(
    @CompanyIdParam() companyId: CompanyId,
    @Query(new ZodPipe(ListTicketNotesQuerySchema)) query: ListTicketNotesQuery,
  ): Promise<{ ticketNotes: TicketNoteView[]; count: number; hasMore: boolean }> {
    return this.queries.page(companyId, query);
  }

  /** The notes of a ticket (which the caller may open) and/or of a contact, newest first. */
  @Get('list')
  async list(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Query(new ZodPipe(TicketNotesFilterSchema)) filter: TicketNotesFilter,
  ): Promise<TicketNoteView[]> {
    if (!filter.ticketId && !filter.contactId) {
      throw new DomainError('ERR_VALIDATION', {
        message: 'Informe o ticket ou o contato.',
        details: [{ path: 'ticketId', message: 'Obrigatório' }],
      });
    }
    if (filter.ticketId) {
      const ticket = await this.tickets.find(companyId, filter.ticketId);
      if (!ticket) throw new DomainError('ERR_NO_TICKET_FOUND');
      if (!(await this.ticketQueries.canSee(companyId, identity, ticket))) throw new DomainError('ERR_NO_PERMISSION');
    }
    if (filter.contactId && !(await this.projections.contact(companyId, filter.contactId))) {
      throw new DomainError('ERR_NO_CONTACT_FOUND');
    }
    return this.queries.list(companyId, {
      ...(filter.ticketId ? { ticketId: filter.ticketId } : {}),
      ...(filter.contactId ? { contactId: filter.contactId } : {}),
    });
  }

  @Get(':id')
  async show(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Param('id', new IdPipe('ERR_NO_TICKET_NOTE_FOUND')) id: number,
  ): Promise<TicketNoteView> {
    const note = await this.notes.find(companyId, id);
    if (!note) throw new DomainError('ERR_NO_TICKET_NOTE_FOUND');
    const ticket = await this.tickets.find(companyId, note.ticketId);
    if (!ticket || !(await this.ticketQueries.canSee(companyId, identity, ticket))) {
      throw new DomainError('ERR_NO_PERMISSION');
    }
    return note;
  }

  @Post()
  @HttpCode(200)
  async create(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Body(new ZodPipe(CreateTicketNoteSchema)) body: CreateTicketNoteInput,
  ): Promise<TicketNoteView> {
    return this.createNote.execute(companyId, identity, body);
  }

  @Put(':id')
  async update(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Param('id', new IdPipe('ERR_NO_TICKET_NOTE_FOUND')) id: number,
    @Body(new ZodPipe(UpdateTicketNoteSchema)) body: UpdateTicketNoteInput,
  ): Promise<TicketNoteView> {
    return this.updateNote.execute(companyId, identity, id, body);
  }

  @Delete(':id')
  async remove(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Param('id', new IdPipe('ERR_NO_TICKET_NOTE_FOUND')) id: number,
  ): Promise<{ message: string }> {
    await this.deleteNote.execute(companyId, identity, id);
    return { message: 'Note deleted' };
  }
}
