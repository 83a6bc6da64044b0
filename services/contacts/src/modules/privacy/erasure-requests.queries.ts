import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import type { ErasureRequest, ErasureRequestListQuery, ErasureRequestPage } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { type ErasureRequestRow, type StoredServices, toErasureRequest } from './erasure-status.js';

const PAGE_SIZE = 20;

const SELECT = `SELECT id, contact_id, requested_by, status, services, created_at, completed_at FROM erasure_requests`;

interface SqlRow {
  id: string;
  contact_id: number;
  requested_by: number;
  status: 'pending' | 'done';
  services: StoredServices;
  created_at: Date;
  completed_at: Date | null;
}

const fromSql = (row: SqlRow): ErasureRequestRow => ({
  id: row.id,
  contactId: row.contact_id,
  requestedBy: row.requested_by,
  status: row.status,
  services: row.services,
  createdAt: row.created_at,
  completedAt: row.completed_at,
});

/** The company's erasure requests, newest first (another company's id is not found). */
@Injectable()
export class ErasureRequestsQueries {
  constructor(private readonly transactions: TransactionHost) {}

  async findOne(companyId: CompanyId, id: string): Promise<ErasureRequest> {
    const [row] = await this.transactions.manager.query<SqlRow[]>(`${SELECT} WHERE company_id = $1 AND id = $2`, [
      companyId,
      id,
    ]);
    if (!row) throw new DomainError('ERR_NO_DATA_REQUEST_FOUND');
    return toErasureRequest(fromSql(row));
  }

  async list(companyId: CompanyId, query: ErasureRequestListQuery): Promise<ErasureRequestPage> {
    const filter = query.contactId === undefined ? '' : 'AND contact_id = $2';
    const parameters: unknown[] = query.contactId === undefined ? [companyId] : [companyId, query.contactId];
    const offset = (query.pageNumber - 1) * PAGE_SIZE;
    const rows = await this.transactions.manager.query<SqlRow[]>(
      `${SELECT} WHERE company_id = $1 ${filter} ORDER BY created_at DESC, id DESC LIMIT ${PAGE_SIZE} OFFSET ${offset}`,
      parameters,
    );
    const [{ count }] = await this.transactions.manager.query<[{ count: number }]>(
      `SELECT count(*)::int AS count FROM erasure_requests WHERE company_id = $1 ${filter}`,
      parameters,
    );
    return { records: rows.map((row) => toErasureRequest(fromSql(row))), count, hasMore: offset + rows.length < count };
  }
}
