/**
 * Plays the WhatsApp connector's part on the real Kafka broker of the run: it consumes
 * `whatsapp.contact.commands.v1` and answers number checks (`whatsapp.number.checked`) and phone exports, and
 * it publishes inbound WhatsApp events as the connector would. It also records every event contacts publishes.
 */
import { randomUUID } from 'node:crypto';
import { type Consumer, Kafka, logLevel, type Producer } from 'kafkajs';
import type { Envelope } from '@cs/proto/common';
import { envelopeOf, eventsOf, TEST_INTERNAL_TOKEN, testRun } from '@cs/platform/testing';
import { CheckNumbers } from '@cs/proto/events';

export interface CheckRules {
  /** Numbers (canonical digits) that are not on WhatsApp. */
  readonly invalid: (number: string) => boolean;
  /** Commands that fail (no session): answered with this error code. */
  readonly failing: (number: string) => boolean;
  /** Commands never answered (connector down). */
  readonly silent: (number: string) => boolean;
}

const RECORDED = [
  'contacts.contact.v1',
  'contacts.inbound-message.v1',
  'contacts.contact-list.v1',
  'contacts.import.v1',
  'whatsapp.contact.commands.v1',
];

/** The connector's name on what it publishes. */
const PRODUCER = 'whatsapp-connector';

export class FakeConnector {
  private readonly kafka: Kafka;
  private readonly producer: Producer;
  private readonly consumer: Consumer;
  private readonly prefix = testRun().topicPrefix;
  readonly received = new Map<string, Array<{ key: string; envelope: Envelope }>>();

  constructor(private readonly rules: CheckRules) {
    this.kafka = new Kafka({
      clientId: 'fake-connector',
      brokers: testRun().brokers.split(','),
      logLevel: logLevel.NOTHING,
    });
    this.producer = this.kafka.producer({ allowAutoTopicCreation: false });
    this.consumer = this.kafka.consumer({ groupId: `fake-connector-${randomUUID()}`, maxWaitTimeInMs: 100 });
  }

  async start(): Promise<void> {
    await this.producer.connect();
    await this.consumer.connect();
    await this.consumer.subscribe({ topics: RECORDED.map((topic) => this.prefix + topic), fromBeginning: true });
    const joined = new Promise<void>((resolve) => {
      const off = this.consumer.on(this.consumer.events.GROUP_JOIN, () => {
        off();
        resolve();
      });
    });
    await this.consumer.run({
      eachMessage: async ({ topic, message }) => {
        const name = topic.slice(this.prefix.length);
        const envelope = JSON.parse(message.value?.toString() ?? '{}') as Envelope;
        const list = this.received.get(name) ?? [];
        list.push({ key: message.key?.toString() ?? '', envelope });
        this.received.set(name, list);
        if (name === 'whatsapp.contact.commands.v1') await this.answer(envelope);
      },
    });
    await joined;
  }

  async stop(): Promise<void> {
    await this.consumer.disconnect();
    await this.producer.disconnect();
  }

  events(topic: string, type?: string): Array<{ key: string; envelope: Envelope }> {
    return (this.received.get(topic) ?? []).filter((entry) => !type || entry.envelope.type === type);
  }

  /** Publishes an event as the connector (`producer: whatsapp-connector`). */
  async publish(
    topic: string,
    key: string,
    type: string,
    companyId: number,
    data: unknown,
    causationId?: string,
  ): Promise<string> {
    const envelope = envelopeOf(type, companyId, data, { producer: PRODUCER, causationId });
    await this.producer.send({ topic: this.prefix + topic, messages: [{ key, value: JSON.stringify(envelope) }] });
    return envelope.id;
  }

  /**
   * Publishes several events in one request, in order; with one key they land together on one partition, so that a
   * consumer fetches them as one batch. Resolves with their ids.
   */
  async publishMany(
    topic: string,
    key: string,
    events: ReadonlyArray<{ readonly type: string; readonly companyId: number; readonly data: unknown }>,
  ): Promise<string[]> {
    const envelopes = events.map(({ type, companyId, data }) =>
      envelopeOf(type, companyId, data, { producer: PRODUCER }),
    );
    await this.producer.send({
      topic: this.prefix + topic,
      messages: envelopes.map((envelope) => ({ key, value: JSON.stringify(envelope) })),
    });
    return envelopes.map((envelope) => envelope.id);
  }

  private async answer(command: Envelope): Promise<void> {
    for (const { data } of eventsOf([command], CheckNumbers)) {
      const numbers = data.numbers;
      if (numbers.some(this.rules.silent)) return;
      const failing = numbers.some(this.rules.failing);
      await this.publish(
        'whatsapp.contact.v1',
        `1:${data.commandId}`,
        'whatsapp.number.checked',
        command.companyId,
        {
          commandId: data.commandId,
          connectionId: failing ? null : 1,
          results: failing
            ? []
            : numbers.map((number) => {
                const exists = !this.rules.invalid(number);
                // WhatsApp knows old Brazilian mobiles without the ninth digit.
                const jid = exists ? `${number.replace(/^(55\d\d)9(\d{8})$/, '$1$2')}@s.whatsapp.net` : null;
                return { number, exists, jid };
              }),
          error: failing ? 'ERR_WAPP_NOT_INITIALIZED' : null,
        },
        command.id,
      );
    }
  }
}

export const TEST_HEADERS = (
  companyId: number,
  profile: 'admin' | 'user' = 'admin',
  userId = 10,
): Record<string, string> => ({
  'x-internal-token': TEST_INTERNAL_TOKEN,
  'x-company-id': String(companyId),
  'x-user-id': String(userId),
  'x-user-profile': profile,
});
