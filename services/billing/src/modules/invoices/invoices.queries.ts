import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import type { Invoice, InvoicePage } from '@cs/proto/http';
import { mapRow, mapRows, type RowReader, type SqlRow, TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';

export const INVOICES_PAGE_SIZE = 20;

/** One invoice as {@link COLUMNS} selects it (with `company_name` when the list spans companies). */
export const readInvoice = (r: RowReader): Invoice => ({
  id: r.int('id'),
  companyId: r.int('company_id'),
  detail: r.string('detail'),
  value: r.float('value'),
  dueDate: r.string('due_date'),
  status: r.oneOf('status', ['open', 'paid'] as const),
  paidAt: r.nullable('paid_at', r.isoDate),
  createdAt: r.isoDate('created_at'),
  updatedAt: r.isoDate('updated_at'),
  ...(r.has('company_name') ? { companyName: r.nullable('company_name', r.string) ?? '' } : {}),
});

const COLUMNS = `i.id, i.company_id, i.detail, i.value::text AS value, i.due_date::text AS due_date, i.status,
  i.paid_at, i.created_at, i.updated_at`;

/** Reads of invoices. A company's reads always carry its id; only the super users' list spans companies. */
@Injectable()
export class InvoicesQueries {
  constructor(private readonly transactions: TransactionHost) {}

  /** `GET /invoices/company`: the caller's company, newest first, searched by detail (or id), paged. */
  async listOfCompany(companyId: CompanyId, searchParam: string, pageNumber: number): Promise<InvoicePage> {
    return this.page(`i.company_id = $1`, [companyId], searchParam, pageNumber, false);
  }

  /** `GET /invoices/all`: every invoice of the caller's company, oldest first, searched by detail (or id). */
  async everyOfCompany(companyId: CompanyId, searchParam: string): Promise<Invoice[]> {
    const params: unknown[] = [companyId];
    const where = `i.company_id = $1${this.search(searchParam, params, false)}`;
    const rows = await this.transactions.manager.query<SqlRow[]>(
      `SELECT ${COLUMNS} FROM invoices i WHERE ${where} ORDER BY i.id`,
      params,
    );
    return mapRows(rows, readInvoice);
  }

  /** `GET /invoices` (super users): every company's invoices, searched by detail, company name or id. */
  async listAll(searchParam: string, pageNumber: number): Promise<InvoicePage> {
    return this.page('true', [], searchParam, pageNumber, true);
  }

  async findOfCompany(companyId: CompanyId, id: number): Promise<Invoice> {
    const [row] = await this.transactions.manager.query<SqlRow[]>(
      `SELECT ${COLUMNS} FROM invoices i WHERE i.company_id = $1 AND i.id = $2`,
      [companyId, id],
    );
    if (!row) throw new DomainError('ERR_NO_INVOICE_FOUND');
    return mapRow(row, readInvoice);
  }

  private async page(
    scope: string,
    parameters: unknown[],
    searchParam: string,
    pageNumber: number,
    withCompany: boolean,
  ): Promise<InvoicePage> {
    const params = [...parameters];
    const where = scope + this.search(searchParam, params, withCompany);
    params.push(INVOICES_PAGE_SIZE, (pageNumber - 1) * INVOICES_PAGE_SIZE);
    const rows = await this.transactions.manager.query<SqlRow[]>(
      `SELECT ${COLUMNS}${withCompany ? ', c.name AS company_name' : ''}, count(*) OVER ()::int AS total
         FROM invoices i LEFT JOIN companies c ON c.id = i.company_id
        WHERE ${where}
        ORDER BY i.due_date DESC, i.id DESC
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    const [first] = rows;
    const count = first
      ? mapRow(first, (r) => r.int('total'))
      : pageNumber > 1
        ? await this.count(where, params.slice(0, -2))
        : 0;
    return {
      invoices: mapRows(rows, readInvoice),
      count,
      hasMore: (pageNumber - 1) * INVOICES_PAGE_SIZE + rows.length < count,
    };
  }

  /** The search condition (` AND (...)`, empty without a search) on `i` (and `c` with the company), its value added. */
  private search(searchParam: string, params: unknown[], withCompany: boolean): string {
    const search = searchParam.trim().toLowerCase();
    if (!search) return '';
    params.push(`%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
    const like = `$${params.length}`;
    const byId = /^\d{1,9}$/.test(search) ? ` OR i.id = ${Number(search)}` : '';
    const byCompany = withCompany ? ` OR lower(c.name) LIKE ${like}` : '';
    return ` AND (lower(i.detail) LIKE ${like}${byCompany}${byId})`;
  }

  private async count(where: string, params: unknown[]): Promise<number> {
    const rows = await this.transactions.manager.query<SqlRow[]>(
      `SELECT count(*)::int AS total FROM invoices i LEFT JOIN companies c ON c.id = i.company_id WHERE ${where}`,
      params,
    );
    return mapRows(rows, (r) => r.int('total'))[0] ?? 0;
  }
}
