import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CompanyId } from '@cs/proto/common';
import { type ContactSnapshot, TICKET_STATUSES, type TicketSnapshot, type TicketStatus } from '@cs/proto/events';
import { mapRow, preparedStatement, runPrepared, type SqlRow, TransactionHost } from '@cs/platform/database';
import {
  contactsUpsert,
  contactsUpsertValues,
  contactUpsert,
  contactUpsertValues,
} from '../projections/projections.repository.js';

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

/** How a batch finds a contact's ticket on a connection (the unique triple of `tickets`). */
export const ticketKey = (companyId: number, contactId: number, whatsappId: number): string =>
  `${companyId}:${contactId}:${whatsappId}`;

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

const toTicketRow = (row: SqlRow): TicketRow =>
  mapRow(row, (r) => ({
    id: r.int('id'),
    uuid: r.string('uuid'),
    companyId: r.int('company_id'),
    status: r.oneOf('status', TICKET_STATUSES),
    userId: r.nullable('user_id', r.int),
    queueId: r.nullable('queue_id', r.int),
    whatsappId: r.int('whatsapp_id'),
    contactId: r.int('contact_id'),
    chatJid: r.string('chat_jid'),
    isGroup: r.boolean('is_group'),
    chatbot: r.boolean('chatbot'),
    queueOptionId: r.nullable('queue_option_id', r.int),
    useIntegration: r.boolean('use_integration'),
    promptId: r.nullable('prompt_id', r.int),
    integrationId: r.nullable('integration_id', r.int),
    lastMessage: r.string('last_message'),
    unreadMessages: r.int('unread_messages'),
    fromMe: r.boolean('from_me'),
    botMenuCount: r.int('bot_menu_count'),
    outOfHoursSentAt: r.nullable('out_of_hours_sent_at', r.date),
    greetingSentAt: r.nullable('greeting_sent_at', r.date),
    createdAt: r.date('created_at'),
    updatedAt: r.date('updated_at'),
  }));

const toTrackingRow = (row: SqlRow): TrackingRow =>
  mapRow(row, (r) => ({
    id: r.int('id'),
    ticketId: r.int('ticket_id'),
    userId: r.nullable('user_id', r.int),
    queueId: r.nullable('queue_id', r.int),
    createdAt: r.date('created_at'),
    queuedAt: r.nullable('queued_at', r.date),
    startedAt: r.nullable('started_at', r.date),
    finishedAt: r.nullable('finished_at', r.date),
    ratingAt: r.nullable('rating_at', r.date),
    chatbotAt: r.nullable('chatbot_at', r.date),
    rated: r.boolean('rated'),
    rate: r.nullable('rate', r.int),
  }));

export type TicketPatch = Partial<Omit<TicketRow, 'id' | 'uuid' | 'companyId' | 'createdAt' | 'updatedAt'>> & {
  /** Leave `updated_at` alone (the list order is by it: only conversation activity moves a ticket). */
  readonly touch?: boolean;
};

/**
 * A closed ticket that a new message reopens (the customer's, or one sent through the external API): a new
 * attendance cycle, pending in no queue and with no agent or bot, so the next customer message is routed afresh;
 * the greeting and the out-of-hours notice belong to the cycle, so the new one may send them again.
 */
export const REOPENED: TicketPatch = {
  status: 'pending',
  userId: null,
  queueId: null,
  chatbot: false,
  queueOptionId: null,
  botMenuCount: 0,
  greetingSentAt: null,
  outOfHoursSentAt: null,
};

