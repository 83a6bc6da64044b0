import type { Provider } from '@nestjs/common';
import { APP_CONFIG } from '@cs/platform/config';
import { configuredSecretBox, SecretBox } from '@cs/platform/secrets';
import type { TicketsConfig } from '../../config/env.js';

/** What a stored secret looks like to clients: a mask and its last four characters. */
export const SECRET_MASK = '********';
export const maskSecret = (value: string | null): string =>
  value ? `${SECRET_MASK}${value.length > 8 ? value.slice(-4) : ''}` : '';
/** Whether a client sent back the masked value (or nothing): the stored secret stays. */
export const keepsSecret = (sent: string | undefined): boolean => sent === undefined || sent.startsWith(SECRET_MASK);

/**
 * The seal of the credentials tenants store (OpenAI keys, Azure speech keys, Dialogflow service accounts):
 * keyed by TICKETS_SECRETS_KEY, required in production (`configuredSecretBox`).
 */
export function ticketsSecretBox(
  config: Pick<TicketsConfig, 'NODE_ENV' | 'TICKETS_SECRETS_KEY' | 'INTERNAL_TOKEN'>,
): SecretBox {
  return configuredSecretBox(
    {
      setting: 'TICKETS_SECRETS_KEY',
      key: config.TICKETS_SECRETS_KEY,
      purpose: 'tickets-secrets',
      internalToken: config.INTERNAL_TOKEN,
      nodeEnv: config.NODE_ENV,
    },
    SecretBox,
  );
}

export const TicketsSecretBoxProvider: Provider = {
  provide: SecretBox,
  useFactory: ticketsSecretBox,
  inject: [APP_CONFIG],
};
