import { BufferJSON, proto, type WAMessage } from 'baileys';
import type { EntityManager } from 'typeorm';
import { mapRows, type RowReader, type SqlRow } from '@cs/platform/database';
import type { ContactUpdate, SessionContext } from '../provider.port.js';

/**
 * A WAMessage as text. Not `JSON.stringify(message)`: Baileys' messages are protobuf instances whose `toJSON` turns
 * bytes into base64 strings and enums into names, which `proto.Message.encode` (a retry re-encrypting it) then gets
 * wrong. `toObject` keeps bytes as bytes (BufferJSON) and numbers as numbers; the v7 key extras are kept as well.
 */
export function serializeMessage(message: WAMessage): string {
  const plain = proto.WebMessageInfo.toObject(proto.WebMessageInfo.fromObject(message), {
    longs: Number,
    enums: Number,
  });
  const key = plain['key'] as Record<string, unknown> | undefined;
  return JSON.stringify({ ...plain, key: { ...key, ...message.key } }, BufferJSON.replacer);
}

export function deserializeMessage(text: string): WAMessage {
  return JSON.parse(text, BufferJSON.reviver) as WAMessage;
}

type StoreContext = Pick<SessionContext, 'connection' | 'transaction'>;

export interface StoredMessage {
  readonly messageId: string;
  readonly chatJid: string;
  readonly participant: string | null;
  readonly fromMe: boolean;
  readonly sentByUs: boolean;
  readonly message: WAMessage | null;
  readonly sentAt: Date | null;
}

export interface ContactFacts {
  readonly jid: string;
  readonly number: string | null;
  readonly lid: string | null;
  readonly isGroup: boolean;
  /** Undefined: unknown (kept); null: cleared. */
  readonly name?: string | null;
  readonly notify?: string | null;
  readonly profilePicUrl?: string | null;
}

interface ContactRow {
  jid: string;
  number: string | null;
  lid: string | null;
  is_group: boolean;
  name: string | null;
  notify: string | null;
  profile_pic_url: string | null;
}

const CONTACT_COLUMNS = 'jid, number, lid, is_group, name, notify, profile_pic_url';

const readContactRow = (r: RowReader): ContactRow => ({
  jid: r.string('jid'),
  number: r.nullable('number', r.string),
  lid: r.nullable('lid', r.string),
  is_group: r.boolean('is_group'),
  name: r.nullable('name', r.string),
  notify: r.nullable('notify', r.string),
  profile_pic_url: r.nullable('profile_pic_url', r.string),
});

/** The provider's own rows besides auth state: messages (`baileys_messages`) and contacts (`baileys_contacts`). */
export class BaileysDataStore {
  constructor(private readonly context: StoreContext) {}

  private get scope(): [number, number] {
    return [this.context.connection.companyId, this.context.connection.id];
  }

