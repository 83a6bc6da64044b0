import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { hasMorePages } from '@cs/proto/common';
import { type ListTicketNotesQuery } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { NOTE_SELECT, type TicketNoteView, toTicketNoteView } from './ticket-notes.repository.js';

export const TICKET_NOTES_PAGE_SIZE = 20;

const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Reads of ticket notes, newest first, with the author's name. */
@Injectable()
export class TicketNotesQueries {
  constructor(private readonly transactions: TransactionHost) {}

  /** `GET /ticket-notes/list`: the notes of a ticket and/or a contact (the contact drawer). */
  async list(companyId: CompanyId, filter: { ticketId?: number; contactId?: number }): Promise<TicketNoteView[]> {
    const params: unknown[] = [companyId];
    const where = ['n.company_id = $1'];
    if (filter.ticketId) {
      params.push(filter.ticketId);
      where.push(`n.ticket_id = $${params.length}`);
    }
    if (filter.contactId) {
      params.push(filter.contactId);
      where.push(`n.contact_id = $${params.length}`);
    }
    const rows = await this.transactions.manager.query<Array<Record<string, unknown>>>(
      `${NOTE_SELECT} WHERE ${where.join(' AND ')} ORDER BY n.created_at DESC, n.id DESC`,
      params,
    );
    return rows.map(toTicketNoteView);
  }

  /** `GET /ticket-notes`: 20 per page; `searchParam` matches the text. */
  async page(
    companyId: CompanyId,
    query: ListTicketNotesQuery,
  ): Promise<{ ticketNotes: TicketNoteView[]; count: number; hasMore: boolean }> {
    const params: unknown[] = [companyId];
    let condition = 'n.company_id = $1';
    if (query.searchParam) {
      params.push(`%${escapeLike(query.searchParam.toLowerCase())}%`);
      condition += ' AND lower(n.note) LIKE $2';
    }
    const offset = (query.pageNumber - 1) * TICKET_NOTES_PAGE_SIZE;
    const db = this.transactions.manager;
    const [count] = await db.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM ticket_notes n WHERE ${condition}`,
      params,
    );
    const rows = await db.query<Array<Record<string, unknown>>>(
      `${NOTE_SELECT} WHERE ${condition} ORDER BY n.created_at DESC, n.id DESC
        LIMIT ${TICKET_NOTES_PAGE_SIZE} OFFSET ${offset}`,
      params,
    );
    const ticketNotes = rows.map(toTicketNoteView);
    const total = count?.count ?? 0;
    return { ticketNotes, count: total, hasMore: hasMorePages(total, offset, ticketNotes.length) };
  }
}
