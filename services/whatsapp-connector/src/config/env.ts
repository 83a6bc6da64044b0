import { z } from 'zod';
import { ConfigError, ServiceEnvSchema } from '@cs/platform/config';
import { mediaStorageEnv } from '@cs/platform/storage';
import { BaileysEnvShape } from '../providers/baileys/baileys.config.js';
import { cloudApiEnvShape } from '../providers/cloud-api/cloud-api.config.js';

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

/**
 * The connector's environment, with the keys of its providers (`providers/baileys/baileys.config.ts`,
 * `providers/cloud-api/cloud-api.config.ts`).
 */
export const ConnectorEnvSchema = ServiceEnvSchema.extend({
  CONNECTOR_PORT: z.coerce.number().int().min(0).max(65_535).default(4104),
  /**
   * This process's id among the connector processes (default hostname:pid:random). Stable across restarts (the pod
   * name, through the downward API), a restarted process takes its predecessor's leases back at once instead of
   * waiting for them to lapse. Unique among running processes: a second process under the same id supersedes the
   * first.
   */
  CONNECTOR_INSTANCE_ID: z.string().min(1).optional(),
  /** Most sessions one process runs; new sessions go to the least-loaded live process. */
  CONNECTOR_MAX_SESSIONS: z.coerce.number().int().min(1).default(500),
  /** A lease lapses this long after its last heartbeat; another process may then take the session over. */
  CONNECTOR_LEASE_TTL_MS: z.coerce.number().int().min(1_000).default(15_000),
  /** Leases are renewed, and ownership looked at, this often (at most half the lease TTL). */
  CONNECTOR_HEARTBEAT_MS: z.coerce.number().int().min(200).default(5_000),
  /**
   * Most sessions a process above its fair share (wanted sessions ÷ live processes, rounded up) hands over per
   * heartbeat when a process joins, so a newcomer is not handed hundreds of sessions to open at once.
   */
  CONNECTOR_HANDOVER_BATCH: z.coerce.number().int().min(1).default(25),
  /** A claim waits on a locked lease or connection row at most this long, then skips it until the next pass. */
  CONNECTOR_CLAIM_LOCK_TIMEOUT_MS: z.coerce.number().int().min(50).default(1_000),
  /** The simulator provider and its dev API (`/simulator/...`): on by default outside production. */
  SIMULATOR_ENABLED: flag.optional(),
  /** A simulated QR "scans" itself after this long (0: only through `POST /simulator/connections/{id}/scan`). */
  SIMULATOR_AUTO_SCAN_MS: z.coerce.number().int().min(0).default(3_000),
  /** A simulated QR is replaced this often; after 3 replacements without a scan the session is TIMEOUT. */
  SIMULATOR_QR_REFRESH_MS: z.coerce.number().int().min(50).default(20_000),
  /**
   * Fallback: how often a simulated session looks for what its contacts sent even without a wake-up (the phone
   * network lives in PostgreSQL; each write NOTIFYs the session's owner, which looks at once).
   */
  SIMULATOR_POLL_MS: z.coerce.number().int().min(10).default(5_000),
  /**
   * Fallback: how often the owner of sessions looks for commands addressed to them (send, start, logout, ...) even
   * without a wake-up (each recorded command NOTIFYs the owner, which looks at once).
   */
  CONNECTOR_COMMAND_POLL_MS: z.coerce.number().int().min(10).default(5_000),
  /** Where media is stored (a folder, or a bucket), and the public base URL media links start with. */
  ...mediaStorageEnv('.data/whatsapp-media'),
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  MEDIA_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(64 * 1024 * 1024),
  /** Hosts exempt from the SSRF policy (`host[:port]`, comma-separated): tests and local fakes only, never production. */
  OUTBOUND_HTTP_ALLOWED_HOSTS: z.string().optional(),
})
  .extend(BaileysEnvShape)
  .extend(cloudApiEnvShape);
export type ConnectorConfig = z.infer<typeof ConnectorEnvSchema>;

/**
 * The lease timings the session manager refuses to start with: a TTL under two heartbeats loses leases to a single
 * late renewal. (A check of its own: a refinement would stop the schema from being extended.)
 */
export function assertLeaseTimings(
  config: Pick<ConnectorConfig, 'CONNECTOR_LEASE_TTL_MS' | 'CONNECTOR_HEARTBEAT_MS'>,
): void {
  if (config.CONNECTOR_LEASE_TTL_MS < 2 * config.CONNECTOR_HEARTBEAT_MS) {
    throw new ConfigError([
      `CONNECTOR_LEASE_TTL_MS (${config.CONNECTOR_LEASE_TTL_MS}) must be at least twice CONNECTOR_HEARTBEAT_MS ` +
        `(${config.CONNECTOR_HEARTBEAT_MS}): one late renewal would lose every lease`,
    ]);
  }
}
