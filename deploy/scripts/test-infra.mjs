// Where the integration tier's PostgreSQL and Kafka come from: one switch, TEST_INFRA.
//   machine (default, or unset)  the machine's PostgreSQL (TEST_DATABASE_URL, else an embedded one) and the
//                                Kafka broker at KAFKA_BROKERS (started from the Maven jar by kafka.sh when none
//                                answers): what the global setup always did
//   containers                   postgres:15 and Kafka (KRaft) started with testcontainers for the run, their
//                                coordinates exported as TEST_DATABASE_URL and KAFKA_BROKERS, stopped at teardown;
//                                needs a Docker engine, and fails at once without one
// The decision and the Docker check live here (plain ESM, unit-tested in deploy/test/test-infra.spec.ts); the
// global setup and teardown call startTestInfra / stopTestInfra.

export const TEST_INFRA_MODES = ['machine', 'containers'];
export const POSTGRES_IMAGE = 'postgres:15';
export const KAFKA_IMAGE = 'confluentinc/cp-kafka:7.9.0';

/** The mode TEST_INFRA asks for; anything but the two modes is refused (a typo must not silently run elsewhere). */
export function testInfraMode(env = process.env) {
  const value = (env.TEST_INFRA ?? '').trim().toLowerCase();
  if (value === '' || value === 'machine') return 'machine';
  if (value === 'containers') return 'containers';
  throw new Error(
    `TEST_INFRA=${env.TEST_INFRA} is not a test infrastructure: use "machine" (the default) or "containers"`,
  );
}

/** Asks testcontainers for a container runtime (DOCKER_HOST, ~/.testcontainers.properties, the Docker socket). */
async function probeDocker() {
  const { getContainerRuntimeClient } = await import('testcontainers');
  await getContainerRuntimeClient();
}

/** Starts postgres:15 and a KRaft Kafka broker; answers their coordinates and how to stop them. */
async function startContainers() {
  const [{ PostgreSqlContainer }, { KafkaContainer }] = await Promise.all([
    import('@testcontainers/postgresql'),
    import('@testcontainers/kafka'),
  ]);
  const [postgres, kafka] = await Promise.all([
    new PostgreSqlContainer(POSTGRES_IMAGE).withUsername('postgres').withPassword('postgres').start(),
    new KafkaContainer(KAFKA_IMAGE).withKraft().start(),
  ]);
  return {
    databaseUrl: postgres.getConnectionUri(),
    brokers: `${kafka.getHost()}:${kafka.getMappedPort(9093)}`,
    stop: async () => {
      await Promise.allSettled([postgres.stop(), kafka.stop()]);
    },
  };
}

/**
 * Prepares the run's infrastructure for the mode TEST_INFRA asks for. `machine` changes nothing. `containers`
 * checks that a Docker engine answers (else throws, before anything starts), starts the containers and sets
 * TEST_DATABASE_URL and KAFKA_BROKERS in `env` (replacing values given there). Answers a handle to stop what was
 * started (nothing for `machine`). `probe` and `start` are the seams the unit test replaces.
 */
export async function startTestInfra({ env = process.env, probe = probeDocker, start = startContainers } = {}) {
  const mode = testInfraMode(env);
  if (mode === 'machine') return { mode, stop: async () => undefined };
  try {
    await probe();
  } catch (error) {
    throw new Error(
      'TEST_INFRA=containers needs a Docker engine, and none answers ' +
        `(${error instanceof Error ? error.message : String(error)}). ` +
        "Start Docker (or set DOCKER_HOST), or unset TEST_INFRA to use the machine's PostgreSQL and Kafka broker.",
      { cause: error },
    );
  }
  const started = await start();
  env.TEST_DATABASE_URL = started.databaseUrl;
  env.KAFKA_BROKERS = started.brokers;
  // the address only: the URL carries the container's password
  const postgresAt = new URL(started.databaseUrl).host;
  process.stdout.write(`\ntest infrastructure: containers (PostgreSQL ${postgresAt}, Kafka ${started.brokers})\n`);
  return { mode, stop: started.stop };
}