/** The list item / chat header of the spec from `source` (a table or a CTE with the tickets' columns) aliased `t`. */
const snapshotSelect = (source: string, columns: string) => `
  SELECT ${columns},
         c.name AS contact_name, c.number AS contact_number, c.email AS contact_email,
         c.profile_pic_url AS contact_picture,
         q.name AS queue_name, q.color AS queue_color, u.name AS user_name, w.name AS whatsapp_name,
         coalesce(tg.tags, '[]'::json) AS tags
    FROM ${source} t
    LEFT JOIN contacts c ON c.company_id = t.company_id AND c.id = t.contact_id
    LEFT JOIN queues q ON q.company_id = t.company_id AND q.id = t.queue_id
    LEFT JOIN users u ON u.company_id = t.company_id AND u.id = t.user_id
    LEFT JOIN connections w ON w.company_id = t.company_id AND w.id = t.whatsapp_id
    LEFT JOIN LATERAL (
      SELECT json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color) ORDER BY g.name) AS tags
        FROM ticket_tags tt JOIN tags g ON g.company_id = tt.company_id AND g.id = tt.tag_id
       WHERE tt.company_id = t.company_id AND tt.ticket_id = t.id
    ) tg ON true`;

/** The list item / chat header of the spec, built in one statement (used by the list, events and reads). */
export const SNAPSHOT_SELECT = snapshotSelect(
  'tickets',
  `t.id, t.uuid, t.company_id, t.status, t.user_id, t.queue_id, t.whatsapp_id, t.contact_id, t.is_group,
         t.chatbot, t.use_integration, t.prompt_id, t.integration_id, t.last_message, t.unread_messages,
         t.created_at, t.updated_at`,
);

export function toTicketSnapshot(row: SqlRow): TicketSnapshot {
  return mapRow(row, (r) => {
    const queueId = r.nullable('queue_id', r.int);
    const queueName = r.nullable('queue_name', r.string);
    const userId = r.nullable('user_id', r.int);
    const userName = r.nullable('user_name', r.string);
    const whatsappId = r.nullable('whatsapp_id', r.int);
    const whatsappName = r.nullable('whatsapp_name', r.string);
    return {
      id: r.int('id'),
      uuid: r.string('uuid'),
      companyId: r.int('company_id'),
      status: r.oneOf('status', TICKET_STATUSES),
      userId,
      queueId,
      whatsappId,
      contactId: r.int('contact_id'),
      isGroup: r.boolean('is_group'),
      chatbot: r.boolean('chatbot'),
      useIntegration: r.boolean('use_integration'),
      promptId: r.nullable('prompt_id', r.int),
      integrationId: r.nullable('integration_id', r.int),
      lastMessage: r.string('last_message'),
      unreadMessages: r.int('unread_messages'),
      createdAt: r.isoDate('created_at'),
      updatedAt: r.isoDate('updated_at'),
      contact: {
        id: r.int('contact_id'),
        name: r.nullable('contact_name', r.string) ?? '',
        number: r.nullable('contact_number', r.string) ?? '',
        email: r.nullable('contact_email', r.string) ?? '',
        profilePicUrl: r.nullable('contact_picture', r.string),
      },
      queue: queueId && queueName ? { id: queueId, name: queueName, color: r.string('queue_color') } : null,
      user: userId && userName ? { id: userId, name: userName } : null,
      whatsapp: whatsappName ? { id: r.int('whatsapp_id'), name: whatsappName } : null,
      tags: r.nullable('tags', r.json<TicketSnapshot['tags']>) ?? [],
    };
  });
}

/** The `UPDATE ... RETURNING *` of a ticket patch (parameters `$1` company, `$2` ticket). */
function patchStatement(companyId: CompanyId, id: number, patch: TicketPatch): { sql: string; values: unknown[] } {
  const sets: string[] = [];
  const values: unknown[] = [companyId, id];
  for (const [key, value] of Object.entries(patch)) {
    if (key === 'touch' || value === undefined) continue;
    const column = TICKET_COLUMNS[key as keyof TicketRow];
    values.push(value);
    sets.push(`${column} = $${values.length}`);
  }
  if (patch.touch !== false) sets.push('updated_at = clock_timestamp()');
  return {
    sql: `UPDATE tickets SET ${sets.length ? sets.join(', ') : 'id = id'} WHERE company_id = $1 AND id = $2 RETURNING *`,
    values,
  };
}

