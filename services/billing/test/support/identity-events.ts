/**
 * Plays identity's part on the run's real Kafka broker: publishes `identity.company.v1` snapshots (with the
 * plan) as identity would, and records what billing publishes on `billing.payment.v1`.
 */
import { randomUUID } from 'node:crypto';
import { type Consumer, Kafka, logLevel, type Producer } from 'kafkajs';
import type { Envelope } from '@cs/proto/common';
import { CompanyCreated, CompanyUpdated, type CompanySnapshot } from '@cs/proto/events';
import { checkedEnvelopeOf, TEST_INTERNAL_TOKEN, testRun } from '@cs/platform/testing';

export const TEST_HEADERS = (companyId: number, profile: 'admin' | 'user' = 'admin', isSuper = false) => ({
  'x-internal-token': TEST_INTERNAL_TOKEN,
  'x-company-id': String(companyId),
  'x-user-id': '10',
  'x-user-profile': profile,
  ...(isSuper ? { 'x-user-super': 'true' } : {}),
});

export const company = (id: number, dueDate: string, overrides: Partial<CompanySnapshot> = {}): CompanySnapshot => ({
  id,
  name: `Empresa ${id}`,
  email: `financeiro${id}@empresa.com.br`,
  phone: '11987654321',
  status: true,
  dueDate,
  recurrence: 'MENSAL',
  timezone: 'America/Sao_Paulo',
  schedules: [],
  plan: {
    id: 7,
    name: 'Plano Profissional',
    users: 10,
    connections: 3,
    queues: 8,
    value: 199.9,
    useCampaigns: true,
    useSchedules: true,
    useInternalChat: true,
    useExternalApi: true,
    useKanban: true,
    useOpenAi: true,
    useIntegrations: true,
  },
  settings: {},
  ...overrides,
});

export class IdentityEvents {
  private readonly kafka = new Kafka({
    clientId: 'fake-identity',
    brokers: testRun().brokers.split(','),
    logLevel: logLevel.NOTHING,
  });
  private readonly producer: Producer = this.kafka.producer({ allowAutoTopicCreation: false });
  private readonly consumer: Consumer = this.kafka.consumer({
    groupId: `fake-identity-${randomUUID()}`,
    maxWaitTimeInMs: 100,
  });
  private readonly prefix = testRun().topicPrefix;
  readonly payments: Envelope[] = [];

  async start(): Promise<void> {
    await this.producer.connect();
    await this.consumer.connect();
    await this.consumer.subscribe({ topics: [`${this.prefix}billing.payment.v1`], fromBeginning: true });
    const joined = new Promise<void>((resolve) => {
      const off = this.consumer.on(this.consumer.events.GROUP_JOIN, () => {
        off();
        resolve();
      });
    });
    await this.consumer.run({
      eachMessage: async ({ message }) => {
        this.payments.push(JSON.parse(message.value?.toString() ?? '{}') as Envelope);
      },
    });
    await joined;
  }

  async stop(): Promise<void> {
    await this.consumer.disconnect();
    await this.producer.disconnect();
  }

  /** Publishes the company as identity does (created the first time, updated after). */
  async publishCompany(snapshot: CompanySnapshot, kind: 'created' | 'updated' = 'created'): Promise<void> {
    const definition = kind === 'created' ? CompanyCreated : CompanyUpdated;
    const envelope = checkedEnvelopeOf(definition, snapshot.id, snapshot, { producer: 'identity' });
    await this.producer.send({
      topic: `${this.prefix}identity.company.v1`,
      messages: [{ key: String(snapshot.id), value: JSON.stringify(envelope) }],
    });
  }
}
