import type { Logger } from 'pino';
import { mapRows, returningRows, type SqlRow, type TransactionHost } from '@cs/platform/database';
import type { ConnectorConfig } from '../../config/env.js';
import { connectionRows } from '../connections/connection.row.js';
import type { ProviderRegistry } from '../../providers/provider-registry.js';
import type { ProviderSession } from '../../providers/provider.port.js';
import {
  expiryWakeDelay,
  handOverCount,
  isLockNotAvailable,
  memberWindowMs,
  orphansToClaim,
  pickHandOvers,
} from './claim-rules.js';
import { Leases, type OwnershipSnapshot } from './lease.repository.js';
import { serial, type LiveSession } from './live-session.js';
import type { OwnedSessions } from './owned-sessions.js';
import { SessionCommands } from './session-commands.js';

type LeaseConfig = Pick<
  ConnectorConfig,
  | 'CONNECTOR_LEASE_TTL_MS'
  | 'CONNECTOR_HEARTBEAT_MS'
  | 'CONNECTOR_MAX_SESSIONS'
  | 'CONNECTOR_CLAIM_LOCK_TIMEOUT_MS'
  | 'CONNECTOR_HANDOVER_BATCH'
>;

/** Claims under way at once (each a short lease transaction, then the session's start). */
const CLAIM_CONCURRENCY = 4;

/** What came of one claim: the session runs here, someone else holds it, or it was left for a later pass. */
type ClaimOutcome = 'claimed' | 'taken' | 'skipped';

/**
 * Ownership across processes. A session is live on exactly one process: it holds the connection's lease
 * (`session_leases`, fencing epoch on the database clock), renews it every heartbeat, and stops the session as
 * soon as a renewal finds it lost (or, without any renewal for half the TTL, stops them all: self-fence).
 *
 * Each pass (every heartbeat, and at once when a lease is given up or a process joins, stops or leaves: the
 * `<schema>_session_ownership` notifications) reads one snapshot and applies `claim-rules.ts` to it: take back
 * what this instance id still holds from a predecessor, hand over what is beyond the fair share, claim this
 * process's part of the wanted sessions nobody holds, in parallel. A lease that lapses before the next heartbeat
 * (its owner stopped renewing) is looked at right after it lapses.
 */
export class SessionLeases {
  private reconciling: Promise<void> | undefined;
  private reconcileAgain = false;
  private renewing = false;
  private lastRenewal = Date.now();
  private expiryTimer: NodeJS.Timeout | undefined;
  /** Another process registered under this instance id since: this one runs and claims nothing any more. */
  private superseded = false;

  constructor(
    private readonly owned: OwnedSessions,
    private readonly config: LeaseConfig,
    private readonly logger: Logger,
    private readonly transactions: TransactionHost,
    private readonly providers: ProviderRegistry,
    /** This start of the process (the instance id may outlive it: a restarted pod keeps its name). */
    private readonly incarnation: string,
  ) {}

  private get processId(): string {
    return this.owned.processId;
  }

  private query<T = unknown>(sql: string, parameters: unknown[]): Promise<T> {
    return this.transactions.dataSource.query<T>(sql, parameters);
  }

  private get providerNames(): string[] {
    const names: string[] = this.providers.all.map((provider) => provider.name);
    return names.includes('baileys') ? [...names, 'beta'] : names;
  }

  /**
   * Joins the live processes (the others are notified and rebalance towards this one), and forgets processes
   * silent for a day (pods of past releases).
   */
  async register(): Promise<void> {
    await this.query(`DELETE FROM connector_processes WHERE heartbeat_at < now() - interval '1 day'`, []);
    await this.query(
      `INSERT INTO connector_processes (id, capacity, incarnation) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET heartbeat_at = now(), capacity = EXCLUDED.capacity, stopping = false,
         incarnation = EXCLUDED.incarnation, session_count = 0, started_at = now()`,
      [this.processId, this.config.CONNECTOR_MAX_SESSIONS, this.incarnation],
    );
  }

