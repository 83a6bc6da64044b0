import {
  applyDecorators,
  type CanActivate,
  type ExecutionContext,
  Inject,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { CompanyId } from '@cs/proto/common';
import type { PlanFlag } from '@cs/proto/events';
import { DomainError } from '../errors/domain-error.js';
import type { RequestWithIdentity } from './identity.decorators.js';

export const PLAN_FLAG_METADATA = 'cs:plan-flag';

/**
 * Where a service reads its companies' plan flags (its projection of identity's company events). Provide it as
 * `{ provide: PLAN_FLAG_SOURCE, useExisting: ... }` in a module visible to the gated controllers.
 */
export const PLAN_FLAG_SOURCE = Symbol('PLAN_FLAG_SOURCE');
export interface PlanFlagSource {
  /** The company's plan flags; `null` when the service has not heard of the plan yet (no gate applied). */
  planFlags(companyId: CompanyId): Promise<Partial<Record<PlanFlag, boolean>> | null>;
}

/** The owning service's own plan gate (the gateway's is the first): 403 ERR_NO_PERMISSION when the flag is off. */
@Injectable()
export class PlanFlagGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(PLAN_FLAG_SOURCE) private readonly source: PlanFlagSource,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const flag = this.reflector.getAllAndOverride<PlanFlag | undefined>(PLAN_FLAG_METADATA, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!flag) return true;
    const identity = context.switchToHttp().getRequest<RequestWithIdentity>().identity;
    if (!identity) throw new DomainError('ERR_SESSION_EXPIRED');
    const flags = await this.source.planFlags(identity.companyId);
    if (flags && flags[flag] === false) throw new DomainError('ERR_NO_PERMISSION');
    return true;
  }
}

/** The route (or controller) needs the company's plan to have this flag on (checked after the identity guard). */
export const RequiresPlanFlag = (flag: PlanFlag): ClassDecorator & MethodDecorator =>
  applyDecorators(SetMetadata(PLAN_FLAG_METADATA, flag), UseGuards(PlanFlagGuard));
