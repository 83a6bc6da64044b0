import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  type Report,
  type ReportQuery,
  ReportQuerySchema,
  type ReportTicketPage,
  type ReportTicketsQuery,
  ReportTicketsQuerySchema,
} from '@cs/proto/http';
import { ZodPipe } from '@cs/platform/http';
import { CurrentIdentity, type Identity, Roles } from '@cs/platform/tenancy';
import {
  CSV_BOM,
  REPORT_CSV_HEADER,
  reportCsvCells,
  reportLine,
  TICKETS_CSV_HEADER,
  ticketCsvCells,
} from './report-csv.js';
import { ReportsQueries } from './reports.queries.js';

/** Writes a chunk, waiting for the socket to drain when its buffer is full (steady memory on big exports). */
async function write(response: Response, chunk: string): Promise<void> {
  if (!response.write(chunk)) await new Promise((resolve) => response.once('drain', resolve));
}

function csvHeaders(response: Response, name: string): void {
  response.setHeader('content-type', 'text/csv; charset=utf-8');
  response.setHeader('content-disposition', `attachment; filename="${name}.csv"`);
  response.setHeader('cache-control', 'no-store');
}

/**
 * `GET /reports` (admins): the figures of a period in the company's time zone by agent, queue, tag or connection
 * and by day, week or month; `/reports/tickets` the attendance cycles behind a figure (50 a page);
 * `/reports/export` and `/reports/tickets/export` the same as CSV (`;`, UTF-8 with BOM), streamed.
 */
@Controller('reports')
@Roles('admin')
export class ReportsController {
  constructor(private readonly queries: ReportsQueries) {}

  @Get()
  show(
    @CurrentIdentity() caller: Identity,
    @Query(new ZodPipe(ReportQuerySchema)) query: ReportQuery,
  ): Promise<Report> {
    return this.queries.report(caller.companyId, query);
  }

  @Get('tickets')
  tickets(
    @CurrentIdentity() caller: Identity,
    @Query(new ZodPipe(ReportTicketsQuerySchema)) query: ReportTicketsQuery,
  ): Promise<ReportTicketPage> {
    return this.queries.tickets(caller.companyId, query);
  }

  @Get('export')
  async export(
    @CurrentIdentity() caller: Identity,
    @Query(new ZodPipe(ReportQuerySchema)) query: ReportQuery,
    @Res() response: Response,
  ): Promise<void> {
    const report = await this.queries.report(caller.companyId, query);
    csvHeaders(response, `relatorio-${query.groupBy}-${query.from}-${query.to}`);
    await write(response, CSV_BOM + reportLine(REPORT_CSV_HEADER));
    for (const row of report.rows) await write(response, reportLine(reportCsvCells(row)));
    response.end();
  }

  @Get('tickets/export')
  async exportTickets(
    @CurrentIdentity() caller: Identity,
    @Query(new ZodPipe(ReportTicketsQuerySchema)) query: ReportTicketsQuery,
    @Res() response: Response,
  ): Promise<void> {
    const batches = this.queries.ticketBatches(caller.companyId, query);
    // the first batch before the headers: a refused key still answers 404 in the spec's format
    let next = await batches.next();
    csvHeaders(response, `atendimentos-${query.figure}-${query.from}-${query.to}`);
    await write(response, CSV_BOM + reportLine(TICKETS_CSV_HEADER));
    while (!next.done) {
      await write(response, next.value.map((ticket) => reportLine(ticketCsvCells(ticket))).join(''));
      next = await batches.next();
    }
    response.end();
  }
}
