import { type Consumer, Kafka, type KafkaConfig, logLevel, type Producer, type Admin } from 'kafkajs';
import type { Logger } from 'pino';
import type { BusMessage, EventBus, SubscribeOptions, Subscription } from './event-bus.js';

export interface KafkaBusOptions {
  readonly clientId: string;
  readonly brokers: readonly string[];
  /** Prepended to every topic and group id (a test run's namespace); empty in production. */
  readonly topicPrefix?: string;
  readonly logger: Logger;
  /** How long `subscribe` waits for the consumer to join its group. */
  readonly joinTimeoutMs?: number;
}

const KAFKA_LOG_LEVELS: Record<number, 'error' | 'warn' | 'info' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

/**
 * The Kafka adapter (kafkajs, the client NestJS microservices uses). One idempotent producer per process
 * (acks=all, one request in flight, so retries never reorder); one consumer per subscription.
 */
export class KafkaEventBus implements EventBus {
  readonly kind = 'kafka' as const;
  private readonly kafka: Kafka;
  private readonly producer: Producer;
  private readonly consumers = new Set<Consumer>();
  private readonly prefix: string;
  private connected = false;

  constructor(private readonly options: KafkaBusOptions) {
    this.prefix = options.topicPrefix ?? '';
    const config: KafkaConfig = {
      clientId: options.clientId,
      brokers: [...options.brokers],
      connectionTimeout: 5_000,
      retry: { initialRetryTime: 200, retries: 8 },
      logLevel: logLevel.WARN,
      logCreator: () => (entry) => {
        const level = KAFKA_LOG_LEVELS[entry.level] ?? 'info';
        const { message, ...rest } = entry.log;
        options.logger[level]({ kafka: rest, namespace: entry.namespace }, String(message));
      },
    };
    this.kafka = new Kafka(config);
    this.producer = this.kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false });
  }

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

  async publish(messages: readonly BusMessage[]): Promise<void> {
    if (messages.length === 0) return;
    const byTopic = new Map<string, Array<{ key: string; value: string; headers: Record<string, string> }>>();
    for (const message of messages) {
      const topic = this.topicName(message.topic);
      const list = byTopic.get(topic) ?? [];
      list.push({ key: message.key, value: message.value, headers: { ...message.headers } });
      byTopic.set(topic, list);
    }
    await this.producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, list]) => ({ topic, messages: list })),
    });
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    const consumer = this.kafka.consumer({
      groupId: `${this.prefix}${options.groupId}`,
      sessionTimeout: 30_000,
      heartbeatInterval: 3_000,
      maxWaitTimeInMs: 250,
      allowAutoTopicCreation: false,
      retry: { initialRetryTime: 200, retries: 10 },
    });
    this.consumers.add(consumer);
    await consumer.connect();
    await consumer.subscribe({
      topics: options.topics.map((topic) => this.topicName(topic)),
      fromBeginning: (options.startFrom ?? 'earliest') === 'earliest',
    });
    const joined = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`consumer group ${options.groupId} did not join within the timeout`)),
        this.options.joinTimeoutMs ?? 60_000,
      );
      const remove = consumer.on(consumer.events.GROUP_JOIN, () => {
        clearTimeout(timer);
        remove();
        resolve();
      });
    });
    await consumer.run({
      partitionsConsumedConcurrently: options.concurrency ?? 12,
      eachMessage: async (payload) => {
        const { topic, partition, message } = payload;
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(message.headers ?? {})) {
          if (value !== undefined) headers[name] = Array.isArray(value) ? String(value[0]) : String(value);
        }
        await options.handle({
          topic: topic.slice(this.prefix.length),
          key: message.key?.toString() ?? '',
          value: message.value?.toString() ?? '',
          headers,
          partition,
          offset: message.offset,
          heartbeat: () => payload.heartbeat(),
        });
      },
    });
    await joined;
    return {
      close: async () => {
        this.consumers.delete(consumer);
        await consumer.disconnect();
      },
    };
  }

  async disconnect(): Promise<void> {
    await Promise.allSettled([...this.consumers].map((consumer) => consumer.disconnect()));
    this.consumers.clear();
    if (this.connected) await this.producer.disconnect();
    this.connected = false;
  }
}
