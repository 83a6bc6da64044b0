// `make e2e`: builds the client, then runs every `*.e2e.mjs` with node's test runner, two files at a time
// (E2E_CONCURRENCY; each file starts the full stack in its own database and topic prefix, on ports of its own). Two
// at a time once failed both logins of agent-polish in one CI run of three; the cause was found on 2026-11-28 (an
// e2e stack could give identity the gateway's port, see `freePort`) and fixed, and two files at a time took 3 min
// 32 s on 2 cores against 5–8 one at a time. Screenshots land in e2e/artifacts (git-ignored).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
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

const files = readdirSync(`${web}e2e`)
  .filter((name) => name.endsWith('.e2e.mjs'))
  .map((name) => `${web}e2e/${name}`);
const run = spawnSync(
  process.execPath,
  [
    '--import',
    `${root}deploy/scripts/register-ts.mjs`,
    '--test',
    `--test-concurrency=${process.env.E2E_CONCURRENCY ?? 2}`,
    ...files,
  ],
  { cwd: root, stdio: 'inherit', env: process.env },
);
process.exit(run.status ?? 1);
