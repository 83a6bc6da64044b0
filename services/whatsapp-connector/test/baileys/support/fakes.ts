/**
 * Fakes for the edges the Baileys provider talks to: a socket whose `ev` is Baileys' own `makeEventBuffer` (real
 * buffering, merging and dedupe, no network), the core's sink, media store and lease fence, and real PostgreSQL.
 */
import type { Config as FakeTimersConfig } from '@sinonjs/fake-timers';
import { Boom } from '@hapi/boom';
import {
  makeEventBuffer,
  proto,
  type AnyMessageContent,
  type BaileysEventMap,
  type GroupMetadata,
  type WAMessage,
  type WAMessageKey,
} from 'baileys';
import pino from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import { createServiceDataSource, runMigrations } from '@cs/platform/database';
import { nextCompanyId, testRun } from '@cs/platform/testing';
import {
  LeaseLostError,
  MediaRejectedError,
  type AckUpdate,
  type ContactUpdate,
  type InboundEvent,
  type MediaStore,
  type ProviderSession,
  type SessionContext,
  type SessionSink,
  type SessionStatusUpdate,
} from '../../../src/providers/provider.port.js';
import { baileysMigrations } from '../../../src/providers/baileys/baileys.migrations.js';
import { BaileysProvider } from '../../../src/providers/baileys/baileys.provider.js';
import type { BaileysOptions } from '../../../src/providers/baileys/baileys.config.js';
import type {
  WaMediaDownloader,
  WaSocketFactory,
  WaSocketLike,
  WaSocketOptions,
} from '../../../src/providers/baileys/baileys.port.js';

export const silentLogger = pino({ level: 'silent' });

export class FakeSocket implements WaSocketLike {
  readonly ev = makeEventBuffer(silentLogger);
  user: { id: string; lid?: string; name?: string } | undefined;
  endCalls = 0;
  logoutCalls = 0;
  readonly sent: { jid: string; content: AnyMessageContent; options: Record<string, unknown> | undefined }[] = [];
  readonly reads: WAMessageKey[][] = [];
  readonly pairingRequests: string[] = [];
  onWhatsAppAnswer: { jid: string; exists: boolean }[] = [];
  pictures = new Map<string, string>();
  groups = new Map<string, GroupMetadata>();

  constructor(readonly options: WaSocketOptions) {}

  get isEnded(): boolean {
    return this.endCalls > 0;
  }

  emit<E extends keyof BaileysEventMap>(event: E, data: BaileysEventMap[E]): void {
    this.ev.emit(event, data);
  }

  close(statusCode: number, message = 'closed'): void {
    this.emit('connection.update', {
      connection: 'close',
      lastDisconnect: { error: new Boom(message, { statusCode }), date: new Date() },
    });
  }

  open(userId = '5511900000001:23@s.whatsapp.net'): void {
    this.user = { id: userId, lid: '111222333444555:23@lid' };
    this.emit('connection.update', { connection: 'open' });
  }

  async sendMessage(jid: string, content: AnyMessageContent, options?: Record<string, unknown>): Promise<WAMessage> {
    this.sent.push({ jid, content, options });
    const id = (options?.['messageId'] as string | undefined) ?? `FAKE${this.sent.length}`;
    const text = 'text' in content ? (content as { text: string }).text : undefined;
    const image = 'image' in content ? (content as { image: Buffer; caption?: string; mimetype?: string }) : undefined;
    // as Baileys: a protobuf instance (its toJSON would turn bytes into base64 and enums into names)
    return proto.WebMessageInfo.fromObject({
      key: { remoteJid: jid, fromMe: true, id },
      message: image
        ? {
            imageMessage: {
              mimetype: image.mimetype ?? 'image/jpeg',
              caption: image.caption ?? '',
              mediaKey: Buffer.alloc(32, 7),
              fileLength: image.image.length,
            },
          }
        : { conversation: text ?? '[media]' },
      messageTimestamp: 1763712700,
      status: proto.WebMessageInfo.Status.PENDING,
    }) as WAMessage;
  }

  async readMessages(keys: WAMessageKey[]): Promise<void> {
    this.reads.push(keys);
  }

  async requestPairingCode(phoneNumber: string): Promise<string> {
    this.pairingRequests.push(phoneNumber);
    return 'ABCD1234';
  }

  async onWhatsApp(...numbers: string[]): Promise<{ jid: string; exists: boolean }[]> {
    void numbers;
    return this.onWhatsAppAnswer;
  }

