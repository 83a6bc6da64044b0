import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { APP_CONFIG } from '@cs/platform/config';
import { DomainError, mapError } from '@cs/platform/errors';
import { IDENTITY_HEADERS } from '@cs/platform/tenancy';
import { answerUnread } from '@cs/platform/uploads';
import type { TicketsConfig } from '../../config/env.js';
import { PlanGate } from '../prompts/plan-gate.js';
import { type ExternalCaller, ExternalApiRepository, sha256 } from './external-api.repository.js';

export const ACCESS_DENIED = { error: 'Acesso não permitido' } as const;

/** A weak token (typed before tokens had to be strong) still answers 401, saying what the admin must do. */
export const WEAK_TOKEN_DENIED = {
  error: 'Acesso não permitido',
  message: 'O token desta conexão é fraco e foi desativado: gere um novo token na conexão (Gerar novo token).',
} as const;

/** A request the guard let through: the connection its token opens the API as. */
export interface ExternalApiRequest extends Request {
  externalCaller?: ExternalCaller;
}

const bearerOf = (header: string | undefined): string | null => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
};

const clientIpOf = (request: Request): string => {
  const header = request.headers[IDENTITY_HEADERS.clientIp];
  const value = (Array.isArray(header) ? header[0] : header) ?? request.ip ?? 'unknown';
  return value.slice(0, 64);
};

/**
 * Authenticates `POST /api/messages/send` before a byte of its body is read (guards run before the upload
 * interceptor): a client address past TICKETS_EXTERNAL_API_FAILURES_PER_MINUTE failed attempts this minute → 429
 * with `Retry-After`; no token, an unknown one or a weak one → 401 and one more failure for the address; more
 * than TICKETS_EXTERNAL_API_RATE_PER_MINUTE calls of the token this minute → 429; a plan without
 * `useExternalApi` → 403. Every refusal leaves the body unread and closes the connection after the answer.
 */
@Injectable()
export class ExternalTokenGuard implements CanActivate {
  constructor(
    @Inject(APP_CONFIG) private readonly config: TicketsConfig,
    private readonly store: ExternalApiRepository,
    private readonly plans: PlanGate,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<ExternalApiRequest>();
    const response = http.getResponse<Response>();
    let refusal: { status: number; body: unknown; headers?: Record<string, string> };
    try {
      const caller = await this.authenticate(request);
      if ('connectionId' in caller) {
        request.externalCaller = caller;
        return true;
      }
      refusal = { status: 401, body: caller };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      refusal = { ...mapError(error), headers: { ...error.headers } };
    }
    // the refusal is the whole answer (the exception filter finds it sent); the body is never read
    answerUnread(request, response, refusal);
    return false;
  }

  private async authenticate(
    request: Request,
  ): Promise<ExternalCaller | typeof ACCESS_DENIED | typeof WEAK_TOKEN_DENIED> {
    const clientIp = clientIpOf(request);
    const failures = await this.store.failuresOf(clientIp);
    if (failures.count >= this.config.TICKETS_EXTERNAL_API_FAILURES_PER_MINUTE) {
      throw new DomainError('ERR_TOO_MANY_REQUESTS', { headers: { 'Retry-After': String(failures.retryAfter) } });
    }
    const token = bearerOf(request.headers.authorization);
    const caller = token ? await this.store.connectionOf(sha256(token)) : null;
    if (!token || !caller || caller.weak) {
      await this.store.countFailure(clientIp);
      return caller?.weak ? WEAK_TOKEN_DENIED : ACCESS_DENIED;
    }
    const calls = await this.store.countCall(sha256(token));
    if (calls > this.config.TICKETS_EXTERNAL_API_RATE_PER_MINUTE) throw new DomainError('ERR_TOO_MANY_REQUESTS');
    await this.plans.require(caller.companyId, 'useExternalApi');
    return caller;
  }
}
