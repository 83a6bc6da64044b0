/**
 * The TEST_INFRA switch of the integration tier's global setup (deploy/scripts/test-infra.mjs): the machine's
 * PostgreSQL and Kafka broker by default, containers on request, and a clear failure when no Docker engine answers.
 */
import { startTestInfra, testInfraMode } from '../scripts/test-infra.mjs';

const started = {
  databaseUrl: 'postgres://postgres:secret@127.0.0.1:32768/test',
  brokers: '127.0.0.1:32769',
  stop: async (): Promise<void> => undefined,
};

describe('TEST_INFRA', () => {
  it('is the machine unless containers are asked for, and refuses anything else', () => {
    expect(testInfraMode({})).toBe('machine');
    expect(testInfraMode({ TEST_INFRA: '' })).toBe('machine');
    expect(testInfraMode({ TEST_INFRA: 'machine' })).toBe('machine');
    expect(testInfraMode({ TEST_INFRA: ' Containers ' })).toBe('containers');
    expect(() => testInfraMode({ TEST_INFRA: 'docker' })).toThrow(
      'TEST_INFRA=docker is not a test infrastructure: use "machine" (the default) or "containers"',
    );
  });

  it('by default leaves the environment as it is and starts nothing', async () => {
    const env: Record<string, string> = { TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' };
    let calls = 0;
    const count = async (): Promise<never> => {
      calls += 1;
      throw new Error('must not be called');
    };
    const infra = await startTestInfra({ env, probe: count, start: count });
    expect(infra.mode).toBe('machine');
    expect(env).toEqual({ TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' });
    expect(calls).toBe(0);
  });

  it('with containers, points the run at them (replacing the machine coordinates) and stops them at the end', async () => {
    const env: Record<string, string> = {
      TEST_INFRA: 'containers',
      TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
      KAFKA_BROKERS: '127.0.0.1:19092',
    };
    let stopped = false;
    const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      const infra = await startTestInfra({
        env,
        probe: async () => undefined,
        start: async () => ({ ...started, stop: async () => void (stopped = true) }),
      });
      expect(env['TEST_DATABASE_URL']).toBe(started.databaseUrl);
      expect(env['KAFKA_BROKERS']).toBe(started.brokers);
      expect(String(write.mock.calls[0]?.[0])).not.toContain('secret');
      await infra.stop();
      expect(stopped).toBe(true);
    } finally {
      write.mockRestore();
    }
  });

  it('with containers but no Docker engine, fails before starting anything, saying what to do', async () => {
    const env: Record<string, string> = { TEST_INFRA: 'containers', KAFKA_BROKERS: '127.0.0.1:19092' };
    let startCalls = 0;
    const attempt = startTestInfra({
      env,
      probe: async () => {
        throw new Error('connect ENOENT /var/run/docker.sock');
      },
      start: async () => {
        startCalls += 1;
        return started;
      },
    });
    await expect(attempt).rejects.toThrow(
      'TEST_INFRA=containers needs a Docker engine, and none answers (connect ENOENT /var/run/docker.sock). ' +
        "Start Docker (or set DOCKER_HOST), or unset TEST_INFRA to use the machine's PostgreSQL and Kafka broker.",
    );
    expect(startCalls).toBe(0);
    expect(env).toEqual({ TEST_INFRA: 'containers', KAFKA_BROKERS: '127.0.0.1:19092' });
  });

  it('asks testcontainers itself whether Docker answers (this machine has a client and no engine)', async () => {
    const env: Record<string, string> = { TEST_INFRA: 'containers' };
    await expect(startTestInfra({ env })).rejects.toThrow(
      /TEST_INFRA=containers needs a Docker engine, and none answers/,
    );
    expect(env['TEST_DATABASE_URL']).toBeUndefined();
  });
});
