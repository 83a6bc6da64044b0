/**
 * Drives the tickets service the way the real system does: an in-process app on real PostgreSQL and Kafka,
 * fed with the events identity, the connector and contacts publish, observed through its HTTP answers and
 * the events and commands it publishes to Kafka.
 */
import { mkdtempSync } from 'node:fs';
import { beforeAll, jest } from '@jest/globals';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Kafka, logLevel, type Consumer, type Producer } from 'kafkajs';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { type RunningApp, startServiceApp } from '@cs/platform/bootstrap';
import { runMigrations } from '@cs/platform/database';
import {
  checkedEnvelopeOf,
  eventsOf,
  expectEventually,
  serviceTestEnv,
  TEST_INTERNAL_TOKEN,
  testRun,
  type TypedRecorded,
} from '@cs/platform/testing';
import { assertUnreachable, type EventDefinition } from '@cs/proto/common';
import {
  type ContactSnapshot,
  eventByType,
  newConnectionSettings,
  SendMessage,
  type TopicDefinition,
} from '@cs/proto/events';
import { ticketsService } from '../../src/app.js';
import { createTicketsDataSource } from '../../src/database/data-source.js';
import { contactSnapshot, receivedText, resolvedInbound } from '../factories/inbound.js';

export interface Published {
  readonly id: string;
  readonly type: string;
  readonly companyId: number;
  readonly occurredAt: string;
  readonly data: Record<string, unknown> & { [key: string]: unknown };
  readonly topic: string;
}

export interface Caller {
  readonly companyId: number;
  readonly userId: number;
  readonly profile?: 'admin' | 'user';
  readonly isSuper?: boolean;
}

// the integration tier's project-level testTimeout does not reach hooks and tests here
jest.setTimeout(120_000);

const OBSERVED = [
  'tickets.ticket.v1',
  'tickets.message.v1',
  'tickets.queue.v1',
  'tickets.tag.v1',
  'tickets.quick-message.v1',
  'tickets.schedule.v1',
  'tickets.chat.v1',
  'whatsapp.message.commands.v1',
  'tickets.prompt.v1',
  'tickets.queue-integration.v1',
  'tickets.service-level.v1',
  'whatsapp.contact.commands.v1',
  'contacts.contact.commands.v1',
  'audit.entry.v1',
];

let shared: Harness | undefined;

/**
 * The one app of `integration/shared-app.int-spec.ts`, which runs every `*.cases.ts` of that folder: each case file
 * takes it here instead of starting an app of its own. The first call registers its start before any case's own
 * `beforeAll`; the spec file stops it after the last case's `afterAll`. Cases keep to companies of their own
 * (`setupCompany`), so they share the app, its topics and its database as tenants do.
 */
export function sharedHarness(): Harness {
  if (shared) return shared;
  const harness = (shared = new Harness());
  beforeAll(() => harness.start(), 120_000);
  return harness;
}

/** The registry's topic and definition of an event type; a type it does not list fails the test. */
function registeredEvent(type: string): { topic: TopicDefinition; event: EventDefinition } {
  const registered = eventByType(type);
  if (!registered) throw new Error(`unknown event type ${type}`);
  return registered;
}

export class Harness {
  /** `env`: extra environment keys of the service under test (e.g. the base URLs of local provider fakes). */
  constructor(private readonly env: Record<string, string> = {}) {}

  app!: RunningApp<typeof ticketsService.envSchema>;
  readonly seen: Published[] = [];
  /** Called with each event the service publishes, as it is seen (a fake playing another service's part). */
  private readonly listeners = new Set<(event: Published) => Promise<void>>();
  /** Under a dot-folder, as the default `.data/tickets-media` is: serving must not refuse the folder itself. */
  readonly mediaDir = join(mkdtempSync(join(tmpdir(), 'tickets-media-')), '.data', 'media');
  private producer!: Producer;
  private consumer!: Consumer;
  readonly db = new pg.Pool({ connectionString: testRun().databaseUrl, max: 2 });
  /**
   * The test file's own topics (services/platform/test/setup/isolation.ts creates them before the file and the
   * run's teardown deletes them): no other file's events, so the service's new consumer groups, which read from the
   * beginning, see only this file's.
   */
  readonly topicPrefix = testRun().topicPrefix;

