import { Injectable } from '@nestjs/common';
import type { AuditChange } from '@cs/proto/events';
import type { AuditActor, AuditLogEntry, AuditLogPage, AuditLogQuery } from '@cs/proto/http';
import { mapRows, type SqlRow, TransactionHost } from '@cs/platform/database';
import { DomainError, validationError } from '@cs/platform/errors';
import type { Identity } from '@cs/platform/tenancy';

/** A page boundary: the last entry's time (microseconds since the epoch, exact) and id. */
interface Cursor {
  readonly micros: string;
  readonly id: string;
}

const encodeCursor = (cursor: Cursor): string => Buffer.from(`${cursor.micros}.${cursor.id}`).toString('base64url');

function decodeCursor(value: string): Cursor {
  const match = /^(-?\d{1,20})\.(\d{1,20})$/.exec(Buffer.from(value, 'base64url').toString('utf8'));
  if (!match?.[1] || !match[2]) throw validationError([{ path: 'cursor', message: 'Cursor inválido' }]);
  return { micros: match[1], id: match[2] };
}

/**
 * The company whose entries a caller may read: a super user any (or all, with none named); anyone else only their
 * own (another company named is ERR_NO_COMPANY_FOUND, as if it did not exist).
 */
function scopeOf(caller: Identity, companyId: number | undefined): number | null {
  if (caller.isSuper) return companyId ?? null;
  if (companyId !== undefined && companyId !== caller.companyId) throw new DomainError('ERR_NO_COMPANY_FOUND');
  return caller.companyId;
}

@Injectable()
export class AuditQueries {
  constructor(private readonly transactions: TransactionHost) {}

  /**
   * `GET /audit-logs`: newest first, keyset pages (`nextCursor`: the last entry's time and id), each filter served
   * by an index that starts with it (see the migration), so a page costs the same at the millionth entry.
   */
  async page(caller: Identity, query: AuditLogQuery): Promise<AuditLogPage> {
    const params: unknown[] = [];
    const where: string[] = [];
    const add = (sql: (placeholder: string) => string, value: unknown) => {
      params.push(value);
      where.push(sql(`$${params.length}`));
    };
    const company = scopeOf(caller, query.companyId);
    if (company !== null) add((p) => `company_id = ${p}`, company);
    if (query.userId !== undefined) add((p) => `actor_user_id = ${p}`, query.userId);
    if (query.action !== undefined) add((p) => `action = ${p}`, query.action);
    if (query.from !== undefined) add((p) => `occurred_at >= ${p}::timestamptz`, query.from);
    if (query.to !== undefined) add((p) => `occurred_at < ${p}::timestamptz`, query.to);
    if (query.cursor !== undefined) {
      const cursor = decodeCursor(query.cursor);
      params.push(cursor.micros, cursor.id);
      where.push(
        `(occurred_at, id) < ('epoch'::timestamptz + $${params.length - 1}::bigint * interval '1 microsecond', $${params.length}::bigint)`,
      );
    }
    params.push(query.limit + 1);
    const rows = await this.transactions.manager.query<SqlRow[]>(
      `SELECT e.*, (extract(epoch FROM e.occurred_at) * 1000000)::bigint::text AS occurred_micros, c.name AS company_name
         FROM (SELECT * FROM audit_entries ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
                ORDER BY occurred_at DESC, id DESC LIMIT $${params.length}) e
         LEFT JOIN companies c ON c.id = e.company_id
        ORDER BY e.occurred_at DESC, e.id DESC`,
      params,
    );
    const entries = mapRows(rows, (row) => ({
      cursor: { micros: row.string('occurred_micros'), id: String(row.int('id')) },
      entry: {
        id: String(row.int('id')),
        occurredAt: row.isoDate('occurred_at'),
        companyId: row.int('company_id'),
        companyName: row.nullable('company_name', row.string),
        actor: {
          userId: row.int('actor_user_id'),
          name: row.nullable('actor_name', row.string),
          email: row.nullable('actor_email', row.string),
          profile: row.oneOf('actor_profile', ['admin', 'user'] as const),
          super: row.boolean('actor_super'),
        },
        ip: row.nullable('ip', row.string),
        action: row.string('action'),
        target: {
          type: row.string('target_type'),
          id: row.string('target_id'),
          label: row.nullable('target_label', row.string),
        },
        changes: row.json<AuditChange[]>('changes'),
        service: row.string('service'),
      } satisfies AuditLogEntry,
    }));
    const page = entries.slice(0, query.limit);
    const last = page.at(-1);
    return {
      records: page.map((item) => item.entry),
      nextCursor: entries.length > query.limit && last ? encodeCursor(last.cursor) : null,
    };
  }

  /** `GET /audit-logs/actors`: the people in a company's log (a super user without a company: every company's). */
  async actors(caller: Identity, companyId: number | undefined): Promise<AuditActor[]> {
    const company = scopeOf(caller, companyId);
    const rows = await this.transactions.manager.query<SqlRow[]>(
      `SELECT company_id, user_id, name, email FROM audit_actors
        ${company === null ? '' : 'WHERE company_id = $1'}
        ORDER BY last_seen_at DESC LIMIT 500`,
      company === null ? [] : [company],
    );
    return mapRows(rows, (row) => ({
      companyId: row.int('company_id'),
      userId: row.int('user_id'),
      name: row.nullable('name', row.string),
      email: row.nullable('email', row.string),
    }));
  }
}
