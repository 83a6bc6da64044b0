import { type CustomTransportStrategy, Server } from '@nestjs/microservices';
import { lastValueFrom } from 'rxjs';
import type { Logger } from 'pino';
import { EnvelopeSchema } from '@cs/proto/common';
import { dlqTopicOf, topicByName } from '@cs/proto/events';
import type { TransactionHost } from '../database/transaction-host.js';
import { runWithContext } from '../logging/request-context.js';
import { extractTraceContext, meter, SpanKind, withSpan } from '../telemetry/telemetry.js';
import {
  type DeliveredMessage,
  EVENT_HEADERS,
  type EventBus,
  RetriableEventError,
  type Subscription,
} from './event-bus.js';
import { EventContext } from './event-context.js';

export interface EventServerOptions {
  readonly bus: EventBus;
  /** Consumer group, `<consumer>.<purpose>`; also the inbox's consumer name. */
  readonly groupId: string;
  readonly logger: Logger;
  /**
   * `inbox`: each event's id is recorded in the handler's transaction, so a redelivered event has no second
   * effect. `memory`: a bounded in-memory set of recent ids (consumers without a database: the gateway).
   */
  readonly idempotency:
    | { readonly kind: 'inbox'; readonly transactions: TransactionHost }
    | { readonly kind: 'memory'; readonly size?: number };
  /** Attempts before a failing (non-retriable) message goes to the DLQ. */
  readonly maxAttempts?: number;
  /** Partitions handled at once (the bus's default when unset; each partition's messages stay in order). */
  readonly concurrency?: number;
  readonly backoffMs?: (attempt: number) => number;
  /** Where a new consumer group starts (see `SubscribeOptions.startFrom`). */
  readonly startFrom?: 'earliest' | 'latest';
}

const consumed = meter().createCounter('events_consumed_total', { description: 'Events handled, by outcome' });

/** Postgres/network errors that mean "try again later", not "this message is bad". */
const TRANSIENT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P03',
  '53300',
  '40001',
  '40P01',
]);
const isTransient = (error: unknown): boolean => {
  if (error instanceof RetriableEventError) return true;
  const code =
    (error as { code?: unknown; driverError?: { code?: unknown } })?.code ??
    (error as { driverError?: { code?: unknown } })?.driverError?.code;
  return typeof code === 'string' && TRANSIENT_CODES.has(code);
};

/**
 * A NestJS transport that feeds `@OnTopic(Topic)` handlers from the event bus. For each message it
 * parses the envelope and the topic's schema, skips (and counts) types it does not know, runs the handler
 * with the inbox guard, retries failures, and sends poison messages to `<topic>.dlq` so the partition moves on.
 */
export class EventServer extends Server implements CustomTransportStrategy {
  override readonly propagatesEventHandlerErrors = true;
  private subscription: Subscription | undefined;
  private readonly recent = new Set<string>();

  constructor(private readonly options: EventServerOptions) {
    super();
  }

  listen(callback: (error?: unknown) => void): void {
    const topics = [...this.messageHandlers.keys()];
    if (topics.length === 0) {
      callback();
      return;
    }
    this.options.bus
      .subscribe({
        groupId: this.options.groupId,
        topics,
        ...(this.options.concurrency ? { concurrency: this.options.concurrency } : {}),
        ...(this.options.startFrom ? { startFrom: this.options.startFrom } : {}),
        handle: (message) => this.handleMessage(message),
      })
      .then((subscription) => {
        this.subscription = subscription;
        this.options.logger.info({ groupId: this.options.groupId, topics }, 'event consumer ready');
        callback();
      })
      .catch((error: unknown) => callback(error));
  }

  async close(): Promise<void> {
    await this.subscription?.close();
    this.subscription = undefined;
  }

  on(): void {
    // no transport-level events to expose
  }

  unwrap<T>(): T {
    return this.options.bus as T;
  }

