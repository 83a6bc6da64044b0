import { z } from 'zod';

/** Marks a config key as a secret: its value is never logged (see `redactConfig`). */
export const sensitive = <T extends z.ZodType>(schema: T): T => schema.meta({ sensitive: true });

const isSensitive = (schema: z.ZodType): boolean => z.globalRegistry.get(schema)?.['sensitive'] === true;

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid environment: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

/** `true`/`false`/`1`/`0` from the environment (zod's coerce.boolean would read "false" as true). */
export const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A comma-separated list from the environment. */
export const listFromEnv = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

/** Keys every deployable reads. Services extend this with their own. */
export const BaseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().default('127.0.0.1'),
  /** The gateway's shared secret: services accept identity headers only with it. */
  INTERNAL_TOKEN: sensitive(z.string().min(16)),
  /** OTLP/HTTP collector (e.g. http://otel-collector:4318); no exporter when unset. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  /**
   * From SIGTERM to exit: the graceful shutdown's deadline (work still unfinished then is left to the next owner and
   * the process exits 1). Below the orchestrator's grace period (Kubernetes' terminationGracePeriodSeconds, 30 by
   * default; compose's stop_grace_period), which kills the process when it passes.
   */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().max(3_600).default(25),
  /**
   * How long after SIGTERM the process keeps answering with readiness failing before it closes its listener, the
   * time load balancers take to stop sending it requests (0 when a Kubernetes preStop hook already waits).
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(0),
});

/** Keys of a service that owns a database and talks over the event bus. */
export const ServiceEnvSchema = BaseEnvSchema.extend({
  DATABASE_URL: sensitive(z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')),
  /** Unset: derived (`defaultPoolSize`: the partitions consumed at once + the outbox relay + headroom). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).optional(),
  /** Comma-separated Kafka brokers; the in-process bus is used when unset (one-process mode). */
  KAFKA_BROKERS: listFromEnv.optional(),
  /** Prepended to every topic and consumer group (test runs use their own namespace). */
  KAFKA_TOPIC_PREFIX: z.string().default(''),
  /**
   * The most events of one partition an `@InBatches()` or `@OnTopicBatches()` handler gets in one transaction
   * (100 by default); 1 = one transaction per event (see the events README).
   */
  EVENTS_BATCH_SIZE: z.coerce.number().int().min(1).max(500).default(100),
  /** `off` disables the outbox relay of this process (another replica publishes). */
  OUTBOX_RELAY: z.enum(['on', 'off']).default('on'),
  /** Crash tests only: the relay exits after publishing a batch, before deleting it. */
  OUTBOX_RELAY_FAULT: z.enum(['exit-after-publish']).optional(),
});

/**
 * Settings that were renamed, with their new name: set, they stop the boot (ignored, an old name would silently
 * change where data goes, such as the media folder).
 */
const RENAMED_SETTINGS: Readonly<Record<string, string>> = {
  TICKETS_MEDIA_DIR: 'MEDIA_DIR',
  CAMPAIGNS_MEDIA_DIR: 'MEDIA_DIR',
  WHATSAPP_MEDIA_DIR: 'MEDIA_DIR',
  ...Object.fromEntries(
    ['BUCKET', 'ENDPOINT', 'REGION', 'ACCESS_KEY_ID', 'SECRET_ACCESS_KEY', 'FORCE_PATH_STYLE'].flatMap((name) => [
      [`CAMPAIGNS_MEDIA_S3_${name}`, `MEDIA_S3_${name}`],
      [`WHATSAPP_MEDIA_S3_${name}`, `MEDIA_S3_${name}`],
    ]),
  ),
};

/**
 * Parses the environment with a schema; on failure throws a ConfigError listing every bad key, so boot
 * fails with one clear message instead of the first missing variable.
 */
export function loadConfig<S extends z.ZodObject>(schema: S, env: Record<string, string | undefined>): z.infer<S> {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const renamed = Object.keys(cleaned)
    .filter((key) => RENAMED_SETTINGS[key] !== undefined)
    .map((key) => `${key} was renamed ${RENAMED_SETTINGS[key]}`);
  const result = schema.safeParse(cleaned);
  if (result.success && renamed.length === 0) return result.data;
  const problems = (result.error?.issues ?? []).map((issue) => {
    const key = issue.path.join('.') || '(root)';
    const shown = issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : issue.message;
    return `${key} ${shown}`;
  });
  throw new ConfigError([...renamed, ...problems]);
}

/** The config with every sensitive key replaced, safe to log. */
export function redactConfig<S extends z.ZodObject>(
  schema: S,
  config: Record<string, unknown>,
): Record<string, unknown> {
  const shape = schema.shape as Record<string, z.ZodType>;
  return Object.fromEntries(
    Object.entries(config).map(([key, value]) => {
      const field = shape[key];
      const secret = field !== undefined && (isSensitive(field) || isSensitive(unwrap(field)));
      return [key, secret && value !== undefined ? '[redacted]' : value];
    }),
  );
}

function unwrap(schema: z.ZodType): z.ZodType {
  const def = (schema as unknown as { def?: { innerType?: z.ZodType } }).def;
  return def?.innerType ? unwrap(def.innerType) : schema;
}

/** The keys a schema reads, for the `.env.example` consistency test. */
export const keysOf = (schema: z.ZodObject): string[] => Object.keys(schema.shape);
