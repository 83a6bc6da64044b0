import { z } from 'zod';

/** `2.3000.1043857760` → `[2, 3000, 1043857760]`. */
const waVersion = z
  .string()
  .regex(/^\d+\.\d+\.\d+$/, 'expected major.minor.patch, e.g. 2.3000.1043857760')
  .transform((value) => value.split('.').map(Number) as [number, number, number]);

/**
 * The Baileys provider's environment keys; the lead merges this shape into `ConnectorEnvSchema`
 * (`ConnectorEnvSchema.extend(BaileysEnvShape)`).
 */
export const BaileysEnvShape = {
  /** The WhatsApp Web version the socket announces (a 405 close means it is outdated). Unset: Baileys' bundled one. */
  BAILEYS_WA_VERSION: waVersion.optional(),
  /** First reconnect delay after a transient close (408/428/500/503); doubles per attempt, with ±50 % jitter. */
  BAILEYS_BACKOFF_BASE_MS: z.coerce.number().int().min(1).default(2_000),
  /** Longest reconnect delay. */
  BAILEYS_BACKOFF_CAP_MS: z.coerce.number().int().min(1).default(300_000),
  /** The attempt counter resets once a session has stayed open this long. */
  BAILEYS_STABLE_AFTER_MS: z.coerce.number().int().min(1).default(300_000),
  /** Transient closes in a row before the session gives up (DISCONNECTED, reason `retriesExhausted`). */
  BAILEYS_MAX_RETRIES: z.coerce.number().int().min(1).default(10),
  /** Stored messages (for retries, quotes and mark-read) older than this are deleted when a session opens. */
  BAILEYS_MESSAGE_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
};
export const BaileysEnvSchema = z.object(BaileysEnvShape);
export type BaileysEnv = z.infer<typeof BaileysEnvSchema>;

/** What a session needs from the environment (tests build it directly). */
export interface BaileysOptions {
  readonly waVersion: readonly [number, number, number] | null;
  readonly backoffBaseMs: number;
  readonly backoffCapMs: number;
  readonly stableAfterMs: number;
  readonly maxRetries: number;
  /** 515 restarts in a row before they count as transient closes. */
  readonly maxRestarts: number;
  readonly messageRetentionDays: number;
  /** Jitter source in [0, 1) (tests pin it); Math.random when absent. */
  readonly random?: () => number;
}

export function baileysOptionsFromEnv(env: Partial<BaileysEnv>): BaileysOptions {
  const parsed = BaileysEnvSchema.parse({ ...env, BAILEYS_WA_VERSION: undefined });
  return {
    waVersion: env.BAILEYS_WA_VERSION ?? null,
    backoffBaseMs: parsed.BAILEYS_BACKOFF_BASE_MS,
    backoffCapMs: parsed.BAILEYS_BACKOFF_CAP_MS,
    stableAfterMs: parsed.BAILEYS_STABLE_AFTER_MS,
    maxRetries: parsed.BAILEYS_MAX_RETRIES,
    maxRestarts: 3,
    messageRetentionDays: parsed.BAILEYS_MESSAGE_RETENTION_DAYS,
  };
}
