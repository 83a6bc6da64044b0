import {
  Body,
  Controller,
  Headers,
  HttpCode,
  Post,
  Req,
  Res,
  UploadedFiles,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import type { Response } from 'express';
import { ExternalSendRequestSchema } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { ZodPipe } from '@cs/platform/http';
import { Public } from '@cs/platform/tenancy';
import { LimitedFilesInterceptor } from '@cs/platform/uploads';
import { mediaUpload, type UploadedFile } from '../media/media.storage.js';
import { type ExternalApiRequest, ExternalTokenGuard } from './external-api.guard.js';
import { ExternalApiRepository } from './external-api.repository.js';
import { SendExternalMessageUseCase } from './send-external-message.use-case.js';

/**
 * `POST /api/messages/send`: the external API, reached without a user session (the gateway lets it through as a
 * `service` route); the caller is the connection whose token is the bearer, checked by `ExternalTokenGuard`
 * before the body is read (unknown token → 401 `{"error":"Acesso não permitido"}`, plan without
 * `useExternalApi` → 403, rate limits → 429). The body streams through the uploads' limits (at most 10 files of
 * TICKETS_MEDIA_MAX_BYTES each, else 413) and every file is type-sniffed when stored. An `Idempotency-Key`
 * already used by the connection answers the first call's answer again without sending anything.
 */
@Controller('api/messages')
export class ExternalApiController {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly store: ExternalApiRepository,
    private readonly sendMessage: SendExternalMessageUseCase,
  ) {}

  @Post('send')
  @Public()
  @HttpCode(200)
  @UseGuards(ExternalTokenGuard)
  @UseInterceptors(LimitedFilesInterceptor('medias', 10, mediaUpload('messages')))
  async send(
    @Req() request: ExternalApiRequest,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Body() raw: unknown,
    @UploadedFiles() files: UploadedFile[] | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<unknown> {
    const caller = request.externalCaller;
    if (!caller) throw new DomainError('ERR_SESSION_EXPIRED');
    const { companyId, connectionId } = caller;
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
