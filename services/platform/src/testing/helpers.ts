import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { repoRoot } from './repo.js';

export const TEST_INTERNAL_TOKEN = 'test-internal-token-not-secret';

export interface TestRun {
  readonly databaseUrl: string;
  readonly brokers: string;
  readonly topicPrefix: string;
}

/** The coordinates of the current integration run (set by the global setup). */
export function testRun(): TestRun {
  const databaseUrl = process.env['TEST_RUN_DATABASE_URL'];
  const brokers = process.env['TEST_RUN_KAFKA_BROKERS'];
  const topicPrefix = process.env['TEST_RUN_TOPIC_PREFIX'];
  if (!databaseUrl || !brokers || topicPrefix === undefined) {
    throw new Error("not in an integration run: the integration tier's global setup provides PostgreSQL and Kafka");
  }
  return { databaseUrl, brokers, topicPrefix };
}

/** The environment of a service under test: the run's database and Kafka, a test internal token, quiet logs. */
/**
 * identity's password hashing at argon2id's least cost (allowed with NODE_ENV=test only): the tests need hashes that
 * verify, not 19 MiB filled twice for every sign-in (about 65 ms of CPU each on 2 cores).
 */
export const TEST_PASSWORD_HASH_ENV = { PASSWORD_HASH_MEMORY_KIB: '8', PASSWORD_HASH_ITERATIONS: '1' } as const;

export function serviceTestEnv(overrides: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  const run = testRun();
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env['TEST_LOG_LEVEL'] ?? 'warn',
    INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
    DATABASE_URL: run.databaseUrl,
    KAFKA_BROKERS: run.brokers,
    KAFKA_TOPIC_PREFIX: run.topicPrefix,
    ...TEST_PASSWORD_HASH_ENV,
    PATH: process.env['PATH'],
    ...overrides,
  };
}

export interface EventuallyOptions {
  readonly timeoutMs?: number;
  readonly intervalMs?: number;
  /** Ends the wait at once, with the signal's reason, when it aborts (the process that should answer has exited). */
  readonly signal?: AbortSignal;
}

/** Retries an assertion until it passes or the time is up (then throws its last error). Never `sleep`. */
export async function expectEventually<T>(
  assertion: () => T | Promise<T>,
  options: EventuallyOptions = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  let lastError: unknown;
  for (;;) {
    options.signal?.throwIfAborted();
    try {
      return await assertion();
    } catch (error) {
      lastError = error;
    }
    options.signal?.throwIfAborted();
    if (Date.now() > deadline) throw lastError;
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 50));
  }
}

/** Polls until `probe` returns a value (not undefined/null/false). */
export async function pollUntil<T>(
  probe: () => Promise<T | undefined | null | false>,
  options: EventuallyOptions & { what?: string } = {},
): Promise<T> {
  return expectEventually(async () => {
    const value = await probe();
    if (value === undefined || value === null || value === false)
      throw new Error(`timed out waiting for ${options.what ?? 'a condition'}`);
    return value;
  }, options);
}

/** A company id no other test uses (a sequence in the run's database), for services that keep company projections. */
export async function nextCompanyId(databaseUrl = testRun().databaseUrl): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('CREATE SCHEMA IF NOT EXISTS test_support');
    await client.query('CREATE SEQUENCE IF NOT EXISTS test_support.company_ids START 1000000');
    const result = await client.query<{ id: string }>("SELECT nextval('test_support.company_ids') AS id");
    return Number(result.rows[0]?.id);
  } finally {
    await client.end();
  }
}

export interface ChildHandle {
  readonly process: ChildProcess;
  /** The child's output so far (stdout and stderr), for assertions and failure messages. */
  output(): string;
  /** Resolves with the exit code (or signal) once the child is gone. */
  exited: Promise<number | string>;
  kill(signal?: NodeJS.Signals): Promise<number | string>;
}

/**
 * The built form of a TypeScript entry point (`make build`), what the image runs: a deployable's `src/main.ts` →
 * its bundle (`dist/bundle/main.js`, deploy/scripts/bundle.mjs); any other `src/` module → its `tsc` output
 * (`services/whatsapp-connector/src/database/migrate.ts` → `…/dist/database/migrate.js`).
 */
