import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import { APP_CONFIG } from '@cs/platform/config';
import { TransactionHost } from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';
import { LOGGER } from '@cs/platform/logging';
import type { ConnectorConfig } from '../../config/env.js';
import { ConnectionEvents } from '../connections/connection-events.js';
import { MediaStoreService } from '../media/media-store.js';
import { ProjectionsRepository } from '../projections/projections.repository.js';
import { ProviderRegistry } from '../../providers/provider-registry.js';
import { OwnedSessions } from './owned-sessions.js';
import { SessionCommandRunner } from './session-command-runner.js';
import { SessionLeases } from './session-leases.js';
import { SessionNudge } from './session-nudge.js';
import { SessionWakeups } from './session-wakeups.js';
import { SinkFactory } from './session-sink.js';

/**
 * Runs the sessions this process owns, on three timers: lease renewal and reconcile (`SessionLeases`: ownership
 * across processes, registered in `connector_processes`) and the command poll (`SessionCommandRunner`: what
 * `session_commands` asks of the sessions here; a slow fallback, as `SessionWakeups` wakes it on each recorded
 * command). `OwnedSessions` is the set they share.
 */
@Injectable()
export class SessionManager implements OnApplicationBootstrap, OnModuleDestroy {
  readonly processId: string;
  private readonly owned: OwnedSessions;
  private readonly leases: SessionLeases;
  private readonly commands: SessionCommandRunner;
  private readonly wakeups: SessionWakeups;
  private renewTimer: NodeJS.Timeout | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private commandTimer: NodeJS.Timeout | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: ConnectorConfig,
    @Inject(LOGGER) logger: Logger,
    private readonly transactions: TransactionHost,
    events: EventPublisher,
    providers: ProviderRegistry,
    sinks: SinkFactory,
    media: MediaStoreService,
    projections: ProjectionsRepository,
    connectionEvents: ConnectionEvents,
    nudge: SessionNudge,
  ) {
    this.processId = config.CONNECTOR_INSTANCE_ID ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    const child = logger.child({ component: 'sessions', process: this.processId });
    this.owned = new OwnedSessions(this.processId, child, {
      transactions,
      sinks,
      media,
      projections,
      connectionEvents,
    });
    this.leases = new SessionLeases(this.owned, config, child, transactions, providers);
    this.commands = new SessionCommandRunner(this.owned, child, transactions, events, sinks);
    this.owned.onReady = (connectionId) => this.commands.wake(connectionId);
    this.wakeups = new SessionWakeups(this.owned, this.commands, transactions.dataSource, child);
    nudge.register(() => void this.heartbeat());
  }

  get ownedConnectionIds(): number[] {
    return this.owned.connectionIds;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.transactions.dataSource.query(
      `INSERT INTO connector_processes (id, capacity) VALUES ($1, $2)
       ON CONFLICT (id) DO UPDATE SET heartbeat_at = now(), capacity = EXCLUDED.capacity, stopping = false`,
      [this.processId, this.config.CONNECTOR_MAX_SESSIONS],
    );
    await this.wakeups.start();
    this.renewTimer = setInterval(() => void this.renewLeases(), this.config.CONNECTOR_HEARTBEAT_MS);
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), this.config.CONNECTOR_HEARTBEAT_MS);
    this.commandTimer = setInterval(() => void this.pollCommands(), this.config.CONNECTOR_COMMAND_POLL_MS);
    void this.renewLeases();
    void this.heartbeat();
  }

  /** Graceful shutdown: end the sessions first, then release their leases, then the platform drains. */
  async onModuleDestroy(): Promise<void> {
    this.owned.stopping = true;
    clearInterval(this.renewTimer);
    clearInterval(this.heartbeatTimer);
    clearInterval(this.commandTimer);
    const query = (sql: string): Promise<unknown> =>
      this.transactions.dataSource.query(sql, [this.processId]).catch(() => undefined);
    await query('UPDATE connector_processes SET stopping = true WHERE id = $1');
    await this.leases.releaseAll();
    await this.wakeups.stop();
    await query('DELETE FROM connector_processes WHERE id = $1');
  }

  /** Renews this process's leases and stops the sessions whose lease was lost (see `SessionLeases.renew`). */
  renewLeases(): Promise<void> {
    return this.leases.renew();
  }

  /** Stops sessions no longer wanted and claims wanted sessions nobody holds (never blocks the renewal). */
  heartbeat(): Promise<void> {
    return this.leases.reconcile();
  }

  /** Carries out the pending commands of the sessions this process owns, in order per connection. */
  pollCommands(): Promise<void> {
    return this.commands.poll();
  }

  /** Marks a connection DISCONNECTED without a session (no process ran it) and tells everyone. */
  disconnected(manager: EntityManager, connectionId: number): Promise<void> {
    return this.owned.disconnected(manager, connectionId);
  }
}