/** `lockForInbound`: the contacts' projection refreshed, then the tickets of the batch's chats locked in id order. */
const LOCK_FOR_INBOUND = preparedStatement(
  `WITH contact AS (${contactsUpsert(1)}),
       wanted AS (
         SELECT DISTINCT * FROM unnest($2::int[], $3::int[], $4::int[]) AS w(company_id, contact_id, whatsapp_id)
       )
       SELECT t.* FROM tickets t
         JOIN wanted w ON t.company_id = w.company_id AND t.contact_id = w.contact_id AND t.whatsapp_id = w.whatsapp_id
        ORDER BY t.id
          FOR UPDATE OF t`,
);

/** `recordMessages`: the tickets' previews and unread counts, their attendance cycles, and their snapshots after. */
const RECORD_MESSAGES = preparedStatement(
  `WITH input AS (
         SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::boolean[], $5::int[])
           AS i(company_id, id, last_message, from_me, unread_messages)
       ), cycle AS (
         INSERT INTO ticket_trackings (company_id, ticket_id, contact_id, whatsapp_id, user_id, queue_id, created_at, queued_at)
         SELECT t.company_id, t.id, t.contact_id, t.whatsapp_id, t.user_id, t.queue_id, clock_timestamp(),
                CASE WHEN t.status = 'pending' THEN clock_timestamp() END
           FROM tickets t JOIN input i ON t.company_id = i.company_id AND t.id = i.id
          WHERE t.status <> 'closed'
            AND NOT EXISTS (
              SELECT 1 FROM ticket_trackings tr
               WHERE tr.company_id = t.company_id AND tr.ticket_id = t.id AND tr.finished_at IS NULL
            )
         ON CONFLICT (company_id, ticket_id) WHERE finished_at IS NULL DO NOTHING
       ), updated AS (
         UPDATE tickets t SET last_message = i.last_message, from_me = i.from_me, unread_messages = i.unread_messages,
                updated_at = clock_timestamp()
           FROM input i
          WHERE t.company_id = i.company_id AND t.id = i.id
         RETURNING t.*
       )
       ${snapshotSelect('updated', 't.*')}`,
);

/** Tickets and their attendance cycles; every method is scoped by company. */
@Injectable()
export class TicketsRepository {
  constructor(private readonly transactions: TransactionHost) {}

  private get db(): EntityManager {
    return this.transactions.manager;
  }

  async find(companyId: CompanyId, id: number, options: { lock?: boolean } = {}): Promise<TicketRow | null> {
    const [row] = await this.db.query<SqlRow[]>(
      `SELECT * FROM tickets WHERE company_id = $1 AND id = $2${options.lock ? ' FOR UPDATE' : ''}`,
      [companyId, id],
    );
    return row ? toTicketRow(row) : null;
  }

  async findByUuid(companyId: CompanyId, uuid: string): Promise<TicketRow | null> {
    if (!/^[0-9a-f-]{36}$/i.test(uuid)) return null;
    const [row] = await this.db.query<SqlRow[]>('SELECT * FROM tickets WHERE company_id = $1 AND uuid = $2', [
      companyId,
      uuid,
    ]);
    return row ? toTicketRow(row) : null;
  }

  async findByContact(
    companyId: CompanyId,
    contactId: number,
    whatsappId: number,
    options: { lock?: boolean } = {},
  ): Promise<TicketRow | null> {
    const [row] = await this.db.query<SqlRow[]>(
      `SELECT * FROM tickets WHERE company_id = $1 AND contact_id = $2 AND whatsapp_id = $3${options.lock ? ' FOR UPDATE' : ''}`,
      [companyId, contactId, whatsappId],
    );
    return row ? toTicketRow(row) : null;
  }

  /** Any open or pending ticket of the contact (on any connection), to refuse a second one. */
  async findActiveOfContact(companyId: CompanyId, contactId: number, exceptId?: number): Promise<TicketRow | null> {
    const [row] = await this.db.query<SqlRow[]>(
      `SELECT * FROM tickets WHERE company_id = $1 AND contact_id = $2 AND status IN ('open', 'pending')
         AND id <> $3 ORDER BY updated_at DESC LIMIT 1`,
      [companyId, contactId, exceptId ?? 0],
    );
    return row ? toTicketRow(row) : null;
  }

