import type { BusMessage, EventBus, SubscribeOptions, Subscription } from './event-bus.js';

const LANES = 8;

interface Subscriber {
  readonly options: SubscribeOptions;
  readonly lanes: Array<Promise<void>>;
  closed: boolean;
}

/**
 * Delivers messages between the services of one process (`make dev`, the one-machine shape, unit tests). Like
 * Kafka: each consumer group gets every message of its topics once, and messages with the same key are handled in
 * order (one lane per key hash). It keeps nothing itself, so it answers a publish only once every group has handled
 * every message: the outbox relay deletes its rows after that, and a crash or a stop in between leaves them in the
 * outbox, to be published again (the inboxes absorb what a group had already handled). A group that subscribed once
 * keeps its place as a Kafka group does: while none of its members is attached (stopping, restarting), a publish
 * that has messages for it is refused and the events wait in the outbox.
 */
export class InProcessEventBus implements EventBus {
  readonly kind = 'in-process' as const;
  private readonly subscribers = new Set<Subscriber>();
  /** Every consumer group that ever subscribed, by topic. */
  private readonly groupsByTopic = new Map<string, Set<string>>();
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
    const plans = messages.map((message) => ({ message, members: this.membersFor(message.topic) }));
    const deliveries: Array<Promise<boolean>> = [];
    for (const { message, members } of plans) {
      const lane = hash(message.key) % LANES;
      const offset = String(this.offset++);
      for (const group of members.values()) {
        const subscriber = group[hash(message.key) % group.length] as Subscriber;
        const delivered = (subscriber.lanes[lane] ?? Promise.resolve()).then(async () => {
          if (subscriber.closed) return false;
          await subscriber.options
            .handle({ ...message, partition: lane, offset, heartbeat: async () => undefined })
            .catch(() => undefined);
          return true;
        });
        subscriber.lanes[lane] = delivered.then(() => undefined);
        deliveries.push(delivered);
      }
    }
    const results = await Promise.all(deliveries);
    if (results.includes(false)) {
      throw new Error('in-process bus: a consumer stopped before handling every message; they stay in the outbox');
    }
  }

  /**
   * The attached members of each group of a topic, checked before anything is handed over: a group without any
   * refuses the whole publish.
   */
  private membersFor(topic: string): Map<string, Subscriber[]> {
    const members = new Map<string, Subscriber[]>();
    for (const subscriber of this.subscribers) {
      if (subscriber.closed || !subscriber.options.topics.includes(topic)) continue;
      const group = members.get(subscriber.options.groupId) ?? [];
      group.push(subscriber);
      members.set(subscriber.options.groupId, group);
    }
    for (const group of this.groupsByTopic.get(topic) ?? []) {
      if (!members.has(group)) {
        throw new Error(`in-process bus: consumer group ${group} of ${topic} has no member attached; the events wait`);
      }
    }
    return members;
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    const subscriber: Subscriber = {
      options,
      lanes: Array.from({ length: LANES }, () => Promise.resolve()),
      closed: false,
    };
    this.subscribers.add(subscriber);
    // a group that starts from the latest message (a gateway's) wants nothing it missed: it keeps no place
    if ((options.startFrom ?? 'earliest') === 'earliest') this.rememberGroup(options);
    return {
      close: async () => {
        subscriber.closed = true;
        this.subscribers.delete(subscriber);
        await Promise.allSettled(subscriber.lanes);
      },
    };
  }

  private rememberGroup(options: SubscribeOptions): void {
    for (const topic of options.topics) {
      const groups = this.groupsByTopic.get(topic) ?? new Set<string>();
      groups.add(options.groupId);
      this.groupsByTopic.set(topic, groups);
    }
  }
}

function hash(key: string): number {
  let value = 0;
  for (let index = 0; index < key.length; index += 1) value = (Math.imul(31, value) + key.charCodeAt(index)) | 0;
  return Math.abs(value);
}
