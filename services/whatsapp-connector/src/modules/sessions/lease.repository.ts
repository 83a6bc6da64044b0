import type { EntityManager } from 'typeorm';
import { preparedStatement, returningRows } from '@cs/platform/database';

/**
 * The leases a transaction already checked and share-locked (`holds`), by its manager: the lock lasts until that
 * transaction ends and `now()` is its start time, so a second check in it could only give the same answer.
 */
const heldIn = new WeakMap<EntityManager, Set<string>>();
const leaseKey = (connectionId: number, owner: string, epoch: number): string => `${connectionId}:${owner}:${epoch}`;

/** The fence of `holds`: the lease row, while it is this owner's and epoch's and not expired, share-locked. */
const HOLDS_LEASE = preparedStatement(`SELECT 1 FROM session_leases
        WHERE connection_id = $1 AND owner = $2 AND epoch = $3 AND expires_at > now() FOR KEY SHARE`);

/**
 * The SQL of session ownership. A lease row per connection: `owner`, a fencing `epoch` incremented on every
 * takeover, and `expires_at` on the database clock (`now()`), so processes never compare their own clocks.
 */
export const Leases = {
  /** Takes the lease when it is free or lapsed; answers the new epoch, or null when someone else holds it. */
  async claim(
    manager: EntityManager,
    input: { connectionId: number; companyId: number; owner: string; ttlMs: number },
  ): Promise<number | null> {
    await Leases.lockClaimable(manager, input.connectionId);
    const rows = await returningRows<{ epoch: string }>(
      manager,
      `INSERT INTO session_leases AS l (connection_id, company_id, owner, epoch, renewed_at, expires_at)
       VALUES ($1, $2, $3, 1, now(), now() + $4 * interval '1 millisecond')
       ON CONFLICT (connection_id) DO UPDATE
         SET owner = EXCLUDED.owner, epoch = l.epoch + 1, renewed_at = now(), expires_at = EXCLUDED.expires_at
         WHERE l.expires_at <= now()
       RETURNING epoch`,
      [input.connectionId, input.companyId, input.owner, input.ttlMs],
    );
    const epoch = rows[0] ? Number(rows[0].epoch) : null;
    if (epoch !== null) {
      await manager.query(
        `UPDATE session_lease_history SET released_at = coalesce(released_at, now()),
           release_reason = coalesce(release_reason, 'lapsed')
         WHERE connection_id = $1 AND released_at IS NULL`,
        [input.connectionId],
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
   * claimed (absent or lapsed).
   */
  async lockClaimable(manager: EntityManager, connectionId: number): Promise<boolean> {
    const rows = await manager.query<Array<{ lapsed: boolean }>>(
      'SELECT expires_at <= now() AS lapsed FROM session_leases WHERE connection_id = $1 FOR UPDATE',
      [connectionId],
    );
    return rows.length === 0 || rows[0]?.lapsed === true;
  },

  /** Renews every lease this process still holds; answers those renewed (the others are lost). */
  async renew(
    manager: EntityManager,
    owner: string,
    held: ReadonlyArray<{ connectionId: number; epoch: number }>,
    ttlMs: number,
  ): Promise<Set<number>> {
    if (held.length === 0) return new Set();
    const rows = await returningRows<{ connection_id: number }>(
      manager,
      `UPDATE session_leases AS l SET renewed_at = now(), expires_at = now() + $2 * interval '1 millisecond'
         FROM unnest($3::int[], $4::bigint[]) AS h(connection_id, epoch)
        WHERE l.connection_id = h.connection_id AND l.epoch = h.epoch AND l.owner = $1 AND l.expires_at > now()
        RETURNING l.connection_id`,
      [owner, ttlMs, held.map((lease) => lease.connectionId), held.map((lease) => lease.epoch)],
    );
    return new Set(rows.map((row) => row.connection_id));
  },

  /** Gives a lease up at once (graceful shutdown, logout, TIMEOUT), if this process still holds that epoch. */
  async release(
    manager: EntityManager,
    input: { connectionId: number; owner: string; epoch: number; reason: string },
  ): Promise<void> {
    // released: a fence later in this transaction must ask again (and find the lease lapsed)
    heldIn.get(manager)?.delete(leaseKey(input.connectionId, input.owner, input.epoch));
    await manager.query(
      `UPDATE session_leases SET expires_at = now() WHERE connection_id = $1 AND owner = $2 AND epoch = $3`,
      [input.connectionId, input.owner, input.epoch],
    );
    await manager.query(
      `UPDATE session_lease_history SET released_at = now(), release_reason = $4
        WHERE connection_id = $1 AND owner = $2 AND epoch = $3 AND released_at IS NULL`,
      [input.connectionId, input.owner, input.epoch, input.reason],
    );
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
    const rows = await manager.query<unknown[]>(HOLDS_LEASE, [connectionId, owner, epoch]);
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
    const [row] = await manager.query<Array<{ owner: string }>>(
      'SELECT owner FROM session_leases WHERE connection_id = $1 AND expires_at > now()',
      [connectionId],
    );
    return row?.owner ?? null;
  },
};
