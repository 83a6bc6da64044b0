import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { DomainError } from '../errors/domain-error.js';
import type { Identity } from './identity.js';

export const ACCESS_METADATA = 'cs:access';
export const ROLES_METADATA = 'cs:roles';

export type Access = 'authenticated' | 'public' | 'probe';

/** No user needed (login, signup, public plan list); the request must still come through the gateway. */
export const Public = (): ClassDecorator & MethodDecorator => SetMetadata(ACCESS_METADATA, 'public' satisfies Access);

/** Health and metrics probes: reachable without the gateway's internal token. */
export const Probe = (): ClassDecorator & MethodDecorator => SetMetadata(ACCESS_METADATA, 'probe' satisfies Access);

/** Only these profiles (or a super user). */
export const Roles = (...profiles: Array<'admin' | 'user'>): ClassDecorator & MethodDecorator =>
  SetMetadata(ROLES_METADATA, profiles);

/** Only super users of the platform. */
export const SuperOnly = (): ClassDecorator & MethodDecorator => SetMetadata(ROLES_METADATA, ['super']);

export interface RequestWithIdentity {
  identity?: Identity;
}

const identityOf = (context: ExecutionContext): Identity => {
  const identity = context.switchToHttp().getRequest<RequestWithIdentity>().identity;
  if (!identity) throw new DomainError('ERR_SESSION_EXPIRED');
  return identity;
};

/** The caller's identity (`@CurrentIdentity() identity: Identity`). */
export const CurrentIdentity = createParamDecorator((_data: unknown, context: ExecutionContext): Identity =>
  identityOf(context),
);

/** The caller's company, the only source of a company id in a service (never the body or the query). */
export const CompanyIdParam = createParamDecorator(
  (_data: unknown, context: ExecutionContext): CompanyId => identityOf(context).companyId,
);
