import { createHash, timingSafeEqual } from 'node:crypto';
import { Body, Controller, HttpCode, Inject, Post, Query } from '@nestjs/common';
import type { Logger } from 'pino';
import { PixNotificationSchema, type PixWebhookQuery, PixWebhookQuerySchema, type WebhookAck } from '@cs/proto/http';
import { APP_CONFIG } from '@cs/platform/config';
import { DomainError } from '@cs/platform/errors';
import { ZodPipe } from '@cs/platform/http';
import { LOGGER } from '@cs/platform/logging';
import { Public } from '@cs/platform/tenancy';
import { ConfirmPaymentUseCase } from './use-cases/confirm-payment.use-case.js';

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/** Compares two secrets in constant time (digests of equal length, whatever the lengths given). */
export function sameSecret(given: string | undefined, expected: string): boolean {
  return timingSafeEqual(digest(given ?? ''), digest(expected)) && given !== undefined;
}

/**
 * The provider's payment notifications (public at the gateway; `/pix` is the suffix Efí appends). Trusted only
 * with the secret of the registered URL, and then only as a hint: ConfirmPaymentUseCase asks the provider.
 */
@Controller('subscription/webhook')
@Public()
export class WebhooksController {
  constructor(
    private readonly confirm: ConfirmPaymentUseCase,
    @Inject(APP_CONFIG) private readonly config: { BILLING_WEBHOOK_SECRET: string },
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Post()
  @HttpCode(200)
  notify(
    @Query(new ZodPipe(PixWebhookQuerySchema)) query: PixWebhookQuery,
    @Body() body: unknown,
  ): Promise<WebhookAck> {
    return this.handle(query, body);
  }

  @Post('pix')
  @HttpCode(200)
  notifyPix(
    @Query(new ZodPipe(PixWebhookQuerySchema)) query: PixWebhookQuery,
    @Body() body: unknown,
  ): Promise<WebhookAck> {
    return this.handle(query, body);
  }

  /**
   * The secret first (403 without it, whatever the body); then the body is read with `PixNotificationSchema`
   * here rather than by a pipe, so an unreadable notification is answered 200 (the provider would retry a 400
   * forever) without effect.
   */
  private async handle(query: PixWebhookQuery, body: unknown): Promise<WebhookAck> {
    if (!sameSecret(query.hmac, this.config.BILLING_WEBHOOK_SECRET)) {
      this.logger.warn('payment notification without the webhook secret refused');
      throw new DomainError('ERR_NO_PERMISSION');
    }
    const parsed = PixNotificationSchema.safeParse(body);
    if (!parsed.success) {
      this.logger.warn('unreadable payment notification ignored');
      return { ok: true };
    }
    if (parsed.data.evento === 'teste_webhook') return { ok: true };
    for (const pix of parsed.data.pix ?? []) {
      if (!pix.txid) continue; // a Pix to the key without a charge of ours
      await this.confirm.execute(pix.txid, pix.endToEndId);
    }
    return { ok: true };
  }
}
