import { loadConfig, ServiceEnvSchema } from '../config/env.js';
import { createServiceDataSource } from './data-source.js';
import { DEFAULT_CONSUMED_PARTITIONS, defaultPoolSize, POOL_HEADROOM } from './pool-size.js';

const poolMax = (poolSize?: number): unknown =>
  (
    createServiceDataSource({
      url: 'postgres://postgres@127.0.0.1:5432/postgres',
      schema: 'probe',
      entities: [],
      migrations: [],
      poolSize,
    }).options as { extra: { max: number } }
  ).extra.max;

describe('defaultPoolSize', () => {
  it('leaves a connection for every partition consumed at once, the outbox relay and HTTP headroom', () => {
    expect(DEFAULT_CONSUMED_PARTITIONS).toBe(12);
    expect(defaultPoolSize()).toBe(12 + 1 + POOL_HEADROOM);
    expect(defaultPoolSize()).toBeGreaterThan(DEFAULT_CONSUMED_PARTITIONS + 1);
    expect(defaultPoolSize({ consumedPartitions: 4, headroom: 2 })).toBe(7);
  });

  it("is a service's pool size unless DATABASE_POOL_SIZE sets one", () => {
    const env = { INTERNAL_TOKEN: 'x'.repeat(16), DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' };
    const unset = loadConfig(ServiceEnvSchema, env);
    expect(unset.DATABASE_POOL_SIZE).toBeUndefined();
    expect(poolMax(unset.DATABASE_POOL_SIZE)).toBe(defaultPoolSize());
    const set = loadConfig(ServiceEnvSchema, { ...env, DATABASE_POOL_SIZE: '7' });
    expect(poolMax(set.DATABASE_POOL_SIZE)).toBe(7);
  });
});
