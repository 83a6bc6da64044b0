import { Controller, Get, Query } from '@nestjs/common';
import {
  type DashboardQuery,
  DashboardQuerySchema,
  type DashboardReportQuery,
  DashboardReportQuerySchema,
} from '@cs/proto/http';
import { DomainError } from '@cs/platform/errors';
import { ZodPipe } from '@cs/platform/http';
import { CurrentIdentity, type Identity, Roles } from '@cs/platform/tenancy';
import { type DashboardDays } from './dashboard.dto.js';
import {
  type DashboardAttendant,
  type DashboardCounters,
  DashboardQueries,
  type TicketsDaySlot,
  type TicketsUserSlot,
} from './dashboard.queries.js';

/** The agent whose own figures the caller reads (null: an admin or super user, the company's). */
const agentOf = (caller: Identity): number | null =>
  caller.profile === 'admin' || caller.isSuper ? null : Number(caller.userId);

const bothDays = (query: DashboardReportQuery): DashboardDays => {
  if (query.initialDate && query.finalDate) return { initialDate: query.initialDate, finalDate: query.finalDate };
  const path = query.initialDate ? 'finalDate' : 'initialDate';
  throw new DomainError('ERR_VALIDATION', {
    message: 'Parametrize o filtro',
    details: [{ path, message: 'Parametrize o filtro' }],
  });
};

/**
 * `GET /dashboard`: the support counters, the per-hour chart and the attendants of a period; the established
 * client's two charts `ticketsDay` and `ticketsUsers` (upstream left them unauthenticated with the company in the
 * query string: here they are routes of the caller's company). Every signed-in user reads them, as the established
 * client expects on its home page: admins the company's figures, agents those of their own attendances; super
 * users also get the platform's companies and connected connections.
 */
@Controller('dashboard')
export class DashboardController {
  constructor(private readonly queries: DashboardQueries) {}

  @Get()
  @Roles('admin', 'user')
  async show(
    @CurrentIdentity() caller: Identity,
    @Query(new ZodPipe(DashboardQuerySchema)) query: DashboardQuery,
  ): Promise<{ counters: DashboardCounters; attendants: DashboardAttendant[] }> {
    if (!query.days && !query.date_from && !query.date_to) {
      throw new DomainError('ERR_VALIDATION', {
        message: 'Parametrize o filtro',
        details: [{ path: 'date_from', message: 'Parametrize o filtro' }],
      });
    }
    const figures = await this.queries.figures(caller.companyId, query, new Date(), agentOf(caller));
    if (!caller.isSuper) return figures;
    return { ...figures, counters: { ...figures.counters, ...(await this.queries.platformTotals()) } };
  }

  @Get('ticketsDay')
  @Roles('admin', 'user')
  ticketsDay(
    @CurrentIdentity() caller: Identity,
    @Query(new ZodPipe(DashboardReportQuerySchema)) query: DashboardReportQuery,
  ): Promise<{ count: number; data: TicketsDaySlot[] }> {
    return this.queries.ticketsDay(caller.companyId, bothDays(query), agentOf(caller));
  }

  @Get('ticketsUsers')
  @Roles('admin', 'user')
  ticketsUsers(
    @CurrentIdentity() caller: Identity,
    @Query(new ZodPipe(DashboardReportQuerySchema)) query: DashboardReportQuery,
  ): Promise<{ data: TicketsUserSlot[] }> {
    return this.queries.ticketsUsers(caller.companyId, bothDays(query), agentOf(caller));
  }
}
