import type { StreamGap } from './stream-positions.js';

/** One message on the bus: a serialized envelope, keyed by aggregate so one aggregate's events stay ordered. */
export interface BusMessage {
  readonly topic: string;
  readonly key: string;
  readonly value: string;
  readonly headers: Readonly<Record<string, string>>;
}

export interface DeliveredMessage extends BusMessage {
  readonly partition: number;
  readonly offset: string;
  /** Keeps a slow handler's consumer-group membership alive (Kafka); a no-op in process. */
  readonly heartbeat: () => Promise<void>;
}

export interface SubscribeOptions {
  /** Consumer group: each group receives every message once (per process set sharing the group). */
  readonly groupId: string;
  readonly topics: readonly string[];
  readonly handle: (message: DeliveredMessage) => Promise<void>;
  /**
   * When set, a bus that fetches in batches (Kafka) hands over several messages at once (at most `maxBatchSize`,
   * unless one partition's slice alone is longer): consecutive messages of one or more partitions, each partition's
   * in order, instead of calling `handle` for each; like `handle`, it must not throw. The offsets move past a batch
   * only once it resolved. The in-process bus always calls `handle`.
   */
  readonly handleBatch?: (messages: readonly DeliveredMessage[]) => Promise<void>;
  /** The most messages given to one `handleBatch` call (default 10: a batch's locks are held until it commits). */
  readonly maxBatchSize?: number;
  /** Partitions processed concurrently (ordering is kept within each partition / key); Kafka's default is 12. */
  readonly concurrency?: number;
  /**
   * Where a group without committed offsets starts: `earliest` (default: services, nothing is missed) or
   * `latest` (the gateway's per-instance groups: only what happens from now on is pushed to sockets).
   */
  readonly startFrom?: 'earliest' | 'latest';
  /**
   * With `startFrom: 'latest'`: told when events of a partition were skipped. Such a subscription keeps its position
   * in every partition and resumes there whenever a consumer (re)joins (a crash, a rebalance, a broker restart); a
   * gap is what resuming could not avoid (the position deleted by retention, a partition added meanwhile).
   */
  readonly onGap?: (gap: StreamGap) => void;
  /** How long a fetch may wait for data to pile up (see `FetchLinger`); unset: answered as soon as anything is new. */
  readonly linger?: FetchLinger;
}

/**
 * A consumer that is not on an agent's path (a projection, a campaign's bookkeeping) can let its fetches wait
 * for `minBytes` of new data, at most `maxWaitMs`: at a few hundred messages a second it then takes one large
 * batch (one transaction, one inbox insert) a few times a second instead of one small batch per message or two,
 * which costs every process involved (the broker, PostgreSQL, the consumer) far less. Its events arrive up to
 * `maxWaitMs` later; an idle consumer fetches no more often than without it.
 */
export interface FetchLinger {
  readonly minBytes: number;
  readonly maxWaitMs: number;
}

export interface Subscription {
  close(): Promise<void>;
}

/**
 * The port every service publishes and consumes through. Two adapters: Kafka (production, integration tests)
 * and in-process (one-process `make dev`, unit tests). Producers never call `publish` directly: they write
 * to the outbox and the relay publishes.
 */
export interface EventBus {
  readonly kind: 'kafka' | 'in-process';
  connect(): Promise<void>;
  publish(messages: readonly BusMessage[]): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  disconnect(): Promise<void>;
  isConnected(): boolean;
  /** Resolves when a publish would go out now (the in-process bus may be held at start-up; see its class). */
  publishable?(): Promise<void>;
}

export const EVENT_BUS = Symbol('EVENT_BUS');

/** An error after which the same message should be tried again later (the database is down, ...). */
export class RetriableEventError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RetriableEventError';
  }
}

/** Header names carried with every message (besides the W3C `traceparent`/`tracestate`). */
export const EVENT_HEADERS = {
  eventId: 'event-id',
  type: 'event-type',
  companyId: 'company-id',
  correlationId: 'correlation-id',
  dlqReason: 'dlq-reason',
  dlqError: 'dlq-error',
  dlqGroup: 'dlq-consumer-group',
  dlqOriginalTopic: 'dlq-original-topic',
} as const;
