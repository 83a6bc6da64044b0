import type { Logger } from 'pino';
import pino from 'pino';
import type { EntityManager } from 'typeorm';
import {
  type AckUpdate,
  type ConnectionConfig,
  type ContactUpdate,
  type InboundEvent,
  type MediaStore,
  MediaRejectedError,
  type SessionContext,
  type SessionSink,
  type SessionStatusUpdate,
  type WebhookSinks,
} from '../../../src/providers/provider.port.js';

/** A sink that records what a provider reports and dedupes inbound events by message id, as the core does. */
export class RecordingSink implements SessionSink {
  readonly statuses: SessionStatusUpdate[] = [];
  readonly inbounds: InboundEvent[] = [];
  readonly acks: AckUpdate[] = [];
  readonly contacts: ContactUpdate[] = [];
  /** Makes the next `inbound` call fail once (a crash before the outbox commit). */
  failNextInbound = false;
  private readonly seen = new Set<string>();

  async status(update: SessionStatusUpdate): Promise<void> {
    this.statuses.push(update);
  }

  async inbound(event: InboundEvent): Promise<boolean> {
    if (this.failNextInbound) {
      this.failNextInbound = false;
      throw new Error('outbox unavailable');
    }
    const id = 'messageId' in event.data ? event.data.messageId : event.data.callId;
    if (this.seen.has(id)) return false;
    this.seen.add(id);
    this.inbounds.push(event);
    return true;
  }
  async inboundMany(events: readonly InboundEvent[]): Promise<boolean[]> {
    const fresh: boolean[] = [];
    for (const event of events) fresh.push(await this.inbound(event));
    return fresh;
  }

  async ack(update: AckUpdate): Promise<void> {
    this.acks.push(update);
  }

  async contact(update: ContactUpdate): Promise<void> {
    this.contacts.push(update);
  }

  get nothing(): boolean {
    return !this.statuses.length && !this.inbounds.length && !this.acks.length && !this.contacts.length;
  }
}

export interface StoredFile {
  readonly companyId: number;
  readonly connectionId: number;
  readonly data: Buffer;
  readonly mimeType: string;
  readonly fileName: string | null;
}

/** An in-memory media store with a size limit (MediaRejectedError above it) and files to hand to sends. */
export class MemoryMediaStore implements MediaStore {
  readonly stored = new Map<string, StoredFile>();
  readonly outbound = new Map<string, { data: Buffer; mimeType: string; fileName: string }>();
  private next = 1;

  constructor(private readonly maxBytes = 1024 * 1024) {}

  async put(input: Parameters<MediaStore['put']>[0]): ReturnType<MediaStore['put']> {
    const chunks: Buffer[] = [];
    if (Buffer.isBuffer(input.data)) chunks.push(input.data);
    else for await (const chunk of input.data) chunks.push(Buffer.from(chunk));
    const data = Buffer.concat(chunks);
    if (data.length > this.maxBytes) throw new MediaRejectedError('too-large', `${data.length} bytes`);
    const fileName = input.fileName ?? `file-${this.next}`;
    const url = `http://localhost:8080/media/whatsapp/${input.companyId}/${this.next++}-${fileName}`;
    this.stored.set(url, { ...input, data });
    return { url, mimeType: input.mimeType, fileName, size: data.length };
  }

  async get(url: string): ReturnType<MediaStore['get']> {
    const file = this.outbound.get(url);
    if (!file) throw new MediaRejectedError('unreadable', `no file at ${url}`);
    return file;
  }

  isPlatformUrl(url: string): boolean {
    return this.outbound.has(url) || this.stored.has(url);
  }
}

export const quietLogger = (): Logger => pino({ level: process.env['TEST_LOG_LEVEL'] ?? 'silent' });

export const PHONE_NUMBER_ID = '106540352242922';
export const ACCESS_TOKEN = 'EAAJB3xTestTokenNotReal0123456789abcdef';
export const APP_SECRET = 'b1946ac92492d2347c6235b4d2611184';
export const VERIFY_TOKEN = 'verify-me-7f3c';
export const BUSINESS_ACCOUNT_ID = '102290129340398';

export function cloudConnection(overrides: Partial<ConnectionConfig> = {}): ConnectionConfig {
  return {
    id: 41,
    companyId: 2,
    name: 'WhatsApp Oficial',
    provider: 'cloud-api',
    allowGroups: false,
    cloud: {
      phoneNumberId: PHONE_NUMBER_ID,
      accessToken: ACCESS_TOKEN,
      appSecret: APP_SECRET,
      verifyToken: VERIFY_TOKEN,
      businessAccountId: BUSINESS_ACCOUNT_ID,
    },
    ...overrides,
  };
}

export function sessionContext(
  connection: ConnectionConfig,
  sink: SessionSink,
  media: MediaStore,
  logger: Logger = quietLogger(),
): SessionContext {
  return {
    connection,
    lease: { owner: 'test-process', epoch: 1 },
    sink,
    media,
    logger,
    fence: async (_manager: EntityManager) => {},
    transaction: async () => {
      throw new Error('the Cloud API provider stores nothing');
    },
    report: async () => {
      throw new Error('the Cloud API provider stores nothing');
    },
  };
}

/** The core's `WebhookSinks`, over a fixed set of connections, each with its own recording sink. */
export class FakeWebhookSinks implements WebhookSinks {
  readonly sinks = new Map<number, RecordingSink>();

  constructor(private readonly connections: readonly ConnectionConfig[]) {
    for (const connection of connections) this.sinks.set(connection.id, new RecordingSink());
  }

  async forConnection(connectionId: number): Promise<{ connection: ConnectionConfig; sink: SessionSink } | null> {
    const connection = this.connections.find((candidate) => candidate.id === connectionId);
    const sink = this.sinks.get(connectionId);
    return connection && sink ? { connection, sink } : null;
  }

  sink(connectionId: number): RecordingSink {
    const sink = this.sinks.get(connectionId);
    if (!sink) throw new Error(`no sink for ${connectionId}`);
    return sink;
  }
}
