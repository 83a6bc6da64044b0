import { Controller, Get, Query } from '@nestjs/common';
import {
  type AuditActor,
  AuditActorsQuerySchema,
  type AuditLogPage,
  type AuditLogQuery,
  AuditLogQuerySchema,
} from '@cs/proto/http';
import { ZodPipe } from '@cs/platform/http';
import { CurrentIdentity, type Identity, Roles } from '@cs/platform/tenancy';
import { AuditQueries } from './audit.queries.js';

/** The audit log: admins read their company's, super users every company's. No route writes or deletes. */
@Roles('admin')
@Controller('audit-logs')
export class AuditController {
  constructor(private readonly queries: AuditQueries) {}

  @Get()
  index(
    @CurrentIdentity() caller: Identity,
    @Query(new ZodPipe(AuditLogQuerySchema)) query: AuditLogQuery,
  ): Promise<AuditLogPage> {
    return this.queries.page(caller, query);
  }

  @Get('actors')
  actors(
    @CurrentIdentity() caller: Identity,
    @Query(new ZodPipe(AuditActorsQuerySchema)) query: { companyId?: number },
  ): Promise<AuditActor[]> {
    return this.queries.actors(caller, query.companyId);
  }
}
