import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CompanyId } from '@cs/proto/common';
import { mapRows, returningRows, type SqlRow, TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { type ConnectionRow, connectionRows } from './connection.row.js';

/** Company-scoped access to `connections` (the only place with their SQL). */
@Injectable()
export class ConnectionsRepository {
  constructor(private readonly transactions: TransactionHost) {}

  private get manager(): EntityManager {
    return this.transactions.manager;
  }

  async list(companyId: CompanyId): Promise<ConnectionRow[]> {
    return connectionRows(
      await this.manager.query<SqlRow[]>('SELECT * FROM connections WHERE company_id = $1 ORDER BY id', [companyId]),
    );
  }

  async find(companyId: CompanyId, id: number, options: { lock?: boolean } = {}): Promise<ConnectionRow | null> {
    const rows = await this.manager.query<SqlRow[]>(
      `SELECT * FROM connections WHERE company_id = $1 AND id = $2${options.lock ? ' FOR UPDATE' : ''}`,
      [companyId, id],
    );
    return connectionRows(rows)[0] ?? null;
  }

  /** Locks the company's connections (serialises default-flag and plan-limit rules per company). */
  async lockCompany(companyId: CompanyId): Promise<void> {
    await this.manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`whatsapp.connections:${companyId}`]);
  }

  async count(companyId: CompanyId): Promise<number> {
    const rows = await this.manager.query<SqlRow[]>(
      'SELECT count(*)::int AS count FROM connections WHERE company_id = $1',
      [companyId],
    );
    return mapRows(rows, (r) => r.int('count'))[0] ?? 0;
  }

  async nameTaken(companyId: CompanyId, name: string, exceptId: number | null): Promise<boolean> {
    const rows = await this.manager.query<unknown[]>(
      'SELECT 1 FROM connections WHERE company_id = $1 AND lower(name) = lower($2) AND id <> $3',
      [companyId, name, exceptId ?? 0],
    );
    return rows.length > 0;
  }

  async tokenTaken(companyId: CompanyId, tokenSha256: string, exceptId: number | null): Promise<boolean> {
    if (!tokenSha256) return false;
    const rows = await this.manager.query<unknown[]>(
      'SELECT 1 FROM connections WHERE company_id = $1 AND token_sha256 = $2 AND id <> $3',
      [companyId, tokenSha256, exceptId ?? 0],
    );
    return rows.length > 0;
  }

  /**
   * Rows whose token digest is not announced yet (a migration rewrote them), locked for this transaction. A row
   * another transaction holds (a session's claim or status report) is waited for, not skipped, so none is left
   * out; once it is free PostgreSQL checks the condition again, so a row another process announced meanwhile drops
   * out of the answer.
   */
  async unannouncedTokens(limit: number): Promise<ConnectionRow[]> {
    return connectionRows(
      await this.manager.query<SqlRow[]>(
        'SELECT * FROM connections WHERE NOT token_announced ORDER BY id LIMIT $1 FOR UPDATE',
        [limit],
      ),
    );
  }

  async markTokenAnnounced(ids: readonly number[]): Promise<void> {
    await this.manager.query('UPDATE connections SET token_announced = true WHERE id = ANY($1::int[])', [[...ids]]);
  }

  /**
   * Rows whose snapshot the projections must be told again (a migration marked them), locked for this transaction
   * the way {@link unannouncedTokens} locks them.
   */
  async unannouncedSnapshots(limit: number): Promise<ConnectionRow[]> {
    return connectionRows(
      await this.manager.query<SqlRow[]>(
        'SELECT * FROM connections WHERE NOT snapshot_announced ORDER BY id LIMIT $1 FOR UPDATE',
        [limit],
      ),
    );
  }

  /**
   * Every connection (of one company, or of all), share-locked for this transaction: a change to one waits until
   * the snapshot read here is in the outbox, so its own event comes after it.
   */
  async everyForReplay(companyId?: CompanyId): Promise<ConnectionRow[]> {
    return connectionRows(
      companyId === undefined
        ? await this.manager.query<SqlRow[]>('SELECT * FROM connections ORDER BY id FOR SHARE')
        : await this.manager.query<SqlRow[]>('SELECT * FROM connections WHERE company_id = $1 ORDER BY id FOR SHARE', [
            companyId,
          ]),
    );
  }

  /** Their snapshot and token digest are announced (both are in the outbox of this transaction). */
  async markAnnounced(ids: readonly number[]): Promise<void> {
    await this.manager.query(
      'UPDATE connections SET snapshot_announced = true, token_announced = true WHERE id = ANY($1::int[])',
      [[...ids]],
    );
  }

  /** Clears the default flag of the company's other connections; answers the ids that changed. */
  async clearOtherDefaults(companyId: CompanyId, id: number): Promise<number[]> {
    const rows = await returningRows<SqlRow>(
      this.manager,
      `UPDATE connections SET is_default = false, updated_at = now()
        WHERE company_id = $1 AND id <> $2 AND is_default RETURNING id`,
      [companyId, id],
    );
    return mapRows(rows, (r) => r.int('id'));
  }

  async otherDefaultExists(companyId: CompanyId, id: number): Promise<boolean> {
    const rows = await this.manager.query<unknown[]>(
      'SELECT 1 FROM connections WHERE company_id = $1 AND id <> $2 AND is_default',
      [companyId, id],
    );
    return rows.length > 0;
  }

  async insert(values: Record<string, unknown>): Promise<ConnectionRow> {
    const columns = Object.keys(values);
    const rows = await this.manager.query<SqlRow[]>(
      `INSERT INTO connections (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})
       RETURNING *`,
      Object.values(values),
    );
    const [row] = connectionRows(rows);
    if (!row) throw new Error('INSERT INTO connections returned no row');
    return row;
  }

  async update(companyId: CompanyId, id: number, values: Record<string, unknown>): Promise<ConnectionRow> {
    const columns = Object.keys(values);
    const sets = columns.map((column, i) => `${column} = $${i + 3}`);
    const rows = await returningRows<SqlRow>(
      this.manager,
      `UPDATE connections SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE company_id = $1 AND id = $2 RETURNING *`,
      [companyId, id, ...Object.values(values)],
    );
    const [row] = connectionRows(rows);
    if (!row) throw new DomainError('ERR_NO_WAPP_FOUND');
    return row;
  }

  async remove(companyId: CompanyId, id: number): Promise<void> {
    await this.manager.query('DELETE FROM connections WHERE company_id = $1 AND id = $2', [companyId, id]);
  }
}