  async profilePictureUrl(jid: string): Promise<string | undefined> {
    const url = this.pictures.get(jid);
    if (!url) throw new Boom('item-not-found', { statusCode: 404 });
    return url;
  }

  async groupMetadata(jid: string): Promise<GroupMetadata> {
    const metadata = this.groups.get(jid);
    if (!metadata) throw new Boom('item-not-found', { statusCode: 404 });
    return metadata;
  }

  async logout(): Promise<void> {
    this.logoutCalls += 1;
    this.end(new Boom('Intentional Logout', { statusCode: 401 }));
  }

  /** As Baileys: emits the close, then drops its connection.update listeners and destroys `ev`. */
  end(error: Error | undefined): void {
    this.endCalls += 1;
    if (this.endCalls > 1) return;
    this.emit('connection.update', { connection: 'close', lastDisconnect: { error, date: new Date() } });
  }
}

export class FakeSocketFactory implements WaSocketFactory {
  readonly sockets: FakeSocket[] = [];
  groups = new Map<string, GroupMetadata>();

  /** The next builds that fail (the socket could not be built, e.g. the auth state could not be read). */
  failures = 0;

  async create(options: WaSocketOptions): Promise<FakeSocket> {
    if (this.failures > 0) {
      this.failures -= 1;
      throw new Error('socket build failed');
    }
    const socket = new FakeSocket(options);
    socket.groups = this.groups;
    this.sockets.push(socket);
    return socket;
  }

  get last(): FakeSocket {
    const socket = this.sockets.at(-1);
    if (!socket) throw new Error('no socket was built');
    return socket;
  }

  get live(): FakeSocket[] {
    return this.sockets.filter((socket) => !socket.isEnded);
  }
}

/** Media "downloaded" from WhatsApp: the bytes say which message they came from; some ids fail. */
export class FakeDownloader implements WaMediaDownloader {
  readonly failing = new Set<string>();
  async download(message: WAMessage): Promise<Buffer> {
    if (this.failing.has(message.key.id ?? '')) throw new Error('media gone (410)');
    return Buffer.from(`media of ${message.key.id}`);
  }
}

export class FakeSink implements SessionSink {
  readonly statuses: SessionStatusUpdate[] = [];
  readonly events: InboundEvent[] = [];
  readonly acks: AckUpdate[] = [];
  readonly contacts: ContactUpdate[] = [];
  private readonly seen = new Set<string>();

  async status(update: SessionStatusUpdate): Promise<void> {
    this.statuses.push(update);
  }

  /** Idempotent by (type, messageId/callId) as the core's is by (connection, message id). */
  async inbound(event: InboundEvent): Promise<boolean> {
    this.events.push(event);
    const id = 'callId' in event.data ? event.data.callId : event.data.messageId;
    const key = `${event.type}:${id}`;
    if (this.seen.has(key)) return false;
    this.seen.add(key);
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

  get statusNames(): string[] {
    return this.statuses.map((update) => update.status);
  }

  received(): Extract<InboundEvent, { type: 'whatsapp.message.received' }>['data'][] {
    return this.events.flatMap((event) => (event.type === 'whatsapp.message.received' ? [event.data] : []));
  }
}

export class FakeMediaStore implements MediaStore {
  readonly files = new Map<string, { data: Buffer; mimeType: string; fileName: string }>();
  rejectTypes = new Set<string>();

  async put(
    input: Parameters<MediaStore['put']>[0],
  ): Promise<{ url: string; mimeType: string; fileName: string; size: number }> {
    if (this.rejectTypes.has(input.mimeType))
      throw new MediaRejectedError('type-not-allowed', `${input.mimeType} is not accepted`);
    const chunks: Buffer[] = [];
    if (Buffer.isBuffer(input.data)) chunks.push(input.data);
    else for await (const chunk of input.data) chunks.push(Buffer.from(chunk));
    const data = Buffer.concat(chunks);
    const fileName = input.fileName ?? 'file';
    const url = `http://media.test/${input.companyId}/${this.files.size + 1}/${fileName}`;
    this.files.set(url, { data, mimeType: input.mimeType, fileName });
    return { url, mimeType: input.mimeType, fileName, size: data.length };
  }

  async get(url: string): Promise<{ data: Buffer; mimeType: string; fileName: string }> {
    const file = this.files.get(url);
    if (!file) throw new MediaRejectedError('unreadable', `no file at ${url}`);
    return file;
  }

