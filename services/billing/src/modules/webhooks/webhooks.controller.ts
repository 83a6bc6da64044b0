import { createHash, timingSafeEqual } from 'node:crypto';
import { Body, Controller, HttpCode, Inject, Post, Query } from '@nestjs/common';
import type { Logger } from 'pino';
import { z } from 'zod';
import { APP_CONFIG } from '@cs/platform/config';
import { DomainError } from '@cs/platform/errors';
import { LOGGER } from '@cs/platform/logging';
import { Public } from '@cs/platform/tenancy';
import { ConfirmPaymentUseCase } from './use-cases/confirm-payment.use-case.js';

/** Efí's notification: `{pix: [{endToEndId, txid, chave, valor, horario, ...}]}`, or `{evento: "teste_webhook"}`. */
const NotificationSchema = z.object({
  evento: z.string().optional(),
  pix: z
    .array(
      z.object({
        endToEndId: z.string().min(1).max(64),
        txid: z.string().min(1).max(35).optional(),
      }),
    )
    .max(100)
    .optional(),
});

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
  notify(@Query('hmac') hmac: unknown, @Body() body: unknown): Promise<{ ok: true }> {
    return this.handle(hmac, body);
  }

  @Post('pix')
  @HttpCode(200)
  notifyPix(@Query('hmac') hmac: unknown, @Body() body: unknown): Promise<{ ok: true }> {
    return this.handle(hmac, body);
  }

  private async handle(hmac: unknown, body: unknown): Promise<{ ok: true }> {
    if (!sameSecret(typeof hmac === 'string' ? hmac : undefined, this.config.BILLING_WEBHOOK_SECRET)) {
      this.logger.warn('payment notification without the webhook secret refused');
      throw new DomainError('ERR_NO_PERMISSION');
    }
    const parsed = NotificationSchema.safeParse(body);
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
