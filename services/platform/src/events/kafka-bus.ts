import {
  type Admin,
  type Consumer,
  Kafka,
  type KafkaConfig,
  logLevel,
  type Producer,
  type RecordMetadata,
  type ISocketFactory,
  type KafkaMessage,
} from 'kafkajs';
import type { Logger } from 'pino';
import { DEFAULT_CONSUMED_PARTITIONS } from '../database/pool-size.js';
import type { BusMessage, DeliveredMessage, EventBus, SubscribeOptions, Subscription } from './event-bus.js';
import { commitKafkaOffsetsByInterval } from './kafkajs-offset-commits.js';
import { fixKafkaRequestQueueIdleLoop } from './kafkajs-request-queue.js';
import { SliceCoalescer } from './slice-coalescer.js';
import { type StreamGap, StreamPositions } from './stream-positions.js';

export interface KafkaBusOptions {
  readonly clientId: string;
  readonly brokers: readonly string[];
  /** Prepended to every topic and group id (a test run's namespace); empty in production. */
  readonly topicPrefix?: string;
  readonly logger: Logger;
  /** How long `subscribe` waits for the consumer to join its group. */
  readonly joinTimeoutMs?: number;
  /** How every connection to a broker is opened (tests route them through a fault-injecting proxy). */
  readonly socketFactory?: ISocketFactory;
}

const KAFKA_LOG_LEVELS: Record<number, 'error' | 'warn' | 'info' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

/**
 * The client's reconnection tuning. A broker restart must not stall the flow for long: connection attempts time
 * out fast and retries back off to at most 2 s, so publishing and consuming resume within seconds of the broker
 * answering again (`make chaos` restarts the broker under load); consumers notice a lost coordinator within the session
 * timeout.
 */
const CONNECTION_TIMEOUT_MS = 3_000;
const REQUEST_TIMEOUT_MS = 10_000;
const PRODUCER_RETRY = { initialRetryTime: 100, maxRetryTime: 2_000, retries: 5 } as const;
const CONSUMER_RETRY = { initialRetryTime: 100, maxRetryTime: 2_000, retries: 30 } as const;
const SESSION_TIMEOUT_MS = 10_000;
const HEARTBEAT_INTERVAL_MS = 1_000;
/**
 * Consumed offsets are committed at most this often (and when the consumer stops or its partitions are reassigned),
 * not after every fetched batch: a commit is a request and a write to the broker's offsets log per round. After a
 * crash the events of the last interval come again, which the inbox (or the gateway's recent-id set) absorbs.
 */
const AUTO_COMMIT_INTERVAL_MS = 1_000;
/** Messages of one partition handed to `handleBatch` at once (see `SubscribeOptions.maxBatchSize`). */
const DEFAULT_MAX_BATCH_SIZE = 10;

/**
 * The Kafka adapter (kafkajs, the client NestJS microservices uses). One idempotent producer per process
 * (acks=all, one request in flight, so retries never reorder); one consumer per subscription.
 *
 * A failed send leaves the idempotent producer's sequence numbers unreliable: kafkajs rolls a partition's
 * sequence back when a request fails, even when the broker had written that partition's batch (the request
 * failed on another partition, or the connection dropped before the answer). The next batch on that partition
 * then either repeats a sequence the broker already holds, which the broker acknowledges as a duplicate without
 * writing it (a lost event), or leaves a gap, which it refuses with "out of order sequence number" forever. So
 * after any failed send the producer is replaced by a new one (a new producer id, sequences from 0) before
 * anything else is sent, and the caller retries the batch: at least once, never silently dropped.
 */
export class KafkaEventBus implements EventBus {
  readonly kind = 'kafka' as const;
  private readonly kafka: Kafka;
  private producer: Producer;
  /** Sends serialize so a replacement never races a send on the old producer. */
  private sending: Promise<unknown> = Promise.resolve();
  private readonly consumers = new Set<Consumer>();
  private readonly prefix: string;
  private connected = false;

