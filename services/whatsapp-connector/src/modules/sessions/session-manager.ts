import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import { ContactsExported, MessageSent, NumberChecked, type OutboundContent } from '@cs/proto/events';
import { APP_CONFIG } from '@cs/platform/config';
import { returningRows, TransactionHost } from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';
import { LOGGER } from '@cs/platform/logging';
import type { ConnectorConfig } from '../../config/env.js';
import { type ConnectionRow, toConnectionConfig } from '../connections/connection.row.js';
import { ConnectionEvents } from '../connections/connection-events.js';
import { MediaStoreService } from '../media/media-store.js';
import { ProjectionsRepository } from '../projections/projections.repository.js';
import { ProviderRegistry } from '../../providers/provider-registry.js';
import {
  LeaseLostError,
  type ProviderSession,
  type SessionContext,
  SessionNotReadyError,
  type SessionProvider,
  type SessionStatusUpdate,
} from '../../providers/provider.port.js';
import { Leases } from './lease.repository.js';
import { emitFailure } from './command-failures.js';
import { type CommandRow, SessionCommands } from './session-commands.js';
import { SessionNudge } from './session-nudge.js';
import { SinkFactory } from './session-sink.js';

/** PostgreSQL's `lock_not_available`: a statement gave up waiting for a row lock (`lock_timeout`). */
const LOCK_NOT_AVAILABLE = '55P03';

interface LiveSession {
  readonly connectionId: number;
  readonly companyId: number;
  readonly epoch: number;
  readonly provider: SessionProvider;
  session: ProviderSession;
  /** One thing at a time per session (commands in order, lifecycle changes between them). */
  queue: Promise<unknown>;
  ended: boolean;
  /** A logout is under way (its DISCONNECTED report must not release the lease before it finishes). */
  closing?: boolean;
  /** Carrying out commands (the poller does not hand it more until it is done). */
  busy?: boolean;
}

/**
 * Runs the sessions this process owns. A session is live on exactly one process: it holds the connection's lease
 * (`session_leases`, fencing epoch on the database clock), renews it every heartbeat, and stops the session as
 * soon as a renewal finds it lost. Processes register in `connector_processes`; a wanted session without a live
 * lease is claimed by the least-loaded live process under its capacity. Commands reach the owner through
 * `session_commands`, polled by the owner.
 */
@Injectable()
export class SessionManager implements OnApplicationBootstrap, OnModuleDestroy {
  readonly processId: string;
  private readonly sessions = new Map<number, LiveSession>();
  private renewTimer: NodeJS.Timeout | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private commandTimer: NodeJS.Timeout | undefined;
  private heartbeating = false;
  private renewing = false;
  private polling = false;
  private stopping = false;
  private lastRenewal = Date.now();
  private readonly logger: Logger;

  constructor(
    @Inject(APP_CONFIG) private readonly config: ConnectorConfig,
    @Inject(LOGGER) logger: Logger,
    private readonly transactions: TransactionHost,
    private readonly events: EventPublisher,
    private readonly providers: ProviderRegistry,
    private readonly sinks: SinkFactory,
    private readonly media: MediaStoreService,
    private readonly projections: ProjectionsRepository,
    private readonly connectionEvents: ConnectionEvents,
    nudge: SessionNudge,
  ) {
    this.processId = config.CONNECTOR_INSTANCE_ID ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.logger = logger.child({ component: 'sessions', process: this.processId });
    nudge.register(() => void this.heartbeat());
  }

  private get providerNames(): string[] {
    const names: string[] = this.providers.all.map((provider) => provider.name);
    return names.includes('baileys') ? [...names, 'beta'] : names;
  }

