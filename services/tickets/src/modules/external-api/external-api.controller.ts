import { Body, Controller, Headers, HttpCode, Inject, Post, Res, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { FilesInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';
import { ExternalSendRequestSchema } from '@cs/proto/http';
import { APP_CONFIG } from '@cs/platform/config';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { ZodPipe } from '@cs/platform/http';
import { Public } from '@cs/platform/tenancy';
import type { TicketsConfig } from '../../config/env.js';
import type { UploadedFile } from '../media/media.storage.js';
import { PlanGate } from '../prompts/plan-gate.js';
import { ExternalApiRepository, sha256 } from './external-api.repository.js';
import { SendExternalMessageUseCase } from './send-external-message.use-case.js';

export const ACCESS_DENIED = { error: 'Acesso não permitido' } as const;

const bearerOf = (header: string | undefined): string | null => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
};

/**
 * `POST /api/messages/send`: the external API, reached without a user session (the gateway lets it through as a
 * `service` route); the caller is the connection whose token is the bearer. Unknown token → 401
 * `{"error":"Acesso não permitido"}`; plan without `useExternalApi` → 403; more than
 * TICKETS_EXTERNAL_API_RATE_PER_MINUTE calls a minute per token → 429; an `Idempotency-Key` already used by the
 * connection answers the first call's answer again without sending anything.
 */
@Controller('api/messages')
export class ExternalApiController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: TicketsConfig,
    private readonly transactions: TransactionHost,
    private readonly store: ExternalApiRepository,
    private readonly plans: PlanGate,
    private readonly sendMessage: SendExternalMessageUseCase,
  ) {}

  @Post('send')
  @Public()
  @HttpCode(200)
  @UseInterceptors(FilesInterceptor('medias', 10))
  async send(
    @Headers('authorization') authorization: string | undefined,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Body() raw: unknown,
    @UploadedFiles() files: UploadedFile[] | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<unknown> {
    const token = bearerOf(authorization);
    if (!token) {
      response.status(401);
      return ACCESS_DENIED;
    }
    const tokenSha = sha256(token);
    const calls = await this.store.countCall(tokenSha);
    if (calls > this.config.TICKETS_EXTERNAL_API_RATE_PER_MINUTE) throw new DomainError('ERR_TOO_MANY_REQUESTS');
    const caller = await this.store.connectionOf(tokenSha);
    if (!caller) {
      response.status(401);
      return ACCESS_DENIED;
    }
    const { companyId, connectionId } = caller;
    await this.plans.require(companyId, 'useExternalApi');
    const input = new ZodPipe(ExternalSendRequestSchema).transform(raw ?? {});
    const key = idempotencyKey?.trim().slice(0, 200);
    if (key) {
      const earlier = await this.transactions.run(() => this.store.claim(companyId, connectionId, key));
      if (earlier) {
        if (earlier.status === null) throw new DomainError('ERR_CONFLICT', { message: 'request in progress' });
        response.status(earlier.status);
        return earlier.response;
      }
    }
    try {
      const answer = await this.sendMessage.execute(companyId, connectionId, input, files ?? []);
      if (key) await this.transactions.run(() => this.store.complete(companyId, connectionId, key, 200, answer));
      return answer;
    } catch (error) {
      if (key) await this.transactions.run(() => this.store.release(companyId, connectionId, key));
      throw error;
    }
  }
}
