// The stack a benchmark measures: deploy/scripts/e2e-stack.mjs without the web client — a fresh PostgreSQL database
// (TEST_DATABASE_URL's server) and Kafka topic prefix (the shared broker, KAFKA_BROKERS or 127.0.0.1:19092), every
// deployable migrated, seeded and started as its own process, the gateway in front. `prepare(databaseUrl)` runs
// after migrations and seeds, before any process starts (the data generator). `stop()` ends the processes and drops
// the database (unless BENCH_KEEP_DB=1) and topics; so does Ctrl-C at any point. PostgreSQL's autovacuum is on
// while the stack runs, as in production and in `make bench` (lib/autovacuum.mjs; a no-op when the server has it on,
// as under bench/all.mjs), and put back when the stack stops or the process exits.
import { SERVICES } from '../../deploy/scripts/deployables.mjs';
import { startStack as startFullStack } from '../../deploy/scripts/e2e-stack.mjs';
import { autovacuumOn } from './autovacuum.mjs';

export const hasConnector = () => SERVICES.some((service) => service.name === 'whatsapp-connector');

/**
 * @param {{ name: string, prepare?: (databaseUrl: string) => Promise<void>, env?: Record<string,string>,
 *           gateways?: number, log?: (line: string) => void }} options
 */
export async function startStack({ name, prepare, env = {}, gateways = 1, log = (line) => console.log(`  ${line}`) }) {
  const restoreAutovacuum = autovacuumOn();
  // Ctrl-C: the full stack's handler stops it and exits; synchronous psql still runs in 'exit'
  process.once('exit', restoreAutovacuum);
  let stack;
  try {
    stack = await startFullStack({
      web: false,
      label: `bench_${name.replace(/\W/g, '_')}`,
      gateways,
      prepare,
      // `EVENTS_BATCH_SIZE` (the platform's consumer batches; 1 = one transaction per event) reaches every deployable
      env: { ...(process.env.EVENTS_BATCH_SIZE ? { EVENTS_BATCH_SIZE: process.env.EVENTS_BATCH_SIZE } : {}), ...env },
      log,
      logLevel: process.env.BENCH_LOG_LEVEL ?? 'warn',
      keepDatabase: process.env.BENCH_KEEP_DB === '1',
      // Node options for the gateway only (`--cpu-prof` is refused in NODE_OPTIONS: STACK_EXEC_ARGV, bench/profile-report.mjs)
      gatewayNodeOptions: process.env.BENCH_GATEWAY_NODE_OPTIONS,
      readyTimeoutMs: 90_000,
      handleSignals: true,
      // BENCH_COMPILED=1 (`make bench`): the deployables run from their build (`make build`), as the image runs them
      compiled: process.env.BENCH_COMPILED === '1',
      // passwords hashed at production's cost (identity's memory and sign-in time as deployed)
      leastPasswordCost: false,
    });
  } catch (error) {
    restoreAutovacuum();
    throw error;
  }
  const stop = stack.stop;
  return Object.assign(stack, {
    stop: async () => {
      try {
        await stop();
      } finally {
        restoreAutovacuum();
      }
    },
  });
}