  /** Records a send before it goes out (so its echo and retry requests are recognised); keeps an earlier row. */
  async reserveSend(messageId: string, chatJid: string): Promise<StoredMessage | null> {
    return this.context.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO baileys_messages (company_id, connection_id, message_id, chat_jid, from_me, sent_by_us)
         VALUES ($1, $2, $3, $4, true, true) ON CONFLICT DO NOTHING`,
        [...this.scope, messageId, chatJid],
      );
      return this.findIn(manager, messageId);
    });
  }

  async recordSent(messageId: string, message: WAMessage, sentAt: Date): Promise<void> {
    await this.context.transaction((manager) =>
      manager.query(
        `UPDATE baileys_messages SET content = $4, sent_at = $5
          WHERE company_id = $1 AND connection_id = $2 AND message_id = $3`,
        [...this.scope, messageId, serializeMessage(message), sentAt],
      ),
    );
  }

  async recordReceived(message: WAMessage, chatJid: string): Promise<void> {
    const id = message.key.id;
    if (!id) return;
    await this.context.transaction((manager) =>
      manager.query(
        `INSERT INTO baileys_messages (company_id, connection_id, message_id, chat_jid, participant, from_me, content)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
        [
          ...this.scope,
          id,
          chatJid,
          message.key.participant ?? null,
          Boolean(message.key.fromMe),
          serializeMessage(message),
        ],
      ),
    );
  }

  async find(messageId: string): Promise<StoredMessage | null> {
    return this.context.transaction((manager) => this.findIn(manager, messageId));
  }

  async isOurs(messageId: string): Promise<boolean> {
    const rows = await this.context.transaction((manager) =>
      manager.query<unknown[]>(
        `SELECT 1 FROM baileys_messages
          WHERE company_id = $1 AND connection_id = $2 AND message_id = $3 AND sent_by_us`,
        [...this.scope, messageId],
      ),
    );
    return rows.length > 0;
  }

  /** Forgets stored messages older than `days` (they only serve retries, quotes and mark-read of recent chats). */
  async prune(days: number): Promise<number> {
    const result = await this.context.transaction((manager) =>
      manager.query<[unknown[], number]>(
        `DELETE FROM baileys_messages
          WHERE company_id = $1 AND connection_id = $2 AND created_at < now() - make_interval(days => $3)`,
        [...this.scope, days],
      ),
    );
    return result[1];
  }

  /** Merges what WhatsApp said about a contact; resolves with the update to report, or null when nothing changed. */
  async mergeContact(facts: ContactFacts): Promise<ContactUpdate | null> {
    return this.context.transaction(async (manager) => {
      const [before] = mapRows(
        await manager.query<SqlRow[]>(
          `SELECT ${CONTACT_COLUMNS} FROM baileys_contacts
            WHERE company_id = $1 AND connection_id = $2 AND jid = $3 FOR UPDATE`,
          [...this.scope, facts.jid],
        ),
        readContactRow,
      );
      const after: ContactRow = {
        jid: facts.jid,
        number: facts.number ?? before?.number ?? null,
        lid: facts.lid ?? before?.lid ?? null,
        is_group: facts.isGroup,
        name: facts.name === undefined ? (before?.name ?? null) : facts.name,
        notify: facts.notify === undefined ? (before?.notify ?? null) : facts.notify,
        profile_pic_url: facts.profilePicUrl === undefined ? (before?.profile_pic_url ?? null) : facts.profilePicUrl,
      };
      const same =
        before !== undefined &&
        (['number', 'lid', 'is_group', 'name', 'notify', 'profile_pic_url'] as const).every(
          (column) => before[column] === after[column],
        );
      if (same) return null;
      await manager.query(
        `INSERT INTO baileys_contacts (company_id, connection_id, jid, number, lid, is_group, name, notify, profile_pic_url)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (company_id, connection_id, jid) DO UPDATE SET number = EXCLUDED.number, lid = EXCLUDED.lid,
           is_group = EXCLUDED.is_group, name = EXCLUDED.name, notify = EXCLUDED.notify,
           profile_pic_url = EXCLUDED.profile_pic_url, updated_at = now()`,
        [
          ...this.scope,
          after.jid,
          after.number,
          after.lid,
          after.is_group,
          after.name?.slice(0, 255) ?? null,
          after.notify?.slice(0, 255) ?? null,
          after.profile_pic_url,
        ],
      );
      return toContactUpdate(after);
    });
  }

  async listContacts(): Promise<ContactUpdate[]> {
    const rows = await this.context.transaction((manager) =>
      manager.query<SqlRow[]>(
        `SELECT ${CONTACT_COLUMNS} FROM baileys_contacts WHERE company_id = $1 AND connection_id = $2 ORDER BY jid`,
        this.scope,
      ),
    );
    return mapRows(rows, (r) => toContactUpdate(readContactRow(r)));
  }

  /** Everything the provider stored for the connection (auth state excluded: see `BaileysAuthStore.wipeAuth`). */
  static async wipeData(manager: EntityManager, connectionId: number): Promise<void> {
    await manager.query('DELETE FROM baileys_messages WHERE connection_id = $1', [connectionId]);
    await manager.query('DELETE FROM baileys_contacts WHERE connection_id = $1', [connectionId]);
  }

  private async findIn(manager: EntityManager, messageId: string): Promise<StoredMessage | null> {
    const rows = await manager.query<SqlRow[]>(
      `SELECT message_id, chat_jid, participant, from_me, sent_by_us, content, sent_at FROM baileys_messages
        WHERE company_id = $1 AND connection_id = $2 AND message_id = $3`,
      [...this.scope, messageId],
    );
    const [found] = mapRows(rows, (r): StoredMessage => {
      const content = r.nullable('content', r.string);
      return {
        messageId: r.string('message_id'),
        chatJid: r.string('chat_jid'),
        participant: r.nullable('participant', r.string),
        fromMe: r.boolean('from_me'),
        sentByUs: r.boolean('sent_by_us'),
        message: content ? deserializeMessage(content) : null,
        sentAt: r.nullable('sent_at', r.date),
      };
    });
    return found ?? null;
  }
}

function toContactUpdate(row: ContactRow): ContactUpdate {
  return {
    contact: { jid: row.jid, number: row.number, lid: row.lid, pushName: row.notify },
    isGroup: row.is_group,
    name: row.name ?? row.notify,
    profilePicUrl: row.profile_pic_url,
  };
}