  isPlatformUrl(url: string): boolean {
    return this.files.has(url);
  }
}

/** The lease as the core's fence sees it: held until `lose()`. Every fence call runs a query in the transaction. */
export class FakeLease {
  lost = false;
  fenceCalls = 0;
  constructor(private readonly connectionId: number) {}
  lose(): void {
    this.lost = true;
  }
  readonly fence = async (manager: EntityManager): Promise<void> => {
    this.fenceCalls += 1;
    await manager.query('SELECT 1');
    if (this.lost) throw new LeaseLostError(this.connectionId);
  };
}

export const TEST_OPTIONS: BaileysOptions = {
  waVersion: [2, 3000, 1043857760],
  backoffBaseMs: 2_000,
  backoffCapMs: 300_000,
  stableAfterMs: 300_000,
  maxRetries: 10,
  maxRestarts: 3,
  messageRetentionDays: 30,
};

let dataSource: DataSource | null = null;

/** The connector's schema as the Baileys tables see it (its own schema per run, migrated once). */
export async function baileysDataSource(): Promise<DataSource> {
  if (dataSource) return dataSource;
  const source = createServiceDataSource({
    url: testRun().databaseUrl,
    schema: 'baileys_test',
    entities: [],
    migrations: baileysMigrations,
    poolSize: 4,
  });
  await runMigrations(source);
  dataSource = source;
  return source;
}

export async function closeDataSource(): Promise<void> {
  await dataSource?.destroy();
  dataSource = null;
}

export interface Harness {
  readonly connectionId: number;
  readonly companyId: number;
  readonly context: SessionContext;
  readonly sink: FakeSink;
  readonly media: FakeMediaStore;
  readonly lease: FakeLease;
  readonly factory: FakeSocketFactory;
  readonly downloader: FakeDownloader;
  readonly provider: BaileysProvider;
  readonly session: ProviderSession;
  readonly db: DataSource;
}

export async function harness(
  options: { allowGroups?: boolean; baileys?: Partial<BaileysOptions> } = {},
): Promise<Harness> {
  const db = await baileysDataSource();
  const companyId = await nextCompanyId();
  const connectionId = await nextCompanyId();
  const sink = new FakeSink();
  const media = new FakeMediaStore();
  const lease = new FakeLease(connectionId);
  const factory = new FakeSocketFactory();
  const downloader = new FakeDownloader();
  const context: SessionContext = {
    connection: {
      id: connectionId,
      companyId,
      name: 'WhatsApp Baileys',
      provider: 'baileys',
      allowGroups: options.allowGroups ?? false,
      cloud: null,
    },
    lease: { owner: 'test-process', epoch: 1 },
    sink,
    media,
    logger: silentLogger,
    fence: lease.fence,
    transaction: (work) => db.transaction(work),
    report: (work) => db.transaction(work),
  };
  const provider = new BaileysProvider(factory, downloader, { ...TEST_OPTIONS, ...options.baileys });
  return {
    connectionId,
    companyId,
    context,
    sink,
    media,
    lease,
    factory,
    downloader,
    provider,
    session: provider.open(context),
    db,
  };
}

/** Starts the session and brings its socket to CONNECTED, as after a login with stored creds. */
export async function connected(h: Harness): Promise<FakeSocket> {
  await h.session.start({});
  const socket = h.factory.last;
  socket.open();
  await eventually(() => expect(h.sink.statusNames.at(-1)).toBe('CONNECTED'));
  return socket;
}

/** Rows of a table for this connection. */
export async function rows(h: Harness, table: string): Promise<Record<string, unknown>[]> {
  return h.db.query(`SELECT * FROM ${table} WHERE connection_id = $1`, [h.connectionId]);
}

/**
 * Retries an assertion until it passes (the adapter reacts within a few ms; the DB within tens). Waits with
 * `setImmediate` and measures with `hrtime`, which the backoff test leaves real, so it works under fake timers.
 */
export async function eventually<T>(assertion: () => T | Promise<T>, timeoutMs = 5_000): Promise<T> {
  const deadline = process.hrtime.bigint() + BigInt(timeoutMs) * 1_000_000n;
  for (;;) {
    try {
      return await assertion();
    } catch (error) {
      if (process.hrtime.bigint() > deadline) throw error;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

/**
 * Timers a test may fake without stalling PostgreSQL I/O or `eventually`; a timer set before the clock was faked and
 * cleared while it is, is cleared for real.
 */
export const FAKE_TIMERS: FakeTimersConfig = {
  toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  shouldClearNativeTimers: true,
};
