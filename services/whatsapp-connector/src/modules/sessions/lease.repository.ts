import type { EntityManager } from 'typeorm';
import { mapRows, preparedStatement, returningRows, runPrepared, type SqlRow } from '@cs/platform/database';
import type { Member, Orphan } from './claim-rules.js';

/**
 * The leases a transaction already checked and share-locked (`holds`), by its manager: the lock lasts until that
 * transaction ends and `now()` is its start time, so a second check in it could only give the same answer.
 */
const heldIn = new WeakMap<EntityManager, Set<string>>();
const leaseKey = (connectionId: number, owner: string, epoch: number): string => `${connectionId}:${owner}:${epoch}`;

/** The fence of `holds`: the lease row, while it is this owner's and epoch's and not expired, share-locked. */
const HOLDS_LEASE = preparedStatement(`SELECT 1 FROM session_leases
        WHERE connection_id = $1 AND owner = $2 AND epoch = $3 AND expires_at > now() FOR KEY SHARE`);

/** What every process reads before deciding what to claim and what to hand over (`claim-rules.ts`). */
export interface OwnershipSnapshot {
  /** The live processes (heartbeat within the window, not stopping), with their live leases of wanted sessions. */
  readonly members: Member[];
  /** Wanted sessions of the providers of this build. */
  readonly wanted: number;
  /** Wanted sessions without a live lease (the first 500). */
  readonly orphans: Orphan[];
  /** Wanted sessions still leased under this process's id that it does not run: a predecessor's, to take back. */
  readonly leftovers: number[];
  /** How soon the first lease held by another process expires (ms), null when none does. */
  readonly soonestForeignExpiryMs: number | null;
  /** The start registered under this process's id (null: none); another than this process's own: superseded. */
  readonly incarnation: string | null;
}

/**
 * The SQL of session ownership. A lease row per connection: `owner`, a fencing `epoch` incremented on every
 * takeover, and `expires_at` on the database clock (`now()`), so processes never compare their own clocks.
 */
