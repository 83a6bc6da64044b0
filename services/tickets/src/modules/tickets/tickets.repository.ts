import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CompanyId } from '@cs/proto/common';
import type { TicketSnapshot, TicketStatus } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';

export interface TicketRow {
  readonly id: number;
  readonly uuid: string;
  readonly companyId: number;
  readonly status: TicketStatus;
  readonly userId: number | null;
  readonly queueId: number | null;
  readonly whatsappId: number;
  readonly contactId: number;
  readonly chatJid: string;
  readonly isGroup: boolean;
  readonly chatbot: boolean;
  readonly queueOptionId: number | null;
  readonly useIntegration: boolean;
  readonly promptId: number | null;
  readonly integrationId: number | null;
  readonly lastMessage: string;
  readonly unreadMessages: number;
  readonly fromMe: boolean;
  readonly botMenuCount: number;
  readonly outOfHoursSentAt: Date | null;
  readonly greetingSentAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface TrackingRow {
  readonly id: number;
  readonly ticketId: number;
  readonly userId: number | null;
  readonly queueId: number | null;
  readonly createdAt: Date;
  readonly queuedAt: Date | null;
  readonly startedAt: Date | null;
  readonly finishedAt: Date | null;
  readonly ratingAt: Date | null;
  readonly chatbotAt: Date | null;
  readonly rated: boolean;
  /** The 1-3 answer to the rating request (also in `user_ratings`), kept on the cycle for the dashboard. */
  readonly rate: number | null;
}

const TICKET_COLUMNS: Record<keyof TicketRow, string> = {
  id: 'id',
  uuid: 'uuid',
  companyId: 'company_id',
  status: 'status',
  userId: 'user_id',
  queueId: 'queue_id',
  whatsappId: 'whatsapp_id',
  contactId: 'contact_id',
  chatJid: 'chat_jid',
  isGroup: 'is_group',
  chatbot: 'chatbot',
  queueOptionId: 'queue_option_id',
  useIntegration: 'use_integration',
  promptId: 'prompt_id',
  integrationId: 'integration_id',
  lastMessage: 'last_message',
  unreadMessages: 'unread_messages',
  fromMe: 'from_me',
  botMenuCount: 'bot_menu_count',
  outOfHoursSentAt: 'out_of_hours_sent_at',
  greetingSentAt: 'greeting_sent_at',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};

const TRACKING_COLUMNS: Record<keyof TrackingRow, string> = {
  id: 'id',
  ticketId: 'ticket_id',
  userId: 'user_id',
  queueId: 'queue_id',
  createdAt: 'created_at',
  queuedAt: 'queued_at',
  startedAt: 'started_at',
  finishedAt: 'finished_at',
  ratingAt: 'rating_at',
  chatbotAt: 'chatbot_at',
  rated: 'rated',
  rate: 'rate',
};

const fromRow = <T>(row: Record<string, unknown>, columns: Record<string, string>): T =>
  Object.fromEntries(Object.entries(columns).map(([key, column]) => [key, row[column]])) as T;

export type TicketPatch = Partial<Omit<TicketRow, 'id' | 'uuid' | 'companyId' | 'createdAt' | 'updatedAt'>> & {
  /** Leave `updated_at` alone (the list order is by it: only conversation activity moves a ticket). */
  readonly touch?: boolean;
};

/** The list item / chat header of the spec, built in one statement (used by the list, events and reads). */
export const SNAPSHOT_SELECT = `
  SELECT t.id, t.uuid, t.company_id, t.status, t.user_id, t.queue_id, t.whatsapp_id, t.contact_id, t.is_group,
         t.chatbot, t.use_integration, t.prompt_id, t.integration_id, t.last_message, t.unread_messages,
         t.created_at, t.updated_at,
         c.name AS contact_name, c.number AS contact_number, c.email AS contact_email,
         c.profile_pic_url AS contact_picture,
         q.name AS queue_name, q.color AS queue_color, u.name AS user_name, w.name AS whatsapp_name,
         coalesce(tg.tags, '[]'::json) AS tags
    FROM tickets t
    LEFT JOIN contacts c ON c.company_id = t.company_id AND c.id = t.contact_id
    LEFT JOIN queues q ON q.company_id = t.company_id AND q.id = t.queue_id
    LEFT JOIN users u ON u.company_id = t.company_id AND u.id = t.user_id
    LEFT JOIN connections w ON w.company_id = t.company_id AND w.id = t.whatsapp_id
    LEFT JOIN LATERAL (
      SELECT json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color) ORDER BY g.name) AS tags
        FROM ticket_tags tt JOIN tags g ON g.company_id = tt.company_id AND g.id = tt.tag_id
       WHERE tt.company_id = t.company_id AND tt.ticket_id = t.id
    ) tg ON true`;

export function toTicketSnapshot(row: Record<string, unknown>): TicketSnapshot {
  const iso = (value: unknown): string => new Date(value as string).toISOString();
  return {
    id: row['id'] as number,
    uuid: row['uuid'] as string,
    companyId: row['company_id'] as number,
    status: row['status'] as TicketStatus,
    userId: (row['user_id'] as number | null) ?? null,
    queueId: (row['queue_id'] as number | null) ?? null,
    whatsappId: (row['whatsapp_id'] as number | null) ?? null,
    contactId: row['contact_id'] as number,
    isGroup: row['is_group'] as boolean,
    chatbot: row['chatbot'] as boolean,
    useIntegration: row['use_integration'] as boolean,
    promptId: (row['prompt_id'] as number | null) ?? null,
    integrationId: (row['integration_id'] as number | null) ?? null,
    lastMessage: row['last_message'] as string,
    unreadMessages: row['unread_messages'] as number,
    createdAt: iso(row['created_at']),
    updatedAt: iso(row['updated_at']),
    contact: {
      id: row['contact_id'] as number,
      name: (row['contact_name'] as string | null) ?? '',
      number: (row['contact_number'] as string | null) ?? '',
      email: (row['contact_email'] as string | null) ?? '',
      profilePicUrl: (row['contact_picture'] as string | null) ?? null,
    },
    queue:
      row['queue_id'] && row['queue_name']
        ? { id: row['queue_id'] as number, name: row['queue_name'] as string, color: row['queue_color'] as string }
        : null,
    user:
      row['user_id'] && row['user_name'] ? { id: row['user_id'] as number, name: row['user_name'] as string } : null,
    whatsapp: row['whatsapp_name'] ? { id: row['whatsapp_id'] as number, name: row['whatsapp_name'] as string } : null,
    tags: (row['tags'] as TicketSnapshot['tags']) ?? [],
  };
}

/** Tickets and their attendance cycles; every method is scoped by company. */
@Injectable()
export class TicketsRepository {
  constructor(private readonly transactions: TransactionHost) {}

