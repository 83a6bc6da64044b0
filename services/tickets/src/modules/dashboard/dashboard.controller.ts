import { Controller, Get, Query } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { DomainError } from '@cs/platform/errors';
import { ZodPipe } from '@cs/platform/http';
import { CompanyIdParam, Roles } from '@cs/platform/tenancy';
import { type DashboardQuery, DashboardQuerySchema } from './dashboard.dto.js';
import { type DashboardAttendant, type DashboardCounters, DashboardQueries } from './dashboard.queries.js';

/** `GET /dashboard` (admins): the support counters, the per-hour chart and the attendants of a period. */
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
}
