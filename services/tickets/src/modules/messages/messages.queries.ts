import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { hasMorePages } from '@cs/proto/common';
import type { MessageView } from '@cs/proto/http';
import { mapRow, type SqlRow, TransactionHost } from '@cs/platform/database';
import { toMessageRow, toMessageSnapshot } from './messages.repository.js';

export const MESSAGES_PAGE_SIZE = 20;

export type { MessageView };

/** The message view: 20 per page, the newest page first, each page in chronological order. */
@Injectable()
export class MessagesQueries {
  constructor(private readonly transactions: TransactionHost) {}

  async page(
    companyId: CompanyId,
    ticketId: number,
    pageNumber: number,
  ): Promise<{ messages: MessageView[]; count: number; hasMore: boolean }> {
    const db = this.transactions.manager;
    const offset = (pageNumber - 1) * MESSAGES_PAGE_SIZE;
    const [count] = await db.query<Array<{ count: number }>>(
      'SELECT count(*)::int AS count FROM messages WHERE company_id = $1 AND ticket_id = $2',
      [companyId, ticketId],
    );
    const rows = await db.query<SqlRow[]>(
      `SELECT m.*, q.body AS quoted_body, q.from_me AS quoted_from_me, q.media_type AS quoted_media_type,
              c.name AS contact_name
         FROM messages m
         LEFT JOIN messages q ON q.company_id = m.company_id AND q.id = m.quoted_msg_id
         LEFT JOIN contacts c ON c.company_id = m.company_id AND c.id = m.contact_id
        WHERE m.company_id = $1 AND m.ticket_id = $2
        ORDER BY m.created_at DESC, m.seq DESC LIMIT ${MESSAGES_PAGE_SIZE} OFFSET ${offset}`,
      [companyId, ticketId],
    );
    const messages = rows.reverse().map((row): MessageView => {
      const message = toMessageSnapshot(toMessageRow(row));
      return mapRow(row, (r) => {
        const contactName = r.nullable('contact_name', r.string);
        return {
          ...message,
          quotedMsg: message.quotedMsgId
            ? {
                id: message.quotedMsgId,
                body: r.nullable('quoted_body', r.string) ?? '',
                fromMe: r.nullable('quoted_from_me', r.boolean) ?? false,
                mediaType: r.nullable('quoted_media_type', r.string) ?? 'chat',
              }
            : null,
          contact: message.contactId && contactName !== null ? { id: message.contactId, name: contactName } : null,
        };
      });
    });
    const total = count?.count ?? 0;
    return { messages, count: total, hasMore: hasMorePages(total, offset, messages.length) };
  }
}
