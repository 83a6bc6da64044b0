import pg from 'pg';
import { type RunningApp, startServiceApp } from '@cs/platform/bootstrap';
import { runMigrations } from '@cs/platform/database';
import { serviceTestEnv, sharedResource, testRun } from '@cs/platform/testing';
import { campaignsService } from '../../src/app.js';
import { createCampaignsDataSource } from '../../src/database/data-source.js';

/** The campaigns service on the run's migrated database, and a client of that database for the test's own rows. */
export async function startCampaigns(): Promise<{ app: RunningApp<typeof campaignsService.envSchema>; db: pg.Client }> {
  const dataSource = createCampaignsDataSource({ DATABASE_URL: testRun().databaseUrl });
  await runMigrations(dataSource);
  await dataSource.destroy();
  const db = new pg.Client({ connectionString: testRun().databaseUrl });
  await db.connect();
  const app = await startServiceApp(
    campaignsService,
    serviceTestEnv({ MEDIA_DIR: `/tmp/cs-campaigns-media-${process.pid}` }),
    { port: 0 },
  );
  return { app, db };
}

const shared = sharedResource(startCampaigns, async ({ app, db }) => {
  await app.close();
  await db.end();
});

/** The service and database client the case files of `integration/privacy.int-spec.ts` share (`sharedResource`). */
export const sharedCampaigns = (): ReturnType<typeof startCampaigns> => shared.get();

/** Closes the shared service and its database client, when they were started. */
export const stopSharedCampaigns = (): Promise<void> => shared.stop();
