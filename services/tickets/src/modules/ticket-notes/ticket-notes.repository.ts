import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CompanyId } from '@cs/proto/common';
import type { TicketNoteView } from '@cs/proto/http';
import { mapRow, type SqlRow, TransactionHost } from '@cs/platform/database';

export type { TicketNoteView };

export const NOTE_SELECT = `
  SELECT n.*, u.name AS user_name
    FROM ticket_notes n LEFT JOIN users u ON u.company_id = n.company_id AND u.id = n.user_id`;

export const toTicketNoteView = (row: SqlRow): TicketNoteView =>
  mapRow(row, (r) => ({
    id: r.int('id'),
    note: r.string('note'),
    ticketId: r.int('ticket_id'),
    contactId: r.int('contact_id'),
    userId: r.int('user_id'),
    user: r.isNull('user_name') ? null : { id: r.int('user_id'), name: r.string('user_name') },
    createdAt: r.isoDate('created_at'),
    updatedAt: r.isoDate('updated_at'),
  }));

/** Internal notes on tickets; every method is scoped by company. */
@Injectable()
export class TicketNotesRepository {
  constructor(private readonly transactions: TransactionHost) {}

  private get db(): EntityManager {
    return this.transactions.manager;
  }

  async find(companyId: CompanyId, id: number): Promise<TicketNoteView | null> {
    const [row] = await this.db.query<Array<Record<string, unknown>>>(
      `${NOTE_SELECT} WHERE n.company_id = $1 AND n.id = $2`,
      [companyId, id],
    );
    return row ? toTicketNoteView(row) : null;
  }

  async insert(
    companyId: CompanyId,
    input: { ticketId: number; contactId: number; userId: number; note: string },
  ): Promise<number> {
    const [row] = await this.db.query<Array<{ id: number }>>(
      `INSERT INTO ticket_notes (company_id, ticket_id, contact_id, user_id, note) VALUES ($1, $2, $3, $4, $5)
       RETURNING id`,
      [companyId, input.ticketId, input.contactId, input.userId, input.note],
    );
    return row?.id ?? 0;
  }

  async update(companyId: CompanyId, id: number, note: string): Promise<void> {
    await this.db.query('UPDATE ticket_notes SET note = $3, updated_at = now() WHERE company_id = $1 AND id = $2', [
      companyId,
      id,
      note,
    ]);
  }

  async delete(companyId: CompanyId, id: number): Promise<void> {
    await this.db.query('DELETE FROM ticket_notes WHERE company_id = $1 AND id = $2', [companyId, id]);
  }
}