  get ownedConnectionIds(): number[] {
    return [...this.sessions.keys()];
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.transactions.dataSource.query(
      `INSERT INTO connector_processes (id, capacity) VALUES ($1, $2)
       ON CONFLICT (id) DO UPDATE SET heartbeat_at = now(), capacity = EXCLUDED.capacity, stopping = false`,
      [this.processId, this.config.CONNECTOR_MAX_SESSIONS],
    );
    this.renewTimer = setInterval(() => void this.renewLeases(), this.config.CONNECTOR_HEARTBEAT_MS);
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), this.config.CONNECTOR_HEARTBEAT_MS);
    this.commandTimer = setInterval(() => void this.pollCommands(), this.config.CONNECTOR_COMMAND_POLL_MS);
    void this.renewLeases();
    void this.heartbeat();
  }

  /** Graceful shutdown: end the sessions first, then release their leases, then the platform drains. */
  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    clearInterval(this.renewTimer);
    clearInterval(this.heartbeatTimer);
    clearInterval(this.commandTimer);
    await this.query('UPDATE connector_processes SET stopping = true WHERE id = $1', [this.processId]).catch(
      () => undefined,
    );
    await Promise.all(
      [...this.sessions.values()].map(async (live) => {
        await this.endLocally(live, 'shutdown');
        await this.transactions
          .run((manager) =>
            Leases.release(manager, {
              connectionId: live.connectionId,
              owner: this.processId,
              epoch: live.epoch,
              reason: 'shutdown',
            }),
          )
          .catch((error: unknown) => this.logger.warn({ err: error }, 'lease release failed'));
      }),
    );
    await this.query('DELETE FROM connector_processes WHERE id = $1', [this.processId]).catch(() => undefined);
  }

  private query<T = unknown>(sql: string, parameters: unknown[]): Promise<T> {
    return this.transactions.dataSource.query<T>(sql, parameters);
  }

  // --- heartbeat: renew and self-fence, on its own timer; reconcile: release and claim, on another ----------

  /**
   * Renews this process's leases. It runs on its own timer and never waits for a claim (a claim may wait on a row
   * lock or start a session), so a process taking sessions over never lets its own leases lapse. Its statements
   * give up after a lock timeout rather than queue behind another process's claim; without a renewal for half the
   * TTL the process stops its sessions itself (another process may take them over).
   */
  async renewLeases(): Promise<void> {
    if (this.renewing || this.stopping) return;
    this.renewing = true;
    try {
      const held = [...this.sessions.values()].map((live) => ({ connectionId: live.connectionId, epoch: live.epoch }));
      const renewed = await this.transactions.run(async (manager) => {
        await manager.query(
          `SET LOCAL lock_timeout = ${Math.max(100, Math.floor(this.config.CONNECTOR_LEASE_TTL_MS / 4))}`,
        );
        return Leases.renew(manager, this.processId, held, this.config.CONNECTOR_LEASE_TTL_MS);
      });
      this.lastRenewal = Date.now();
      for (const live of [...this.sessions.values()]) {
        if (held.some((lease) => lease.connectionId === live.connectionId) && !renewed.has(live.connectionId)) {
          this.logger.warn({ connectionId: live.connectionId, epoch: live.epoch }, 'lease lost: stopping the session');
          await this.endLocally(live, 'lease lost');
        }
      }
      await this.query(
        'UPDATE connector_processes SET heartbeat_at = now(), session_count = $2, stopping = false WHERE id = $1',
        [this.processId, this.sessions.size],
      );
    } catch (error) {
      this.logger.error({ err: error }, 'lease renewal failed');
      // self-fence: without a renewal for half the TTL another process may take the sessions over
      if (Date.now() - this.lastRenewal > this.config.CONNECTOR_LEASE_TTL_MS / 2) {
        for (const live of [...this.sessions.values()]) await this.endLocally(live, 'self-fence');
      }
    } finally {
      this.renewing = false;
    }
  }

  /** Stops sessions no longer wanted and claims wanted sessions nobody holds (never blocks the renewal). */
  async heartbeat(): Promise<void> {
    if (this.heartbeating || this.stopping) return;
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

  /** Sessions whose connection was deleted or no longer wants a session (logout, TIMEOUT) are stopped here. */
  private async releaseUnwanted(): Promise<void> {
    if (this.sessions.size === 0) return;
    const rows = await this.query<Array<{ id: number }>>(
      'SELECT id FROM connections WHERE id = ANY($1::int[]) AND session_wanted',
      [this.ownedConnectionIds],
    );
    const wanted = new Set(rows.map((row) => row.id));
    for (const live of [...this.sessions.values()]) {
      if (!wanted.has(live.connectionId)) await this.endAndRelease(live, 'not wanted');
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
    load.set(this.processId, this.sessions.size);
    // a fair share of everything wanted over the live processes: several processes fill up at once; beyond it only
    // the least-loaded one claims (ties: the smallest process id), so a new session goes to the least-loaded process
    const leased = [...load.values()].reduce((sum, count) => sum + count, 0);
    const share = Math.ceil((leased + orphans.length) / load.size);
    for (const orphan of orphans) {
      if (this.stopping || this.sessions.size >= this.config.CONNECTOR_MAX_SESSIONS) return;
      const mine = this.sessions.size;
      const leastLoaded = [...load.entries()].every(
        ([id, count]) => id === this.processId || mine < count || (mine === count && this.processId < id),
      );
      if (!leastLoaded && mine + 1 >= share) return;
      const claimed = await this.claim(orphan.id);
      if (claimed) load.set(this.processId, this.sessions.size);
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
        if (
          (error as { code?: string; driverError?: { code?: string } }).driverError?.code === LOCK_NOT_AVAILABLE ||
          (error as { code?: string }).code === LOCK_NOT_AVAILABLE
        ) {
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
        await this.disconnected(manager, connectionId);
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
    this.sessions.set(connectionId, live);
    this.logger.info({ connectionId, epoch: claimed.epoch }, 'session claimed');
    await this.serial(live, async () => {
      if (claimed.wipe) await this.fenced(live, (manager) => provider.wipe(connectionId, manager));
      await this.open(live, claimed.row);
    });
    return true;
  }

  private async open(live: LiveSession, row: ConnectionRow): Promise<void> {
    const allowGroups = await this.projections.groupsAllowed(row.company_id);
    const connection = toConnectionConfig(row, allowGroups);
    const fence = async (manager: EntityManager): Promise<void> => {
      if (!(await Leases.holds(manager, live.connectionId, this.processId, live.epoch))) {
        throw new LeaseLostError(live.connectionId);
      }
    };
    const context: SessionContext = {
      connection,
      lease: { owner: this.processId, epoch: live.epoch },
      sink: this.sinks.create(connection, fence, (id, update) => this.onStatus(id, live, update)),
      media: this.media,
      logger: this.logger.child({ connectionId: live.connectionId, provider: live.provider.name }),
      fence,
      transaction: (work) => this.transactions.run(work),
    };
    live.session = live.provider.open(context);
    try {
      await live.session.start(row.pairing_number ? { pairingNumber: row.pairing_number } : {});
    } catch (error) {
      this.logger.error({ err: error, connectionId: live.connectionId }, 'session start failed');
      // give it up: the next reconcile (here or on another process) starts it again
      if (error instanceof LeaseLostError) await this.endLocally(live, 'lease lost');
      else await this.endAndRelease(live, 'start failed');
    }
  }

  /** Marks a connection DISCONNECTED without a session (no process ran it) and tells everyone. */
  async disconnected(manager: EntityManager, connectionId: number): Promise<void> {
    const rows = await returningRows<ConnectionRow>(
      manager,
      `UPDATE connections SET status = 'DISCONNECTED', qrcode = '', pairing_code = NULL, session_wanted = false,
              updated_at = now() WHERE id = $1 RETURNING *`,
      [connectionId],
    );
    if (rows[0]) await this.connectionEvents.changed(rows[0], 'session');
  }

  private onStatus(connectionId: number, live: LiveSession, update: SessionStatusUpdate): void {
    if (update.status === 'TIMEOUT' || update.status === 'DISCONNECTED') {
      // the session ended on its own (QR not scanned, logged out from the phone): stop it and give the lease up
      setImmediate(() => {
        if (this.sessions.get(connectionId) === live && !live.closing) void this.endAndRelease(live, update.status);
      });
    }
  }

  /** Runs `work` after what is queued for the session (commands and lifecycle changes never interleave). */
  private serial<T>(live: LiveSession, work: () => Promise<T>): Promise<T> {
    const next = live.queue.then(work, work);
    live.queue = next.catch(() => undefined);
    return next;
  }

  private fenced<T>(live: LiveSession, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.transactions.run(async (manager) => {
      if (!(await Leases.holds(manager, live.connectionId, this.processId, live.epoch))) {
        throw new LeaseLostError(live.connectionId);
      }
      return work(manager);
    });
  }

  /** Stops the session here without a status (shutdown, lease lost); the credentials stay. */
  private async endLocally(live: LiveSession, reason: string): Promise<void> {
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

  private async endAndRelease(live: LiveSession, reason: string): Promise<void> {
    await this.endLocally(live, reason);
    await this.transactions
      .run((manager) =>
        Leases.release(manager, {
          connectionId: live.connectionId,
          owner: this.processId,
          epoch: live.epoch,
          reason,
        }),
      )
      .catch((error: unknown) => this.logger.warn({ err: error }, 'lease release failed'));
  }

  // --- commands ---------------------------------------------------------------------------------------------

  /** Carries out the pending commands of the sessions this process owns, in order per connection. */
  async pollCommands(): Promise<void> {
    if (this.polling || this.stopping || this.sessions.size === 0) return;
    this.polling = true;
    try {
      // sessions still busy with earlier commands are left out: their commands are picked up when they are done
      const idle = [...this.sessions.values()].filter((live) => !live.busy).map((live) => live.connectionId);
      const commands = await SessionCommands.pending(this.transactions.dataSource.manager, idle);
      const byConnection = new Map<number, CommandRow[]>();
      for (const command of commands) {
        const list = byConnection.get(command.connection_id) ?? [];
        list.push(command);
        byConnection.set(command.connection_id, list);
      }
      for (const [connectionId, list] of byConnection) {
        const live = this.sessions.get(connectionId);
        if (!live || live.busy) continue;
        live.busy = true;
        // one slow session (a Baileys send waiting on the network) never holds up the others
        void this.serial(live, async () => {
          for (const command of list) {
            if (live.ended) return;
            const done = await this.execute(live, command);
            if (!done) return; // not ready: keep this and the later ones for the next round, in order
          }
        }).finally(() => {
          live.busy = false;
        });
      }
    } catch (error) {
      this.logger.error({ err: error }, 'command poll failed');
    } finally {
      this.polling = false;
    }
  }

  /** Carries out one command; false when the session is not ready for it yet (it stays pending). */
  private async execute(live: LiveSession, command: CommandRow): Promise<boolean> {
    try {
      switch (command.kind) {
        case 'start':
        case 'new-qr':
          await this.restart(live, command);
          return true;
        case 'logout':
          await this.logout(live, command);
          return true;
        default:
          return await this.fenced(live, async (manager) => {
            const locked = await SessionCommands.lock(manager, command.id);
            if (!locked) return true;
            await this.carryOut(live, manager, locked);
            return true;
          });
      }
    } catch (error) {
      if (error instanceof SessionNotReadyError && ['send', 'delete', 'mark-read'].includes(command.kind)) return false;
      if (error instanceof LeaseLostError) {
        await this.endLocally(live, 'lease lost');
        return false;
      }
      this.logger.error({ err: error, commandId: command.command_id, kind: command.kind }, 'command failed');
      await this.fail(live, command, error).catch((failure: unknown) =>
        this.logger.error({ err: failure }, 'recording a failed command failed'),
      );
      return true;
    }
  }

  private async carryOut(live: LiveSession, manager: EntityManager, command: CommandRow): Promise<void> {
    const payload = command.payload;
    const companyId = command.company_id;
    const connectionId = command.connection_id;
    switch (command.kind) {
      case 'send': {
        const chatJid = String(payload['chatJid']);
        const result = await live.session.send({
          chatJid,
          content: payload['content'] as OutboundContent,
          quotedMessageId: (payload['quotedMessageId'] as string | null) ?? null,
          idempotencyKey: `cmd-${command.command_id}`,
        });
        await SessionCommands.finish(manager, command.id, 'done', result);
        await this.events.emit(MessageSent, {
          companyId,
          key: `${connectionId}:${chatJid}`,
          ...causation(command),
          data: {
            commandId: command.command_id,
            clientMessageId: String(payload['clientMessageId']),
            connectionId,
            chatJid,
            messageId: result.messageId,
            timestamp: result.timestamp.toISOString(),
          },
        });
        return;
      }
      case 'delete':
        await live.session.deleteForEveryone(String(payload['chatJid']), String(payload['messageId']));
        await SessionCommands.finish(manager, command.id, 'done', null);
        return;
      case 'mark-read':
        await live.session.markRead(String(payload['chatJid']), payload['messageIds'] as string[]);
        await SessionCommands.finish(manager, command.id, 'done', null);
        return;
      case 'check-numbers': {
        const results = await live.session.checkNumbers(payload['numbers'] as string[]);
        await SessionCommands.finish(manager, command.id, 'done', results);
        await this.events.emit(NumberChecked, {
          companyId,
          key: `${connectionId}:${command.command_id}`,
          ...causation(command),
          data: { commandId: command.command_id, connectionId, results, error: null },
        });
        return;
      }
      case 'export-contacts': {
        const contacts = await live.session.listContacts();
        const sink = this.sinks.create({ id: connectionId, companyId } as never, async () => undefined);
        for (const contact of contacts) await sink.contact(contact);
        await SessionCommands.finish(manager, command.id, 'done', { count: contacts.length });
        await this.events.emit(ContactsExported, {
          companyId,
          key: `${connectionId}:${command.command_id}`,
          ...causation(command),
          data: { commandId: command.command_id, connectionId, count: contacts.length, error: null },
        });
        return;
      }
      case 'profile-picture': {
        const jid = String(payload['jid']);
        const url = await live.session.profilePicture(jid);
        await SessionCommands.finish(manager, command.id, 'done', { url });
        const sink = this.sinks.create({ id: connectionId, companyId } as never, async () => undefined);
        const number = /^(\d+)@s\.whatsapp\.net$/.exec(jid)?.[1] ?? null;
        await sink.contact({
          contact: { jid, number, lid: jid.endsWith('@lid') ? jid : null, pushName: null },
          isGroup: jid.endsWith('@g.us'),
          name: null,
          profilePicUrl: url,
        });
        return;
      }
      default:
        await SessionCommands.finish(manager, command.id, 'done', null);
    }
  }

  /** Records a command that failed for good, with its result event (number checks fail fast when not ready). */
  private async fail(live: LiveSession, command: CommandRow, error: unknown): Promise<void> {
    await this.fenced(live, async (manager) => {
      const locked = await SessionCommands.lock(manager, command.id);
      if (!locked) return;
      await SessionCommands.finish(manager, command.id, 'failed', { error: String(error) });
      const connectionId = command.connection_id;
      if (command.kind === 'check-numbers') {
        await this.events.emit(NumberChecked, {
          companyId: command.company_id,
          key: `${connectionId}:${command.command_id}`,
          ...causation(command),
          data: { commandId: command.command_id, connectionId, results: [], error: 'ERR_WAPP_CHECK_CONTACT' },
        });
      } else if (command.kind === 'export-contacts') {
        await this.events.emit(ContactsExported, {
          companyId: command.company_id,
          key: `${connectionId}:${command.command_id}`,
          ...causation(command),
          data: { commandId: command.command_id, connectionId, count: 0, error: 'ERR_WAPP_NOT_INITIALIZED' },
        });
      } else {
        await emitFailure(
          this.events,
          locked,
          command.kind === 'delete' ? 'ERR_DELETE_WAPP_MSG' : 'ERR_SENDING_WAPP_MSG',
        );
      }
    });
  }

  private async restart(live: LiveSession, command: CommandRow): Promise<void> {
    const [row] = await this.query<ConnectionRow[]>('SELECT * FROM connections WHERE id = $1', [live.connectionId]);
    await this.fenced(live, (manager) =>
      SessionCommands.finish(manager, command.id, 'done', { owner: this.processId }),
    );
    if (!row) return;
    await live.session.stop().catch(() => undefined);
    if (command.kind === 'new-qr') await this.fenced(live, (manager) => live.provider.wipe(live.connectionId, manager));
    await this.open(live, row);
  }

  private async logout(live: LiveSession, command: CommandRow): Promise<void> {
    live.closing = true;
    await live.session.logout().catch((error: unknown) => this.logger.warn({ err: error }, 'logout failed'));
    await this.fenced(live, async (manager) => {
      await live.provider.wipe(live.connectionId, manager);
      await SessionCommands.finish(manager, command.id, 'done', { owner: this.processId });
    }).catch(() => undefined);
    await this.endAndRelease(live, 'logout');
  }
}

function causation(command: CommandRow): { causationId?: string } {
  return command.causation_id ? { causationId: command.causation_id } : {};
}