  async start(): Promise<void> {
    const dataSource = createTicketsDataSource({ DATABASE_URL: testRun().databaseUrl });
    await runMigrations(dataSource);
    await dataSource.destroy();
    const run = { brokers: testRun().brokers, topicPrefix: this.topicPrefix };
    const kafka = new Kafka({
      clientId: `tickets-test-${randomUUID()}`,
      brokers: run.brokers.split(','),
      logLevel: logLevel.NOTHING,
    });
    this.producer = kafka.producer();
    await this.producer.connect();
    this.consumer = kafka.consumer({ groupId: `tickets-test-${randomUUID()}`, maxWaitTimeInMs: 100 });
    await this.consumer.connect();
    await this.consumer.subscribe({
      topics: OBSERVED.map((topic) => `${run.topicPrefix}${topic}`),
      fromBeginning: false,
    });
    let ready!: () => void;
    const assigned = new Promise<void>((resolve) => (ready = resolve));
    this.consumer.on(this.consumer.events.GROUP_JOIN, () => ready());
    void this.consumer.run({
      eachMessage: async ({ topic, message }) => {
        const envelope = JSON.parse(message.value?.toString() ?? '{}') as Omit<Published, 'topic'>;
        const event = { ...envelope, topic: topic.slice(run.topicPrefix.length) };
        this.seen.push(event);
        for (const listener of this.listeners) await listener(event);
      },
    });
    await assigned;
    await this.boot();
  }

  /** Reacts to each event the service publishes from now on, in order; the answer stops it. */
  onEvent(listener: (event: Published) => Promise<void>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async boot(): Promise<void> {
    this.app = await startServiceApp(
      ticketsService,
      serviceTestEnv({
        TICKETS_PORT: '0',
        MEDIA_DIR: this.mediaDir,
        PUBLIC_URL: 'http://gateway.test',
        TICKETS_TIMER_MINUTE_MS: '1000',
        KAFKA_TOPIC_PREFIX: this.topicPrefix,
        ...this.env,
      }),
      { port: 0 },
    );
  }

  async restart(): Promise<void> {
    await this.app.close();
    await this.boot();
  }

  async stop(): Promise<void> {
    await this.app?.close();
    await this.consumer?.disconnect();
    await this.producer?.disconnect();
    await this.db.end();
  }

  /** Publishes an event as its owner service would (validated against the registry first). */
  async publish(
    type: string,
    companyId: number,
    key: string | number,
    data: unknown,
    id: string = uuidv7(),
  ): Promise<string> {
    const registered = registeredEvent(type);
    const envelope = checkedEnvelopeOf(registered.event, companyId, data, { id, producer: registered.topic.owner });
    await this.producer.send({
      topic: `${this.topicPrefix}${registered.topic.name}`,
      messages: [{ key: String(key), value: JSON.stringify(envelope) }],
    });
    return id;
  }

  /**
   * Publishes several events in one request, in order, under one key: they land together on one partition, so the
   * service fetches them as one batch (with `EVENTS_BATCH_SIZE` > 1). Resolves with their ids.
   */
  async publishMany(
    key: string,
    events: ReadonlyArray<{ readonly type: string; readonly companyId: number; readonly data: unknown }>,
  ): Promise<string[]> {
    const messages = events.map(({ type, companyId, data }) => {
      const registered = registeredEvent(type);
      const envelope = checkedEnvelopeOf(registered.event, companyId, data, { producer: registered.topic.owner });
      return { topic: registered.topic.name, id: envelope.id, message: { key, value: JSON.stringify(envelope) } };
    });
    const topics = new Set(messages.map((message) => message.topic));
    if (topics.size !== 1) throw new Error(`publishMany takes events of one topic, not ${[...topics].join(', ')}`);
    await this.producer.send({
      topic: `${this.topicPrefix}${[...topics][0]}`,
      messages: messages.map((message) => message.message),
    });
    return messages.map((message) => message.id);
  }

  /** Waits until the service handled these events (their inbox rows are committed). */
  async handled(ids: readonly string[]): Promise<void> {
    await expectEventually(async () => {
      const [row] = await this.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM tickets.inbox WHERE event_id = ANY($1::uuid[])',
        [ids],
      );
      if (row?.n !== ids.length) throw new Error(`${row?.n ?? 0} of ${ids.length} events handled`);
    });
  }