  /** Handles one delivered message; never throws (a poison message goes to the DLQ). */
  async handleMessage(message: DeliveredMessage): Promise<void> {
    const log = this.options.logger;
    let raw: unknown;
    try {
      raw = JSON.parse(message.value);
    } catch {
      return this.deadLetter(message, 'invalid-json', 'the message is not JSON');
    }
    const envelope = EnvelopeSchema.safeParse(raw);
    if (!envelope.success) return this.deadLetter(message, 'invalid-envelope', envelope.error.message);
    const topic = topicByName(message.topic);
    const definition = topic?.events.find((event) => event.type === envelope.data.type);
    if (!definition) {
      consumed.add(1, { topic: message.topic, outcome: 'skipped-unknown-type' });
      log.debug(
        { topic: message.topic, type: envelope.data.type },
        'skipping an event type this consumer does not know',
      );
      return;
    }
    const parsed = definition.schema.safeParse(raw);
    if (!parsed.success) {
      // paths and messages only: the rejected values may be personal data
      const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
      log.error(
        { topic: message.topic, type: envelope.data.type, eventId: envelope.data.id, issues },
        'event does not match its schema; sending to DLQ',
      );
      return this.deadLetter(message, 'invalid-data', parsed.error.message);
    }
    const event = parsed.data;
    const handler = this.getHandlerByPattern(message.topic);
    if (!handler) return;

    const parent = extractTraceContext(message.headers);
    const maxAttempts = this.options.maxAttempts ?? 3;
    const backoff = this.options.backoffMs ?? ((attempt: number) => Math.min(30_000, 100 * 2 ** attempt));
    await runWithContext({ requestId: event.id, correlationId: event.correlationId, companyId: event.companyId }, () =>
      withSpan(
        `consume ${message.topic}`,
        {
          kind: SpanKind.CONSUMER,
          parent,
          attributes: { 'messaging.destination.name': message.topic, 'cs.event.type': event.type },
        },
        async () => {
          for (let attempt = 1; ; attempt += 1) {
            try {
              const outcome = await this.deliverOnce(message, event, handler);
              consumed.add(1, { topic: message.topic, outcome });
              return;
            } catch (error) {
              const transient = isTransient(error);
              if (!transient && attempt >= maxAttempts) {
                log.error(
                  { err: error, topic: message.topic, eventId: event.id, type: event.type },
                  'event handler failed; sending to DLQ',
                );
                await this.deadLetter(message, 'handler-failed', (error as Error).message ?? String(error));
                return;
              }
              log.warn(
                { err: error, attempt, transient, topic: message.topic, eventId: event.id },
                'event handler failed; retrying',
              );
              await message.heartbeat().catch(() => undefined);
              await sleep(backoff(attempt));
            }
          }
        },
      ),
    );
  }

  private async deliverOnce(
    message: DeliveredMessage,
    event: { id: string; type: string } & Record<string, unknown>,
    handler: NonNullable<ReturnType<Server['getHandlerByPattern']>>,
  ): Promise<'handled' | 'duplicate'> {
    const idempotency = this.options.idempotency;
    if (idempotency.kind === 'memory') {
      if (this.recent.has(event.id)) return 'duplicate';
      await this.invoke(handler, message, event, undefined);
      this.remember(event.id, idempotency.size ?? 50_000);
      return 'handled';
    }
    return idempotency.transactions.run(async (manager) => {
      const inserted = await manager.query<unknown[]>(
        'INSERT INTO inbox (consumer, event_id, topic, type) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING event_id',
        [this.options.groupId, event.id, message.topic, event.type],
      );
      if (inserted.length === 0) return 'duplicate';
      await this.invoke(handler, message, event, manager);
      return 'handled';
    });
  }

  private async invoke(
    handler: NonNullable<ReturnType<Server['getHandlerByPattern']>>,
    message: DeliveredMessage,
    event: Record<string, unknown>,
    manager: EventContext['manager'],
  ): Promise<void> {
    const context = new EventContext([message.topic, event as never, manager, message.heartbeat]);
    const result: unknown = await handler(event, context);
    await lastValueFrom(this.transformToObservable(result), { defaultValue: undefined });
  }

  private remember(id: string, size: number): void {
    this.recent.add(id);
    if (this.recent.size > size) {
      const oldest = this.recent.values().next().value;
      if (oldest !== undefined) this.recent.delete(oldest);
    }
  }

  private async deadLetter(message: DeliveredMessage, reason: string, error: string): Promise<void> {
    consumed.add(1, { topic: message.topic, outcome: 'dead-lettered' });
    this.options.logger.error({ topic: message.topic, reason, offset: message.offset }, 'poison message sent to DLQ');
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.options.bus.publish([
          {
            topic: dlqTopicOf(message.topic),
            key: message.key,
            value: message.value,
            headers: {
              ...message.headers,
              [EVENT_HEADERS.dlqReason]: reason,
              [EVENT_HEADERS.dlqError]: error.slice(0, 2_000),
              [EVENT_HEADERS.dlqGroup]: this.options.groupId,
              [EVENT_HEADERS.dlqOriginalTopic]: message.topic,
            },
          },
        ]);
        return;
      } catch (publishError) {
        this.options.logger.warn({ err: publishError, attempt }, 'could not publish to the DLQ; retrying');
        await message.heartbeat().catch(() => undefined);
        await sleep(Math.min(10_000, 200 * 2 ** attempt));
      }
    }
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