  /**
   * Creates the one ticket of a contact on a connection, or returns the existing one (a concurrent insert
   * by another pod is absorbed by the unique constraint). The row is locked either way.
   */
  async findOrCreate(
    companyId: CompanyId,
    input: { contactId: number; whatsappId: number; chatJid: string; isGroup: boolean; status: TicketStatus },
  ): Promise<{ ticket: TicketRow; created: boolean }> {
    const inserted = await this.db.query<SqlRow[]>(
      `INSERT INTO tickets (uuid, company_id, status, whatsapp_id, contact_id, chat_jid, is_group)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (company_id, contact_id, whatsapp_id) DO NOTHING RETURNING *`,
      [randomUUID(), companyId, input.status, input.whatsappId, input.contactId, input.chatJid, input.isGroup],
    );
    if (inserted[0]) return { ticket: toTicketRow(inserted[0]), created: true };
    const existing = await this.findByContact(companyId, input.contactId, input.whatsappId, { lock: true });
    if (!existing) throw new Error('ticket vanished after a conflicting insert');
    return { ticket: existing, created: false };
  }

  /**
   * The inbound path's first statement: the contact's ticket on the connection, locked (null when there is none
   * yet), and whether a message with this WhatsApp id is already stored on the connection (a redelivery); with
   * `contact`, its snapshot is written to the projection too when it changed (`contactUpsert`).
   */
  async findForInbound(
    companyId: CompanyId,
    input: { contactId: number; whatsappId: number; waId: string; contact?: ContactSnapshot },
  ): Promise<{ ticket: TicketRow | null; duplicate: boolean }> {
    const [row] = await this.db.query<SqlRow[]>(
      `WITH ${input.contact ? `contact AS (${contactUpsert(5)}),` : ''}
       ticket AS MATERIALIZED (
         SELECT * FROM tickets WHERE company_id = $1 AND contact_id = $2 AND whatsapp_id = $3 FOR UPDATE
       )
       SELECT ticket.*, EXISTS (
                SELECT 1 FROM messages WHERE company_id = $1 AND whatsapp_id = $3 AND wa_id = $4
              ) AS duplicate_message
         FROM (VALUES (1)) AS one (n) LEFT JOIN ticket ON true`,
      [
        companyId,
        input.contactId,
        input.whatsappId,
        input.waId,
        ...(input.contact ? contactUpsertValues(input.contact) : []),
      ],
    );
    if (!row) return { ticket: null, duplicate: false };
    return mapRow(row, (r) => ({
      ticket: r.isNull('id') ? null : toTicketRow(row),
      duplicate: r.boolean('duplicate_message'),
    }));
  }

  /**
   * The batch form of `findForInbound` (without its duplicate check: a batch's message insert skips what is stored):
   * the tickets of these (company, contact, connection) triples, locked in id order, with each distinct contact's
   * snapshot written to the projection when it changed (the first given of a contact), in one statement. Keyed by
   * `ticketKey`.
   */
  async lockForInbound(
    requests: ReadonlyArray<{ companyId: number; contactId: number; whatsappId: number; contact: ContactSnapshot }>,
  ): Promise<Map<string, TicketRow>> {
    const found = new Map<string, TicketRow>();
    if (requests.length === 0) return found;
    const contacts = new Map<string, ContactSnapshot>();
    for (const { companyId, contact } of requests) {
      if (!contacts.has(`${companyId}:${contact.id}`)) contacts.set(`${companyId}:${contact.id}`, contact);
    }
    const rows = await runPrepared(this.db, LOCK_FOR_INBOUND, [
      contactsUpsertValues([...contacts.values()]),
      requests.map((request) => request.companyId),
      requests.map((request) => request.contactId),
      requests.map((request) => request.whatsappId),
    ]);
    for (const row of rows) {
      const ticket = toTicketRow(row);
      found.set(ticketKey(ticket.companyId, ticket.contactId, ticket.whatsappId), ticket);
    }
    return found;
  }