  // responses are JSON that tests read through assertions
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async http<T = any>(
    method: string,
    path: string,
    caller: Caller | null,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = { 'x-internal-token': TEST_INTERNAL_TOKEN };
    if (caller) {
      headers['x-company-id'] = String(caller.companyId);
      headers['x-user-id'] = String(caller.userId);
      headers['x-user-profile'] = caller.profile ?? 'admin';
      headers['x-user-super'] = String(caller.isSuper ?? false);
    }
    const init: RequestInit = { method, headers };
    if (body instanceof FormData) {
      init.body = body;
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const response = await fetch(`${this.app.url}${path}`, init);
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }

  /** Events and commands the service published for a company (optionally of one type), in arrival order. */
  events(companyId: number, type?: string): Published[] {
    return this.seen.filter((event) => event.companyId === companyId && (!type || event.type === type));
  }

  /** The events of one definition the service published for a company, with `data` typed and checked. */
  eventsOf<D extends EventDefinition>(companyId: number, definition: D): Array<TypedRecorded<Published, D>> {
    return eventsOf(this.events(companyId), definition);
  }

  /** Texts of the send commands for a company, in order. */
  sentTexts(companyId: number): string[] {
    return this.eventsOf(companyId, SendMessage).map(({ data: { content } }) => {
      switch (content.kind) {
        case 'text':
          return content.body;
        case 'media':
          return `[media] ${content.caption}`;
        case 'location':
          return `[location] ${content.name ?? ''}`;
        case 'vcard':
          return `[vcard] ${content.displayName}`;
        default:
          return assertUnreachable(content);
      }
    });
  }

  async waitForSent(companyId: number, count: number): Promise<string[]> {
    return expectEventually(() => {
      const texts = this.sentTexts(companyId);
      if (texts.length < count)
        throw new Error(`expected ${count} sends, got ${texts.length}: ${JSON.stringify(texts)}`);
      return texts;
    });
  }

  /** Waits until a send command with exactly this text (or caption) was published for the company. */
  async waitForText(companyId: number, text: string | RegExp): Promise<void> {
    await expectEventually(() => {
      const texts = this.sentTexts(companyId);
      const found = texts.some((sent) => (typeof text === 'string' ? sent === text : text.test(sent)));
      if (!found) throw new Error(`no send of ${String(text)} among ${JSON.stringify(texts)}`);
    });
  }

  async query<T extends Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.db.query<T>(sql, params)).rows;
  }
}

// --- realistic payloads, as identity, the connector and contacts publish them ---

let nextId = 500;
export const uniqueId = (): number => (nextId += 1) + Math.floor(Math.random() * 1000) * 1000;

export const week = (start = '00:00', end = '23:59') =>
  (['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const).map((day) => ({
    weekday: day,
    weekdayEn: day,
    startTime: start,
    endTime: end,
  }));

export function companySnapshot(id: number, settings: Record<string, string> = {}, schedules = week()) {
  return {
    id,
    name: `Empresa ${id}`,
    email: `contato${id}@empresa.com.br`,
    phone: '11987654321',
    status: true,
    dueDate: '2030-01-01',
    recurrence: 'MENSAL',
    timezone: 'America/Sao_Paulo',
    schedules,
    plan: {
      id: 2,
      name: 'Profissional',
      users: 10,
      connections: 3,
      queues: 10,
      value: 199.9,
      useCampaigns: true,
      useSchedules: true,
      useInternalChat: true,
      useExternalApi: true,
      useKanban: true,
      useOpenAi: true,
      useIntegrations: true,
    },
    settings: {
      userRating: 'disabled',
      scheduleType: 'disabled',
      CheckMsgIsGroup: 'enabled',
      call: 'enabled',
      chatBotType: 'text',
      sendGreetingAccepted: 'disabled',
      sendMsgTransfTicket: 'disabled',
      sendGreetingMessageOneQueues: 'enabled',
      ...settings,
    },
  };
}

