import { randomUUID } from 'node:crypto';
import { Kafka, logLevel, type Producer } from 'kafkajs';
import { v7 as uuidv7 } from 'uuid';
import {
  type ErasureConfirmedData,
  type ErasureRequestedData,
  ErasureConfirmed,
  ErasureRequested,
  type ExportPartData,
  ExportRequested,
  type ExportRequestedData,
  PrivacyErasureTopic,
  PrivacyExportTopic,
  RetentionApplied,
  type RetentionAppliedData,
  type TypedEvent,
} from '@cs/proto/events';
import { envelopeOf, parseEvent } from './events.js';
import { testRun } from './helpers.js';
import { readAllMessages } from './kafka.js';

type ErasureEvent = TypedEvent<typeof PrivacyErasureTopic>;
type Of<T extends ErasureEvent['type']> = Extract<ErasureEvent, { type: T }>;

/** Publishes on a topic of the test file's run as a producer would (the envelope validated by its schema). */
abstract class TopicProbe {
  private producer: Producer | undefined;
  protected abstract readonly topic: string;

  async close(): Promise<void> {
    await this.producer?.disconnect();
  }

  protected async publish(
    type: string,
    schema: { parse: (value: unknown) => unknown },
    companyId: number,
    key: string,
    data: unknown,
  ): Promise<void> {
    if (!this.producer) {
      const kafka = new Kafka({
        clientId: `topic-probe-${randomUUID()}`,
        brokers: testRun().brokers.split(','),
        logLevel: logLevel.NOTHING,
      });
      this.producer = kafka.producer();
      await this.producer.connect();
    }
    const envelope = schema.parse(envelopeOf(type, companyId, data));
    await this.producer.send({ topic: this.topic, messages: [{ key, value: JSON.stringify(envelope) }] });
  }
}

/**
 * The LGPD erasure topic (`privacy.erasure.v1`) of the test file's run, for the services' erasure tests: publishes
 * a request or a confirmation as its producer would (validated by its schema) and reads what is on the topic.
 */
export class ErasureTopicProbe extends TopicProbe {
  protected readonly topic = `${testRun().topicPrefix}${PrivacyErasureTopic.name}`;

  async request(companyId: number, data: Omit<ErasureRequestedData, 'requestId'>): Promise<string> {
    const requestId = uuidv7();
    await this.publish(ErasureRequested.type, ErasureRequested.schema, companyId, requestId, {
      requestId,
      ...data,
    });
    return requestId;
  }

  async confirm(companyId: number, data: ErasureConfirmedData): Promise<void> {
    await this.publish(ErasureConfirmed.type, ErasureConfirmed.schema, companyId, data.requestId, data);
  }

  async retentionApplied(companyId: number, data: RetentionAppliedData): Promise<void> {
    await this.publish(RetentionApplied.type, RetentionApplied.schema, companyId, String(companyId), data);
  }

  /** The requests on the topic. */
  async requests(): Promise<Array<Of<'privacy.erasure.requested'>>> {
    return (await this.read()).filter(
      (event): event is Of<'privacy.erasure.requested'> => event.type === 'privacy.erasure.requested',
    );
  }

  /** The confirmations of one request on the topic, by service. */
  async confirmations(requestId: string): Promise<Map<string, ErasureConfirmedData>> {
    const confirmed = (await this.read()).filter(
      (event): event is Of<'privacy.erasure.confirmed'> =>
        event.type === 'privacy.erasure.confirmed' && event.data.requestId === requestId,
    );
    return new Map(confirmed.map((event) => [event.data.service, event.data]));
  }

  /** The retention batches tickets announced for a company. */
  async retentionBatches(companyId: number): Promise<Array<Of<'privacy.erasure.retention-applied'>>> {
    return (await this.read()).filter(
      (event): event is Of<'privacy.erasure.retention-applied'> =>
        event.type === 'privacy.erasure.retention-applied' && event.companyId === companyId,
    );
  }

  private async read(): Promise<ErasureEvent[]> {
    const messages = await readAllMessages(testRun().brokers, this.topic);
    return messages.map((message) => parseEvent(PrivacyErasureTopic, JSON.parse(message.value)));
  }
}

type ExportEvent = TypedEvent<typeof PrivacyExportTopic>;

/**
 * The LGPD export topic (`privacy.export.v1`) of the test file's run, for the services' export tests: publishes a
 * request as tickets would and reads the parts a service answered it with.
 */
export class ExportTopicProbe extends TopicProbe {
  protected readonly topic = `${testRun().topicPrefix}${PrivacyExportTopic.name}`;

  async request(companyId: number, data: Omit<ExportRequestedData, 'requestId'>): Promise<string> {
    const requestId = uuidv7();
    await this.publish(ExportRequested.type, ExportRequested.schema, companyId, requestId, { requestId, ...data });
    return requestId;
  }

  /** The requests on the topic, with their company. */
  async requests(): Promise<Array<ExportRequestedData & { companyId: number }>> {
    return (await this.read())
      .filter(
        (event): event is Extract<ExportEvent, { type: 'privacy.export.requested' }> =>
          event.type === 'privacy.export.requested',
      )
      .map((event) => ({ ...event.data, companyId: event.companyId }));
  }

  /** The parts answering one request, as published (in topic order, with their company). */
  async parts(requestId: string): Promise<Array<ExportPartData & { companyId: number }>> {
    return (await this.read())
      .filter(
        (event): event is Extract<ExportEvent, { type: 'privacy.export.part' }> =>
          event.type === 'privacy.export.part' && event.data.requestId === requestId,
      )
      .map((event) => ({ ...event.data, companyId: event.companyId }));
  }

  private async read(): Promise<ExportEvent[]> {
    const messages = await readAllMessages(testRun().brokers, this.topic);
    return messages.map((message) => parseEvent(PrivacyExportTopic, JSON.parse(message.value)));
  }
}
