import { Global, Inject, Injectable, Module, type OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG } from '@cs/platform/config';
import { LOGGER } from '@cs/platform/logging';
import type { BillingConfig } from '../../config/env.js';
import { EfiPixProvider } from './efi/efi-pix.provider.js';
import { PIX_PROVIDER, type PixProvider } from './pix-provider.js';

/** The URL the provider calls: the secret rides in the query (`ignorar=` absorbs the `/pix` Efí appends). */
export function webhookUrl(publicUrl: string, secret: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/subscription/webhook?hmac=${encodeURIComponent(secret)}&ignorar=`;
}

/** Registers the webhook for the Pix key at start-up when asked to (BILLING_REGISTER_WEBHOOK). */
@Injectable()
export class WebhookRegistration implements OnApplicationBootstrap {
  constructor(
    @Inject(PIX_PROVIDER) private readonly provider: PixProvider,
    @Inject(APP_CONFIG) private readonly config: BillingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.BILLING_REGISTER_WEBHOOK || !this.config.BILLING_PUBLIC_URL) return;
    try {
      await this.provider.registerWebhook(
        webhookUrl(this.config.BILLING_PUBLIC_URL, this.config.BILLING_WEBHOOK_SECRET),
      );
      this.logger.info({ provider: this.provider.name }, 'payment webhook registered');
    } catch (error) {
      // the URL carries the secret: only the provider's answer is logged
      this.logger.error(
        { provider: this.provider.name, reason: (error as Error).message },
        'webhook registration failed',
      );
    }
  }
}

@Global()
@Module({
  providers: [
    {
      provide: PIX_PROVIDER,
      useFactory: (config: BillingConfig): PixProvider => new EfiPixProvider(config),
      inject: [APP_CONFIG],
    },
    WebhookRegistration,
  ],
  exports: [PIX_PROVIDER],
})
export class ProviderModule {}
