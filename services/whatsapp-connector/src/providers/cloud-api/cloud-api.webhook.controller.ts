import { Controller, Get, Header, Headers, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import type { Request } from 'express';
import { type CloudWebhookVerifyQuery, CloudWebhookVerifyQuerySchema } from '@cs/proto/http';
import { IdPipe, ZodPipe } from '@cs/platform/http';
import { Public } from '@cs/platform/tenancy';
import { CloudApiWebhooks } from './cloud-api.webhooks.js';

/**
 * Meta's callback URL for one connection, `${PUBLIC_URL}/webhooks/whatsapp/{connectionId}` (through the gateway,
 * which adds the internal token). Meta authenticates with the verify token (GET) and the app secret's signature
 * (POST), so the routes need no user. The POST body (`CloudWebhookBodySchema` describes it) is read from its raw
 * bytes, after the signature check, and item by item (see `CloudApiWebhooks.receive`).
 */
@Public()
@Controller('webhooks/whatsapp')
export class CloudApiWebhookController {
  constructor(private readonly webhooks: CloudApiWebhooks) {}

  @Get(':connectionId')
  @Header('content-type', 'text/plain; charset=utf-8')
  verify(
    @Param('connectionId', new IdPipe('ERR_NO_WAPP_FOUND')) connectionId: number,
    @Query(new ZodPipe(CloudWebhookVerifyQuerySchema)) query: CloudWebhookVerifyQuery,
  ): Promise<string> {
    return this.webhooks.verify(connectionId, query);
  }

  @Post(':connectionId')
  @HttpCode(200)
  async receive(
    @Param('connectionId', new IdPipe('ERR_NO_WAPP_FOUND')) connectionId: number,
    @Req() request: RawBodyRequest<Request>,
    @Headers('x-hub-signature-256') signature: string | undefined,
  ): Promise<{ received: true }> {
    await this.webhooks.receive(connectionId, request.rawBody, signature);
    return { received: true };
  }
}
