import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import type { TicketServiceLevel } from '@cs/proto/events';
import { type ServiceLevel, type ServiceLevelBody, ServiceLevelBodySchema } from '@cs/proto/http';
import { listsTicket } from '@cs/proto/realtime';
import { DomainError } from '@cs/platform/errors';
import { IdPipe, ZodPipe } from '@cs/platform/http';
import { CurrentIdentity, type Identity, Roles } from '@cs/platform/tenancy';
import { ProjectionsRepository } from '../projections/projections.repository.js';
import { viewerOf } from '../tickets/ticket-visibility.js';
import { ServiceLevelsRepository } from './service-levels.repository.js';

/**
 * Service levels (issue 55): `GET /service-levels` and `PUT /service-levels/{id}` (admins) read and set a
 * queue's targets (first response within N minutes, resolution within M hours; null: none), applied to its
 * open tickets too; `GET /service-levels/at-risk` (everyone) the open tickets of the caller's lists near or past
 * a target, the worst first.
 */
@Controller('service-levels')
export class ServiceLevelsController {
  constructor(
    private readonly levels: ServiceLevelsRepository,
    private readonly projections: ProjectionsRepository,
  ) {}

  @Get()
  @Roles('admin')
  list(@CurrentIdentity() caller: Identity): Promise<ServiceLevel[]> {
    return this.levels.list(caller.companyId);
  }

  @Put(':id')
  @Roles('admin')
  async set(
    @CurrentIdentity() caller: Identity,
    @Param('id', new IdPipe()) queueId: number,
    @Body(new ZodPipe(ServiceLevelBodySchema)) body: ServiceLevelBody,
  ): Promise<ServiceLevel> {
    const level = await this.levels.set(caller.companyId, queueId, body);
    if (!level) throw new DomainError('ERR_NOT_FOUND');
    return level;
  }

  @Get('at-risk')
  @Roles('admin', 'user')
  async atRisk(@CurrentIdentity() caller: Identity): Promise<TicketServiceLevel[]> {
    const user = await this.projections.user(caller.companyId, Number(caller.userId));
    const viewer = viewerOf(caller, user);
    const levels = await this.levels.atRisk(caller.companyId);
    return levels.filter((level) => listsTicket(viewer, level, { showAll: viewer.admin }));
  }
}