  /**
   * Renews this process's leases. It runs on its own timer and never waits for a claim (a claim may wait on a row
   * lock or start a session), so a process taking sessions over never lets its own leases lapse. Its statements
   * give up after a lock timeout rather than queue behind another process's claim; without a renewal for half the
   * TTL the process stops its sessions itself (another process may take them over).
   */
  async renew(): Promise<void> {
    if (this.renewing || this.owned.stopping || this.superseded) return;
    this.renewing = true;
    try {
      const held = this.owned.all().map((live) => ({ connectionId: live.connectionId, epoch: live.epoch }));
      const renewed = await this.transactions.run(async (manager) => {
        await manager.query(
          `SET LOCAL lock_timeout = ${Math.max(100, Math.floor(this.config.CONNECTOR_LEASE_TTL_MS / 4))}`,
        );
        return Leases.renew(manager, this.processId, held, this.config.CONNECTOR_LEASE_TTL_MS);
      });
      this.lastRenewal = Date.now();
      for (const live of this.owned.all()) {
        if (held.some((lease) => lease.connectionId === live.connectionId) && !renewed.has(live.connectionId)) {
          this.logger.warn({ connectionId: live.connectionId, epoch: live.epoch }, 'lease lost: stopping the session');
          await this.owned.endLocally(live, 'lease lost');
        }
      }
      await this.heartbeat();
    } catch (error) {
      this.logger.error({ err: error }, 'lease renewal failed');
      // self-fence: without a renewal for half the TTL another process may take the sessions over
      if (Date.now() - this.lastRenewal > this.config.CONNECTOR_LEASE_TTL_MS / 2) {
        for (const live of this.owned.all()) await this.owned.endLocally(live, 'self-fence');
      }
    } finally {
      this.renewing = false;
    }
  }