  /**
   * The batch form of `recordMessage`: for each (locked) ticket its preview, sender and unread count after the
   * batch's messages, an attendance cycle for a ticket that is not closed and has none, and the list-item snapshots
   * after it, in one statement. Keyed by `${companyId}:${ticketId}`.
   */
  async recordMessages(
    updates: ReadonlyArray<{
      companyId: number;
      id: number;
      lastMessage: string;
      fromMe: boolean;
      unreadMessages: number;
    }>,
  ): Promise<Map<string, { ticket: TicketRow; snapshot: TicketSnapshot }>> {
    const result = new Map<string, { ticket: TicketRow; snapshot: TicketSnapshot }>();
    if (updates.length === 0) return result;
    const rows = await runPrepared(this.db, RECORD_MESSAGES, [
      updates.map((update) => update.companyId),
      updates.map((update) => update.id),
      updates.map((update) => update.lastMessage),
      updates.map((update) => update.fromMe),
      updates.map((update) => update.unreadMessages),
    ]);
    for (const row of rows) {
      const ticket = toTicketRow(row);
      result.set(`${ticket.companyId}:${ticket.id}`, { ticket, snapshot: toTicketSnapshot(row) });
    }
    return result;
  }

  /**
   * A message was added to the (locked) ticket: its preview and unread count change, a ticket that is not closed
   * gets an attendance cycle when it has none (`openCycle`), and the ticket comes back with its list-item snapshot
   * for the events, all in one statement.
   */
  async recordMessage(
    companyId: CompanyId,
    id: number,
    patch: { lastMessage: string; fromMe: boolean; unreadMessages: number },
  ): Promise<{ ticket: TicketRow; snapshot: TicketSnapshot }> {
    const [row] = await this.db.query<SqlRow[]>(
      `WITH cycle AS (
         INSERT INTO ticket_trackings (company_id, ticket_id, contact_id, whatsapp_id, user_id, queue_id, created_at, queued_at)
         SELECT company_id, id, contact_id, whatsapp_id, user_id, queue_id, clock_timestamp(),
                CASE WHEN status = 'pending' THEN clock_timestamp() END
           FROM tickets
          WHERE company_id = $1 AND id = $2 AND status <> 'closed'
            AND NOT EXISTS (
              SELECT 1 FROM ticket_trackings WHERE company_id = $1 AND ticket_id = $2 AND finished_at IS NULL
            )
         ON CONFLICT (company_id, ticket_id) WHERE finished_at IS NULL DO NOTHING
       ), updated AS (
         UPDATE tickets SET last_message = $3, from_me = $4, unread_messages = $5, updated_at = clock_timestamp()
          WHERE company_id = $1 AND id = $2 RETURNING *
       )
       ${snapshotSelect('updated', 't.*')}`,
      [companyId, id, patch.lastMessage, patch.fromMe, patch.unreadMessages],
    );
    if (!row) throw new Error(`ticket ${id} not found`);
    return { ticket: toTicketRow(row), snapshot: toTicketSnapshot(row) };
  }

  async patch(companyId: CompanyId, id: number, patch: TicketPatch): Promise<TicketRow> {
    const { sql, values } = patchStatement(companyId, id, patch);
    const [row] = await this.db.query<SqlRow[][]>(sql, values);
    const updated = row?.[0];
    if (!updated) throw new Error(`ticket ${id} not found`);
    return toTicketRow(updated);
  }

  /** `patch`, and the ticket's list-item snapshot after it (for its events), in one statement. */
  async patchWithSnapshot(
    companyId: CompanyId,
    id: number,
    patch: TicketPatch,
  ): Promise<{ ticket: TicketRow; snapshot: TicketSnapshot }> {
    const { sql, values } = patchStatement(companyId, id, patch);
    const [row] = await this.db.query<SqlRow[]>(`WITH updated AS (${sql}) ${snapshotSelect('updated', 't.*')}`, values);
    if (!row) throw new Error(`ticket ${id} not found`);
    return { ticket: toTicketRow(row), snapshot: toTicketSnapshot(row) };
  }

