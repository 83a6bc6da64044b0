import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CompanyId } from '@cs/proto/common';
import type { ChatMessageSnapshot, ChatSnapshot } from '@cs/proto/events';
import { mapRow, mapRows, type SqlRow, TransactionHost } from '@cs/platform/database';

export interface ChatRow {
  readonly id: number;
  readonly uuid: string;
  readonly companyId: number;
  readonly title: string;
  readonly ownerId: number;
  readonly lastMessage: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

const toChatRow = (row: SqlRow | undefined): ChatRow =>
  mapRow(existing(row), (r) => ({
    id: r.int('id'),
    uuid: r.string('uuid'),
    companyId: r.int('company_id'),
    title: r.string('title'),
    ownerId: r.int('owner_id'),
    lastMessage: r.string('last_message'),
    createdAt: new Date(r.isoDate('created_at')),
    updatedAt: new Date(r.isoDate('updated_at')),
  }));

const toMessage = (row: SqlRow | undefined): ChatMessageSnapshot =>
  mapRow(existing(row), (r) => ({
    id: r.int('id'),
    chatId: r.int('chat_id'),
    senderId: r.int('sender_id'),
    sender: { id: r.int('sender_id'), name: r.nullable('sender_name', r.string) ?? '' },
    message: r.string('message'),
    createdAt: r.isoDate('created_at'),
  }));

/** The row a statement that always answers one (`INSERT ... RETURNING`, a read in the same transaction) gave. */
const existing = (row: SqlRow | undefined): SqlRow => {
  if (!row) throw new Error('SQL statement answered no row');
  return row;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Internal chats, their members (with unread counts) and messages. Every method is scoped by company; reads of a
 * chat by a user are scoped by membership too (a non-member never sees the chat).
 */
@Injectable()
export class ChatsRepository {
  constructor(private readonly transactions: TransactionHost) {}

  private get db(): EntityManager {
    return this.transactions.manager;
  }

  /** A chat the user is a member of, by numeric id or uuid (`/chats/{uuid}` of the spec's page). */
  async findForMember(companyId: CompanyId, userId: number, idOrUuid: string | number): Promise<ChatRow | null> {
    const byUuid = typeof idOrUuid === 'string' && UUID.test(idOrUuid);
    const id = typeof idOrUuid === 'number' ? idOrUuid : Number(idOrUuid);
    if (!byUuid && !(Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647)) return null;
    const [row] = await this.db.query<Array<Record<string, unknown>>>(
      `SELECT c.* FROM chats c JOIN chat_users cu ON cu.chat_id = c.id AND cu.company_id = c.company_id
        WHERE c.company_id = $1 AND cu.user_id = $2 AND ${byUuid ? 'c.uuid = $3::uuid' : 'c.id = $3'}`,
      [companyId, userId, byUuid ? idOrUuid : id],
    );
    return row ? toChatRow(row) : null;
  }

  /** Of the given ids, the ones that are (not deleted) users of the company. */
  async existingUsers(companyId: CompanyId, userIds: readonly number[]): Promise<number[]> {
    const rows = await this.db.query<Array<{ id: number }>>(
      'SELECT id FROM users WHERE company_id = $1 AND id = ANY($2::int[]) AND NOT deleted',
      [companyId, [...userIds]],
    );
    return rows.map((row) => row.id);
  }

  async insert(companyId: CompanyId, ownerId: number, title: string): Promise<ChatRow> {
    const [row] = await this.db.query<Array<Record<string, unknown>>>(
      'INSERT INTO chats (company_id, owner_id, title) VALUES ($1, $2, $3) RETURNING *',
      [companyId, ownerId, title],
    );
    return toChatRow(row);
  }

  async setTitle(companyId: CompanyId, id: number, title: string): Promise<void> {
    await this.db.query('UPDATE chats SET title = $3, updated_at = now() WHERE company_id = $1 AND id = $2', [
      companyId,
      id,
      title,
    ]);
  }

  async memberIds(companyId: CompanyId, chatId: number): Promise<number[]> {
    const rows = await this.db.query<Array<{ user_id: number }>>(
      'SELECT user_id FROM chat_users WHERE company_id = $1 AND chat_id = $2 ORDER BY user_id',
      [companyId, chatId],
    );
    return rows.map((row) => row.user_id);
  }

  /** Makes the chat's members exactly these users (kept members keep their unread counts). */
  async setMembers(companyId: CompanyId, chatId: number, userIds: readonly number[]): Promise<void> {
    await this.db.query(
      'DELETE FROM chat_users WHERE company_id = $1 AND chat_id = $2 AND NOT (user_id = ANY($3::int[]))',
      [companyId, chatId, [...userIds]],
    );
    await this.db.query(
      `INSERT INTO chat_users (company_id, chat_id, user_id) SELECT $1, $2, unnest($3::int[])
        ON CONFLICT (chat_id, user_id) DO NOTHING`,
      [companyId, chatId, [...userIds]],
    );
  }

  async delete(companyId: CompanyId, id: number): Promise<void> {
    await this.db.query('DELETE FROM chats WHERE company_id = $1 AND id = $2', [companyId, id]);
  }

  /** Stores a message: the chat's last message moves, every member but the sender gets one more unread. */
  async addMessage(
    companyId: CompanyId,
    chatId: number,
    senderId: number,
    message: string,
  ): Promise<ChatMessageSnapshot> {
    const [row] = await this.db.query<Array<Record<string, unknown>>>(
      `WITH inserted AS (
         INSERT INTO chat_messages (company_id, chat_id, sender_id, message) VALUES ($1, $2, $3, $4) RETURNING *
       )
       SELECT i.*, u.name AS sender_name FROM inserted i
         LEFT JOIN users u ON u.company_id = i.company_id AND u.id = i.sender_id`,
      [companyId, chatId, senderId, message],
    );
    await this.db.query('UPDATE chats SET last_message = $3, updated_at = now() WHERE company_id = $1 AND id = $2', [
      companyId,
      chatId,
      message,
    ]);
    await this.db.query(
      'UPDATE chat_users SET unreads = unreads + 1 WHERE company_id = $1 AND chat_id = $2 AND user_id <> $3',
      [companyId, chatId, senderId],
    );
    return toMessage(row);
  }

  /** The user's unread count of the chat back to 0; false when it already was. */
  async markRead(companyId: CompanyId, chatId: number, userId: number): Promise<boolean> {
    const [, count] = await this.db.query<[unknown[], number]>(
      'UPDATE chat_users SET unreads = 0 WHERE company_id = $1 AND chat_id = $2 AND user_id = $3 AND unreads > 0',
      [companyId, chatId, userId],
    );
    return count > 0;
  }

  /** The chats' snapshots with their members (names from the users projection), in the given order. */
  async snapshots(companyId: CompanyId, rows: readonly ChatRow[]): Promise<ChatSnapshot[]> {
    if (rows.length === 0) return [];
    const memberRows = await this.db.query<SqlRow[]>(
      `SELECT cu.chat_id, cu.user_id, cu.unreads, u.name FROM chat_users cu
         LEFT JOIN users u ON u.company_id = cu.company_id AND u.id = cu.user_id
        WHERE cu.company_id = $1 AND cu.chat_id = ANY($2::int[]) ORDER BY cu.chat_id, cu.user_id`,
      [companyId, rows.map((row) => row.id)],
    );
    const members = mapRows(memberRows, (r) => ({
      chatId: r.int('chat_id'),
      userId: r.int('user_id'),
      unreads: r.int('unreads'),
      name: r.nullable('name', r.string),
    }));
    return rows.map((row) => ({
      id: row.id,
      uuid: row.uuid,
      companyId: row.companyId,
      title: row.title,
      ownerId: row.ownerId,
      lastMessage: row.lastMessage,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      users: members
        .filter((member) => member.chatId === row.id)
        .map((member) => ({
          userId: member.userId,
          unreads: member.unreads,
          user: { id: member.userId, name: member.name ?? '' },
        })),
    }));
  }

  /** A chat's current snapshot (after a change in this transaction). */
  async snapshot(companyId: CompanyId, id: number): Promise<ChatSnapshot> {
    const [row] = await this.db.query<Array<Record<string, unknown>>>(
      'SELECT * FROM chats WHERE company_id = $1 AND id = $2',
      [companyId, id],
    );
    const [snapshot] = await this.snapshots(companyId, [toChatRow(row)]);
    return snapshot as ChatSnapshot;
  }

  /** The user's chats, most recently active first, optionally by title. */
  async pageForMember(
    companyId: CompanyId,
    userId: number,
    search: string | undefined,
    limit: number,
    offset: number,
  ): Promise<{ rows: ChatRow[]; count: number }> {
    const params: unknown[] = [companyId, userId];
    let condition = 'c.company_id = $1 AND cu.user_id = $2';
    if (search) {
      params.push(`%${search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
      condition += ' AND lower(c.title) LIKE $3';
    }
    const from = 'chats c JOIN chat_users cu ON cu.company_id = c.company_id AND cu.chat_id = c.id';
    const [count] = await this.db.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM ${from} WHERE ${condition}`,
      params,
    );
    const rows = await this.db.query<Array<Record<string, unknown>>>(
      `SELECT c.* FROM ${from} WHERE ${condition} ORDER BY c.updated_at DESC, c.id DESC LIMIT ${limit} OFFSET ${offset}`,
      params,
    );
    return { rows: rows.map((row) => toChatRow(row)), count: count?.count ?? 0 };
  }

  /** A page of the chat's messages, newest page first, each page in chronological order. */
  async messagesPage(
    companyId: CompanyId,
    chatId: number,
    limit: number,
    offset: number,
  ): Promise<{ records: ChatMessageSnapshot[]; count: number }> {
    const [count] = await this.db.query<Array<{ count: number }>>(
      'SELECT count(*)::int AS count FROM chat_messages WHERE company_id = $1 AND chat_id = $2',
      [companyId, chatId],
    );
    const rows = await this.db.query<Array<Record<string, unknown>>>(
      `SELECT m.*, u.name AS sender_name FROM chat_messages m
         LEFT JOIN users u ON u.company_id = m.company_id AND u.id = m.sender_id
        WHERE m.company_id = $1 AND m.chat_id = $2 ORDER BY m.id DESC LIMIT ${limit} OFFSET ${offset}`,
      [companyId, chatId],
    );
    return { records: rows.map((row) => toMessage(row)).reverse(), count: count?.count ?? 0 };
  }
}