  private get db(): EntityManager {
    return this.transactions.manager;
  }

  async find(companyId: CompanyId, id: number, options: { lock?: boolean } = {}): Promise<TicketRow | null> {
    const [row] = await this.db.query<Array<Record<string, unknown>>>(
      `SELECT * FROM tickets WHERE company_id = $1 AND id = $2${options.lock ? ' FOR UPDATE' : ''}`,
      [companyId, id],
    );
    return row ? fromRow<TicketRow>(row, TICKET_COLUMNS) : null;
  }

  async findByUuid(companyId: CompanyId, uuid: string): Promise<TicketRow | null> {
    if (!/^[0-9a-f-]{36}$/i.test(uuid)) return null;
    const [row] = await this.db.query<Array<Record<string, unknown>>>(
      'SELECT * FROM tickets WHERE company_id = $1 AND uuid = $2',
      [companyId, uuid],
    );
    return row ? fromRow<TicketRow>(row, TICKET_COLUMNS) : null;
  }

  async findByContact(
    companyId: CompanyId,
    contactId: number,
    whatsappId: number,
    options: { lock?: boolean } = {},
  ): Promise<TicketRow | null> {
    const [row] = await this.db.query<Array<Record<string, unknown>>>(
      `SELECT * FROM tickets WHERE company_id = $1 AND contact_id = $2 AND whatsapp_id = $3${options.lock ? ' FOR UPDATE' : ''}`,
      [companyId, contactId, whatsappId],
    );
    return row ? fromRow<TicketRow>(row, TICKET_COLUMNS) : null;
  }

  /** Any open or pending ticket of the contact (on any connection), to refuse a second one. */
  async findActiveOfContact(companyId: CompanyId, contactId: number, exceptId?: number): Promise<TicketRow | null> {
    const [row] = await this.db.query<Array<Record<string, unknown>>>(
      `SELECT * FROM tickets WHERE company_id = $1 AND contact_id = $2 AND status IN ('open', 'pending')
         AND id <> $3 ORDER BY updated_at DESC LIMIT 1`,
      [companyId, contactId, exceptId ?? 0],
    );
    return row ? fromRow<TicketRow>(row, TICKET_COLUMNS) : null;
  }

  /**
   * Creates the one ticket of a contact on a connection, or returns the existing one (a concurrent insert
   * by another pod is absorbed by the unique constraint). The row is locked either way.
   */
  async findOrCreate(
    companyId: CompanyId,
    input: { contactId: number; whatsappId: number; chatJid: string; isGroup: boolean; status: TicketStatus },
  ): Promise<{ ticket: TicketRow; created: boolean }> {
    const inserted = await this.db.query<Array<Record<string, unknown>>>(
      `INSERT INTO tickets (uuid, company_id, status, whatsapp_id, contact_id, chat_jid, is_group)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (company_id, contact_id, whatsapp_id) DO NOTHING RETURNING *`,
      [randomUUID(), companyId, input.status, input.whatsappId, input.contactId, input.chatJid, input.isGroup],
    );
    if (inserted[0]) return { ticket: fromRow<TicketRow>(inserted[0], TICKET_COLUMNS), created: true };
    const existing = await this.findByContact(companyId, input.contactId, input.whatsappId, { lock: true });
    if (!existing) throw new Error('ticket vanished after a conflicting insert');
    return { ticket: existing, created: false };
  }

