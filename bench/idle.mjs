// Idle CPU of a stack: every deployable started as `make bench` starts it, then nothing sent for `--seconds`; what
// each process (and this run's PostgreSQL backends, and the Kafka broker) used meanwhile, in cores.
import { stackCpuMs } from './lib/rss.mjs';
import { option, printTable, sleep } from './lib/report.mjs';
import { startStack } from './lib/stack.mjs';

const seconds = Number(option('seconds', 20));
const settle = Number(option('settle', 10));
const stack = await startStack({ name: 'idle' });
try {
  await sleep(settle * 1000);
  const before = stackCpuMs(stack);
  await sleep(seconds * 1000);
  const after = stackCpuMs(stack);
  const row = Object.fromEntries(
    Object.keys(before).map((name) => [name, ((after[name] - before[name]) / seconds / 1000).toFixed(3)]),
  );
  printTable(`CPU of an idle stack over ${seconds} s (cores)`, [row]);
} finally {
  await stack.stop();
}
