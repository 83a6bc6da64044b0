import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { asCompanyId, type CompanyId } from '@cs/proto/common';
import { mapRow, type SqlRow, TransactionHost } from '@cs/platform/database';

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export interface NumberCheckAnswer {
  readonly results: ReadonlyArray<{ number: string; exists: boolean; jid: string | null }>;
  readonly error: string | null;
}

/** The connection a valid token opens the API as. */
export interface ExternalCaller {
  readonly companyId: CompanyId;
  readonly connectionId: number;
  readonly weak: boolean;
}

export interface StoredResponse {
  readonly status: number | null;
  readonly response: unknown;
}

/**
 * The external API's state: the connections' token digests (SHA-256, from the connector's events), the per-token
 * rate windows, idempotency records and the number checks it asked for.
 */
@Injectable()
export class ExternalApiRepository {
  constructor(private readonly transactions: TransactionHost) {}

  private get db(): EntityManager {
    return this.transactions.manager;
  }

  /** The connector's digest of a connection's token ('' removes it) and whether the token is weak. */
  async setToken(companyId: CompanyId, connectionId: number, tokenSha256: string, weak: boolean): Promise<void> {
    if (!tokenSha256) {
      await this.db.query('DELETE FROM connection_tokens WHERE company_id = $1 AND connection_id = $2', [
        companyId,
        connectionId,
      ]);
      return;
    }
    await this.db.query(
      `INSERT INTO connection_tokens (company_id, connection_id, token_sha256, weak) VALUES ($1, $2, $3, $4)
       ON CONFLICT (company_id, connection_id) DO UPDATE SET token_sha256 = $3, weak = $4`,
      [companyId, connectionId, tokenSha256, weak],
    );
  }

  /**
   * The one live connection a token belongs to; null when unknown or (tokens typed freely) not unique. `weak`:
   * the connector found the token guessable (typed before tokens had to be strong): the API refuses it.
   */
  async connectionOf(tokenSha256: string): Promise<ExternalCaller | null> {
    const rows = await this.db.query<SqlRow[]>(
      `SELECT t.company_id, t.connection_id, t.weak FROM connection_tokens t
         JOIN connections c ON c.company_id = t.company_id AND c.id = t.connection_id AND NOT c.deleted
        WHERE t.token_sha256 = $1 LIMIT 2`,
      [tokenSha256],
    );
    const [row] = rows;
    if (!row || rows.length > 1) return null;
    return mapRow(row, (r) => ({
      companyId: asCompanyId(r.int('company_id')),
      connectionId: r.int('connection_id'),
      weak: r.boolean('weak'),
    }));
  }

  /** Failed token attempts of a client address in the current minute, and the seconds left in that minute. */
  async failuresOf(clientIp: string): Promise<{ count: number; retryAfter: number }> {
    const [row] = await this.db.query<Array<{ count: number | null; retry_after: number }>>(
      `SELECT (SELECT count FROM external_api_failures WHERE client_ip = $1
                 AND window_start = date_trunc('minute', now())) AS count,
              greatest(1, ceil(extract(epoch FROM date_trunc('minute', now()) + interval '1 minute' - now())))::int
                AS retry_after`,
      [clientIp],
    );
    return { count: row?.count ?? 0, retryAfter: row?.retry_after ?? 60 };
  }

  /** Counts one failed token attempt of a client address in its current minute. */
  async countFailure(clientIp: string): Promise<void> {
    await this.db.query(
      `INSERT INTO external_api_failures (client_ip, window_start, count) VALUES ($1, date_trunc('minute', now()), 1)
       ON CONFLICT (client_ip, window_start) DO UPDATE SET count = external_api_failures.count + 1`,
      [clientIp],
    );
    await this.db.query(`DELETE FROM external_api_failures WHERE window_start < now() - interval '10 minutes'`);
  }

  /** Counts one call in the token's current minute; returns the count so far. */
  async countCall(tokenSha256: string): Promise<number> {
    const [row] = await this.db.query<Array<{ count: number }>>(
      `INSERT INTO external_api_rate (token_sha256, window_start, count) VALUES ($1, date_trunc('minute', now()), 1)
       ON CONFLICT (token_sha256, window_start) DO UPDATE SET count = external_api_rate.count + 1 RETURNING count`,
      [tokenSha256],
    );
    await this.db.query(`DELETE FROM external_api_rate WHERE window_start < now() - interval '10 minutes'`);
    return row?.count ?? 1;
  }

  /** Claims an idempotency key; returns the earlier call's record when the key was already used. */
  async claim(companyId: CompanyId, connectionId: number, key: string): Promise<StoredResponse | null> {
    const inserted = await this.db.query<unknown[]>(
      `INSERT INTO external_api_requests (company_id, connection_id, idempotency_key) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING 1`,
      [companyId, connectionId, key],
    );
    if (inserted.length > 0) return null;
    const [row] = await this.db.query<Array<{ status: number | null; response: unknown }>>(
      `SELECT status, response FROM external_api_requests
        WHERE company_id = $1 AND connection_id = $2 AND idempotency_key = $3`,
      [companyId, connectionId, key],
    );
    return row ? { status: row.status, response: row.response } : { status: null, response: null };
  }

  async complete(companyId: CompanyId, connectionId: number, key: string, status: number, response: unknown) {
    await this.db.query(
      `UPDATE external_api_requests SET status = $4, response = $5::jsonb
        WHERE company_id = $1 AND connection_id = $2 AND idempotency_key = $3`,
      [companyId, connectionId, key, status, JSON.stringify(response)],
    );
  }

  async release(companyId: CompanyId, connectionId: number, key: string): Promise<void> {
    await this.db.query(
      'DELETE FROM external_api_requests WHERE company_id = $1 AND connection_id = $2 AND idempotency_key = $3',
      [companyId, connectionId, key],
    );
  }

  async recordCheck(companyId: CompanyId, commandId: string): Promise<void> {
    await this.db.query('INSERT INTO external_number_checks (company_id, command_id) VALUES ($1, $2)', [
      companyId,
      commandId,
    ]);
  }

  async answerCheck(companyId: CompanyId, commandId: string, answer: NumberCheckAnswer): Promise<void> {
    await this.db.query(
      `UPDATE external_number_checks SET answered_at = now(), results = $3::jsonb, error = $4
        WHERE company_id = $1 AND command_id = $2 AND answered_at IS NULL`,
      [companyId, commandId, JSON.stringify(answer.results), answer.error],
    );
  }

  async answerOf(companyId: CompanyId, commandId: string): Promise<NumberCheckAnswer | null> {
    const [row] = await this.db.query<SqlRow[]>(
      'SELECT answered_at, results, error FROM external_number_checks WHERE company_id = $1 AND command_id = $2',
      [companyId, commandId],
    );
    if (!row) return null;
    return mapRow(row, (r) =>
      r.isNull('answered_at')
        ? null
        : {
            results: r.nullable('results', r.json<NumberCheckAnswer['results']>) ?? [],
            error: r.nullable('error', r.string),
          },
    );
  }

  /** A person contact of the company with one of these numbers (the projection contacts keeps). */
  async contactByNumbers(companyId: CompanyId, numbers: readonly string[]): Promise<number | null> {
    const [row] = await this.db.query<Array<{ id: number }>>(
      `SELECT id FROM contacts WHERE company_id = $1 AND number = ANY($2::text[]) AND NOT deleted AND NOT is_group
        ORDER BY id LIMIT 1`,
      [companyId, [...numbers]],
    );
    return row?.id ?? null;
  }
}