export function userSnapshot(
  companyId: number,
  id: number,
  name: string,
  profile: 'admin' | 'user',
  queueIds: number[] = [],
  online = true,
) {
  return {
    id,
    companyId,
    name,
    email: `${name.toLowerCase().replace(/\s+/g, '.')}@empresa.com.br`,
    profile,
    super: false,
    online,
    allTicket: 'disable',
    whatsappId: null,
    queueIds,
  };
}

export function connectionSnapshot(companyId: number, id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    companyId,
    name: 'WhatsApp Loja',
    status: 'CONNECTED',
    qrcode: '',
    retries: 0,
    ...newConnectionSettings(),
    isDefault: true,
    provider: 'simulator',
    number: '5511900000000',
    updatedAt: new Date().toISOString(),
    ...overrides,
  };
}

export { contactSnapshot };

/** A customer's text as contacts republishes it after resolving the contact (`contacts.inbound-message.resolved`). */
export function inboundText(
  contact: ContactSnapshot,
  connectionId: number,
  body: string,
  messageId = `3EB0${randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase()}`,
) {
  const source = {
    type: 'whatsapp.message.received' as const,
    data: receivedText(contact, connectionId, { messageId, body, timestamp: new Date().toISOString() }),
  };
  return { ...resolvedInbound(contact, source), source };
}

export interface CompanySetup {
  readonly companyId: number;
  readonly connectionId: number;
  readonly admin: Caller;
  readonly agent: Caller;
  readonly contact: ContactSnapshot;
}