export const Leases = {
  /**
   * Takes the lease when it is free or lapsed, or (`reclaim`) still held under this owner's id by a predecessor of
   * this process (the same instance restarted); answers the new epoch, or null when someone else holds it.
   */
  async claim(
    manager: EntityManager,
    input: { connectionId: number; companyId: number; owner: string; ttlMs: number; reclaim?: boolean },
  ): Promise<number | null> {
    const reclaim = input.reclaim === true;
    await Leases.lockClaimable(manager, input.connectionId, reclaim ? input.owner : undefined);
    const rows = await returningRows<SqlRow>(
      manager,
      `INSERT INTO session_leases AS l (connection_id, company_id, owner, epoch, renewed_at, expires_at)
       VALUES ($1, $2, $3, 1, now(), now() + $4 * interval '1 millisecond')
       ON CONFLICT (connection_id) DO UPDATE
         SET owner = EXCLUDED.owner, epoch = l.epoch + 1, renewed_at = now(), expires_at = EXCLUDED.expires_at
         WHERE l.expires_at <= now() OR ($5 AND l.owner = EXCLUDED.owner)
       RETURNING epoch`,
      [input.connectionId, input.companyId, input.owner, input.ttlMs, reclaim],
    );
    const epoch = mapRows(rows, (r) => r.int('epoch'))[0] ?? null;
    if (epoch !== null) {
      await manager.query(
        `UPDATE session_lease_history SET released_at = coalesce(released_at, now()),
           release_reason = coalesce(release_reason, CASE WHEN owner = $2 THEN 'reclaimed' ELSE 'lapsed' END)
         WHERE connection_id = $1 AND released_at IS NULL`,
        [input.connectionId, input.owner],
      );
      await manager.query(
        'INSERT INTO session_lease_history (connection_id, company_id, owner, epoch) VALUES ($1, $2, $3, $4)',
        [input.connectionId, input.companyId, input.owner, epoch],
      );
    }
    return epoch;
  },

  /**
   * Locks the lease row `FOR UPDATE` (waiting for the holder's in-flight fenced transactions, which hold it
   * `FOR KEY SHARE`; the upsert's own lock, with no key change, would not wait) and answers whether it may be
   * claimed (absent or lapsed, or held under `reclaimFor`, this process's own id, by a predecessor).
   */
  async lockClaimable(manager: EntityManager, connectionId: number, reclaimFor?: string): Promise<boolean> {
    const rows = await manager.query<SqlRow[]>(
      'SELECT expires_at <= now() AS lapsed, owner FROM session_leases WHERE connection_id = $1 FOR UPDATE',
      [connectionId],
    );
    const [row] = mapRows(rows, (r) => ({ lapsed: r.boolean('lapsed'), owner: r.string('owner') }));
    return !row || row.lapsed || (reclaimFor !== undefined && row.owner === reclaimFor);
  },

  /** Renews every lease this process still holds; answers those renewed (the others are lost). */
  async renew(
    manager: EntityManager,
    owner: string,
    held: ReadonlyArray<{ connectionId: number; epoch: number }>,
    ttlMs: number,
  ): Promise<Set<number>> {
    if (held.length === 0) return new Set();
    const rows = await returningRows<SqlRow>(
      manager,
      `UPDATE session_leases AS l SET renewed_at = now(), expires_at = now() + $2 * interval '1 millisecond'
         FROM unnest($3::int[], $4::bigint[]) AS h(connection_id, epoch)
        WHERE l.connection_id = h.connection_id AND l.epoch = h.epoch AND l.owner = $1 AND l.expires_at > now()
        RETURNING l.connection_id`,
      [owner, ttlMs, held.map((lease) => lease.connectionId), held.map((lease) => lease.epoch)],
    );
    return new Set(mapRows(rows, (r) => r.int('connection_id')));
  },

  /**
   * Gives a lease up at once (graceful shutdown, logout, TIMEOUT), if this process still holds that epoch. A lease
   * handed over (`notify`) wakes every process (`<schema>_session_ownership`, on commit) to claim it now.
   */
  async release(
    manager: EntityManager,
    input: { connectionId: number; owner: string; epoch: number; reason: string; notify?: boolean },
  ): Promise<void> {
    // released: a fence later in this transaction must ask again (and find the lease lapsed)
    heldIn.get(manager)?.delete(leaseKey(input.connectionId, input.owner, input.epoch));
    const released = await returningRows<SqlRow>(
      manager,
      `UPDATE session_leases SET expires_at = now() WHERE connection_id = $1 AND owner = $2 AND epoch = $3
        RETURNING connection_id`,
      [input.connectionId, input.owner, input.epoch],
    );
    await manager.query(
      `UPDATE session_lease_history SET released_at = now(), release_reason = $4
        WHERE connection_id = $1 AND owner = $2 AND epoch = $3 AND released_at IS NULL`,
      [input.connectionId, input.owner, input.epoch, input.reason],
    );
    if (input.notify && released.length > 0) {
      await manager.query(`SELECT pg_notify(current_schema() || '_session_ownership', $1)`, [
        String(input.connectionId),
      ]);
    }
  },

  /**
   * `SessionContext.fence`: the lease is still ours with this epoch, share-locked until the caller commits. The
   * share lock is `FOR KEY SHARE`: a takeover (`claim`, which takes `FOR UPDATE`) waits for the fenced transaction
   * to commit, while the owner's own renewal (a plain `UPDATE` of non-key columns) does not wait behind a slow send.
   * Checked once per transaction: the simulator's poll is fenced and its sink's reports join that transaction
   * (they were a second lock query per delivered batch).
   */
  async holds(manager: EntityManager, connectionId: number, owner: string, epoch: number): Promise<boolean> {
    const key = leaseKey(connectionId, owner, epoch);
    if (heldIn.get(manager)?.has(key)) return true;
    const rows = await runPrepared(manager, HOLDS_LEASE, [connectionId, owner, epoch]);
    if (rows.length === 0) return false;
    // only a transaction keeps the lock (and the default manager's statements each run in their own)
    if (manager.queryRunner?.isTransactionActive) {
      const held = heldIn.get(manager);
      if (held) held.add(key);
      else heldIn.set(manager, new Set([key]));
    }
    return true;
  },

  /** Whether some process holds a live lease on the connection. */
  async liveOwner(manager: EntityManager, connectionId: number): Promise<string | null> {
    const rows = await manager.query<SqlRow[]>(
      'SELECT owner FROM session_leases WHERE connection_id = $1 AND expires_at > now()',
      [connectionId],
    );
    return mapRows(rows, (r) => r.string('owner'))[0] ?? null;
  },

  /** The ownership snapshot of `owner` (see `OwnershipSnapshot`), for the connections of `providers`. */
  async snapshot(
    manager: EntityManager,
    input: { owner: string; providers: readonly string[]; memberWindowMs: number; running: readonly number[] },
  ): Promise<OwnershipSnapshot> {
    const members = mapRows(
      await manager.query<SqlRow[]>(
        `SELECT p.id, p.capacity, coalesce(held.sessions, 0)::int AS sessions
           FROM connector_processes p
           LEFT JOIN (SELECT l.owner, count(*) AS sessions FROM session_leases l
                        JOIN connections c ON c.id = l.connection_id AND c.session_wanted
                       WHERE l.expires_at > now() GROUP BY l.owner) held ON held.owner = p.id
          WHERE p.heartbeat_at > now() - $1 * interval '1 millisecond' AND NOT p.stopping`,
        [input.memberWindowMs],
      ),
      (row): Member => ({ id: row.string('id'), capacity: row.int('capacity'), sessions: row.int('sessions') }),
    );
    const orphans = mapRows(
      await manager.query<SqlRow[]>(
        `SELECT c.id, round(extract(epoch FROM now() - l.expires_at) * 1000)::int8 AS lapsed_ms
           FROM connections c LEFT JOIN session_leases l ON l.connection_id = c.id
          WHERE c.session_wanted AND (l.connection_id IS NULL OR l.expires_at <= now())
            AND c.provider = ANY($1::text[])
          ORDER BY c.id LIMIT 500`,
        [input.providers],
      ),
      (row): Orphan => ({ connectionId: row.int('id'), lapsedForMs: row.nullable('lapsed_ms', row.int) }),
    );
    const [stats] = mapRows(
      await manager.query<SqlRow[]>(
        `SELECT count(*)::int AS wanted,
                round(extract(epoch FROM min(l.expires_at) FILTER (WHERE l.expires_at > now() AND l.owner <> $2)
                  - now()) * 1000)::int8 AS soonest_ms
           FROM connections c LEFT JOIN session_leases l ON l.connection_id = c.id
          WHERE c.session_wanted AND c.provider = ANY($1::text[])`,
        [input.providers, input.owner],
      ),
      (row) => ({ wanted: row.int('wanted'), soonest: row.nullable('soonest_ms', row.int) }),
    );
    const leftovers = mapRows(
      await manager.query<SqlRow[]>(
        `SELECT l.connection_id FROM session_leases l JOIN connections c ON c.id = l.connection_id
          WHERE l.owner = $1 AND l.expires_at > now() AND c.session_wanted AND c.provider = ANY($2::text[])
            AND NOT (l.connection_id = ANY($3::int[]))
          ORDER BY l.connection_id`,
        [input.owner, input.providers, input.running],
      ),
      (row) => row.int('connection_id'),
    );
    const [registered] = mapRows(
      await manager.query<SqlRow[]>('SELECT incarnation FROM connector_processes WHERE id = $1', [input.owner]),
      (row) => row.nullable('incarnation', row.string),
    );
    return {
      members,
      wanted: stats?.wanted ?? 0,
      orphans,
      leftovers,
      soonestForeignExpiryMs: stats?.soonest ?? null,
      incarnation: registered ?? null,
    };
  },
};
