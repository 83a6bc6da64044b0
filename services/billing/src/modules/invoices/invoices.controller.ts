import { Controller, Get, Param, Query } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { type Invoice, type InvoiceListQuery, InvoiceListQuerySchema, type InvoicePage } from '@cs/proto/http';
import { IdPipe, ZodPipe } from '@cs/platform/http';
import { CompanyIdParam, Roles, SuperOnly } from '@cs/platform/tenancy';
import { InvoicesQueries } from './invoices.queries.js';

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
  all(@Query(new ZodPipe(InvoiceListQuerySchema)) query: InvoiceListQuery): Promise<InvoicePage> {
    return this.queries.listAll(query.searchParam, query.pageNumber);
  }

  /** The Financeiro page of this product's client: the caller's company only, paged. */
  @Get('company')
  @Roles('admin')
  page(
    @CompanyIdParam() companyId: CompanyId,
    @Query(new ZodPipe(InvoiceListQuerySchema)) query: InvoiceListQuery,
  ): Promise<InvoicePage> {
    return this.queries.listOfCompany(companyId, query.searchParam, query.pageNumber);
  }

  /** The established client's Financeiro page: every invoice of the caller's company as a bare list. */
  @Get('all')
  @Roles('admin')
  list(
    @CompanyIdParam() companyId: CompanyId,
    @Query(new ZodPipe(InvoiceListQuerySchema)) query: InvoiceListQuery,
  ): Promise<Invoice[]> {
    return this.queries.everyOfCompany(companyId, query.searchParam);
  }

  @Get(':id')
  @Roles('admin')
  show(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_INVOICE_FOUND')) id: number,
  ): Promise<Invoice> {
    return this.queries.findOfCompany(companyId, id);
  }
}
