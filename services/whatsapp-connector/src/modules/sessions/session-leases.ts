import type { Logger } from 'pino';
import type { TransactionHost } from '@cs/platform/database';
import type { ConnectorConfig } from '../../config/env.js';
import type { ConnectionRow } from '../connections/connection.row.js';
import type { ProviderRegistry } from '../../providers/provider-registry.js';
import type { ProviderSession } from '../../providers/provider.port.js';
import { fairShare, isLockNotAvailable, mayClaim } from './claim-rules.js';
import { Leases } from './lease.repository.js';
import { serial, type LiveSession } from './live-session.js';
import type { OwnedSessions } from './owned-sessions.js';
import { SessionCommands } from './session-commands.js';

type LeaseConfig = Pick<
  ConnectorConfig,
  'CONNECTOR_LEASE_TTL_MS' | 'CONNECTOR_MAX_SESSIONS' | 'CONNECTOR_CLAIM_LOCK_TIMEOUT_MS'
>;

/**
 * Ownership across processes. A session is live on exactly one process: it holds the connection's lease
 * (`session_leases`, fencing epoch on the database clock), renews it every heartbeat, and stops the session as
 * soon as a renewal finds it lost (or, without any renewal for half the TTL, stops them all: self-fence). A wanted
 * session without a live lease is claimed by the least-loaded live process under its capacity (`claim-rules.ts`);
 * a lapsed lease is taken over with the next epoch, after the old owner's fenced transactions commit.
 */
export class SessionLeases {
  private heartbeating = false;
  private renewing = false;
  private lastRenewal = Date.now();

