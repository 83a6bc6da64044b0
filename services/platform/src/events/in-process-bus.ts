import type { BusMessage, EventBus, SubscribeOptions, Subscription } from './event-bus.js';

const LANES = 8;

interface Subscriber {
  readonly options: SubscribeOptions;
  readonly lanes: Array<Promise<void>>;
  closed: boolean;
}

/**
 * Delivers messages between the services of one process (`make dev`, unit tests). Like Kafka: asynchronous,
 * each consumer group gets every message of its topics once, and messages with the same key are handled in
 * order (one lane per key hash). Nothing survives a restart; the outbox keeps unpublished events.
 */
export class InProcessEventBus implements EventBus {
  readonly kind = 'in-process' as const;
  private readonly subscribers = new Set<Subscriber>();
  private offset = 0;
  private connected = false;
  private held: Promise<void> | undefined;

  /** The bus shared by every service started in this process. */
  static shared(): InProcessEventBus {
    const holder = globalThis as { __csInProcessBus?: InProcessEventBus };
    holder.__csInProcessBus ??= new InProcessEventBus();
    return holder.__csInProcessBus;
  }

  async connect(): Promise<void> {
    this.connected = true;
  }

  async disconnect(): Promise<void> {
    this.connected = false;
  }

  isConnected(): boolean {
    return this.connected;
  }

  /**
   * Holds every publish until the returned function is called. Unlike Kafka, the in-process bus keeps nothing for
   * a consumer that subscribes later, so a process that starts several services (`make dev`) holds the bus until
   * every consumer is attached: a relay's publish waits meanwhile and its outbox rows are deleted only once the
   * events were handed to every subscriber.
   */
  holdUntilSubscribed(): () => void {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.held = held;
    return () => {
      if (this.held === held) this.held = undefined;
      release();
    };
  }

  async publishable(): Promise<void> {
    if (this.held) await this.held;
  }

  async publish(messages: readonly BusMessage[]): Promise<void> {
    if (this.held) await this.held;
    for (const message of messages) {
      const groups = new Map<string, Subscriber[]>();
      for (const subscriber of this.subscribers) {
        if (subscriber.closed || !subscriber.options.topics.includes(message.topic)) continue;
        const members = groups.get(subscriber.options.groupId) ?? [];
        members.push(subscriber);
        groups.set(subscriber.options.groupId, members);
      }
      const lane = hash(message.key) % LANES;
      const offset = String(this.offset++);
      for (const members of groups.values()) {
        const subscriber = members[hash(message.key) % members.length] as Subscriber;
        const previous = subscriber.lanes[lane] ?? Promise.resolve();
        subscriber.lanes[lane] = previous.then(async () => {
          if (subscriber.closed) return;
          await subscriber.options
            .handle({ ...message, partition: lane, offset, heartbeat: async () => undefined })
            .catch(() => undefined);
        });
      }
    }
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    const subscriber: Subscriber = {
      options,
      lanes: Array.from({ length: LANES }, () => Promise.resolve()),
      closed: false,
    };
    this.subscribers.add(subscriber);
    return {
      close: async () => {
        subscriber.closed = true;
        this.subscribers.delete(subscriber);
        await Promise.allSettled(subscriber.lanes);
      },
    };
  }
}

function hash(key: string): number {
  let value = 0;
  for (let index = 0; index < key.length; index += 1) value = (Math.imul(31, value) + key.charCodeAt(index)) | 0;
  return Math.abs(value);
}