export function compiledEntry(entry: string): string {
  const compiled = /(^|\/)src\/main\.ts$/.test(entry)
    ? entry.replace(/src\/main\.ts$/, 'dist/bundle/main.js')
    : entry.replace(/(^|\/)src\//, '$1dist/').replace(/\.ts$/, '.js');
  if (compiled === entry) throw new Error(`${entry} is not a TypeScript entry under src/`);
  if (!existsSync(join(repoRoot(), compiled))) throw new Error(`${compiled} is missing: run \`make build\` first`);
  return compiled;
}

/**
 * Where spawned processes keep V8's compiled code between starts (Node's module compile cache, keyed by each file's
 * contents): the environment's `NODE_COMPILE_CACHE`, else `.cache/node-compile-cache` of the repository. A test run
 * starts the same deployables dozens of times.
 */
export function compileCacheDir(): string {
  return process.env['NODE_COMPILE_CACHE'] || join(repoRoot(), '.cache', 'node-compile-cache');
}

/**
 * Runs a TypeScript entry point as its own process (SWC loader, workspace sources), as a deployable runs:
 * `spawnTs('services/identity/src/main.ts', env)`. With `compiled: true` it runs the built JavaScript instead
 * (`compiledEntry`, no loader: the production process, for memory measurements; `make build` first). `compiled`
 * defaults to true under `STACK_COMPILED=1` (`make test`, right after `make build`) for entries under `src/`. The child
 * keeps its compiled code in `compileCacheDir()` unless `env` names another `NODE_COMPILE_CACHE`.
 */
export function spawnTs(
  entry: string,
  env: Record<string, string | undefined>,
  name = entry,
  { compiled = process.env['STACK_COMPILED'] === '1' && /(^|\/)src\//.test(entry) }: { compiled?: boolean } = {},
): ChildHandle {
  const root = repoRoot();
  const child = spawn(
    process.execPath,
    [
      // Node options refused in NODE_OPTIONS (`--cpu-prof --cpu-prof-dir=...`), for every child: profiling a stack
      ...(process.env['STACK_EXEC_ARGV']?.split(' ').filter(Boolean) ?? []),
      ...(compiled
        ? [join(root, compiledEntry(entry))]
        : ['--import', join(root, 'deploy', 'scripts', 'register-ts.mjs'), join(root, entry)]),
    ],
    {
      cwd: root,
      env: Object.fromEntries(
        Object.entries({ NODE_COMPILE_CACHE: compileCacheDir(), ...env }).filter(([, value]) => value !== undefined),
      ),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const chunks: string[] = [];
  const keep = (data: Buffer): void => {
    chunks.push(data.toString());
    if (chunks.length > 2_000) chunks.splice(0, 1_000);
    if (process.env['TEST_CHILD_OUTPUT'] === '1') process.stderr.write(`[${name}] ${data.toString()}`);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return {
    process: child,
    output: () => chunks.join(''),
    exited,
    kill: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * Waits until an HTTP endpoint answers 200 (a child's `/health/ready`). With `child`, the wait ends as soon as the
 * process exits, with what it printed, and a timeout says what it printed meanwhile (a deployable that never listens
 * is otherwise only "fetch failed").
 */
export async function waitForHttp(
  url: string,
  options: EventuallyOptions & { child?: ChildHandle } = {},
): Promise<void> {
  const { child } = options;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const gone = new AbortController();
  void child?.exited.then((code) =>
    gone.abort(new Error(`process exited (${code}) before ${url} answered:\n${child.output().slice(-4_000)}`)),
  );
  const signals = [gone.signal, ...(options.signal ? [options.signal] : [])];
  const attempt = expectEventually(
    async () => {
      const response = await fetch(url);
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    },
    { timeoutMs, intervalMs: options.intervalMs ?? 50, signal: AbortSignal.any(signals) },
  );
  if (!child) return attempt;
  return attempt.catch((error: unknown) => {
    if (gone.signal.aborted) throw error;
    throw new Error(
      `${url} did not answer 200 within ${timeoutMs} ms (pid ${child.process.pid} still running); ` +
        `its output:\n${child.output().slice(-4_000) || '(none)'}`,
      { cause: error },
    );
  });
}

/** Where processes on this machine claim the ports they hand out (a file per port, see `freePort`). */
const portClaims = join(tmpdir(), 'cs-port-claims');
/** A claim older than this is forgotten: by then the child it was for has bound the port, or never will. */
const PORT_CLAIM_MS = 10 * 60_000;

/**
 * A free TCP port on 127.0.0.1 that no test process on this machine has handed out in the last ten minutes. The
 * system picks a port at random within its ephemeral range, so two calls before either port is bound can get the
 * same one, in one process or in two (an e2e stack's identity would then answer the gateway's readiness probe). Each
 * port handed out is claimed with a file created
 * exclusively, so the second caller draws again.
 *
 * The ports come from below the system's ephemeral range (`ip_local_port_range`), never from it: the kernel takes
 * the source port of every outgoing connection (each pool's PostgreSQL connections, each Kafka client's) from that
 * range, and one of them could take a port handed out here before the child meant to listen on it had bound it
 * (EADDRINUSE). Below it, only a listener can take a port, and each one handed out was free when drawn.
 */
export async function freePort(): Promise<number> {
  mkdirSync(portClaims, { recursive: true });
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = await unboundPort();
    if (claimPort(join(portClaims, String(port)))) return port;
  }
  throw new Error(`no free port unclaimed in ${portClaims} after 100 tries`);
}

function claimPort(path: string): boolean {
  try {
    closeSync(openSync(path, 'wx'));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  // claimed before: taken over once stale (its mtime moves to now, so a concurrent taker sees a fresh claim)
  try {
    if (Date.now() - statSync(path).mtimeMs < PORT_CLAIM_MS) return false;
    const now = new Date();
    utimesSync(path, now, now);
    return true;
  } catch {
    return false;
  }
}

/** The lowest port `freePort` hands out (above the well-known and registered services' usual ones). */
const PORT_FLOOR = 10_000;

let ephemeralRange: readonly [number, number] | undefined;

/** The system's ephemeral range, where outgoing connections take their source ports (Linux's default without one). */
export function ephemeralPortRange(): readonly [number, number] {
  return (ephemeralRange ??= readEphemeralPortRange());
}

function readEphemeralPortRange(): readonly [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (Number.isInteger(low) && Number.isInteger(high) && low! > 0 && high! >= low!) return [low!, high!];
  } catch {
    // not Linux: its default range
  }
  return [32_768, 60_999];
}

/** A port below the ephemeral range that nothing listens on now (the system's own pick when that range is tiny). */
async function unboundPort(): Promise<number> {
  const [ephemeralLow] = ephemeralPortRange();
  const high = ephemeralLow - 1;
  if (high - PORT_FLOOR < 1_000) return listenOn(0);
  for (;;) {
    const port = PORT_FLOOR + Math.floor(Math.random() * (high - PORT_FLOOR + 1));
    try {
      return await listenOn(port);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
}

/** Listens on the port of 127.0.0.1 (0: one the system picks) and closes again; resolves with the port. */
async function listenOn(port: number): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(bound));
    });
  });
}
