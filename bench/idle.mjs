// Idle CPU of a stack: every deployable started as `make bench` starts it, then nothing sent for `--seconds`; what
// each process (and this run's PostgreSQL backends, and the Kafka broker) used meanwhile, in cores.
import { cpuMs, infrastructureCpuMs } from './lib/rss.mjs';
import { option, printTable, sleep } from './lib/report.mjs';
import { startStack } from './lib/stack.mjs';

const seconds = Number(option('seconds', 20));
const settle = Number(option('settle', 10));
const stack = await startStack({ name: 'idle' });
try {
  await sleep(settle * 1000);
  const database = new URL(stack.databaseUrl).pathname.slice(1);
  const before = Object.fromEntries(stack.processes.map(({ name, child }) => [name, cpuMs(child.process.pid)]));
  const infraBefore = infrastructureCpuMs(database);
  await sleep(seconds * 1000);
  const row = {};
  for (const { name, child } of stack.processes)
    row[name] = ((cpuMs(child.process.pid) - before[name]) / seconds / 1000).toFixed(3);
  const infra = infrastructureCpuMs(database);
  row.postgres = ((infra.postgres - infraBefore.postgres) / seconds / 1000).toFixed(3);
  row.kafka = ((infra.kafka - infraBefore.kafka) / seconds / 1000).toFixed(3);
  printTable(`CPU of an idle stack over ${seconds} s (cores)`, [row]);
} finally {
  await stack.stop();
}
