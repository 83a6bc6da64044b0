import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { DomainError } from '@cs/platform/errors';
import type { RequestWithIdentity } from '@cs/platform/tenancy';
import { ProjectionsRepository } from './projections.repository.js';

/**
 * Campaign routes need the plan's `useCampaigns` and the company's `campaignsEnabled` setting (the gateway
 * gates the plan flag too; this is the service's own check, from its projection of identity's events).
 */
@Injectable()
export class CampaignsEnabledGuard implements CanActivate {
  constructor(private readonly projections: ProjectionsRepository) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const identity = context.switchToHttp().getRequest<RequestWithIdentity>().identity;
    if (!identity) throw new DomainError('ERR_SESSION_EXPIRED');
    const company = await this.projections.company(identity.companyId);
    if (!company.useCampaigns) throw new DomainError('ERR_NO_PERMISSION');
    if (!company.campaignsEnabled) throw new DomainError('ERR_CAMPAIGNS_DISABLED');
    return true;
  }
}
