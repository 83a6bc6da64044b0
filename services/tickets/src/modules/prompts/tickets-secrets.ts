import type { Provider } from '@nestjs/common';
import { APP_CONFIG, ConfigError } from '@cs/platform/config';
import { SecretBox } from '@cs/platform/secrets';
import type { TicketsConfig } from '../../config/env.js';

/** What a stored secret looks like to clients: a mask and its last four characters. */
export const SECRET_MASK = '********';
export const maskSecret = (value: string | null): string =>
  value ? `${SECRET_MASK}${value.length > 8 ? value.slice(-4) : ''}` : '';
/** Whether a client sent back the masked value (or nothing): the stored secret stays. */
export const keepsSecret = (sent: string | undefined): boolean => sent === undefined || sent.startsWith(SECRET_MASK);

/**
 * The seal of the credentials tenants store (OpenAI keys, Azure speech keys, Dialogflow service accounts):
 * the platform's `SecretBox` keyed by TICKETS_SECRETS_KEY, required in production (the service refuses to start
 * without it). Values sealed with the key derived from INTERNAL_TOKEN (the key when TICKETS_SECRETS_KEY is unset,
 * as in tests) open as long as that token is the same; outside production without TICKETS_SECRETS_KEY that
 * derived key seals too.
 */
export function ticketsSecretBox(
  config: Pick<TicketsConfig, 'NODE_ENV' | 'TICKETS_SECRETS_KEY' | 'INTERNAL_TOKEN'>,
): SecretBox {
  const derived = `tickets-secrets:${config.INTERNAL_TOKEN}`;
  if (config.TICKETS_SECRETS_KEY) return new SecretBox(config.TICKETS_SECRETS_KEY, [derived]);
  if (config.NODE_ENV === 'production') {
    throw new ConfigError(['TICKETS_SECRETS_KEY is required in production (at least 32 characters)']);
  }
  return new SecretBox(derived);
}

export const TicketsSecretBoxProvider: Provider = {
  provide: SecretBox,
  useFactory: ticketsSecretBox,
  inject: [APP_CONFIG],
};
