import type { DataSource } from 'typeorm';
import { createServiceDataSource } from '@cs/platform/database';
import { WhatsappMigrations } from './migrations/index.js';

export const WHATSAPP_SCHEMA = 'whatsapp';

/**
 * The one DataSource of the connector, for the app and for the migration step. The connector works in SQL
 * (leases, commands and the simulator need `FOR UPDATE SKIP LOCKED`, `now()` and `RETURNING`), so it has no
 * entities; provider folders may add theirs here when they are wired in.
 */
export function createWhatsappDataSource(config: {
  DATABASE_URL: string;
  DATABASE_POOL_SIZE?: number | undefined;
  CONNECTOR_LEASE_TTL_MS?: number;
}): DataSource {
  return createServiceDataSource({
    url: config.DATABASE_URL,
    schema: WHATSAPP_SCHEMA,
    entities: [],
    migrations: WhatsappMigrations,
    poolSize: config.DATABASE_POOL_SIZE,
    applicationName: 'whatsapp-connector',
    // a frozen process (SIGSTOP, a stalled VM) must not keep a fenced transaction's row locks, which would block
    // the takeover of its lapsed sessions forever: PostgreSQL ends a transaction left idle for a lease's TTL
    sessionSettings: { idle_in_transaction_session_timeout: config.CONNECTOR_LEASE_TTL_MS ?? 15_000 },
  });
}
