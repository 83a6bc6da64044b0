import type { AuthenticationState, BaileysEventMap } from 'baileys';
import {
  LeaseLostError,
  SessionNotReadyError,
  type SessionContext,
  type SessionSink,
  type SessionStatusUpdate,
} from '../provider.port.js';
import { BaileysAuthStore } from './baileys-auth.store.js';
import { BaileysDataStore } from './baileys-data.store.js';
import type { GroupCache } from './baileys-groups.js';
import type { EventHandlers } from './baileys-handlers.js';
import { backoffDelay, closeAction, isGroupJid, isIgnoredJid, normalizeJid, numberOf } from './baileys.mapper.js';
import type { BaileysOptions } from './baileys.config.js';
import type { WaMediaDownloader, WaSocketFactory, WaSocketLike } from './baileys.port.js';
import { BoundedMap } from './bounded-map.js';

export interface BaileysSessionDeps {
  readonly factory: WaSocketFactory;
  readonly downloader: WaMediaDownloader;
  readonly options: BaileysOptions;
}

type Batch = Partial<BaileysEventMap>;

/**
 * A session's socket and status machine: builds sockets through the factory (with the auth state from
 * PostgreSQL), drives the status from `connection.update` (QR, pairing code, open, close-code policy in
 * `closeAction`: restart, backoff with jitter, wipe, timeout, stop), saves creds, and logs out. Exactly one socket
 * is live at a time: before a new one is built the old one's listeners are removed and it is ended; a generation
 * counter makes late events of an old socket harmless. Event batches run in order, one at a time, through the
 * traffic handlers after the lifecycle's own; nothing more is handled once a fenced write found the lease lost.
 */
export class BaileysLifecycle {
  private socket: WaSocketLike | null = null;
  private unsubscribe: (() => void) | null = null;
  private generation = 0;
  private open = false;
  /** No reconnects (stop(), a terminal close, or the lease lost). */
  private halted = true;
  /** A fenced write found another process owning the session: nothing more is handled or written. */
  private leaseLost = false;
  private retries = 0;
  private restarts = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private stableTimer: NodeJS.Timeout | null = null;
  private pairingNumber: string | null = null;
  private pairingCode: string | null = null;
  private auth: AuthenticationState | null = null;
  private lastStatus: SessionStatusUpdate | null = null;
  private queue: Promise<void> = Promise.resolve();
  private credsWrite: Promise<void> = Promise.resolve();
  private readonly retryCounters = new BoundedMap<unknown>(5_000);
  private readonly authStore: BaileysAuthStore;
  private readonly random: () => number;
  private readonly handlers: EventHandlers;

  constructor(
    private readonly context: SessionContext,
    private readonly deps: BaileysSessionDeps,
    private readonly parts: {
      /** The core's sink, retried (`durableSink`). */
      readonly sink: SessionSink;
      readonly data: Pick<BaileysDataStore, 'find' | 'prune'>;
      readonly groups: Pick<GroupCache, 'get'>;
      /** Chat traffic and the address book, run after `creds.update` and `connection.update` in each batch. */
      readonly traffic: EventHandlers;
    },
  ) {
    this.authStore = new BaileysAuthStore(context, (error) => this.onWriteRejected(error));
    this.random = deps.options.random ?? Math.random;
    this.handlers = {
      'creds.update': () => this.saveCreds(),
      'connection.update': (update) => this.onConnection(update),
      ...parts.traffic,
    };
  }

  private get connection(): SessionContext['connection'] {
    return this.context.connection;
  }

  /** The live socket (null between sockets). */
  current(): WaSocketLike | null {
    return this.socket;
  }

  isOpen(): boolean {
    return this.open;
  }

  /** The open socket, for a command; `SessionNotReadyError` while not CONNECTED. */
  ready(): WaSocketLike {
    if (!this.open || !this.socket) throw new SessionNotReadyError(this.connection.id);
    return this.socket;
  }

  async start(options: { readonly pairingNumber?: string }): Promise<void> {
    this.halted = false;
    this.leaseLost = false;
    this.pairingNumber = options.pairingNumber ? options.pairingNumber.replace(/\D/g, '') || null : null;
    this.pairingCode = null;
    this.retries = 0;
    this.restarts = 0;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.halted = true;
    this.generation += 1;
    await this.dropSocket();
    await this.queue;
  }