/** A company as it exists after identity, the connector and contacts have published their snapshots. */
export async function setupCompany(
  harness: Harness,
  companyId: number,
  options: {
    settings?: Record<string, string>;
    schedules?: ReturnType<typeof week>;
    connection?: Record<string, unknown>;
    agentQueueIds?: number[];
  } = {},
): Promise<CompanySetup> {
  const adminId = companyId * 10 + 1;
  const agentId = companyId * 10 + 2;
  const connectionId = companyId * 10 + 3;
  await harness.publish(
    'identity.company.created',
    companyId,
    companyId,
    companySnapshot(companyId, options.settings, options.schedules),
  );
  await harness.publish(
    'identity.user.created',
    companyId,
    adminId,
    userSnapshot(companyId, adminId, 'Ana Admin', 'admin'),
  );
  await harness.publish(
    'identity.user.created',
    companyId,
    agentId,
    userSnapshot(companyId, agentId, 'Bruno Atendente', 'user', options.agentQueueIds ?? []),
  );
  await harness.publish(
    'whatsapp.connection.created',
    companyId,
    connectionId,
    connectionSnapshot(companyId, connectionId, options.connection),
  );
  const contact = contactSnapshot(
    companyId,
    companyId * 10 + 4,
    'Maria Souza',
    `55119${String(companyId).padStart(8, '0')}`,
  );
  await harness.publish('contacts.contact.created', companyId, contact.id, contact);
  await expectEventually(async () => {
    const [row] = await harness.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM tickets.companies WHERE id = $1)::int + (SELECT count(*) FROM tickets.users WHERE company_id = $1)::int
            + (SELECT count(*) FROM tickets.connections WHERE company_id = $1)::int + (SELECT count(*) FROM tickets.contacts WHERE company_id = $1)::int AS n`,
      [companyId],
    );
    expect(row?.n).toBe(5);
  });
  return {
    companyId,
    connectionId,
    admin: { companyId, userId: adminId, profile: 'admin' },
    agent: { companyId, userId: agentId, profile: 'user' },
    contact,
  };
}

/** Re-publishes a connection snapshot (queues, messages, limits) and waits until the projection has it. */
export async function updateConnection(
  harness: Harness,
  setup: CompanySetup,
  overrides: Record<string, unknown>,
): Promise<void> {
  const snapshot = connectionSnapshot(setup.companyId, setup.connectionId, overrides);
  await harness.publish('whatsapp.connection.updated', setup.companyId, setup.connectionId, snapshot);
  await expectEventually(async () => {
    const [row] = await harness.query<{ queue_ids: number[]; greeting_message: string }>(
      'SELECT queue_ids, greeting_message FROM tickets.connections WHERE company_id = $1 AND id = $2',
      [setup.companyId, setup.connectionId],
    );
    expect(row?.queue_ids).toEqual(snapshot.queueIds);
    expect(row?.greeting_message).toBe(snapshot.greetingMessage);
  });
}

/** Another contact of the company, as contacts publishes it; waits until the projection has it. */
export async function addContact(
  harness: Harness,
  companyId: number,
  id: number,
  name: string,
  number: string,
): Promise<ContactSnapshot> {
  const contact = contactSnapshot(companyId, id, name, number);
  await harness.publish('contacts.contact.created', companyId, contact.id, contact);
  await expectEventually(async () => {
    const rows = await harness.query('SELECT 1 FROM tickets.contacts WHERE company_id = $1 AND id = $2', [
      companyId,
      id,
    ]);
    expect(rows).toHaveLength(1);
  });
  return contact;
}

/** A contact writes in; answers its ticket as the list shows it, once the service has it. */
export async function ticketFrom(
  harness: Harness,
  setup: CompanySetup,
  contact: ContactSnapshot,
  body = 'Olá, preciso de ajuda',
): Promise<{ id: number; uuid: string; status: string; contactId: number } & Record<string, unknown>> {
  await harness.publish(
    'contacts.inbound-message.resolved',
    setup.companyId,
    `${setup.connectionId}:${contact.number}`,
    inboundText(contact, setup.connectionId, body),
  );
  const [row] = await expectEventually(async () => {
    const rows = await harness.query<{ id: number }>(
      'SELECT id FROM tickets.tickets WHERE company_id = $1 AND contact_id = $2 AND last_message = $3',
      [setup.companyId, contact.id, body],
    );
    expect(rows).toHaveLength(1);
    return rows;
  });
  const { body: ticket } = await harness.http<{ id: number; uuid: string; status: string; contactId: number }>(
    'GET',
    `/tickets/${row?.id}`,
    setup.admin,
  );
  return ticket;
}

/** The first bytes of real files: uploads are sniffed, so a test file must start like the real thing. */
export const PNG_BYTES = Buffer.from('89504e470d0a1a0a0000000d494844520000000100000001080600000000000000', 'hex');
export const JPEG_BYTES = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');

/** A multipart body with one file (as browsers send uploads). */
export function upload(
  field: string,
  name: string,
  type: string,
  content: string | Uint8Array,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append(field, new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type }), name);
  return form;
}

/** A user as identity publishes it (created or changed); waits until the projection has this version. */
export async function publishUser(
  harness: Harness,
  companyId: number,
  user: {
    id: number;
    name: string;
    profile: 'admin' | 'user';
    queueIds?: number[];
    online?: boolean;
    allTicket?: 'enable' | 'disable';
  },
  type: 'identity.user.created' | 'identity.user.updated' = 'identity.user.created',
): Promise<void> {
  const snapshot = {
    ...userSnapshot(companyId, user.id, user.name, user.profile, user.queueIds ?? [], user.online ?? true),
    allTicket: user.allTicket ?? 'disable',
  };
  await harness.publish(type, companyId, user.id, snapshot);
  await expectEventually(async () => {
    const [row] = await harness.query<{ queue_ids: number[]; online: boolean; all_ticket: string }>(
      'SELECT queue_ids, online, all_ticket FROM tickets.users WHERE company_id = $1 AND id = $2',
      [companyId, user.id],
    );
    expect(row).toEqual({ queue_ids: snapshot.queueIds, online: snapshot.online, all_ticket: snapshot.allTicket });
  });
}
