// `make e2e`: builds the client, then runs every `*.e2e.mjs` (or those named by the arguments) with node's test
// runner, two files at a time (E2E_CONCURRENCY=1 runs one at a time; the walks mostly wait for schedules, pacing and
// sockets, so two at a time finish sooner on 2 cores: bench/README.md): each file starts the full stack in its own
// database and topic prefix, on ports of its own. Screenshots land in e2e/artifacts (git-ignored).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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

// every file's stack copies one migrated and seeded database (`CREATE DATABASE … TEMPLATE`, well under a second)
// instead of running every service's migrations and seeds itself (about 4 s each on 2 cores)
await import(`${root}deploy/scripts/register-ts.mjs`);
const { createTemplateDatabase } = await import(`${root}deploy/scripts/e2e-stack.mjs`);
const { TEST_TOPIC_PARTITIONS } = await import('@cs/platform/testing');
const template = await createTemplateDatabase();

// the longest walks first, so that two at a time end together instead of one of them running alone at the end: the
// walks that wait for the clock (the reports walk for a one-minute service level and the minute's sweep that marks
// it, 60–120 s; the management walk for a scheduled message's minute), then the others by size, largest first
const WAITING_FIRST = ['reports.e2e.mjs', 'management.e2e.mjs'];
const rank = (name) => (WAITING_FIRST.includes(name) ? WAITING_FIRST.indexOf(name) : WAITING_FIRST.length);
// `node web/e2e/run.mjs trust sessions` runs only the files whose name contains one of the words given
const only = process.argv.slice(2);
const sizeOf = (name) => statSync(`${web}e2e/${name}`).size;
const files = readdirSync(`${web}e2e`)
  .filter((name) => name.endsWith('.e2e.mjs') && (only.length === 0 || only.some((word) => name.includes(word))))
  .sort((a, b) => rank(a) - rank(b) || sizeOf(b) - sizeOf(a) || a.localeCompare(b))
  .map((name) => `${web}e2e/${name}`);
// node's test runner in this process, the files in the order above (`node --test <files>` would sort them by name)
const abort = new AbortController();
const tests = run({
  files,
  concurrency: Number(process.env.E2E_CONCURRENCY ?? 2),
  cwd: root,
  execArgv: ['--import', `${root}deploy/scripts/register-ts.mjs`],
  // the stacks' topics with at most three partitions each, as in the integration tier (less work for the broker)
  env: {
    ...process.env,
    E2E_TEMPLATE_DATABASE: template.database,
    E2E_TOPIC_PARTITIONS: String(TEST_TOPIC_PARTITIONS),
  },
  signal: abort.signal,
});
let failed = false;
tests.on('test:fail', () => (failed = true));
tests.compose(spec).pipe(process.stdout);
// Ctrl-C stops the files' processes; the template goes once they have stopped
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => abort.abort());
await finished(tests).catch(() => (failed = true));
await template.drop();
process.exit(failed || abort.signal.aborted ? 1 : 0);
