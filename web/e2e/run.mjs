// `make e2e`: builds the client, then runs every `*.e2e.mjs` (or those named by the arguments) with node's test
// runner: the walks that wait for the clock one at a time, beside the others two at a time (E2E_CONCURRENCY=1: one at
// a time; the walks mostly wait for schedules, pacing and sockets, so two at a time finish sooner on 2 cores:
// bench/README.md); each file starts the full stack in its own
// database and topic prefix, on ports of its own. Screenshots land in e2e/artifacts (git-ignored).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { fileURLToPath } from 'node:url';

const web = fileURLToPath(new URL('../', import.meta.url));
const root = fileURLToPath(new URL('../../', import.meta.url));

// `make test` has just built the client (E2E_SKIP_BUILD=1); `make e2e` builds it here
if (process.env.E2E_SKIP_BUILD !== '1' || !existsSync(`${web}dist/index.html`)) {
  const build = spawnSync(process.execPath, [`${root}node_modules/vite/bin/vite.js`, 'build', '--logLevel', 'warn'], {
    cwd: web,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import(`${root}deploy/scripts/register-ts.mjs`);
const { createTemplateDatabase } = await import(`${root}deploy/scripts/e2e-stack.mjs`);
const { TEST_TOPIC_PARTITIONS } = await import('@cs/platform/testing');

// Two schedules side by side, under one reporter: the walks that wait for the clock (the reports walk for a one-minute
// service level and the minute's sweep that marks it; the management walk for a scheduled message's minute) one
// after the other, and beside them every other walk two at a time, largest first, so that two at a time end
// together instead of one running alone at the end. While a walk waits for the clock its cores go to the others
// (bench/README.md, make test).
const WAITING = ['reports.e2e.mjs', 'management.e2e.mjs'];
// `node web/e2e/run.mjs trust sessions` runs only the files whose name contains one of the words given
const only = process.argv.slice(2);
const sizeOf = (name) => statSync(`${web}e2e/${name}`).size;
const chosen = readdirSync(`${web}e2e`).filter(
  (name) => name.endsWith('.e2e.mjs') && (only.length === 0 || only.some((word) => name.includes(word))),
);
const pathsOf = (names) => names.map((name) => `${web}e2e/${name}`);
const schedules = [
  { files: pathsOf(WAITING.filter((name) => chosen.includes(name))), concurrency: 1 },
  {
    files: pathsOf(
      chosen.filter((name) => !WAITING.includes(name)).sort((a, b) => sizeOf(b) - sizeOf(a) || a.localeCompare(b)),
    ),
    concurrency: Number(process.env.E2E_CONCURRENCY ?? 2),
  },
].filter(({ files }) => files.length > 0);
if (schedules.length === 0) {
  process.stderr.write(`no walk file's name contains ${only.map((word) => `"${word}"`).join(' or ')}\n`);
  process.exit(1);
}
// every file's stack copies one migrated and seeded database (`CREATE DATABASE … TEMPLATE`, well under a second)
// instead of running every service's migrations and seeds itself (about 4 s each on 2 cores)
const template = await createTemplateDatabase();

// node's test runner in this process, each schedule's files in the order above (`node --test <files>` would sort them
// by name)
const abort = new AbortController();
const runs = schedules.map(({ files, concurrency }) =>
  run({
    files,
    concurrency,
    cwd: root,
    execArgv: ['--import', `${root}deploy/scripts/register-ts.mjs`],
    // the stacks' topics with at most three partitions each, as in the integration tier (less work for the broker)
    env: {
      ...process.env,
      E2E_TEMPLATE_DATABASE: template.database,
      E2E_TOPIC_PARTITIONS: String(TEST_TOPIC_PARTITIONS),
    },
    signal: abort.signal,
  }),
);
let failed = false;
for (const tests of runs) tests.on('test:fail', () => (failed = true));

// The reporter gets each file's events together, once the file has ended (its `test:summary`), as one run gives them,
// so that two files' lines never interleave. Each run ends with its own counts (`test:diagnostic` events at the top
// level: "tests 9", "pass 9"…): the reporter gets those of both runs added up, once.
const COUNTS = ['tests', 'suites', 'pass', 'fail', 'cancelled', 'skipped', 'todo'];
const COUNT = new RegExp(`^(${COUNTS.join('|')}) (\\d+)$`);
const totals = new Map(COUNTS.map((name) => [name, 0]));
const started = performance.now();
const events = new PassThrough({ objectMode: true });
const pending = new Map();
const take = (event) => {
  const file = event.data?.file;
  if (event.type === 'test:diagnostic' && event.data.nesting === 0 && !file) {
    const count = COUNT.exec(event.data.message);
    if (count) totals.set(count[1], totals.get(count[1]) + Number(count[2]));
    if (count || event.data.message.startsWith('duration_ms ')) return;
  }
  if (!file) return void events.write(event);
  const held = pending.get(file) ?? [];
  held.push(event);
  pending.set(file, held);
  if (event.type !== 'test:summary') return;
  for (const each of held) events.write(each);
  pending.delete(file);
};
let open = runs.length;
for (const tests of runs) {
  tests.on('data', take);
  tests.once('end', () => {
    open -= 1;
    if (open > 0) return;
    for (const held of pending.values()) for (const event of held) events.write(event);
    const lines = [
      ...COUNTS.map((name) => `${name} ${totals.get(name)}`),
      `duration_ms ${performance.now() - started}`,
    ];
    for (const message of lines) events.write({ type: 'test:diagnostic', data: { nesting: 0, message } });
    events.end();
  });
  tests.once('error', (error) => events.destroy(error));
}
const report = events.compose(spec);
report.pipe(process.stdout);
// Ctrl-C stops the files' processes; the template goes once they have stopped
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => abort.abort());
await finished(report, { writable: false }).catch(() => (failed = true));
await template.drop();
process.exit(failed || abort.signal.aborted ? 1 : 0);
