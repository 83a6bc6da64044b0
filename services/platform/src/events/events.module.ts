import {
  type DynamicModule,
  Inject,
  Injectable,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleDestroy,
  Optional,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { APP_CONFIG } from '../config/config.module.js';
import { TransactionHost } from '../database/transaction-host.js';
import { HealthRegistry } from '../health/health-registry.js';
import { ShutdownRegistry } from '../health/shutdown-registry.js';
import { LOGGER } from '../logging/logging.module.js';
import { EVENT_BUS, type EventBus, type FetchLinger } from './event-bus.js';
import { AuditTrail } from '../audit/audit-trail.js';
import { EventPublisher } from './event-publisher.js';
import { EventServer } from './event-server.js';
import { InProcessEventBus } from './in-process-bus.js';
import { KafkaEventBus } from './kafka-bus.js';
import { OutboxRelay } from './outbox-relay.js';
import { EventStreamGaps } from './stream-gaps.js';

export interface EventsModuleOptions {
  /** The producer name in envelopes and the Kafka client id (the service name). */
  readonly service: string;
  /** The consumer group of this deployable's `@OnTopic` handlers (`<consumer>.<purpose>`). */
  readonly consumerGroup: string;
  /** Services with a database write an outbox and keep an inbox; the gateway has neither. */
  readonly persistence: 'database' | 'none';
  /** Where this deployable's consumer group starts when it has no committed offsets (default `earliest`). */
  readonly startFrom?: 'earliest' | 'latest';
  /**
   * For a deployable none of whose consumers is on an agent's path: its fetches wait for data to pile up
   * (`FetchLinger`), so it handles large batches a few times a second under load.
   */
  readonly linger?: FetchLinger;
  /** Use this bus instead of choosing from the config (tests). */
  readonly bus?: EventBus;
}

interface EventsConfig {
  readonly KAFKA_BROKERS?: readonly string[] | undefined;
  readonly KAFKA_TOPIC_PREFIX?: string | undefined;
  readonly OUTBOX_RELAY?: 'on' | 'off' | undefined;
  readonly OUTBOX_RELAY_FAULT?: 'exit-after-publish' | undefined;
  readonly EVENTS_BATCH_SIZE?: number | undefined;
}

const EVENTS_OPTIONS = Symbol('EVENTS_OPTIONS');

/** Builds the bus the configuration asks for: Kafka when `KAFKA_BROKERS` is set, else the in-process bus. */
export function createEventBus(config: EventsConfig, service: string, logger: Logger): EventBus {
  if (config.KAFKA_BROKERS && config.KAFKA_BROKERS.length > 0) {
    return new KafkaEventBus({
      clientId: service,
      brokers: config.KAFKA_BROKERS,
      topicPrefix: config.KAFKA_TOPIC_PREFIX ?? '',
      logger: logger.child({ component: 'kafka' }),
    });
  }
  return InProcessEventBus.shared();
}

/** Creates the Nest transport for this deployable's `@OnTopic` handlers. */
@Injectable()
export class EventServerFactory {
  constructor(
    @Inject(EVENTS_OPTIONS) private readonly options: EventsModuleOptions,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(APP_CONFIG) private readonly config: EventsConfig,
    private readonly gaps: EventStreamGaps,
    @Optional() private readonly transactions?: TransactionHost,
  ) {}

  create(): EventServer {
    if (this.options.persistence === 'database' && !this.transactions) {
      throw new Error('an inbox needs the DatabaseModule');
    }
    return new EventServer({
      bus: this.bus,
      groupId: this.options.consumerGroup,
      ...(this.options.startFrom ? { startFrom: this.options.startFrom } : {}),
      ...(this.options.linger ? { linger: this.options.linger } : {}),
      onGap: (gap) => this.gaps.report(gap),
      // batches unless the deployment turns them off (`EVENTS_BATCH_SIZE=1`)
      maxBatchSize: this.config.EVENTS_BATCH_SIZE ?? 100,
      logger: this.logger.child({ component: 'events', group: this.options.consumerGroup }),
      idempotency:
        this.options.persistence === 'database' && this.transactions
          ? { kind: 'inbox', transactions: this.transactions }
          : { kind: 'memory' },
    });
  }
}

@Injectable()
class EventsLifecycle implements OnApplicationBootstrap, OnModuleDestroy, OnApplicationShutdown {
  private relay: OutboxRelay | undefined;

  constructor(
    @Inject(EVENTS_OPTIONS) private readonly options: EventsModuleOptions,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(APP_CONFIG) private readonly config: EventsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    health: HealthRegistry,
    shutdown: ShutdownRegistry,
    @Optional() private readonly dataSource?: DataSource,
  ) {
    // once the consumers and jobs have finished, what they wrote goes out before the process stops
    shutdown.register(
      'publish',
      'outbox relay',
      (deadline) => this.relay?.stopAfterPublishing(deadline) ?? Promise.resolve(),
    );
    health.register('events', async () => {
      if (!this.bus.isConnected()) throw new Error(`${this.bus.kind} bus not connected`);
    });
    health.register('outbox', async () =>
      this.relay ? { oldestUnpublishedAgeSeconds: await this.relay.oldestUnpublishedAgeSeconds() } : undefined,
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.bus.isConnected()) await this.bus.connect();
    if (this.options.persistence === 'database' && this.dataSource && this.config.OUTBOX_RELAY !== 'off') {
      const schema = (this.dataSource.options as { schema?: string }).schema ?? this.options.service;
      this.relay = new OutboxRelay({
        dataSource: this.dataSource,
        bus: this.bus,
        schema,
        logger: this.logger.child({ component: 'outbox-relay' }),
        fault: this.config.OUTBOX_RELAY_FAULT,
      });
      await this.relay.start();
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.relay?.stop();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.bus.kind === 'kafka') await this.bus.disconnect();
  }
}

@Module({})
export class EventsModule {
  static forRoot(options: EventsModuleOptions): DynamicModule {
    return {
      module: EventsModule,
      global: true,
      providers: [
        { provide: EVENTS_OPTIONS, useValue: options },
        {
          provide: EVENT_BUS,
          useFactory: (config: EventsConfig, logger: Logger) =>
            options.bus ?? createEventBus(config, options.service, logger),
          inject: [APP_CONFIG, LOGGER],
        },
        ...(options.persistence === 'database'
          ? [
              {
                provide: EventPublisher,
                useFactory: (tx: TransactionHost) => new EventPublisher(tx, options.service),
                inject: [TransactionHost],
              },
              {
                provide: AuditTrail,
                useFactory: (events: EventPublisher) => new AuditTrail(events),
                inject: [EventPublisher],
              },
            ]
          : []),
        EventServerFactory,
        EventStreamGaps,
        EventsLifecycle,
      ],
      exports: [
        EVENT_BUS,
        EventServerFactory,
        EventStreamGaps,
        ...(options.persistence === 'database' ? [EventPublisher, AuditTrail] : []),
      ],
    };
  }
}
