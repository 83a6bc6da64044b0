import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CompanyId } from '@cs/proto/common';
import { type MessageSnapshot, type QuotedMessage, REFUSED_MEDIA_REASONS, type RefusedMedia } from '@cs/proto/events';
import { mapRow, preparedStatement, runPrepared, type SqlRow, TransactionHost } from '@cs/platform/database';

export interface NewMessage {
  readonly id: string;
  readonly ticketId: number;
  readonly contactId: number | null;
  readonly whatsappId: number;
  readonly waId: string | null;
  readonly body: string;
  readonly fromMe: boolean;
  readonly isBot: boolean;
  readonly ack: number;
  readonly read: boolean;
  readonly mediaType: string;
  readonly mediaUrl: string | null;
  readonly quotedMsgId: string | null;
  readonly queueId: number | null;
  readonly userId: number | null;
  readonly createdAt?: Date;
  /** The file the connector did not keep (inbound only). */
  readonly refusedMedia?: RefusedMedia | null;
}

export interface MessageRow extends MessageSnapshot {
  readonly waId: string | null;
  readonly whatsappId: number;
  readonly userId: number | null;
  readonly error: string | null;
}

export const toMessageRow = (row: SqlRow): MessageRow =>
  mapRow(row, (r) => ({
    id: r.string('id'),
    ticketId: r.int('ticket_id'),
    companyId: r.int('company_id'),
    contactId: r.nullable('contact_id', r.int),
    body: r.string('body'),
    fromMe: r.boolean('from_me'),
    isBot: r.boolean('is_bot'),
    ack: r.int('ack'),
    read: r.boolean('read'),
    mediaType: r.string('media_type'),
    mediaUrl: r.nullable('media_url', r.string),
    isDeleted: r.boolean('is_deleted'),
    isEdited: r.boolean('is_edited'),
    quotedMsgId: r.nullable('quoted_msg_id', r.string),
    createdAt: r.isoDate('created_at'),
    updatedAt: r.isoDate('updated_at'),
    waId: r.nullable('wa_id', r.string),
    whatsappId: r.int('whatsapp_id'),
    userId: r.nullable('user_id', r.int),
    error: r.nullable('error', r.string),
    refusedMedia:
      r.nullable('refused_media_reason', (column) => r.oneOf(column, REFUSED_MEDIA_REASONS)) === null
        ? null
        : {
            fileName: r.nullable('refused_media_name', r.string),
            mimeType: r.nullable('refused_media_type', r.string),
            reason: r.oneOf('refused_media_reason', REFUSED_MEDIA_REASONS),
          },
  }));

export const toMessageSnapshot = (row: MessageRow): MessageSnapshot => ({
  id: row.id,
  ticketId: row.ticketId,
  companyId: row.companyId,
  contactId: row.contactId,
  body: row.body,
  fromMe: row.fromMe,
  isBot: row.isBot,
  ack: row.ack,
  read: row.read,
  mediaType: row.mediaType,
  mediaUrl: row.mediaUrl,
  isDeleted: row.isDeleted,
  isEdited: row.isEdited,
  quotedMsgId: row.quotedMsgId,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  ...(row.refusedMedia ? { refusedMedia: row.refusedMedia } : {}),
});

/** A batch of messages in one statement, in their order; one already stored (a redelivery) is not returned. */
const INSERT_MESSAGES = preparedStatement(
  `INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, wa_id, body, from_me, is_bot, ack, read,
         media_type, media_url, quoted_msg_id, queue_id, user_id, created_at, updated_at,
         refused_media_name, refused_media_type, refused_media_reason)
       SELECT m.id, m.company_id, m.ticket_id, m.contact_id, m.whatsapp_id, m.wa_id, m.body, m.from_me, m.is_bot, m.ack,
              m.read, m.media_type, m.media_url, m.quoted_msg_id, m.queue_id, m.user_id,
              coalesce(m.created_at, clock_timestamp()), clock_timestamp(),
              m.refused_media_name, m.refused_media_type, m.refused_media_reason
         FROM unnest($1::varchar[], $2::int[], $3::int[], $4::int[], $5::int[], $6::varchar[], $7::text[], $8::boolean[],
                     $9::boolean[], $10::smallint[], $11::boolean[], $12::varchar[], $13::text[], $14::varchar[],
                     $15::int[], $16::int[], $17::timestamptz[], $18::text[], $19::varchar[], $20::varchar[])
              WITH ORDINALITY AS m(id, company_id, ticket_id, contact_id, whatsapp_id, wa_id, body, from_me, is_bot, ack,
                                   read, media_type, media_url, quoted_msg_id, queue_id, user_id, created_at,
                                   refused_media_name, refused_media_type, refused_media_reason, n)
        ORDER BY m.n
       ON CONFLICT DO NOTHING RETURNING *`,
);

/** Messages of tickets; every method is scoped by company. */
@Injectable()
export class MessagesRepository {
  constructor(private readonly transactions: TransactionHost) {}

  private get db(): EntityManager {
    return this.transactions.manager;
  }

