import { z } from 'zod';
import { CreateConnectionSchema } from '@cs/proto/http';
import { textField } from '../../../lib/form-rules';
import { PROVIDERS } from '@cs/proto/events';

export const COUNTERS = ['timeSendQueue', 'expiresTicket', 'timeUseBotQueues', 'maxUseBotQueues'] as const;
export const MESSAGES = [
  'greetingMessage',
  'complationMessage',
  'outOfHoursMessage',
  'ratingMessage',
  'expiresInactiveMessage',
] as const;
export const CLOUD_FIELDS = ['cloudPhoneNumberId', 'cloudAccessToken', 'cloudAppSecret', 'cloudVerifyToken'] as const;

/**
 * The connection form (spec §5): name 2 to 50 and required (the spec's "Too Short!" / "Too Long!"), the four
 * counters integers 0 or more and required. Empty selects become null; empty Cloud API secrets are left out so
 * the stored ones are kept.
 */
export function connectionFormSchema(t: (key: string) => string) {
  const counter = z
    .string()
    .trim()
    .min(1, t('common.required'))
    .regex(/^\d+$/, t('connections.dialog.integer'))
    .transform(Number);
  const optionalId = z.string().transform((v) => (v ? Number(v) : null));
  const secret = z
    .string()
    .trim()
    .transform((v) => (v ? v : undefined));
  return z.object({
    name: textField(CreateConnectionSchema.shape.name, {
      required: 'Required',
      tooShort: 'Too Short!',
      tooLong: 'Too Long!',
    }),
    isDefault: z.boolean(),
    provider: z.enum(PROVIDERS),
    queueIds: z.array(z.number()),
    promptId: optionalId,
    integrationId: optionalId,
    sendIdQueue: optionalId,
    token: z.string().trim(),
    greetingMessage: z.string(),
    complationMessage: z.string(),
    outOfHoursMessage: z.string(),
    ratingMessage: z.string(),
    expiresInactiveMessage: z.string(),
    timeSendQueue: counter,
    expiresTicket: counter,
    timeUseBotQueues: counter,
    maxUseBotQueues: counter,
    cloudPhoneNumberId: secret,
    cloudAccessToken: secret,
    cloudAppSecret: secret,
    cloudVerifyToken: secret,
  });
}

/** Drops the keys whose value is undefined (exactOptionalPropertyTypes bodies). */
export function withoutUndefined<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
