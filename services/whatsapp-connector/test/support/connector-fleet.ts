/**
 * Connector processes as a deployment runs them (each its own process, real PostgreSQL and Kafka, the simulator
 * provider), and what the database says about who ran which session when: the leases, their history and the
 * simulator's log of sockets opened and closed.
 */
import pg from 'pg';
import { type ChildHandle, freePort, serviceTestEnv, spawnTs, testRun, waitForHttp } from '@cs/platform/testing';
import { HEADERS } from './kafka-probe.js';

const ENTRY = 'services/whatsapp-connector/src/main.ts';

export interface ConnectorProcess {
  readonly id: string;
  readonly url: string;
  readonly child: ChildHandle;
}

/** Starts connector processes with common settings; each is ready (`/health/ready`) when `start` resolves. */
export class ConnectorFleet {
  readonly processes = new Map<string, ConnectorProcess>();
  /** Processes replaced in `processes` by a newer start under the same id, still to be stopped. */
  private readonly replaced: ConnectorProcess[] = [];

  constructor(
    private readonly name: string,
    private readonly env: Record<string, string>,
  ) {}

  async start(id: string): Promise<ConnectorProcess> {
    const port = await freePort();
    const child = spawnTs(
      ENTRY,
      serviceTestEnv({
        CONNECTOR_PORT: String(port),
        CONNECTOR_INSTANCE_ID: id,
        SIMULATOR_ENABLED: 'true',
        SIMULATOR_AUTO_SCAN_MS: '0',
        MEDIA_DIR: `/tmp/wa-${this.name}-${id}`,
        DATABASE_POOL_SIZE: '8',
        ...this.env,
      }),
      `connector-${id}`,
    );
    const url = `http://127.0.0.1:${port}`;
    await waitForHttp(`${url}/health/ready`, { child, timeoutMs: 90_000 });
    const process = { id, url, child };
    const previous = this.processes.get(id);
    if (previous) this.replaced.push(previous);
    this.processes.set(id, process);
    return process;
  }

  async stopAll(): Promise<void> {
    for (const process of [...this.replaced, ...this.processes.values()]) {
      process.child.process.kill('SIGCONT');
      await process.child.kill('SIGTERM');
    }
  }
}

/** A client on the worker's database, in the connector's schema. */
export async function connectorDb(): Promise<pg.Client> {
  const db = new pg.Client({ connectionString: testRun().databaseUrl, options: '-c search_path=whatsapp' });
  await db.connect();
  return db;
}

export const postAs = async (companyId: number, url: string, path: string, body: unknown): Promise<Response> =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { ...HEADERS(companyId), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/**
 * `count` simulated connections of the company whose phones are already linked, their sessions started (through
 * `url`): they come up CONNECTED without a QR. Answers their ids.
 */
export async function linkedConnections(
  db: pg.Client,
  input: { companyId: number; url: string; count: number; name: string },
): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 0; index < input.count; index += 1) {
    const response = await postAs(input.companyId, input.url, '/whatsapp', {
      name: `${input.name} ${index}`,
      provider: 'simulator',
    });
    if (response.status !== 200) throw new Error(`creating a connection answered ${response.status}`);
    ids.push(((await response.json()) as { id: number }).id);
  }
  await db.query(
    `INSERT INTO simulator_devices (connection_id, company_id, linked, number)
     SELECT id, company_id, true, '55117' || lpad(id::text, 8, '0') FROM connections WHERE id = ANY($1::int[])
     ON CONFLICT (connection_id) DO UPDATE SET linked = true, number = EXCLUDED.number`,
    [ids],
  );
  for (const id of ids) {
    const response = await postAs(input.companyId, input.url, `/whatsappsession/${id}`, {});
    if (response.status !== 201) throw new Error(`restarting session ${id} answered ${response.status}`);
  }
  return ids;
}

export interface Lease {
  readonly owner: string;
  readonly epoch: number;
  readonly expiresAt: Date;
}

/** The live leases of these connections. */
export async function liveLeases(db: pg.Client, ids: readonly number[]): Promise<Map<number, Lease>> {
  const { rows } = await db.query<{ connection_id: number; owner: string; epoch: string; expires_at: Date }>(
    `SELECT connection_id, owner, epoch, expires_at FROM session_leases
      WHERE connection_id = ANY($1::int[]) AND expires_at > now()`,
    [ids],
  );
  return new Map(
    rows.map((row) => [row.connection_id, { owner: row.owner, epoch: Number(row.epoch), expiresAt: row.expires_at }]),
  );
}

/**
 * Every wanted session of the database (other files' leftovers included: the processes run them too) and how
 * many each process holds a live lease for.
 */
export async function sessionsPerProcess(db: pg.Client): Promise<{ wanted: number; perOwner: Map<string, number> }> {
  const { rows: wanted } = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM connections WHERE session_wanted',
  );
  const { rows } = await db.query<{ owner: string; count: number }>(
    `SELECT l.owner, count(*)::int AS count FROM session_leases l JOIN connections c ON c.id = l.connection_id
      WHERE c.session_wanted AND l.expires_at > now() GROUP BY l.owner`,
  );
  return { wanted: wanted[0]?.count ?? 0, perOwner: new Map(rows.map((row) => [row.owner, row.count])) };
}

