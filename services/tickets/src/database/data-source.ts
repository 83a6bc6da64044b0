import type { DataSource } from 'typeorm';
import { createServiceDataSource } from '@cs/platform/database';
import { TicketsMigrations } from './migrations/index.js';

export const TICKETS_SCHEMA = 'tickets';

/**
 * The one DataSource of tickets, for the app and for the migration step. Tickets reads and writes with SQL in
 * its repositories (the list, search and dashboard queries are hand-tuned), so it registers no entities.
 */
export function createTicketsDataSource(config: {
  DATABASE_URL: string;
  DATABASE_POOL_SIZE?: number | undefined;
}): DataSource {
  return createServiceDataSource({
    url: config.DATABASE_URL,
    schema: TICKETS_SCHEMA,
    entities: [],
    migrations: TicketsMigrations,
    poolSize: config.DATABASE_POOL_SIZE,
    applicationName: 'tickets',
  });
}
