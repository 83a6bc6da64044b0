import type { DataSource } from 'typeorm';

/** Plans every installation starts with (idempotent: existing plans are left alone). */
const DEFAULT_PLANS = [
  { name: 'Básico', users: 3, connections: 1, queues: 3, value: 99.9 },
  { name: 'Profissional', users: 10, connections: 3, queues: 10, value: 199.9 },
  { name: 'Empresarial', users: 30, connections: 10, queues: 30, value: 499.9 },
];

/** Development and first-install data for identity, run after migrations (`make dev`, `SEED=1 make migrate`). */
export async function seedIdentity(dataSource: DataSource, _env: Record<string, string | undefined>): Promise<void> {
  for (const plan of DEFAULT_PLANS) {
    await dataSource.query(
      `INSERT INTO plans (name, users, connections, queues, value) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (name) DO NOTHING`,
      [plan.name, plan.users, plan.connections, plan.queues, plan.value],
    );
  }
}