  async logout(): Promise<void> {
    const socket = this.socket;
    const wasOpen = this.open;
    this.halted = true;
    this.generation += 1;
    this.clearTimers();
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (socket && wasOpen) {
      try {
        await socket.logout();
      } catch (error) {
        this.context.logger.warn({ err: error }, 'logout on WhatsApp failed; wiping the session anyway');
      }
    }
    await this.dropSocket();
    await this.wipeStored();
    this.pairingCode = null;
    await this.report({ status: 'DISCONNECTED', qrcode: '', number: null, retries: 0, reason: 'loggedOut' });
  }

  private async connect(): Promise<void> {
    this.clearTimers();
    const generation = ++this.generation;
    await this.dropSocket();
    if (this.halted || generation !== this.generation) return;
    if (!this.auth) this.auth = (await this.authStore.load(this.context.logger)).state;
    if (!(this.lastStatus?.status === 'OPENING' && this.lastStatus.retries === this.retries)) {
      await this.report({ status: 'OPENING', qrcode: '', retries: this.retries });
    }
    const { data, groups } = this.parts;
    const socket = await this.deps.factory.create({
      connectionId: this.connection.id,
      auth: this.auth,
      logger: this.context.logger,
      version: this.deps.options.waVersion,
      getMessage: async (key) => (key.id ? ((await data.find(key.id))?.message?.message ?? undefined) : undefined),
      cachedGroupMetadata: async (jid) => groups.get(jid),
      shouldIgnoreJid: (jid) => isIgnoredJid(jid) || (!this.connection.allowGroups && isGroupJid(jid)),
      msgRetryCounterCache: {
        get: <T>(key: string) => this.retryCounters.get(key) as T | undefined,
        set: (key, value) => void this.retryCounters.set(key, value),
        del: (key) => this.retryCounters.delete(key),
        flushAll: () => this.retryCounters.clear(),
      },
    });
    if (this.halted || generation !== this.generation) {
      await Promise.resolve(socket.end(undefined)).catch(() => undefined);
      return;
    }
    this.socket = socket;
    this.unsubscribe = socket.ev.process((events) => this.enqueue(generation, events));
  }

  /** Removes our listeners, then ends the socket (never `ws.close()`: that leaves a zombie). */
  private async dropSocket(): Promise<void> {
    const socket = this.socket;
    this.socket = null;
    this.open = false;
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (!socket) return;
    try {
      socket.ev.removeAllListeners('connection.update');
      await socket.end(undefined);
    } catch (error) {
      this.context.logger.warn({ err: error }, 'ending the Baileys socket failed');
    }
  }

