import {
  BufferJSON,
  initAuthCreds,
  makeCacheableSignalKeyStore,
  proto,
  type AuthenticationCreds,
  type AuthenticationState,
  type SignalDataSet,
  type SignalDataTypeMap,
  type SignalKeyStore,
} from 'baileys';
import type { EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import { mapRows, type SqlRow } from '@cs/platform/database';
import type { SessionContext } from '../provider.port.js';

/** Rows per multi-row INSERT (4 parameters each, far under PostgreSQL's 65 535). */
const CHUNK = 500;
const CREDS = 'creds';

const encode = (value: unknown): string => JSON.stringify(value, BufferJSON.replacer);
const decode = (text: string): unknown => JSON.parse(text, BufferJSON.reviver);

type AuthContext = Pick<SessionContext, 'connection' | 'fence' | 'transaction'>;

/**
 * Baileys' auth state in PostgreSQL (table `baileys_auth_keys`): one row per (company, connection, type, key id),
 * the creds as type `creds`, values as BufferJSON text. Every write is one transaction that first runs the lease
 * fence; a `LeaseLostError` rejects the write (and `onWriteRejected` ends the socket). Any key type is stored, so
 * v7's `lid-mapping`, `device-list`, `tctoken` and `identity-key` work, as will types added later.
 */
export class BaileysAuthStore implements SignalKeyStore {
  constructor(
    private readonly context: AuthContext,
    private readonly onWriteRejected: (error: unknown) => void = () => undefined,
  ) {}

  private get companyId(): number {
    return this.context.connection.companyId;
  }

  private get connectionId(): number {
    return this.context.connection.id;
  }

  async readCreds(): Promise<AuthenticationCreds | null> {
    const rows = await this.context.transaction((manager) =>
      manager.query<SqlRow[]>(
        'SELECT value FROM baileys_auth_keys WHERE company_id = $1 AND connection_id = $2 AND type = $3 AND key_id = $3',
        [this.companyId, this.connectionId, CREDS],
      ),
    );
    const [value] = mapRows(rows, (r) => r.string('value'));
    return value === undefined ? null : (decode(value) as AuthenticationCreds);
  }

  async saveCreds(creds: AuthenticationCreds): Promise<void> {
    await this.write(async (manager) => {
      await this.upsertRows(manager, [{ type: CREDS, id: CREDS, value: encode(creds) }]);
    });
  }

  async get<T extends keyof SignalDataTypeMap>(
    type: T,
    ids: string[],
  ): Promise<{ [id: string]: SignalDataTypeMap[T] }> {
    const result: { [id: string]: SignalDataTypeMap[T] } = {};
    if (ids.length === 0) return result;
    const rows = await this.context.transaction((manager) =>
      manager.query<SqlRow[]>(
        `SELECT key_id, value FROM baileys_auth_keys
          WHERE company_id = $1 AND connection_id = $2 AND type = $3 AND key_id = ANY($4::text[])`,
        [this.companyId, this.connectionId, type, ids],
      ),
    );
    for (const row of mapRows(rows, (r) => ({ key_id: r.string('key_id'), value: r.string('value') }))) {
      let value = decode(row.value);
      if (type === 'app-state-sync-key' && value) {
        value = proto.Message.AppStateSyncKeyData.fromObject(value);
      }
      result[row.key_id] = value as SignalDataTypeMap[T];
    }
    return result;
  }

  /** One transaction: the fence, then every upsert, then every delete (a null value deletes). */
  async set(data: SignalDataSet): Promise<void> {
    const upserts: { type: string; id: string; value: string }[] = [];
    const deletes = new Map<string, string[]>();
    for (const [type, entries] of Object.entries(data) as [string, Record<string, unknown> | undefined][]) {
      if (type === CREDS) throw new Error('"creds" is not a key type');
      for (const [id, value] of Object.entries(entries ?? {})) {
        if (value === null || value === undefined) deletes.set(type, [...(deletes.get(type) ?? []), id]);
        else upserts.push({ type, id, value: encode(value) });
      }
    }
    await this.write(async (manager) => {
      await this.upsertRows(manager, upserts);
      for (const [type, ids] of deletes) {
        await manager.query(
          `DELETE FROM baileys_auth_keys
            WHERE company_id = $1 AND connection_id = $2 AND type = $3 AND key_id = ANY($4::text[])`,
          [this.companyId, this.connectionId, type, ids],
        );
      }
    });
  }

  /** Every key and the creds of the connection (fenced like any write). */
  async clear(): Promise<void> {
    await this.write((manager) => BaileysAuthStore.wipeAuth(manager, this.connectionId));
  }

  /** `{ creds, keys }` for `makeWASocket`: stored creds or fresh ones, keys behind Baileys' write-through cache. */
  async load(logger: Logger): Promise<{ state: AuthenticationState; isNew: boolean }> {
    const stored = await this.readCreds();
    const creds = stored ?? initAuthCreds();
    return {
      state: { creds, keys: makeCacheableSignalKeyStore(this, logger.child({ part: 'baileys-keys' })) },
      isNew: !stored,
    };
  }

  static async wipeAuth(manager: EntityManager, connectionId: number): Promise<void> {
    await manager.query('DELETE FROM baileys_auth_keys WHERE connection_id = $1', [connectionId]);
  }

  private async write(work: (manager: EntityManager) => Promise<void>): Promise<void> {
    try {
      await this.context.transaction(async (manager) => {
        await this.context.fence(manager);
        await work(manager);
      });
    } catch (error) {
      this.onWriteRejected(error);
      throw error;
    }
  }

  private async upsertRows(manager: EntityManager, rows: { type: string; id: string; value: string }[]): Promise<void> {
    for (let start = 0; start < rows.length; start += CHUNK) {
      const chunk = rows.slice(start, start + CHUNK);
      const params: unknown[] = [this.companyId, this.connectionId];
      const values = chunk.map((row) => {
        params.push(row.type, row.id, row.value);
        const at = params.length;
        return `($1, $2, $${at - 2}, $${at - 1}, $${at}, now())`;
      });
      await manager.query(
        `INSERT INTO baileys_auth_keys (company_id, connection_id, type, key_id, value, updated_at)
         VALUES ${values.join(', ')}
         ON CONFLICT (company_id, connection_id, type, key_id)
         DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
        params,
      );
    }
  }
}
