/**
 * Plays the other services' part on the real Kafka broker of the run: publishes commands and projections'
 * events to the connector as tickets, contacts and identity would, and records every event the connector publishes.
 */
import { randomUUID } from 'node:crypto';
import { type Consumer, Kafka, logLevel, type Producer } from 'kafkajs';
import type { Envelope } from '@cs/proto/common';
import { envelopeOf, TEST_INTERNAL_TOKEN, testRun } from '@cs/platform/testing';

export const CONNECTOR_TOPICS = [
  'whatsapp.connection.v1',
  'whatsapp.inbound-message.v1',
  'whatsapp.message-ack.v1',
  'whatsapp.contact.v1',
  'whatsapp.connection-token.v2',
];

export interface Recorded {
  readonly key: string;
  readonly envelope: Envelope & { data: Record<string, unknown> };
}

export class KafkaProbe {
  private readonly kafka: Kafka;
  private readonly producer: Producer;
  private readonly consumer: Consumer;
  private readonly prefix = testRun().topicPrefix;
  private readonly received = new Map<string, Recorded[]>();
  private readonly waiters = new Set<{
    topic: string;
    filter: (entry: Recorded) => boolean;
    found: (entry: Recorded) => void;
  }>();

  constructor() {
    this.kafka = new Kafka({
      clientId: 'connector-probe',
      brokers: testRun().brokers.split(','),
      logLevel: logLevel.NOTHING,
    });
    this.producer = this.kafka.producer({ allowAutoTopicCreation: false, idempotent: true, maxInFlightRequests: 1 });
    this.consumer = this.kafka.consumer({ groupId: `connector-probe-${randomUUID()}`, maxWaitTimeInMs: 100 });
  }

  async start(): Promise<void> {
    await this.producer.connect();
    await this.consumer.connect();
    await this.consumer.subscribe({
      topics: CONNECTOR_TOPICS.map((topic) => this.prefix + topic),
      fromBeginning: true,
    });
    const joined = new Promise<void>((resolve) => {
      const off = this.consumer.on(this.consumer.events.GROUP_JOIN, () => {
        off();
        resolve();
      });
    });
    await this.consumer.run({
      eachMessage: async ({ topic, message }) => {
        const name = topic.slice(this.prefix.length);
        const envelope = JSON.parse(message.value?.toString() ?? '{}') as Recorded['envelope'];
        const list = this.received.get(name) ?? [];
        const entry = { key: message.key?.toString() ?? '', envelope };
        list.push(entry);
        this.received.set(name, list);
        for (const waiter of [...this.waiters]) {
          if (waiter.topic === name && waiter.filter(entry)) {
            this.waiters.delete(waiter);
            waiter.found(entry);
          }
        }
      },
    });
    await joined;
  }

  async stop(): Promise<void> {
    await this.consumer.disconnect();
    await this.producer.disconnect();
  }

  events(topic: string, filter: (entry: Recorded) => boolean = () => true): Recorded[] {
    return (this.received.get(topic) ?? []).filter(filter);
  }

  /**
   * The first event of the topic matching the filter, already received or as soon as it arrives: tests wait on the
   * event itself, not on a fixed delay. The timeout is only a bound against a hang (a busy machine is slow, not wrong).
   */
  next(topic: string, filter: (entry: Recorded) => boolean, timeoutMs = 90_000): Promise<Recorded> {
    const already = this.events(topic, filter)[0];
    if (already) return Promise.resolve(already);
    return new Promise((resolve, reject) => {
      const waiter = {
        topic,
        filter,
        found: (entry: Recorded) => {
          clearTimeout(timer);
          resolve(entry);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`no ${topic} event matching the filter within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  /** Publishes an event as another service would. */
  async publish(
    topic: string,
    key: string,
    type: string,
    companyId: number,
    data: unknown,
    options: { producer?: string; id?: string } = {},
  ): Promise<string> {
    const envelope = envelopeOf(type, companyId, data, { producer: 'tickets', ...options });
    await this.producer.send({ topic: this.prefix + topic, messages: [{ key, value: JSON.stringify(envelope) }] });
    return envelope.id;
  }

  /** A `whatsapp.message.send` command as tickets sends it. */
  async send(
    companyId: number,
    connectionId: number,
    chatJid: string,
    body: string,
    commandId: string = randomUUID(),
  ): Promise<string> {
    await this.publish('whatsapp.message.commands.v1', String(connectionId), 'whatsapp.message.send', companyId, {
      commandId,
      clientMessageId: `client-${commandId}`,
      connectionId,
      chatJid,
      content: { kind: 'text', body },
      quotedMessageId: null,
    });
    return commandId;
  }
}

export const HEADERS = (companyId: number, profile: 'admin' | 'user' = 'admin'): Record<string, string> => ({
  'x-internal-token': TEST_INTERNAL_TOKEN,
  'x-company-id': String(companyId),
  'x-user-id': '10',
  'x-user-profile': profile,
});

/** A company snapshot as identity publishes it (`identity.company.created`), with a plan's connection limit. */
export function companySnapshot(id: number, connections: number, settings: Record<string, string> = {}) {
  return {
    id,
    name: `Empresa ${id}`,
    email: null,
    phone: null,
    status: true,
    dueDate: null,
    recurrence: null,
    timezone: 'America/Sao_Paulo',
    schedules: [],
    plan: {
      id: 1,
      name: 'Plano',
      users: 10,
      connections,
      queues: 10,
      value: 0,
      useCampaigns: true,
      useSchedules: true,
      useInternalChat: true,
      useExternalApi: true,
      useKanban: true,
      useOpenAi: true,
      useIntegrations: true,
    },
    settings,
  };
}

export function queueSnapshot(companyId: number, id: number, name: string, color: string) {
  return {
    id,
    companyId,
    name,
    color,
    greetingMessage: '',
    outOfHoursMessage: '',
    orderQueue: 1,
    schedules: [],
    promptId: null,
    integrationId: null,
  };
}