  /** Inserts a message; `null` when its WhatsApp id is already stored (a redelivery or an echo of ours). */
  async insert(companyId: CompanyId, message: NewMessage): Promise<MessageRow | null> {
    const [row] = await this.db.query<SqlRow[]>(
      `INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, wa_id, body, from_me, is_bot, ack, read,
         media_type, media_url, quoted_msg_id, queue_id, user_id, created_at, updated_at,
         refused_media_name, refused_media_type, refused_media_reason)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
         coalesce($17, clock_timestamp()), clock_timestamp(), $18, $19, $20)
       ON CONFLICT DO NOTHING RETURNING *`,
      [
        message.id,
        companyId,
        message.ticketId,
        message.contactId,
        message.whatsappId,
        message.waId,
        message.body,
        message.fromMe,
        message.isBot,
        message.ack,
        message.read,
        message.mediaType,
        message.mediaUrl,
        message.quotedMsgId,
        message.queueId,
        message.userId,
        message.createdAt ?? null,
        message.refusedMedia?.fileName ?? null,
        message.refusedMedia?.mimeType ?? null,
        message.refusedMedia?.reason ?? null,
      ],
    );
    return row ? toMessageRow(row) : null;
  }

  /**
   * `insert` for several messages (each with its company), in order, in one statement: what is already stored (or
   * repeated in the list: the first is kept) is skipped. Returns the rows inserted.
   */
  async insertMany(messages: ReadonlyArray<NewMessage & { companyId: number }>): Promise<MessageRow[]> {
    if (messages.length === 0) return [];
    const column = <T>(pick: (message: NewMessage & { companyId: number }) => T): T[] => messages.map(pick);
    const rows = await runPrepared(this.db, INSERT_MESSAGES, [
      column((message) => message.id),
      column((message) => message.companyId),
      column((message) => message.ticketId),
      column((message) => message.contactId),
      column((message) => message.whatsappId),
      column((message) => message.waId),
      column((message) => message.body),
      column((message) => message.fromMe),
      column((message) => message.isBot),
      column((message) => message.ack),
      column((message) => message.read),
      column((message) => message.mediaType),
      column((message) => message.mediaUrl),
      column((message) => message.quotedMsgId),
      column((message) => message.queueId),
      column((message) => message.userId),
      column((message) => message.createdAt ?? null),
      column((message) => message.refusedMedia?.fileName ?? null),
      column((message) => message.refusedMedia?.mimeType ?? null),
      column((message) => message.refusedMedia?.reason ?? null),
    ]);
    return rows.map(toMessageRow);
  }

  async find(companyId: CompanyId, id: string): Promise<MessageRow | null> {
    const [row] = await this.db.query<SqlRow[]>('SELECT * FROM messages WHERE company_id = $1 AND id = $2', [
      companyId,
      id,
    ]);
    return row ? toMessageRow(row) : null;
  }

  /** Whether the contact wrote on the ticket in the last `hours` hours (a message not from us). */
  async contactWroteWithin(companyId: CompanyId, ticketId: number, hours: number): Promise<boolean> {
    const [row] = await this.db.query<SqlRow[]>(
      `SELECT EXISTS (SELECT 1 FROM messages WHERE company_id = $1 AND ticket_id = $2 AND NOT from_me
         AND created_at > now() - make_interval(hours => $3)) AS wrote`,
      [companyId, ticketId, hours],
    );
    return row?.['wrote'] === true;
  }

  async findByWaId(companyId: CompanyId, whatsappId: number, waId: string): Promise<MessageRow | null> {
    const [row] = await this.db.query<SqlRow[]>(
      'SELECT * FROM messages WHERE company_id = $1 AND whatsapp_id = $2 AND wa_id = $3',
      [companyId, whatsappId, waId],
    );
    return row ? toMessageRow(row) : null;
  }

  async patch(
    companyId: CompanyId,
    id: string,
    patch: Partial<{
      waId: string;
      ack: number;
      body: string;
      isDeleted: boolean;
      isEdited: boolean;
      error: string | null;
    }>,
  ): Promise<MessageRow | null> {
    const columns: Record<string, string> = {
      waId: 'wa_id',
      ack: 'ack',
      body: 'body',
      isDeleted: 'is_deleted',
      isEdited: 'is_edited',
      error: 'error',
    };
    const sets: string[] = ['updated_at = clock_timestamp()'];
    const values: unknown[] = [companyId, id];
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) continue;
      values.push(value);
      sets.push(`${columns[key]} = $${values.length}`);
    }
    const [rows] = await this.db.query<[SqlRow[], number]>(
      `UPDATE messages SET ${sets.join(', ')} WHERE company_id = $1 AND id = $2 RETURNING *`,
      values,
    );
    const row = rows[0];
    return row ? toMessageRow(row) : null;
  }

  /** Marks every unread inbound message of a ticket as read; returns their WhatsApp ids. */
  async markRead(companyId: CompanyId, ticketId: number): Promise<string[]> {
    const [rows] = await this.db.query<[Array<{ wa_id: string | null }>, number]>(
      `UPDATE messages SET read = true WHERE company_id = $1 AND ticket_id = $2 AND read = false RETURNING wa_id`,
      [companyId, ticketId],
    );
    return rows.map((row) => row.wa_id).filter((id): id is string => id !== null);
  }
}

/** The quote a message's live event carries: the quoted message as the message view shows it. */
export const quoteOf = (quoted: MessageSnapshot): QuotedMessage => ({
  id: quoted.id,
  body: quoted.body,
  fromMe: quoted.fromMe,
  mediaType: quoted.mediaType,
});
