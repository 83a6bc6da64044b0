import { timingSafeEqual } from 'node:crypto';
import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { asCompanyId, asUserId } from '@cs/proto/common';
import { DomainError } from '../errors/domain-error.js';
import { attachCaller } from '../logging/request-context.js';
import { type Identity, IDENTITY_HEADERS } from './identity.js';
import { type Access, ACCESS_METADATA, ROLES_METADATA, type RequestWithIdentity } from './identity.decorators.js';

const header = (request: Request, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export function tokensEqual(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Reads the gateway's identity headers; undefined when there is no user (anonymous public call). */
export function readIdentity(request: Request): Identity | undefined {
  const companyId = Number(header(request, IDENTITY_HEADERS.companyId));
  const userId = Number(header(request, IDENTITY_HEADERS.userId));
  const profile = header(request, IDENTITY_HEADERS.profile);
  if (!Number.isInteger(companyId) || companyId <= 0 || !Number.isInteger(userId) || userId <= 0) return undefined;
  if (profile !== 'admin' && profile !== 'user') return undefined;
  return {
    companyId: asCompanyId(companyId),
    userId: asUserId(userId),
    profile,
    isSuper: header(request, IDENTITY_HEADERS.isSuper) === 'true',
    sessionId: header(request, IDENTITY_HEADERS.sessionId) ?? '',
  };
}

/**
 * The global guard of every service. By default a route needs the gateway's internal token and a user
 * identity; `@Public()` routes need only the token; `@Probe()` routes need nothing. `@Roles` and
 * `@SuperOnly` narrow further. Services are never reachable around the gateway.
 */
@Injectable()
export class IdentityGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly internalToken: string,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    const access = this.reflector.getAllAndOverride<Access | undefined>(ACCESS_METADATA, targets) ?? 'authenticated';
    if (access === 'probe') return true;
    const request = context.switchToHttp().getRequest<Request & RequestWithIdentity>();
    if (!tokensEqual(this.internalToken, header(request, IDENTITY_HEADERS.internalToken))) {
      throw new DomainError('ERR_SESSION_EXPIRED', { message: 'missing or invalid internal credential' });
    }
    const identity = readIdentity(request);
    if (identity) {
      request.identity = identity;
      const clientIp = header(request, IDENTITY_HEADERS.clientIp);
      attachCaller({
        userId: identity.userId,
        companyId: identity.companyId,
        profile: identity.profile,
        isSuper: identity.isSuper,
        clientIp: clientIp ? clientIp.slice(0, 64) : null,
      });
    }
    if (access === 'public') return true;
    if (!identity) throw new DomainError('ERR_SESSION_EXPIRED');
    const roles = this.reflector.getAllAndOverride<string[] | undefined>(ROLES_METADATA, targets);
    if (!roles || identity.isSuper) return true;
    if (roles.includes('super')) throw new DomainError('ERR_NO_SUPER');
    if (!roles.includes(identity.profile)) throw new DomainError('ERR_NO_PERMISSION');
    return true;
  }
}