  /**
   * Marks this process live. Its row gone (deleted by hand), it registers again; its row taken by a newer start
   * under the same instance id, this process is superseded: it stops its sessions (the newer one takes them back)
   * and claims nothing more. Instance ids must be unique among running processes (a pod name is).
   */
  private async heartbeat(): Promise<void> {
    const manager = this.transactions.dataSource.manager;
    const marked = await returningRows(
      manager,
      `UPDATE connector_processes SET heartbeat_at = now(), session_count = $2, stopping = false
        WHERE id = $1 AND incarnation = $3 RETURNING id`,
      [this.processId, this.owned.size, this.incarnation],
    );
    if (marked.length > 0) return;
    const joined = await returningRows(
      manager,
      `INSERT INTO connector_processes (id, capacity, incarnation, session_count) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [this.processId, this.config.CONNECTOR_MAX_SESSIONS, this.incarnation, this.owned.size],
    );
    if (joined.length > 0) return;
    await this.supersede();
  }

  /** A newer start took this instance id: stop every session here, claim nothing more. */
  private async supersede(): Promise<void> {
    if (this.superseded) return;
    this.superseded = true;
    clearTimeout(this.expiryTimer);
    this.logger.error(
      { process: this.processId },
      'another process started under this CONNECTOR_INSTANCE_ID: stopping every session here (instance ids must be unique)',
    );
    await Promise.all(this.owned.all().map((live) => this.owned.endLocally(live, 'superseded')));
  }

  /**
   * One ownership pass (see the class): never blocks the renewal; a pass asked for while one runs runs right after
   * it, as does another pass when some claims lost a race to another process.
   */
  async reconcile(): Promise<void> {
    if (this.owned.stopping || this.superseded) return;
    if (this.reconciling) {
      this.reconcileAgain = true;
      return;
    }
    this.reconciling = this.passes().finally(() => {
      this.reconciling = undefined;
    });
    await this.reconciling;
  }

  private async passes(): Promise<void> {
    try {
      do {
        this.reconcileAgain = false;
        await this.pass();
      } while (this.reconcileAgain && !this.owned.stopping && !this.superseded);
    } catch (error) {
      this.logger.error({ err: error }, 'session reconcile failed');
    }
  }

  private async pass(): Promise<void> {
    await this.releaseUnwanted();
    const snapshot = await Leases.snapshot(this.transactions.dataSource.manager, {
      owner: this.processId,
      providers: this.providerNames,
      memberWindowMs: memberWindowMs(this.config.CONNECTOR_LEASE_TTL_MS, this.config.CONNECTOR_HEARTBEAT_MS),
      running: this.owned.heldConnectionIds,
    });
    // a newer start under this id registered (its registration notified every process): give way at once
    if (snapshot.incarnation !== null && snapshot.incarnation !== this.incarnation) {
      await this.supersede();
      return;
    }
    this.scheduleExpiryWake(snapshot.soonestForeignExpiryMs);
    const members = snapshot.members.some((member) => member.id === this.processId)
      ? snapshot.members
      : [
          ...snapshot.members,
          { id: this.processId, sessions: this.owned.size, capacity: this.config.CONNECTOR_MAX_SESSIONS },
        ];
    await this.reclaimLeftovers(snapshot.leftovers);
    await this.handOverExtras({ ...snapshot, members });
    const toClaim = orphansToClaim({
      members,
      processId: this.processId,
      orphans: snapshot.orphans,
      staleAfterMs: this.config.CONNECTOR_HEARTBEAT_MS,
      bucketMs: this.config.CONNECTOR_HEARTBEAT_MS,
    });
    const outcomes = await inParallel(toClaim, CLAIM_CONCURRENCY, (connectionId) => this.claim(connectionId));
    // another process took some of them first: its share may have left others for this one
    if (outcomes.includes('taken')) this.reconcileAgain = true;
  }

  /**
   * Graceful shutdown (`owned.stopping` set): once the pass under way has ended (its claims give up what they take
   * meanwhile), every session is handed over at once (no wait for its lease to lapse).
   */
  async releaseAll(): Promise<void> {
    clearTimeout(this.expiryTimer);
    await this.reconciling;
    await Promise.all(this.owned.all().map((live) => this.owned.handOver(live, 'shutdown')));
  }

  /**
   * A session was just made wanted here (a new connection, `/whatsappsession`): every process looks now (through
   * `<schema>_session_ownership`), so the one the plan gives it to starts it at once, wherever it runs.
   */
  async announce(): Promise<void> {
    try {
      await this.query(`SELECT pg_notify(current_schema() || '_session_ownership', 'wanted')`, []);
    } catch (error) {
      this.logger.warn({ err: error }, 'announcing a wanted session failed: reconciling here only');
      await this.reconcile();
    }
  }

  /** Marks this process stopping (the others stop counting it and claim what it gives up). */
  async markStopping(): Promise<void> {
    await this.query('UPDATE connector_processes SET stopping = true WHERE id = $1 AND incarnation = $2', [
      this.processId,
      this.incarnation,
    ]);
  }

  /** Leaves the live processes (a newer start under the same id keeps its row). */
  async deregister(): Promise<void> {
    await this.query('DELETE FROM connector_processes WHERE id = $1 AND incarnation = $2', [
      this.processId,
      this.incarnation,
    ]);
  }

  /** A lease held by another process is due to lapse before the next heartbeat: look right after it lapses. */
  private scheduleExpiryWake(soonestExpiryMs: number | null): void {
    clearTimeout(this.expiryTimer);
    const delay = expiryWakeDelay(soonestExpiryMs, this.config.CONNECTOR_HEARTBEAT_MS);
    if (delay === null) return;
    this.expiryTimer = setTimeout(() => void this.reconcile(), delay);
    this.expiryTimer.unref();
  }

  /** Sessions whose connection was deleted or no longer wants a session (logout, TIMEOUT) are stopped here. */
  private async releaseUnwanted(): Promise<void> {
    if (this.owned.size === 0) return;
    const rows = await this.query<SqlRow[]>('SELECT id FROM connections WHERE id = ANY($1::int[]) AND session_wanted', [
      this.owned.connectionIds,
    ]);
    const wanted = new Set(mapRows(rows, (r) => r.int('id')));
    for (const live of this.owned.all()) {
      if (!wanted.has(live.connectionId)) await this.owned.endAndRelease(live, 'not wanted');
    }
  }

  /**
   * Leases still held under this instance id by a predecessor (this process restarted under the same pod name):
   * taken back at once, under the next epoch, instead of waiting for them to lapse.
   */
  private async reclaimLeftovers(leftovers: readonly number[]): Promise<void> {
    if (leftovers.length === 0) return;
    this.logger.info({ count: leftovers.length }, "taking back this instance's leases from its previous start");
    await inParallel(leftovers, CLAIM_CONCURRENCY, (connectionId) => this.claim(connectionId, { reclaim: true }));
  }

  /** Hands over what this process runs beyond its fair share, while the other live processes have room for it. */
  private async handOverExtras(snapshot: OwnershipSnapshot): Promise<void> {
    const count = handOverCount({
      members: snapshot.members,
      processId: this.processId,
      wanted: snapshot.wanted,
      orphans: snapshot.orphans.length,
      batch: this.config.CONNECTOR_HANDOVER_BATCH,
    });
    if (count === 0) return;
    const chosen = pickHandOvers(
      this.owned.all().map((live) => ({
        connectionId: live.connectionId,
        status: live.status,
        busy: live.busy === true,
        claimedAt: live.claimedAt,
      })),
      count,
    );
    this.logger.info({ count: chosen.length, members: snapshot.members.length }, 'handing sessions over (rebalance)');
    await Promise.all(
      chosen.map((connectionId) => {
        const live = this.owned.get(connectionId);
        return live ? this.owned.handOver(live, 'rebalance') : Promise.resolve();
      }),
    );
  }

  /**
   * Takes the lease of a wanted connection and opens its session here (`reclaim`: also when this instance id
   * still holds it from a previous start).
   */
  private async claim(connectionId: number, options: { reclaim?: boolean } = {}): Promise<ClaimOutcome> {
    // shutting down: claim nothing more (what this pass claimed already is handed over once it ends)
    if (this.owned.stopping) return 'skipped';
    const reclaimFor = options.reclaim ? this.processId : undefined;
    const claimed = await this.transactions
      .run(async (manager) => {
        // a claim waits on a row lock at most this long (a lapsed owner's open fenced transaction, another claim):
        // it then skips the connection until the next reconcile instead of holding up the others
        await manager.query(`SET LOCAL lock_timeout = ${this.config.CONNECTOR_CLAIM_LOCK_TIMEOUT_MS}`);
        // lock order everywhere: the lease row, then the connection row (a session's status report holds its lease
        // share-locked while it updates the connection)
        if (!(await Leases.lockClaimable(manager, connectionId, reclaimFor))) return 'taken' as const;
        const [row] = connectionRows(
          await manager.query<SqlRow[]>(
            'SELECT * FROM connections WHERE id = $1 AND session_wanted FOR UPDATE SKIP LOCKED',
            [connectionId],
          ),
        );
        if (!row) return 'skipped' as const;
        const epoch = await Leases.claim(manager, {
          connectionId,
          companyId: row.company_id,
          owner: this.processId,
          ttlMs: this.config.CONNECTOR_LEASE_TTL_MS,
          reclaim: options.reclaim === true,
        });
        if (epoch === null) return 'taken' as const;
        const lifecycle = await SessionCommands.takeLifecycle(manager, connectionId);
        return { row, epoch, wipe: lifecycle.includes('new-qr'), logout: lifecycle.at(-1) === 'logout' };
      })
      .catch((error: unknown) => {
        if (isLockNotAvailable(error)) {
          this.logger.info({ connectionId }, 'claim skipped: the lease row is locked (retried at the next reconcile)');
        } else {
          this.logger.error({ err: error, connectionId }, 'claim failed');
        }
        return 'skipped' as const;
      });
    if (typeof claimed === 'string') return claimed;
    if (claimed.logout) {
      // a logout asked while no process ran the session: carry it out without starting one
      await this.transactions.run(async (manager) => {
        await this.providers.find(claimed.row.provider)?.wipe(connectionId, manager);
        await this.owned.disconnected(manager, connectionId);
        await Leases.release(manager, { connectionId, owner: this.processId, epoch: claimed.epoch, reason: 'logout' });
      });
      return 'skipped';
    }
    const provider = this.providers.find(claimed.row.provider);
    if (!provider) {
      this.logger.error({ connectionId, provider: claimed.row.provider }, 'no provider of this kind in this build');
      await this.transactions.run((manager) =>
        Leases.release(manager, { connectionId, owner: this.processId, epoch: claimed.epoch, reason: 'no provider' }),
      );
      return 'skipped';
    }
    const live: LiveSession = {
      connectionId,
      companyId: claimed.row.company_id,
      epoch: claimed.epoch,
      provider,
      session: undefined as unknown as ProviderSession,
      queue: Promise.resolve(),
      ended: false,
      claimedAt: performance.now(),
    };
    this.owned.add(live);
    this.logger.info({ connectionId, epoch: claimed.epoch, reclaimed: options.reclaim === true }, 'session claimed');
    await serial(live, async () => {
      if (claimed.wipe) await this.owned.fenced(live, (manager) => provider.wipe(connectionId, manager));
      await this.owned.open(live, claimed.row);
    });
    return 'claimed';
  }
}

/** `work` for every item, at most `limit` at a time; answers the results in the items' order. */
async function inParallel<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, () => worker()));
  return results;
}
