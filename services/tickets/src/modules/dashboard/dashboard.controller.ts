import { Controller, Get, Query } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import {
  type DashboardQuery,
  DashboardQuerySchema,
  type DashboardReportQuery,
  DashboardReportQuerySchema,
} from '@cs/proto/http';
import { DomainError } from '@cs/platform/errors';
import { ZodPipe } from '@cs/platform/http';
import { CompanyIdParam, Roles } from '@cs/platform/tenancy';
import { type DashboardDays } from './dashboard.dto.js';
import {
  type DashboardAttendant,
  type DashboardCounters,
  DashboardQueries,
  type TicketsDaySlot,
  type TicketsUserSlot,
} from './dashboard.queries.js';

const bothDays = (query: DashboardReportQuery): DashboardDays => {
  if (query.initialDate && query.finalDate) return { initialDate: query.initialDate, finalDate: query.finalDate };
  const path = query.initialDate ? 'finalDate' : 'initialDate';
  throw new DomainError('ERR_VALIDATION', {
    message: 'Parametrize o filtro',
    details: [{ path, message: 'Parametrize o filtro' }],
  });
};

/**
 * `GET /dashboard` (admins): the support counters, the per-hour chart and the attendants of a period; the
 * established client's two charts `ticketsDay` and `ticketsUsers` (upstream left them unauthenticated with the
 * company in the query string: here they are admin routes of the caller's company).
 */
@Controller('dashboard')
export class DashboardController {
  constructor(private readonly queries: DashboardQueries) {}

  @Get()
  @Roles('admin')
  async show(
    @CompanyIdParam() companyId: CompanyId,
    @Query(new ZodPipe(DashboardQuerySchema)) query: DashboardQuery,
  ): Promise<{ counters: DashboardCounters; attendants: DashboardAttendant[] }> {
    if (!query.days && !query.date_from && !query.date_to) {
      throw new DomainError('ERR_VALIDATION', {
        message: 'Parametrize o filtro',
        details: [{ path: 'date_from', message: 'Parametrize o filtro' }],
      });
    }
    return this.queries.figures(companyId, query);
  }

  @Get('ticketsDay')
  @Roles('admin')
  ticketsDay(
    @CompanyIdParam() companyId: CompanyId,
    @Query(new ZodPipe(DashboardReportQuerySchema)) query: DashboardReportQuery,
  ): Promise<{ count: number; data: TicketsDaySlot[] }> {
    return this.queries.ticketsDay(companyId, bothDays(query));
  }

  @Get('ticketsUsers')
  @Roles('admin')
  ticketsUsers(
    @CompanyIdParam() companyId: CompanyId,
    @Query(new ZodPipe(DashboardReportQuerySchema)) query: DashboardReportQuery,
  ): Promise<{ data: TicketsUserSlot[] }> {
    return this.queries.ticketsUsers(companyId, bothDays(query));
  }
}
