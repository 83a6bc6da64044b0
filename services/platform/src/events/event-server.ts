import { type CustomTransportStrategy, Server } from '@nestjs/microservices';
import { isObservable, lastValueFrom } from 'rxjs';
import type { Logger } from 'pino';
import { type Envelope, EnvelopeSchema } from '@cs/proto/common';
import { dlqTopicOf, topicByName } from '@cs/proto/events';
import { preparedStatement, runPrepared } from '../database/prepared.js';
import type { TransactionHost } from '../database/transaction-host.js';
import { runWithContext } from '../logging/request-context.js';
import { extractTraceContext, meter, SpanKind, withSpan } from '../telemetry/instrumentation.js';
import {
  type DeliveredMessage,
  EVENT_HEADERS,
  type EventBus,
  type FetchLinger,
  RetriableEventError,
  type Subscription,
} from './event-bus.js';
import { EventContext } from './event-context.js';
import type { OnTopicExtras } from './on-topic.js';
import type { StreamGap } from './stream-positions.js';

const INBOX_INSERT_ONE = preparedStatement(
  'INSERT INTO inbox (consumer, event_id, topic, type) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING event_id',
);
/** A batch's events in one statement: those already handled (or repeated in it) are not returned. */
const INBOX_INSERT_MANY = preparedStatement(`INSERT INTO inbox (consumer, event_id, topic, type)
  SELECT $1, e.event_id, e.topic, e.type FROM unnest($2::uuid[], $3::text[], $4::text[]) AS e(event_id, topic, type)
  ON CONFLICT DO NOTHING RETURNING event_id`);

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
  /**
   * The most events handled in one transaction by an `@InBatches()` handler (from one partition, or from several
   * fetched together; a longer slice of one partition is not split): 1 = no batches; unset = the bus's default (10).
   * `EventsModule` sets it from `EVENTS_BATCH_SIZE` (default 100).
   */
  readonly maxBatchSize?: number;
  /** Where a new consumer group starts (see `SubscribeOptions.startFrom`). */
  readonly startFrom?: 'earliest' | 'latest';
  /** Fetches that wait for data to pile up (see `FetchLinger`): consumers off the agents' path. */
  readonly linger?: FetchLinger;
  /** Events a `latest` subscription skipped (see `SubscribeOptions.onGap`). */
  readonly onGap?: (gap: StreamGap) => void;
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
  private readonly handlers = new Map<string, Handler | null>();

  constructor(private readonly options: EventServerOptions) {
    super();
  }

  listen(callback: (error?: unknown) => void): void {
    const topics = [...this.messageHandlers.keys()];
    if (topics.length === 0) {
      callback();
      return;
    }
    // Batches where a handler shares a transaction with others, and for consumers without a database (the gateway):
    // there `handleBatch` still hands each event to its handler alone, partitions side by side, but kafkajs's
    // per-message machinery (`eachMessage`: a promise chain, offset and heartbeat checks per event) is skipped.
    // Consumers with an inbox and no batched handler keep one message at a time.
    const batching = (this.options.maxBatchSize ?? 2) > 1;
    const batches =
      batching &&
      (this.options.idempotency.kind === 'memory' ||
        [...this.messageHandlers.values()].some((handler) => (handler.extras as OnTopicExtras | undefined)?.batch));
    this.options.bus
      .subscribe({
        groupId: this.options.groupId,
        topics,
        ...(this.options.concurrency ? { concurrency: this.options.concurrency } : {}),
        ...(this.options.startFrom ? { startFrom: this.options.startFrom } : {}),
        ...(this.options.linger ? { linger: this.options.linger } : {}),
        ...(this.options.onGap ? { onGap: this.options.onGap } : {}),
        handle: (message) => this.handleMessage(message),
        ...(batches
          ? {
              handleBatch: (messages: readonly DeliveredMessage[]) => this.handleBatch(messages),
              ...(this.options.maxBatchSize ? { maxBatchSize: this.options.maxBatchSize } : {}),
            }
          : {}),
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
    const prepared = this.prepare(message);
    if (prepared.kind === 'ready') await this.deliverWithRetries(prepared);
    else await this.setAside(prepared);
  }

  /**
   * Handles consecutive messages of one or more partitions, each partition's in order; never throws. The messages of a
   * handler marked `@InBatches()` (with an inbox) are handled in ONE transaction: one multi-row inbox insert sorts out
   * what was already handled (against the inbox, and an event id repeated within the batch), then the handler runs
   * for each new event in order, and everything commits together. When a handler fails, nothing of that transaction
   * stays: the events before the failing one are handled again in one transaction, the failing one alone with its
   * attempts (then the DLQ) as `handleMessage` does, and the rest in batches again; when the commit itself fails (no
   * handler to blame), every event of the batch is handled alone. Other handlers get one message at a time.
   *
   * Across partitions it goes in rounds: every partition's leading run of batched events, all in one transaction;
   * then, partitions side by side, each one's following events that are not batched, one at a time; and again. A
   * partition's events are never reordered, and partitions without batched handlers keep their concurrency.
   */
  async handleBatch(messages: readonly DeliveredMessage[]): Promise<void> {
    const partitions = new Map<string, Prepared[]>();
    for (const message of messages) {
      const key = `${message.topic}\u0000${message.partition}`;
      let queue = partitions.get(key);
      if (!queue) partitions.set(key, (queue = []));
      queue.push(this.prepare(message));
    }
    const isBatched = (prepared: Prepared | undefined): prepared is Ready =>
      prepared?.kind === 'ready' && prepared.batched;
    let queues = [...partitions.values()];
    while (queues.length > 0) {
      const run: Ready[] = [];
      for (const queue of queues) {
        let end = 0;
        while (isBatched(queue[end])) end += 1;
        run.push(...(queue.splice(0, end) as Ready[]));
      }
      if (run.length > 0) await this.handleRun(run);
      await Promise.all(
        queues.map(async (queue) => {
          while (queue.length > 0 && !isBatched(queue[0])) {
            const prepared = queue.shift() as Prepared;
            if (prepared.kind === 'ready') await this.deliverWithRetries(prepared);
            else await this.setAside(prepared);
          }
        }),
      );
      queues = queues.filter((queue) => queue.length > 0);
    }
  }

  /**
   * Parses the event with its topic's schema for its type (which includes the envelope's), in one pass; the envelope
   * alone is checked only to tell a bad envelope from bad data, or to skip a type this topic does not know.
   */
  private prepare(message: DeliveredMessage): Prepared {
    let raw: unknown;
    try {
      raw = JSON.parse(message.value);
    } catch {
      return { kind: 'poison', message, reason: 'invalid-json', error: 'the message is not JSON' };
    }
    const type = typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
    const definition = topicByName(message.topic)?.events.find((event) => event.type === type);
    const parsed = definition?.schema.safeParse(raw);
    if (!parsed?.success) {
      const envelope = EnvelopeSchema.safeParse(raw);
      if (!envelope.success) {
        return { kind: 'poison', message, reason: 'invalid-envelope', error: envelope.error.message };
      }
      if (!parsed) return { kind: 'unknown-type', message, type: envelope.data.type };
      // paths and messages only: the rejected values may be personal data
      const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
      this.options.logger.error(
        { topic: message.topic, type: envelope.data.type, eventId: envelope.data.id, issues },
        'event does not match its schema; sending to DLQ',
      );
      return { kind: 'poison', message, reason: 'invalid-data', error: parsed.error.message };
    }
    const handler = this.handlerOf(message.topic);
    if (!handler) return { kind: 'no-handler', message };
    const extras = handler.extras as OnTopicExtras | undefined;
    const batched = this.options.idempotency.kind === 'inbox' && extras?.batch === true;
    return { kind: 'ready', message, event: parsed.data, handler, batched, together: extras?.together === true };
  }

  /**
   * The handler of a topic, looked up once: Nest's `getHandlerByPattern` first tries `JSON.parse` on the pattern,
   * which throws for every topic name (a measurable cost per event on the hot path).
   */
  private handlerOf(topic: string): Handler | null {
    let handler = this.handlers.get(topic);
    if (handler === undefined) {
      handler = this.getHandlerByPattern(topic);
      this.handlers.set(topic, handler);
    }
    return handler;
  }

  private async setAside(prepared: Exclude<Prepared, Ready>): Promise<void> {
    switch (prepared.kind) {
      case 'poison':
        return this.deadLetter(prepared.message, prepared.reason, prepared.error);
      case 'unknown-type':
        consumed.add(1, { topic: prepared.message.topic, outcome: 'skipped-unknown-type' });
        this.options.logger.debug(
          { topic: prepared.message.topic, type: prepared.type },
          'skipping an event type this consumer does not know',
        );
        return;
      case 'no-handler':
        return;
    }
  }

  /** Runs `fn` in the event's logging context and consumer span (what an emitted event's headers carry on). */
  private inEventScope<T>(prepared: Ready, fn: () => Promise<T>): Promise<T> {
    const { message, event } = prepared;
    return runWithContext({ requestId: event.id, correlationId: event.correlationId, companyId: event.companyId }, () =>
      withSpan(
        `consume ${message.topic}`,
        {
          kind: SpanKind.CONSUMER,
          parent: extractTraceContext(message.headers),
          attributes: { 'messaging.destination.name': message.topic, 'cs.event.type': event.type },
        },
        fn,
      ),
    );
  }

  /** One event in its own transaction, retried, then dead-lettered (or retried without limit when transient). */
  private async deliverWithRetries(prepared: Ready): Promise<void> {
    const { message, event } = prepared;
    const log = this.options.logger;
    const maxAttempts = this.options.maxAttempts ?? 3;
    const backoff = this.options.backoffMs ?? ((attempt: number) => Math.min(30_000, 100 * 2 ** attempt));
    await this.inEventScope(prepared, async () => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          const outcome = await this.deliverOnce(prepared);
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
    });
  }

  private async deliverOnce(prepared: Ready): Promise<'handled' | 'duplicate'> {
    const { message, event, handler } = prepared;
    const idempotency = this.options.idempotency;
    if (idempotency.kind === 'memory') {
      if (this.recent.has(event.id)) return 'duplicate';
      await this.invoke(handler, message, prepared.together ? [event] : event, undefined);
      this.remember(event.id, idempotency.size ?? 50_000);
      return 'handled';
    }
    return idempotency.transactions.run(async (manager) => {
      const inserted = await runPrepared(manager, INBOX_INSERT_ONE, [
        this.options.groupId,
        event.id,
        message.topic,
        event.type,
      ]);
      if (inserted.length === 0) return 'duplicate';
      await this.invoke(handler, message, prepared.together ? [event] : event, manager);
      return 'handled';
    });
  }

  /** A run of batched events: as many as possible in one transaction, a failing one alone (see `handleBatch`). */
  private async handleRun(run: readonly Ready[]): Promise<void> {
    let rest = run;
    while (rest.length > 0) {
      const outcome = await this.tryTogether(rest);
      if (outcome.ok) return;
      const failed = outcome.failedAt;
      if (failed === undefined) {
        for (const prepared of rest) await this.deliverWithRetries(prepared);
        return;
      }
      if (failed > 0) {
        const before = rest.slice(0, failed);
        const again = await this.tryTogether(before);
        if (!again.ok) for (const prepared of before) await this.deliverWithRetries(prepared);
      }
      await this.deliverWithRetries(rest[failed] as Ready);
      rest = rest.slice(failed + 1);
    }
  }

  /**
   * Handles the events in one transaction with one inbox insert. Resolves `ok`, or, after the rollback, the index
   * of the event whose handler failed (`undefined` when the failure was not a handler's: the inbox insert, the
   * commit).
   */
  private async tryTogether(run: readonly Ready[]): Promise<{ ok: true } | { ok: false; failedAt?: number }> {
    const idempotency = this.options.idempotency;
    if (idempotency.kind !== 'inbox') throw new Error('batches need an inbox');
    let failedAt: number | undefined;
    /** New events handled, per topic (the run may span several). */
    const handled = new Map<string, number>();
    try {
      await idempotency.transactions.run(async (manager) => {
        // the first delivery of each event id in this run, recorded in one statement
        const first = new Map<string, number>();
        run.forEach((prepared, index) => {
          const id = prepared.event.id.toLowerCase();
          if (!first.has(id)) first.set(id, index);
        });
        const unique = [...first.values()].map((index) => (run[index] as Ready).event);
        const rows = await runPrepared<{ event_id: string }>(manager, INBOX_INSERT_MANY, [
          this.options.groupId,
          unique.map((event) => event.id),
          [...first.values()].map((index) => (run[index] as Ready).message.topic),
          unique.map((event) => event.type),
        ]);
        const inserted = new Set(rows.map((row) => String(row.event_id).toLowerCase()));
        const fresh = [...run.entries()].filter(([index, prepared]) => {
          const id = prepared.event.id.toLowerCase();
          return first.get(id) === index && inserted.has(id);
        });
        for (let at = 0; at < fresh.length;) {
          const [index, prepared] = fresh[at] as [number, Ready];
          // a batch handler takes the consecutive new events of its own in one call
          let end = at + 1;
          if (prepared.together) {
            while (end < fresh.length && (fresh[end] as [number, Ready])[1].handler === prepared.handler) end += 1;
          }
          const group = fresh.slice(at, end).map(([, item]) => item);
          try {
            await this.inEventScope(prepared, () =>
              this.invoke(
                prepared.handler,
                prepared.message,
                prepared.together ? group.map((item) => item.event) : prepared.event,
                manager,
              ),
            );
          } catch (error) {
            failedAt = index;
            this.options.logger.warn(
              {
                err: error,
                topic: prepared.message.topic,
                eventId: prepared.event.id,
                batch: run.length,
                ...(prepared.together ? { call: group.length } : {}),
              },
              'event handler failed in a batch; handling the batch again without it',
            );
            throw error;
          }
          for (const item of group) handled.set(item.message.topic, (handled.get(item.message.topic) ?? 0) + 1);
          at = end;
          // keeps the group membership of a long batch (kafkajs sends one at most every heartbeat interval)
          await prepared.message.heartbeat().catch(() => undefined);
        }
      });
    } catch (error) {
      if (failedAt === undefined) {
        this.options.logger.warn(
          { err: error, topic: run[0]?.message.topic, batch: run.length },
          'a batch of events could not be committed; handling its events one by one',
        );
      }
      return failedAt === undefined ? { ok: false } : { ok: false, failedAt };
    }
    this.countConsumed(run, handled);
    return { ok: true };
  }

  /** The consumed-events counter after a committed run (which may span topics): handled and duplicate, per topic. */
  private countConsumed(run: readonly Ready[], handled: ReadonlyMap<string, number>): void {
    const totals = new Map<string, number>();
    for (const prepared of run) totals.set(prepared.message.topic, (totals.get(prepared.message.topic) ?? 0) + 1);
    for (const [topic, total] of totals) {
      const fresh = handled.get(topic) ?? 0;
      if (fresh > 0) consumed.add(fresh, { topic, outcome: 'handled' });
      if (total > fresh) consumed.add(total - fresh, { topic, outcome: 'duplicate' });
    }
  }

  /** Calls a handler with an event, or with an array of events (a batch handler; the context is the first's). */
  private async invoke(
    handler: Handler,
    message: DeliveredMessage,
    event: ParsedEvent | readonly ParsedEvent[],
    manager: EventContext['manager'],
  ): Promise<void> {
    const envelope: ParsedEvent | undefined = isEventList(event) ? event[0] : event;
    const context = new EventContext([message.topic, envelope as never, manager, message.heartbeat]);
    const result: unknown = await handler(event, context);
    // a handler that returned a stream is drained; a plain result (the usual case) costs no Observable
    if (isObservable(result)) await lastValueFrom(result, { defaultValue: undefined });
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

const isEventList = (event: ParsedEvent | readonly ParsedEvent[]): event is readonly ParsedEvent[] =>
  Array.isArray(event);

type Handler = NonNullable<ReturnType<Server['getHandlerByPattern']>>;
type ParsedEvent = Envelope & Record<string, unknown>;
interface Ready {
  readonly kind: 'ready';
  readonly message: DeliveredMessage;
  readonly event: ParsedEvent;
  readonly handler: Handler;
  /** Handled together with the ready messages around it (`@InBatches()` and an inbox). */
  readonly batched: boolean;
  /** The handler takes an array of events (`@OnTopicBatches()`): alone, it gets an array of one. */
  readonly together: boolean;
}
type Prepared =
  | Ready
  | { readonly kind: 'poison'; readonly message: DeliveredMessage; readonly reason: string; readonly error: string }
  | { readonly kind: 'unknown-type'; readonly message: DeliveredMessage; readonly type: string }
  | { readonly kind: 'no-handler'; readonly message: DeliveredMessage };

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