  constructor(
    private readonly owned: OwnedSessions,
    private readonly config: LeaseConfig,
    private readonly logger: Logger,
    private readonly transactions: TransactionHost,
    private readonly providers: ProviderRegistry,
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
   * Renews this process's leases. It runs on its own timer and never waits for a claim (a claim may wait on a row
   * lock or start a session), so a process taking sessions over never lets its own leases lapse. Its statements
   * give up after a lock timeout rather than queue behind another process's claim; without a renewal for half the
   * TTL the process stops its sessions itself (another process may take them over).
   */
  async renew(): Promise<void> {
    if (this.renewing || this.owned.stopping) return;
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
      await this.query(
        'UPDATE connector_processes SET heartbeat_at = now(), session_count = $2, stopping = false WHERE id = $1',
        [this.processId, this.owned.size],
      );
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

  /** Stops sessions no longer wanted and claims wanted sessions nobody holds (never blocks the renewal). */
  async reconcile(): Promise<void> {
    if (this.heartbeating || this.owned.stopping) return;
    this.heartbeating = true;
    try {
      await this.releaseUnwanted();
      await this.claimOrphans();
    } catch (error) {
      this.logger.error({ err: error }, 'session reconcile failed');
    } finally {
      this.heartbeating = false;
    }
  }

  /** Graceful shutdown: every session stopped here, then its lease given up at once (no wait for it to lapse). */
  async releaseAll(): Promise<void> {
    await Promise.all(this.owned.all().map((live) => this.owned.endAndRelease(live, 'shutdown')));
  }

  /** Sessions whose connection was deleted or no longer wants a session (logout, TIMEOUT) are stopped here. */
  private async releaseUnwanted(): Promise<void> {
    if (this.owned.size === 0) return;
    const rows = await this.query<Array<{ id: number }>>(
      'SELECT id FROM connections WHERE id = ANY($1::int[]) AND session_wanted',
      [this.owned.connectionIds],
    );
    const wanted = new Set(rows.map((row) => row.id));
    for (const live of this.owned.all()) {
      if (!wanted.has(live.connectionId)) await this.owned.endAndRelease(live, 'not wanted');
    }
  }

  /** Claims wanted sessions without a live lease while this is the least-loaded live process under capacity. */
  private async claimOrphans(): Promise<void> {
    const orphans = await this.query<Array<{ id: number; company_id: number }>>(
      `SELECT c.id, c.company_id FROM connections c LEFT JOIN session_leases l ON l.connection_id = c.id
        WHERE c.session_wanted AND (l.connection_id IS NULL OR l.expires_at <= now())
          AND c.provider = ANY($1::text[]) ORDER BY c.id LIMIT 500`,
      // only providers of this build (a connection of a provider not deployed here waits for a process that has it)
      [this.providerNames],
    );
    if (orphans.length === 0) return;
    const processes = await this.query<Array<{ id: string; capacity: number; sessions: number }>>(
      `SELECT p.id, p.capacity,
              (SELECT count(*)::int FROM session_leases l WHERE l.owner = p.id AND l.expires_at > now()) AS sessions
         FROM connector_processes p
        WHERE p.heartbeat_at > now() - $1 * interval '1 millisecond' AND NOT p.stopping`,
      [this.config.CONNECTOR_LEASE_TTL_MS],
    );
    const load = new Map(processes.map((row) => [row.id, row.sessions]));
    load.set(this.processId, this.owned.size);
    const share = fairShare(load, orphans.length);
    for (const orphan of orphans) {
      if (this.owned.stopping || this.owned.size >= this.config.CONNECTOR_MAX_SESSIONS) return;
      if (!mayClaim({ load, processId: this.processId, mine: this.owned.size, share })) return;
      const claimed = await this.claim(orphan.id);
      if (claimed) load.set(this.processId, this.owned.size);
    }
  }

  /** Takes the lease of a wanted connection and opens its session here. */
  private async claim(connectionId: number): Promise<boolean> {
    const claimed = await this.transactions
      .run(async (manager) => {
        // a claim waits on a row lock at most this long (a lapsed owner's open fenced transaction, another claim):
        // it then skips the connection until the next reconcile instead of holding up the others
        await manager.query(`SET LOCAL lock_timeout = ${this.config.CONNECTOR_CLAIM_LOCK_TIMEOUT_MS}`);
        // lock order everywhere: the lease row, then the connection row (a session's status report holds its lease
        // share-locked while it updates the connection)
        if (!(await Leases.lockClaimable(manager, connectionId))) return null;
        const [row] = await manager.query<ConnectionRow[]>(
          'SELECT * FROM connections WHERE id = $1 AND session_wanted FOR UPDATE SKIP LOCKED',
          [connectionId],
        );
        if (!row) return null;
        const epoch = await Leases.claim(manager, {
          connectionId,
          companyId: row.company_id,
          owner: this.processId,
          ttlMs: this.config.CONNECTOR_LEASE_TTL_MS,
        });
        if (epoch === null) return null;
        const lifecycle = await SessionCommands.takeLifecycle(manager, connectionId);
        return { row, epoch, wipe: lifecycle.includes('new-qr'), logout: lifecycle.at(-1) === 'logout' };
      })
      .catch((error: unknown) => {
        if (isLockNotAvailable(error)) {
          this.logger.info({ connectionId }, 'claim skipped: the lease row is locked (retried at the next reconcile)');
          return null;
        }
        throw error;
      });
    if (!claimed) return false;
    if (claimed.logout) {
      // a logout asked while no process ran the session: carry it out without starting one
      await this.transactions.run(async (manager) => {
        await this.providers.find(claimed.row.provider)?.wipe(connectionId, manager);
        await this.owned.disconnected(manager, connectionId);
        await Leases.release(manager, { connectionId, owner: this.processId, epoch: claimed.epoch, reason: 'logout' });
      });
      return false;
    }
    const provider = this.providers.find(claimed.row.provider);
    if (!provider) {
      this.logger.error({ connectionId, provider: claimed.row.provider }, 'no provider of this kind in this build');
      await this.transactions.run((manager) =>
        Leases.release(manager, { connectionId, owner: this.processId, epoch: claimed.epoch, reason: 'no provider' }),
      );
      return false;
    }
    const live: LiveSession = {
      connectionId,
      companyId: claimed.row.company_id,
      epoch: claimed.epoch,
      provider,
      session: undefined as unknown as ProviderSession,
      queue: Promise.resolve(),
      ended: false,
    };
    this.owned.add(live);
    this.logger.info({ connectionId, epoch: claimed.epoch }, 'session claimed');
    await serial(live, async () => {
      if (claimed.wipe) await this.owned.fenced(live, (manager) => provider.wipe(connectionId, manager));
      await this.owned.open(live, claimed.row);
    });
    return true;
  }
}