  /** `find` with the ticket's list-item snapshot, in one statement. */
  async findWithSnapshot(
    companyId: CompanyId,
    id: number,
  ): Promise<{ ticket: TicketRow; snapshot: TicketSnapshot } | null> {
    const [row] = await this.db.query<SqlRow[]>(
      `${snapshotSelect('tickets', 't.*')} WHERE t.company_id = $1 AND t.id = $2`,
      [companyId, id],
    );
    return row ? { ticket: toTicketRow(row), snapshot: toTicketSnapshot(row) } : null;
  }

  /**
   * The chatbot sent a menu: the ticket's menu count goes up by one and its current cycle notes when (a ticket
   * without a cycle gets one), in one statement when the cycle exists.
   */
  async countBotMenu(companyId: CompanyId, id: number): Promise<void> {
    const marked = await this.db.query<Array<Array<unknown>>>(
      `WITH counted AS (
         UPDATE tickets SET bot_menu_count = bot_menu_count + 1 WHERE company_id = $1 AND id = $2 RETURNING id
       )
       UPDATE ticket_trackings SET chatbot_at = clock_timestamp()
        WHERE company_id = $1 AND ticket_id = (SELECT id FROM counted) AND finished_at IS NULL RETURNING id`,
      [companyId, id],
    );
    if ((marked[0]?.length ?? 0) > 0) return;
    const ticket = await this.find(companyId, id);
    if (!ticket) return;
    const cycle = await this.openCycle(companyId, ticket);
    await this.patchCycle(companyId, cycle.id, { chatbotAt: 'now' });
  }

  async delete(companyId: CompanyId, id: number): Promise<void> {
    await this.db.query('DELETE FROM tickets WHERE company_id = $1 AND id = $2', [companyId, id]);
  }

  async snapshot(companyId: CompanyId, id: number): Promise<TicketSnapshot | null> {
    const [row] = await this.db.query<SqlRow[]>(`${SNAPSHOT_SELECT} WHERE t.company_id = $1 AND t.id = $2`, [
      companyId,
      id,
    ]);
    return row ? toTicketSnapshot(row) : null;
  }

  // --- attendance cycles ---

  /** The ticket's current attendance cycle, or a new one (a ticket that came back to life starts a cycle). */
  async openCycle(companyId: CompanyId, ticket: TicketRow): Promise<TrackingRow> {
    const [existing] = await this.db.query<SqlRow[]>(
      'SELECT * FROM ticket_trackings WHERE company_id = $1 AND ticket_id = $2 AND finished_at IS NULL FOR UPDATE',
      [companyId, ticket.id],
    );
    if (existing) return toTrackingRow(existing);
    const [created] = await this.db.query<SqlRow[]>(
      `INSERT INTO ticket_trackings (company_id, ticket_id, contact_id, whatsapp_id, user_id, queue_id, created_at, queued_at)
       VALUES ($1, $2, $3, $4, $5, $6, clock_timestamp(), CASE WHEN $7 = 'pending' THEN clock_timestamp() END) RETURNING *`,
      [companyId, ticket.id, ticket.contactId, ticket.whatsappId, ticket.userId, ticket.queueId, ticket.status],
    );
    if (!created) throw new Error(`ticket ${ticket.id}: its new attendance cycle was not returned`);
    return toTrackingRow(created);
  }

  async currentCycle(companyId: CompanyId, ticketId: number): Promise<TrackingRow | null> {
    const [row] = await this.db.query<SqlRow[]>(
      'SELECT * FROM ticket_trackings WHERE company_id = $1 AND ticket_id = $2 AND finished_at IS NULL',
      [companyId, ticketId],
    );
    return row ? toTrackingRow(row) : null;
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