export const connectedCount = async (db: pg.Client, ids: readonly number[]): Promise<number> => {
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM connections WHERE id = ANY($1::int[]) AND status = 'CONNECTED'`,
    [ids],
  );
  return rows[0]?.count ?? 0;
};

export interface HistoryRow {
  readonly connectionId: number;
  readonly owner: string;
  readonly epoch: number;
  readonly acquiredAt: Date;
  readonly releasedAt: Date | null;
  readonly reason: string | null;
}

/** The lease history of these connections, by connection and epoch. */
export async function leaseHistory(db: pg.Client, ids: readonly number[]): Promise<HistoryRow[]> {
  const { rows } = await db.query<{
    connection_id: number;
    owner: string;
    epoch: string;
    acquired_at: Date;
    released_at: Date | null;
    release_reason: string | null;
  }>(
    `SELECT connection_id, owner, epoch, acquired_at, released_at, release_reason FROM session_lease_history
      WHERE connection_id = ANY($1::int[]) ORDER BY connection_id, epoch`,
    [ids],
  );
  return rows.map((row) => ({
    connectionId: row.connection_id,
    owner: row.owner,
    epoch: Number(row.epoch),
    acquiredAt: row.acquired_at,
    releasedAt: row.released_at,
    reason: row.release_reason,
  }));
}

/**
 * Everything that shows two owners of one session at once, from three views, empty when there was none:
 * - the fenced activity (the simulator's socket starts, its sends and deliveries) of a connection never goes back
 *   to an older epoch, and one epoch is one process;
 * - the simulator's sockets: a session handed over (released for a rebalance or a shutdown) closed its socket
 *   before the next owner opened one;
 * - the lease history: a connection changes hands only once the previous lease was released or lapsed.
 */
export async function twoOwnerViolations(db: pg.Client, ids: readonly number[]): Promise<string[]> {
  const violations: string[] = [];
  const { rows: activity } = await db.query<{
    connection_id: number;
    epoch: string;
    owner: string;
    what: string;
    at: Date;
  }>(
    `SELECT connection_id, epoch, owner, what, at FROM (
       SELECT connection_id, at, epoch, owner, 'log:' || event AS what FROM simulator_log
       UNION ALL SELECT connection_id, sent_at, sent_epoch, sent_by, 'sent' FROM simulator_sent
       UNION ALL SELECT connection_id, delivered_at, delivered_epoch, delivered_by, 'delivered'
                   FROM simulator_inbox WHERE delivered_at IS NOT NULL
     ) a WHERE connection_id = ANY($1::int[]) ORDER BY connection_id, at`,
    [ids],
  );
  const last = new Map<number, number>();
  const epochOwner = new Map<string, string>();
  for (const row of activity) {
    const epoch = Number(row.epoch);
    const key = `${row.connection_id}:${epoch}`;
    if (epochOwner.has(key) && epochOwner.get(key) !== row.owner) violations.push(`epoch ${key} on two processes`);
    epochOwner.set(key, row.owner);
    if (row.what === 'log:stop') continue; // a stop is logged after the socket closed, unfenced
    const previous = last.get(row.connection_id) ?? 0;
    if (epoch < previous) {
      violations.push(`connection ${row.connection_id}: ${row.what} by ${row.owner}@${epoch} after epoch ${previous}`);
    }
    last.set(row.connection_id, Math.max(epoch, previous));
  }

  const history = await leaseHistory(db, ids);
  const sockets = new Map<string, { opened: Date | null; closed: Date | null }>();
  for (const row of activity) {
    if (row.what !== 'log:start' && row.what !== 'log:stop') continue;
    const key = `${row.connection_id}:${Number(row.epoch)}`;
    const socket = sockets.get(key) ?? { opened: null, closed: null };
    if (row.what === 'log:start' && !socket.opened) socket.opened = row.at;
    if (row.what === 'log:stop') socket.closed = row.at;
    sockets.set(key, socket);
  }
  for (let index = 1; index < history.length; index += 1) {
    const previous = history[index - 1]!;
    const current = history[index]!;
    if (previous.connectionId !== current.connectionId) continue;
    const label = `connection ${current.connectionId} epoch ${previous.epoch} → ${current.epoch}`;
    if (current.epoch <= previous.epoch) violations.push(`${label}: the epoch did not grow`);
    if (!previous.releasedAt || previous.releasedAt.getTime() > current.acquiredAt.getTime()) {
      violations.push(`${label}: taken before it was released or lapsed`);
    }
    if (previous.reason === 'rebalance' || previous.reason === 'shutdown') {
      const before = sockets.get(`${current.connectionId}:${previous.epoch}`);
      const after = sockets.get(`${current.connectionId}:${current.epoch}`);
      if (before?.opened && after?.opened && !(before.closed && before.closed <= after.opened)) {
        violations.push(`${label}: handed over (${previous.reason}) without closing its socket first`);
      }
    }
  }
  return violations;
}