  constructor(private readonly options: KafkaBusOptions) {
    this.prefix = options.topicPrefix ?? '';
    const config: KafkaConfig = {
      clientId: options.clientId,
      brokers: [...options.brokers],
      connectionTimeout: CONNECTION_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      retry: { ...PRODUCER_RETRY },
      ...(options.socketFactory ? { socketFactory: options.socketFactory } : {}),
      logLevel: logLevel.WARN,
      logCreator: () => (entry) => {
        const level = KAFKA_LOG_LEVELS[entry.level] ?? 'info';
        const { message, ...rest } = entry.log;
        options.logger[level]({ kafka: rest, namespace: entry.namespace }, String(message));
      },
    };
    // kafkajs's two defects (ADR 0008): its request queue's idle timer, its commit after every batch. Each fix refuses
    // to install, and so the process to start, on a kafkajs version it was not verified against
    fixKafkaRequestQueueIdleLoop();
    commitKafkaOffsetsByInterval(AUTO_COMMIT_INTERVAL_MS);
    this.kafka = new Kafka(config);
    this.producer = this.createProducer();
  }

  private createProducer(): Producer {
    return this.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      retry: { ...PRODUCER_RETRY },
    });
  }

  /** Producers replaced after a failed send (a metric's source and the tests' evidence). */
  producerReplacements = 0;

  admin(): Admin {
    return this.kafka.admin();
  }

  topicName(topic: string): string {
    return `${this.prefix}${topic}`;
  }

  async connect(): Promise<void> {
    await this.producer.connect();
    this.connected = true;
  }

  isConnected(): boolean {
    return this.connected;
  }

  /**
   * Publishes the messages and resolves only when the broker acknowledged every one of them (acks=all). On any
   * failure the producer is replaced (see the class comment) and the error is rethrown for the caller to retry.
   */
  async publish(messages: readonly BusMessage[]): Promise<void> {
    if (messages.length === 0) return;
    const run = this.sending.then(() => this.send(messages));
    this.sending = run.catch(() => undefined);
    await run;
  }

  private async send(messages: readonly BusMessage[]): Promise<void> {
    const byTopic = new Map<string, Array<{ key: string; value: string; headers: Record<string, string> }>>();
    for (const message of messages) {
      const topic = this.topicName(message.topic);
      const list = byTopic.get(topic) ?? [];
      list.push({ key: message.key, value: message.value, headers: { ...message.headers } });
      byTopic.set(topic, list);
    }
    let results: RecordMetadata[];
    try {
      if (!this.connected) await this.connect();
      results = await this.producer.sendBatch({
        acks: -1,
        topicMessages: [...byTopic].map(([topic, list]) => ({ topic, messages: list })),
      });
    } catch (error) {
      await this.replaceProducer(error);
      throw error;
    }
    const acknowledged = new Set(results.filter((result) => result.errorCode === 0).map((result) => result.topicName));
    const missing = [...byTopic.keys()].filter((topic) => !acknowledged.has(topic));
    if (missing.length > 0) {
      const error = new Error(`the broker did not acknowledge the messages for ${missing.join(', ')}`);
      await this.replaceProducer(error);
      throw error;
    }
  }

  private async replaceProducer(cause: unknown): Promise<void> {
    const old = this.producer;
    this.producerReplacements += 1;
    this.options.logger.warn(
      { err: cause, replacements: this.producerReplacements },
      'Kafka send failed; replacing the idempotent producer before the batch is retried',
    );
    this.producer = this.createProducer();
    this.connected = false;
    await old.disconnect().catch(() => undefined);
    try {
      await this.producer.connect();
      this.connected = true;
    } catch (error) {
      this.options.logger.warn({ err: error }, 'the new Kafka producer could not connect yet; the next send retries');
    }
  }

  /**
   * Joins the group and consumes. kafkajs restarts a consumer by itself after retriable errors only; after a
   * non-retriable one (seen after broker restarts, and on a broker just started, whose group coordinator is not
   * available yet: "Failed to find group coordinator") it stops for good, so the subscription then starts a new
   * consumer itself, until it is closed. The subscription is ready once any of its consumers joined the group: the
   * first one may crash before joining and its replacement join instead.
   */
  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    let closed = false;
    let current: Consumer | undefined;
    let joined = (): void => undefined;
    const ready = new Promise<void>((resolve) => (joined = resolve));
    const positions = options.startFrom === 'latest' ? await this.endsOf(options.topics) : undefined;
    const start = async (): Promise<void> => {
      const consumer = this.createConsumer(options);
      current = consumer;
      this.consumers.add(consumer);
      consumer.on(consumer.events.GROUP_JOIN, (event) => {
        // each assigned partition resumes at the subscription's position (the seeks apply before the next fetch)
        if (positions) {
          const { seeks, unknown } = positions.assigned(event.payload.memberAssignment);
          for (const seek of seeks) consumer.seek(seek);
          for (const gap of unknown) this.reportGap(options, gap);
        }
        joined();
      });
      consumer.on(consumer.events.CRASH, (event) => {
        if (event.payload.restart || closed) return;
        this.options.logger.error(
          { err: event.payload.error, groupId: options.groupId },
          'Kafka consumer stopped on a non-retriable error; starting a new one',
        );
        this.consumers.delete(consumer);
        void (async () => {
          await consumer.disconnect().catch(() => undefined);
          for (let attempt = 1; !closed; attempt += 1) {
            await sleep(Math.min(5_000, 500 * attempt));
            if (closed) return;
            try {
              await start();
              return;
            } catch (error) {
              this.options.logger.warn({ err: error, groupId: options.groupId, attempt }, 'consumer restart failed');
            }
          }
        })();
      });
      await this.run(consumer, options, positions);
    };
    await start();
    const timeoutMs = this.options.joinTimeoutMs ?? 60_000;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        ready,
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`consumer group ${options.groupId} did not join within ${timeoutMs} ms`)),
            timeoutMs,
          );
        }),
      ]);
    } catch (error) {
      closed = true;
      if (current) {
        this.consumers.delete(current);
        await current.disconnect().catch(() => undefined);
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
    return {
      close: async () => {
        closed = true;
        if (current) {
          this.consumers.delete(current);
          await current.disconnect();
        }
      },
    };
  }

  /**
   * The partitions' ends, where a subscription from the latest offsets starts (see `StreamPositions`). Read before
   * the first consumer joins, so every event published after `subscribe` was called is handed over.
   */
  private async endsOf(topics: readonly string[]): Promise<StreamPositions> {
    const positions = new StreamPositions();
    const admin = this.kafka.admin({ retry: { ...CONSUMER_RETRY } });
    await admin.connect();
    try {
      for (const topic of topics) {
        const name = this.topicName(topic);
        // a partition's leader may not be known yet (a broker that just started, a topic just created)
        for (let attempt = 1; ; attempt += 1) {
          try {
            for (const { partition, offset } of await admin.fetchTopicOffsets(name)) {
              positions.start(name, partition, offset);
            }
            break;
          } catch (error) {
            if (!(error as { retriable?: boolean }).retriable || attempt >= CONSUMER_RETRY.retries) throw error;
            await sleep(Math.min(CONSUMER_RETRY.maxRetryTime, CONSUMER_RETRY.initialRetryTime * 2 ** attempt));
          }
        }
      }
    } finally {
      await admin.disconnect();
    }
    return positions;
  }

  private reportGap(options: SubscribeOptions, gap: StreamGap): void {
    const reported = { ...gap, topic: gap.topic.slice(this.prefix.length) };
    this.options.logger.warn({ groupId: options.groupId, gap: reported }, 'events of a partition were skipped');
    options.onGap?.(reported);
  }

  private createConsumer(options: SubscribeOptions): Consumer {
    return this.kafka.consumer({
      groupId: `${this.prefix}${options.groupId}`,
      sessionTimeout: SESSION_TIMEOUT_MS,
      rebalanceTimeout: 30_000,
      heartbeatInterval: HEARTBEAT_INTERVAL_MS,
      // how long the broker holds a fetch while no partition has anything new (with data it answers at once, so
      // this adds no latency): fewer empty fetches of every subscribed partition while idle, and no slower than
      // half a second to notice a rebalance or to stop. A lingering consumer waits for `minBytes` instead.
      maxWaitTimeInMs: options.linger?.maxWaitMs ?? 500,
      minBytes: options.linger?.minBytes ?? 1,
      allowAutoTopicCreation: false,
      retry: { ...CONSUMER_RETRY },
    });
  }

  private async run(consumer: Consumer, options: SubscribeOptions, positions?: StreamPositions): Promise<void> {
    await consumer.connect();
    await consumer.subscribe({
      topics: options.topics.map((topic) => this.topicName(topic)),
      fromBeginning: (options.startFrom ?? 'earliest') === 'earliest',
    });
    const deliver = (
      topic: string,
      partition: number,
      message: KafkaMessage,
      heartbeat: () => Promise<void>,
    ): DeliveredMessage => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(message.headers ?? {})) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? String(value[0]) : String(value);
      }
      return {
        topic: topic.slice(this.prefix.length),
        key: message.key?.toString() ?? '',
        value: message.value?.toString() ?? '',
        headers,
        partition,
        offset: message.offset,
        heartbeat,
      };
    };
    // a subscription with positions seeks on every join and commits nothing: the group's offsets on the broker are
    // never read, so they are not kept either
    const commits = positions ? { autoCommit: false } : { autoCommitInterval: AUTO_COMMIT_INTERVAL_MS };
    const arrived = (topic: string, partition: number, offset: string): void => {
      const gap = positions?.delivered(topic, partition, offset);
      if (gap) this.reportGap(options, gap);
    };
    const handleBatch = options.handleBatch;
    if (handleBatch) {
      // a fetched batch of one partition is handed over in slices, in order; the offset moves past a slice only
      // once it was handled, and a consumer stopping or seeking between two slices leaves the rest unresolved. The
      // slices of the fetch's partitions go together, up to the batch size (see SliceCoalescer)
      const sliceSize = Math.max(1, options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE);
      const together = new SliceCoalescer(handleBatch, sliceSize);
      await consumer.run({
        partitionsConsumedConcurrently: options.concurrency ?? DEFAULT_CONSUMED_PARTITIONS,
        ...commits,
        eachBatchAutoResolve: false,
        eachBatch: async (payload) => {
          const { batch } = payload;
          const first = batch.messages[0];
          if (first) arrived(batch.topic, batch.partition, first.offset);
          const messages = batch.messages.map((message) =>
            deliver(batch.topic, batch.partition, message, () => payload.heartbeat()),
          );
          for (let start = 0; start < messages.length; start += sliceSize) {
            if (!payload.isRunning() || payload.isStale()) return;
            const slice = messages.slice(start, start + sliceSize);
            await together.submit(slice);
            const last = (slice[slice.length - 1] as DeliveredMessage).offset;
            payload.resolveOffset(last);
            positions?.handled(batch.topic, batch.partition, last);
            await payload.heartbeat();
          }
        },
      });
    } else {
      await consumer.run({
        partitionsConsumedConcurrently: options.concurrency ?? DEFAULT_CONSUMED_PARTITIONS,
        ...commits,
        eachMessage: async (payload) => {
          arrived(payload.topic, payload.partition, payload.message.offset);
          await options.handle(deliver(payload.topic, payload.partition, payload.message, () => payload.heartbeat()));
          positions?.handled(payload.topic, payload.partition, payload.message.offset);
        },
      });
    }
  }

  async disconnect(): Promise<void> {
    await Promise.allSettled([...this.consumers].map((consumer) => consumer.disconnect()));
    this.consumers.clear();
    if (this.connected) await this.producer.disconnect();
    this.connected = false;
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