  private clearTimers(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.stableTimer) clearTimeout(this.stableTimer);
    this.reconnectTimer = null;
    this.stableTimer = null;
  }

  /** Batches run one after another, in order (the event buffer does not await its listeners). */
  private enqueue(generation: number, events: Batch): Promise<void> {
    this.queue = this.queue
      .then(() => (generation === this.generation ? this.handle(events) : undefined))
      .catch((error: unknown) => {
        this.context.logger.error({ err: error }, 'handling Baileys events failed');
      });
    return this.queue;
  }

  private enqueueClose(generation: number): Promise<void> {
    return this.enqueue(generation, { 'connection.update': { connection: 'close' } });
  }

  /**
   * One batch, part by part: a failing part (a creds write during a database blip) is logged and does not take the
   * batch's messages with it. Nothing more is handled once the lease is lost.
   */
  private async handle(events: Batch): Promise<void> {
    for (const [event, handler] of Object.entries(this.handlers) as [
      keyof BaileysEventMap,
      (data: unknown) => Promise<void>,
    ][]) {
      const data = events[event];
      if (data === undefined) continue;
      if (this.leaseLost) return;
      try {
        await handler(data);
      } catch (error) {
        this.context.logger.error({ err: error, event }, 'handling a Baileys event failed');
      }
    }
  }

  private async report(update: SessionStatusUpdate): Promise<void> {
    this.lastStatus = update;
    await this.parts.sink.status(update);
  }

  private onWriteRejected(error: unknown): void {
    if (!(error instanceof LeaseLostError)) return;
    this.leaseLost = true;
    this.context.logger.warn('lease lost: ending the Baileys socket');
    this.halted = true;
    this.generation += 1;
    this.clearTimers();
    void this.dropSocket();
  }

  private saveCreds(): Promise<void> {
    const creds = this.auth?.creds;
    if (!creds) return Promise.resolve();
    // serialised: bursts of creds.update must land in order
    this.credsWrite = this.credsWrite.catch(() => undefined).then(() => this.authStore.saveCreds(creds));
    return this.credsWrite;
  }

  private async onConnection(update: BaileysEventMap['connection.update']): Promise<void> {
    const socket = this.socket;
    if (update.qr && socket) {
      if (this.pairingNumber) {
        if (!this.pairingCode) {
          this.pairingCode = await socket.requestPairingCode(this.pairingNumber);
          await this.report({ status: 'PAIRING', qrcode: '', pairingCode: this.pairingCode, retries: this.retries });
        }
      } else {
        await this.report({ status: 'qrcode', qrcode: update.qr, pairingCode: null, retries: this.retries });
      }
    }
    if (update.isNewLogin) {
      await this.report({ status: 'PAIRING', qrcode: '', pairingCode: this.pairingCode, retries: this.retries });
    }
    if (update.connection === 'open') await this.onOpen();
    if (update.connection === 'close') {
      const error = update.lastDisconnect?.error as { output?: { statusCode?: number } } | undefined;
      await this.onClose(error?.output?.statusCode);
    }
  }

  private async onOpen(): Promise<void> {
    this.open = true;
    this.restarts = 0;
    this.pairingCode = null;
    this.stableTimer = setTimeout(() => {
      this.retries = 0;
    }, this.deps.options.stableAfterMs);
    this.stableTimer.unref?.();
    const user = this.socket?.user;
    await this.report({
      status: 'CONNECTED',
      qrcode: '',
      pairingCode: null,
      number: user ? numberOf(normalizeJid(user.id)) : null,
      retries: this.retries,
    });
    await this.parts.data.prune(this.deps.options.messageRetentionDays).catch((error: unknown) => {
      this.context.logger.warn({ err: error }, 'pruning stored Baileys messages failed');
    });
  }

  private async onClose(statusCode: number | undefined): Promise<void> {
    this.open = false;
    this.clearTimers();
    let decision = closeAction(statusCode, Boolean(this.auth?.creds.registered));
    if (decision.action === 'restart' && ++this.restarts > this.deps.options.maxRestarts) {
      decision = { action: 'backoff', reason: 'restartRequired' };
    }
    this.context.logger.info({ statusCode, ...decision }, 'Baileys socket closed');
    switch (decision.action) {
      case 'restart':
        await this.connect();
        return;
      case 'backoff': {
        this.retries += 1;
        if (this.retries > this.deps.options.maxRetries) {
          this.halted = true;
          await this.dropSocket();
          await this.report({ status: 'DISCONNECTED', qrcode: '', retries: this.retries, reason: 'retriesExhausted' });
          return;
        }
        const { backoffBaseMs, backoffCapMs } = this.deps.options;
        const delay = backoffDelay(this.retries, backoffBaseMs, backoffCapMs, this.random);
        const generation = this.generation;
        this.reconnectTimer = setTimeout(() => {
          this.reconnectTimer = null;
          if (generation !== this.generation || this.halted) return;
          this.connect().catch((error: unknown) => {
            // counts as one more transient close: backs off again, and gives up after maxRetries
            this.context.logger.error({ err: error }, 'reconnecting the Baileys socket failed');
            if (generation + 1 === this.generation && !this.halted) void this.enqueueClose(this.generation);
          });
        }, delay);
        await this.report({ status: 'OPENING', qrcode: '', retries: this.retries, reason: decision.reason });
        return;
      }
      case 'wipe-and-restart':
        await this.dropSocket();
        await this.wipeStored();
        this.pairingCode = null;
        this.retries = 0;
        await this.report({ status: 'DISCONNECTED', qrcode: '', number: null, retries: 0, reason: decision.reason });
        await this.connect();
        return;
      case 'timeout':
        this.halted = true;
        await this.dropSocket();
        this.pairingCode = null;
        await this.report({
          status: 'TIMEOUT',
          qrcode: '',
          pairingCode: null,
          retries: this.retries,
          reason: decision.reason,
        });
        return;
      case 'stop':
        this.halted = true;
        await this.dropSocket();
        await this.report({ status: 'DISCONNECTED', qrcode: '', retries: this.retries, reason: decision.reason });
        return;
    }
  }

  /** Auth state, messages and contacts of the connection, in one fenced transaction; fresh creds next time. */
  private async wipeStored(): Promise<void> {
    try {
      await this.context.transaction(async (manager) => {
        await this.context.fence(manager);
        await BaileysAuthStore.wipeAuth(manager, this.connection.id);
        await BaileysDataStore.wipeData(manager, this.connection.id);
      });
    } catch (error) {
      this.onWriteRejected(error);
      throw error;
    }
    this.auth = null;
  }
}
