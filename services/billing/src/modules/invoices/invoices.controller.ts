import { Controller, Get, Param, Query } from '@nestjs/common';
import { z } from 'zod';
import type { CompanyId } from '@cs/proto/common';
import { IdPipe, ZodPipe } from '@cs/platform/http';
import { CompanyIdParam, Roles, SuperOnly } from '@cs/platform/tenancy';
import { type InvoicePage, type InvoiceResponse, InvoicesQueries } from './invoices.queries.js';

const ListQuerySchema = z.object({
  searchParam: z.string().max(100).optional().default(''),
  pageNumber: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});
type ListQuery = z.infer<typeof ListQuerySchema>;

/**
 * Invoices are read-only through the API: they are created by the generation job and paid only by a
 * provider-confirmed payment (no route changes a status).
 */
@Controller('invoices')
export class InvoicesController {
  constructor(private readonly queries: InvoicesQueries) {}

  /** Every company's invoices (super users). */
  @Get()
  @SuperOnly()
  all(@Query(new ZodPipe(ListQuerySchema)) query: ListQuery): Promise<InvoicePage> {
    return this.queries.listAll(query.searchParam, query.pageNumber);
  }

  /** The Financeiro page: the caller's company only. */
  @Get('all')
  @Roles('admin')
  list(
    @CompanyIdParam() companyId: CompanyId,
    @Query(new ZodPipe(ListQuerySchema)) query: ListQuery,
  ): Promise<InvoicePage> {
    return this.queries.listOfCompany(companyId, query.searchParam, query.pageNumber);
  }

  @Get(':id')
  @Roles('admin')
  show(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_INVOICE_FOUND')) id: number,
  ): Promise<InvoiceResponse> {
    return this.queries.findOfCompany(companyId, id);
  }
}
