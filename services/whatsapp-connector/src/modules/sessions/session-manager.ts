import { hostname } from 'node:os';
import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import { APP_CONFIG } from '@cs/platform/config';
import { TransactionHost } from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';
import { LOGGER } from '@cs/platform/logging';
import { assertLeaseTimings, type ConnectorConfig } from '../../config/env.js';
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
 * across processes, registered in `connector_processes`; a reconcile also runs at once when ownership changes, see
 * `SessionWakeups`) and the command poll (`SessionCommandRunner`: what `session_commands` asks of the sessions
 * here; a slow fallback, as `SessionWakeups` wakes it on each recorded command). `OwnedSessions` is the set they
 * share. On shutdown it hands every session over before the platform drains.
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
  private readonly logger: Logger;

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
    assertLeaseTimings(config);
    this.processId = config.CONNECTOR_INSTANCE_ID ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    const child = logger.child({ component: 'sessions', process: this.processId });
    this.logger = child;
    this.owned = new OwnedSessions(this.processId, child, {
      transactions,
      sinks,
      media,
      projections,
      connectionEvents,
    });
    this.leases = new SessionLeases(this.owned, config, child, transactions, providers, randomUUID());
    this.commands = new SessionCommandRunner(this.owned, child, transactions, events, sinks);
    this.owned.onReady = (connectionId) => this.commands.wake(connectionId);
    this.wakeups = new SessionWakeups(this.owned, this.commands, transactions.dataSource, child, () => {
      void this.heartbeat();
    });
    nudge.register(() => void this.leases.announce());
  }

  get ownedConnectionIds(): number[] {
    return this.owned.connectionIds;
  }

  async onApplicationBootstrap(): Promise<void> {
    // listening first: the notifications of the others' hand-overs towards this process must not be missed
    await this.wakeups.start();
    await this.leases.register();
    this.renewTimer = setInterval(() => void this.renewLeases(), this.config.CONNECTOR_HEARTBEAT_MS);
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), this.config.CONNECTOR_HEARTBEAT_MS);
    this.commandTimer = setInterval(() => void this.pollCommands(), this.config.CONNECTOR_COMMAND_POLL_MS);
    void this.renewLeases();
    void this.heartbeat();
  }

  /**
   * Graceful shutdown (SIGTERM), once the process has stopped taking HTTP and events and published its outbox (the
   * platform's steps, `shutdownGracefully`): this process stops counting as live, hands every session over at once
   * (socket closed, in-flight work finished, lease given up: the others are woken and claim them under the next
   * epoch), then leaves the registry.
   */
  async onModuleDestroy(): Promise<void> {
    this.owned.stopping = true;
    clearInterval(this.renewTimer);
    clearInterval(this.heartbeatTimer);
    clearInterval(this.commandTimer);
    const ignore = (error: unknown): void => this.logger.warn({ err: error }, 'connector shutdown step failed');
    await this.leases.markStopping().catch(ignore);
    await this.leases.releaseAll();
    await this.wakeups.stop();
    await this.leases.deregister().catch(ignore);
  }

  /** Renews this process's leases and stops the sessions whose lease was lost (see `SessionLeases.renew`). */
  renewLeases(): Promise<void> {
    return this.leases.renew();
  }

  /**
   * One ownership pass: stops sessions no longer wanted, takes back a predecessor's leases, hands over what is beyond
   * the fair share and claims this process's part of the wanted sessions nobody holds (never blocks the renewal).
   */
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
