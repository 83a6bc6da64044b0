import type { EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import { returningRows, type SqlRow, type TransactionHost } from '@cs/platform/database';
import { type ConnectionRow, connectionRows, toConnectionConfig } from '../connections/connection.row.js';
import type { ConnectionEvents } from '../connections/connection-events.js';
import type { MediaStoreService } from '../media/media-store.js';
import type { ProjectionsRepository } from '../projections/projections.repository.js';
import { LeaseLostError, type SessionContext, type SessionStatusUpdate } from '../../providers/provider.port.js';
import { Leases } from './lease.repository.js';
import type { LiveSession } from './live-session.js';
import type { SinkFactory } from './session-sink.js';

/** A session handed over waits at most this long for the command under way (its socket is closed already). */
const HAND_OVER_DRAIN_MS = 5_000;

/**
 * The sessions this process runs, by connection id: opens a provider session under its lease (its context's fence
 * checks the lease epoch), stops it here (credentials kept) or stops it and gives its lease up, and runs fenced
 * transactions for it. Leases decide which sessions are here; commands act on them.
 */
export class OwnedSessions {
  private readonly sessions = new Map<number, LiveSession>();
  /** Sessions stopped here whose lease is being given up (still this process's until the release commits). */
  private readonly releasing = new Set<number>();
  /** Graceful shutdown under way: nothing new is claimed or carried out. */
  stopping = false;
  /**
   * Called when a session here may carry out commands it had to leave pending (it was opened, or is CONNECTED):
   * the command runner looks at once instead of at its next fallback poll.
   */
  onReady: (connectionId: number) => void = () => undefined;

  constructor(
    readonly processId: string,
    private readonly logger: Logger,
    private readonly deps: {
      readonly transactions: TransactionHost;
      readonly sinks: SinkFactory;
      readonly media: MediaStoreService;
      readonly projections: ProjectionsRepository;
      readonly connectionEvents: ConnectionEvents;
    },
  ) {}

  get size(): number {
    return this.sessions.size;
  }

  get connectionIds(): number[] {
    return [...this.sessions.keys()];
  }

  /** The sessions run here and those whose lease is being given up: none of them is a predecessor's leftover. */
  get heldConnectionIds(): number[] {
    return [...new Set([...this.sessions.keys(), ...this.releasing])];
  }

  all(): LiveSession[] {
    return [...this.sessions.values()];
  }

  get(connectionId: number): LiveSession | undefined {
    return this.sessions.get(connectionId);
  }

  add(live: LiveSession): void {
    this.sessions.set(live.connectionId, live);
  }

  /**
   * Opens the provider session of a live entry and starts it; a failed start gives the session up. An entry ended
   * meanwhile (handed over, lease lost) opens nothing, and a socket started as it ended is closed again before this
   * resolves (a hand-over waits for it before it releases the lease).
   */
  async open(live: LiveSession, row: ConnectionRow): Promise<void> {
    const allowGroups = await this.deps.projections.groupsAllowed(row.company_id);
    if (live.ended) return;
    const connection = toConnectionConfig(row, allowGroups);
    const fence = async (manager: EntityManager): Promise<void> => {
      if (!(await Leases.holds(manager, live.connectionId, this.processId, live.epoch))) {
        throw new LeaseLostError(live.connectionId);
      }
    };
    const context: SessionContext = {
      connection,
      lease: { owner: this.processId, epoch: live.epoch },
      sink: this.deps.sinks.create(connection, fence, (id, update) => this.onStatus(id, live, update)),
      media: this.deps.media,
      logger: this.logger.child({ connectionId: live.connectionId, provider: live.provider.name }),
      fence,
      transaction: (work) => this.deps.transactions.run(work),
      report: (work) => this.deps.sinks.reports.run(work),
    };
    live.session = live.provider.open(context);
    try {
      await live.session.start(row.pairing_number ? { pairingNumber: row.pairing_number } : {});
      if (live.ended) {
        await live.session.stop();
        return;
      }
      this.onReady(live.connectionId);
    } catch (error) {
      this.logger.error({ err: error, connectionId: live.connectionId }, 'session start failed');
      // give it up: the next reconcile (here or on another process) starts it again
      if (error instanceof LeaseLostError) await this.endLocally(live, 'lease lost');
      else await this.endAndRelease(live, 'start failed');
    }
  }

  private onStatus(connectionId: number, live: LiveSession, update: SessionStatusUpdate): void {
    live.status = update.status;
    if (update.status === 'CONNECTED') setImmediate(() => this.onReady(connectionId));
    if (update.status === 'TIMEOUT' || update.status === 'DISCONNECTED') {
      // the session ended on its own (QR not scanned, logged out from the phone): stop it and give the lease up
      setImmediate(() => {
        if (this.sessions.get(connectionId) === live && !live.closing) void this.endAndRelease(live, update.status);
      });
    }
  }

  /** Runs `work` in a transaction that first checks the session's lease is still ours with its epoch. */
  fenced<T>(live: LiveSession, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.deps.transactions.run(async (manager) => {
      if (!(await Leases.holds(manager, live.connectionId, this.processId, live.epoch))) {
        throw new LeaseLostError(live.connectionId);
      }
      return work(manager);
    });
  }

  /** Stops the session here without a status (shutdown, lease lost); the credentials stay. */
  async endLocally(live: LiveSession, reason: string): Promise<void> {
    if (live.ended) return;
    live.ended = true;
    if (this.sessions.get(live.connectionId) === live) this.sessions.delete(live.connectionId);
    try {
      await live.session?.stop();
    } catch (error) {
      this.logger.warn({ err: error, connectionId: live.connectionId, reason }, 'session stop failed');
    }
    this.logger.info({ connectionId: live.connectionId, epoch: live.epoch, reason }, 'session stopped');
  }

  /**
   * Gives the lease up (if this process still holds that epoch); a failure is logged, the lease then lapses. A
   * hand-over (`notify`) wakes the other processes to claim it at once.
   */
  async release(
    live: Pick<LiveSession, 'connectionId' | 'epoch'>,
    reason: string,
    options: { notify?: boolean } = {},
  ): Promise<void> {
    const { connectionId, epoch } = live;
    await this.deps.transactions
      .run((manager) =>
        Leases.release(manager, {
          connectionId,
          owner: this.processId,
          epoch,
          reason,
          notify: options.notify === true,
        }),
      )
      .catch((error: unknown) => this.logger.warn({ err: error }, 'lease release failed'));
  }

  async endAndRelease(live: LiveSession, reason: string): Promise<void> {
    this.releasing.add(live.connectionId);
    try {
      await this.endLocally(live, reason);
      await this.release(live, reason);
    } finally {
      this.releasing.delete(live.connectionId);
    }
  }

  /**
   * Orderly hand-over (rebalance, shutdown): the session is marked ended (no new command starts), its socket is
   * closed (the provider saves what it received first), the command under way ends (a send interrupted by the closed socket stays pending, for the
   * next owner), then the lease is given up at once, so another process claims it under the next epoch without
   * waiting for it to lapse. Never called from a task of the session's own queue (it waits for that queue).
   */
  async handOver(live: LiveSession, reason: string): Promise<void> {
    if (live.ended) return;
    this.releasing.add(live.connectionId);
    try {
      await this.endLocally(live, reason);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        live.queue,
        new Promise((resolve) => {
          timer = setTimeout(resolve, HAND_OVER_DRAIN_MS);
        }),
      ]);
      clearTimeout(timer);
      await this.release(live, reason, { notify: true });
    } finally {
      this.releasing.delete(live.connectionId);
    }
  }

  /** Marks a connection DISCONNECTED without a session (no process ran it) and tells everyone. */
  async disconnected(manager: EntityManager, connectionId: number): Promise<void> {
    const rows = await returningRows<SqlRow>(
      manager,
      `UPDATE connections SET status = 'DISCONNECTED', qrcode = '', pairing_code = NULL, session_wanted = false,
              updated_at = now() WHERE id = $1 RETURNING *`,
      [connectionId],
    );
    const [row] = connectionRows(rows);
    if (row) await this.deps.connectionEvents.changed(row, 'session');
  }
}
