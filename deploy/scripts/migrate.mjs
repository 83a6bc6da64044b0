// `make migrate`: runs every service's migrations (and development seeds with SEED=1) against DATABASE_URL,
// or the embedded development PostgreSQL when it is unset.
import { runMigrations } from '@cs/platform/database';
import { devDatabase } from './dev-postgres.mjs';
import { SERVICES } from './deployables.mjs';

export async function migrateAll(databaseUrl, env, { seed }) {
  for (const service of SERVICES) {
    const { [service.dataSource.factory]: createDataSource } = await import(service.dataSource.module);
    const dataSource = createDataSource({ DATABASE_URL: databaseUrl });
    const applied = await runMigrations(dataSource);
    if (applied.length > 0) console.log(`${service.name}: applied ${applied.join(', ')}`);
    if (seed && service.seed) {
      const { [service.seed.fn]: seedFn } = await import(service.seed.module);
      await seedFn(dataSource, env);
    }
    await dataSource.destroy();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const database = await devDatabase();
  await migrateAll(database.url, process.env, { seed: process.env.SEED === '1' });
  await database.stop();
  console.log('migrations up to date');
}