  async patch(companyId: CompanyId, id: number, patch: TicketPatch): Promise<TicketRow> {
    const sets: string[] = [];
    const values: unknown[] = [companyId, id];
    for (const [key, value] of Object.entries(patch)) {
      if (key === 'touch' || value === undefined) continue;
      const column = TICKET_COLUMNS[key as keyof TicketRow];
      values.push(value);
      sets.push(`${column} = $${values.length}`);
    }
    if (patch.touch !== false) sets.push('updated_at = clock_timestamp()');
    const [row] = await this.db.query<Array<Array<Record<string, unknown>>>>(
      `UPDATE tickets SET ${sets.length ? sets.join(', ') : 'id = id'} WHERE company_id = $1 AND id = $2 RETURNING *`,
      values,
    );
    const updated = row?.[0];
    if (!updated) throw new Error(`ticket ${id} not found`);
    return fromRow<TicketRow>(updated, TICKET_COLUMNS);
  }

  /** A deleted queue's tickets lose it (and any option of its menu); their list order does not change. */
  async clearQueue(companyId: CompanyId, queueId: number): Promise<void> {
    await this.db.query(
      'UPDATE tickets SET queue_id = NULL, queue_option_id = NULL WHERE company_id = $1 AND queue_id = $2',
      [companyId, queueId],
    );
  }

  async delete(companyId: CompanyId, id: number): Promise<void> {
    await this.db.query('DELETE FROM tickets WHERE company_id = $1 AND id = $2', [companyId, id]);
  }

  async snapshot(companyId: CompanyId, id: number): Promise<TicketSnapshot | null> {
    const [row] = await this.db.query<Array<Record<string, unknown>>>(
      `${SNAPSHOT_SELECT} WHERE t.company_id = $1 AND t.id = $2`,
      [companyId, id],
    );
    return row ? toTicketSnapshot(row) : null;
  }

  // --- attendance cycles ---

  /** The ticket's current attendance cycle, or a new one (a ticket that came back to life starts a cycle). */
  async openCycle(companyId: CompanyId, ticket: TicketRow): Promise<TrackingRow> {
    const [existing] = await this.db.query<Array<Record<string, unknown>>>(
      'SELECT * FROM ticket_trackings WHERE company_id = $1 AND ticket_id = $2 AND finished_at IS NULL FOR UPDATE',
      [companyId, ticket.id],
    );
    if (existing) return fromRow<TrackingRow>(existing, TRACKING_COLUMNS);
    const [created] = await this.db.query<Array<Record<string, unknown>>>(
      `INSERT INTO ticket_trackings (company_id, ticket_id, contact_id, whatsapp_id, user_id, queue_id, created_at, queued_at)
       VALUES ($1, $2, $3, $4, $5, $6, clock_timestamp(), CASE WHEN $7 = 'pending' THEN clock_timestamp() END) RETURNING *`,
      [companyId, ticket.id, ticket.contactId, ticket.whatsappId, ticket.userId, ticket.queueId, ticket.status],
    );
    return fromRow<TrackingRow>(created as Record<string, unknown>, TRACKING_COLUMNS);
  }

  async currentCycle(companyId: CompanyId, ticketId: number): Promise<TrackingRow | null> {
    const [row] = await this.db.query<Array<Record<string, unknown>>>(
      'SELECT * FROM ticket_trackings WHERE company_id = $1 AND ticket_id = $2 AND finished_at IS NULL',
      [companyId, ticketId],
    );
    return row ? fromRow<TrackingRow>(row, TRACKING_COLUMNS) : null;
  }

  async patchCycle(
    companyId: CompanyId,
    id: number,
    patch: Partial<Record<'userId' | 'queueId', number | null>> &
      Partial<Record<'queuedAt' | 'startedAt' | 'finishedAt' | 'ratingAt' | 'chatbotAt', 'now' | null>> & {
        rated?: boolean;
        rate?: number;
      },
  ): Promise<void> {
    const sets: string[] = [];
    const values: unknown[] = [companyId, id];
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) continue;
      const column = TRACKING_COLUMNS[key as keyof TrackingRow];
      if (value === 'now') {
        sets.push(`${column} = clock_timestamp()`);
      } else {
        values.push(value);
        sets.push(`${column} = $${values.length}`);
      }
    }
    if (sets.length === 0) return;
    await this.db.query(`UPDATE ticket_trackings SET ${sets.join(', ')} WHERE company_id = $1 AND id = $2`, values);
  }

  async addRating(companyId: CompanyId, ticketId: number, trackingId: number, userId: number | null, rate: number) {
    await this.db.query(
      'INSERT INTO user_ratings (company_id, ticket_id, tracking_id, user_id, rate) VALUES ($1, $2, $3, $4, $5)',
      [companyId, ticketId, trackingId, userId, rate],
    );
  }
}
