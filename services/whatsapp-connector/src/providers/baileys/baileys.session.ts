import { createHash } from 'node:crypto';
import type {
  AnyMessageContent,
  AuthenticationState,
  BaileysEventMap,
  Contact,
  GroupMetadata,
  WACallEvent,
  WAMessage,
  WAMessageKey,
  WAMessageUpdate,
  MessageUserReceiptUpdate,
  proto,
} from 'baileys';
import { normalizeMessageContent } from 'baileys';
import type { InboundMessage } from '@cs/proto/events';
import {
  LeaseLostError,
  MediaRejectedError,
  SessionNotReadyError,
  type ContactUpdate,
  type InboundEvent,
  type NumberCheckResult,
  type ProviderSession,
  type SendRequest,
  type SessionContext,
  type SessionSink,
  type SessionStatusUpdate,
} from '../provider.port.js';
import type { BaileysOptions } from './baileys.config.js';
import { BaileysAuthStore } from './baileys-auth.store.js';
import { BaileysDataStore } from './baileys-data.store.js';
import {
  ackOf,
  ackOfReceipt,
  advancesAck,
  backoffDelay,
  classify,
  closeAction,
  conversationOf,
  extensionOf,
  isGroupJid,
  isIgnoredJid,
  isoFromSeconds,
  isMissedCallStub,
  CALL_MISSED_VIDEO,
  MESSAGE_EDIT,
  STUB_REVOKE,
  normalizeJid,
  numberOf,
  partyOf,
  textOf,
  type Classified,
} from './baileys.mapper.js';
import type { WaMediaDownloader, WaSocketFactory, WaSocketLike } from './baileys.port.js';

export interface BaileysSessionDeps {
  readonly factory: WaSocketFactory;
  readonly downloader: WaMediaDownloader;
  readonly options: BaileysOptions;
}

type Conversation = NonNullable<ReturnType<typeof conversationOf>>;
type Batch = Partial<BaileysEventMap>;

const SINK_ATTEMPTS = 5;

/** A Map that forgets its oldest entries beyond `limit` (per-session dedupe memory). */
class Bounded<V> extends Map<string, V> {
  constructor(private readonly limit: number) {
    super();
  }
  override set(key: string, value: V): this {
    if (this.has(key)) this.delete(key);
    super.set(key, value);
    if (this.size > this.limit) this.delete(this.keys().next().value as string);
    return this;
  }
}

/**
 * One Baileys session: builds sockets through the factory, drives the status machine from `connection.update`
 * (close-code policy in `closeAction`), maps traffic to the sink and carries out commands. Exactly one socket is
 * live at a time: before a new one is built the old one's listeners are removed and it is ended; a generation
 * counter makes late events of an old socket harmless.
 */
export class BaileysSession implements ProviderSession {
  private socket: WaSocketLike | null = null;
  private unsubscribe: (() => void) | null = null;
  private generation = 0;
  private isOpen = false;
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
  private readonly acks = new Bounded<number>(10_000);
  private readonly handled = new Bounded<true>(10_000);
  private readonly acceptedCalls = new Bounded<true>(1_000);
  private readonly groups = new Bounded<GroupMetadata>(500);
  private readonly retryCounters = new Bounded<unknown>(5_000);
  /** The core's sink, each call retried a few times (see `durably`). */
  private readonly sink: SessionSink;
  private readonly authStore: BaileysAuthStore;
  private readonly data: BaileysDataStore;
  private readonly random: () => number;

  constructor(
    private readonly context: SessionContext,
    private readonly deps: BaileysSessionDeps,
  ) {
    this.authStore = new BaileysAuthStore(context, (error) => this.onWriteRejected(error));
    this.data = new BaileysDataStore(context);
    this.random = deps.options.random ?? Math.random;
    const sink = context.sink;
    this.sink = {
      status: (update) => this.durably('status', () => sink.status(update)),
      inbound: (event) => this.durably('inbound', () => sink.inbound(event)),
      ack: (update) => this.durably('ack', () => sink.ack(update)),
      contact: (update) => this.durably('contact', () => sink.contact(update)),
    };
  }

  /**
   * WhatsApp acknowledged a message before Baileys handed it to us, so a failing sink (the core's outbox: a database
   * blip) is retried a few times, 0.2 s, 0.4 s, 0.8 s, 1.6 s apart, before the event is given up (and logged).
   */
  private async durably<T>(what: string, work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await work();
      } catch (error) {
        if (attempt >= SINK_ATTEMPTS) throw error;
        this.context.logger.warn({ err: error, attempt }, `sink.${what} failed; retrying`);
        await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** (attempt - 1)));
      }
    }
  }

  private get connection(): SessionContext['connection'] {
    return this.context.connection;
  }

  // ---- lifecycle -------------------------------------------------------------------------------------------

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

  private async connect(): Promise<void> {
    this.clearTimers();
    const generation = ++this.generation;
    await this.dropSocket();
    if (this.halted || generation !== this.generation) return;
    if (!this.auth) this.auth = (await this.authStore.load(this.context.logger)).state;
    if (!(this.lastStatus?.status === 'OPENING' && this.lastStatus.retries === this.retries)) {
      await this.report({ status: 'OPENING', qrcode: '', retries: this.retries });
    }
    const socket = await this.deps.factory.create({
      connectionId: this.connection.id,
      auth: this.auth,
      logger: this.context.logger,
      version: this.deps.options.waVersion,
      getMessage: async (key) => (key.id ? ((await this.data.find(key.id))?.message?.message ?? undefined) : undefined),
      cachedGroupMetadata: async (jid) => this.groups.get(jid),
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
    this.isOpen = false;
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

  private async report(update: SessionStatusUpdate): Promise<void> {
    this.lastStatus = update;
    await this.sink.status(update);
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

  /**
   * One batch, part by part: a failing part (a creds write during a database blip) is logged and does not take the
   * batch's messages with it. Nothing more is handled once the lease is lost.
   */
  private async handle(events: Batch): Promise<void> {
    const parts: [keyof BaileysEventMap, () => Promise<void>][] = [];
    const on = <E extends keyof BaileysEventMap>(
      event: E,
      handler: (data: BaileysEventMap[E]) => Promise<void>,
    ): void => {
      const data = events[event];
      if (data !== undefined) parts.push([event, () => handler(data)]);
    };
    on('creds.update', () => this.saveCreds());
    on('connection.update', (update) => this.onConnection(update));
    on('groups.upsert', (groups) => this.onGroups(groups));
    on('groups.update', (groups) => this.onGroups(groups));
    on('contacts.upsert', (contacts) => this.onContacts(contacts));
    on('contacts.update', (contacts) => this.onContacts(contacts));
    on('chats.upsert', (chats) => this.onChats(chats));
    on('chats.update', (chats) => this.onChats(chats));
    on('lid-mapping.update', (mapping) => this.onLidMapping(mapping));
    on('messages.upsert', (upsert) => this.onUpsert(upsert));
    on('messages.update', (updates) => this.onMessageUpdates(updates));
    on('message-receipt.update', (receipts) => this.onReceipts(receipts));
    on('messages.reaction', (reactions) => this.onReactions(reactions));
    on('call', (calls) => this.onCalls(calls));
    for (const [event, part] of parts) {
      if (this.leaseLost) return;
      try {
        await part();
      } catch (error) {
        this.context.logger.error({ err: error, event }, 'handling a Baileys event failed');
      }
    }
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
    this.isOpen = true;
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
    await this.data.prune(this.deps.options.messageRetentionDays).catch((error: unknown) => {
      this.context.logger.warn({ err: error }, 'pruning stored Baileys messages failed');
    });
  }

  private async onClose(statusCode: number | undefined): Promise<void> {
    this.isOpen = false;
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

  // ---- inbound ---------------------------------------------------------------------------------------------

  private conversation(key: WAMessageKey, pushName: string | null | undefined): Conversation | null {
    // a group message we sent from the phone may carry no participant: we are the one who wrote
    const own = this.socket?.user?.id;
    const conversation =
      isGroupJid(key.remoteJid) && key.fromMe && !key.participant && own
        ? conversationOf({ ...key, participant: normalizeJid(own) }, pushName)
        : conversationOf(key, pushName);
    if (!conversation) return null;
    if (conversation.isGroup && !this.connection.allowGroups) return null;
    return conversation;
  }

  private async groupName(jid: string): Promise<string | null> {
    const cached = this.groups.get(jid);
    if (cached) return cached.subject ?? null;
    try {
      const metadata = await this.socket?.groupMetadata(jid);
      if (!metadata) return null;
      this.groups.set(jid, metadata);
      return metadata.subject ?? null;
    } catch (error) {
      this.context.logger.warn({ err: error }, 'group metadata unavailable');
      return null;
    }
  }

  private async base(conversation: Conversation): Promise<{
    connectionId: number;
    chatJid: string;
    isGroup: boolean;
    groupName: string | null;
    contact: Conversation['contact'];
  }> {
    return {
      connectionId: this.connection.id,
      chatJid: conversation.chatJid,
      isGroup: conversation.isGroup,
      groupName: conversation.isGroup ? await this.groupName(conversation.chatJid) : null,
      contact: conversation.contact,
    };
  }

  /** Revokes, edits, reactions and calls can reach us twice (upsert and update paths): emit each once. */
  private async emitOnce(key: string, event: () => Promise<InboundEvent>): Promise<void> {
    if (this.handled.has(key)) return;
    await this.sink.inbound(await event());
    this.handled.set(key, true);
  }

  private async onUpsert(upsert: BaileysEventMap['messages.upsert']): Promise<void> {
    for (const message of upsert.messages) {
      await this.onMessage(message, upsert.type === 'append');
    }
  }

  private async onMessage(message: WAMessage, isOffline: boolean): Promise<void> {
    const key = message.key;
    const id = key.id;
    if (!id) return;
    const conversation = this.conversation(key, message.pushName);
    if (!conversation) return;
    const classified = classify(message);
    switch (classified.type) {
      case 'skip':
        if (isMissedCallStub(message.messageStubType)) await this.emitMissedCallStub(message, conversation);
        return;
      case 'revoke':
        return this.emitRevoke(conversation, classified.targetId, Boolean(key.fromMe));
      case 'edit':
        return this.emitEdit(conversation, classified.targetId, classified.body, message.messageTimestamp);
      case 'reaction':
        return this.emitOnce(`reaction:${id}`, async () => ({
          type: 'whatsapp.message.reacted',
          data: {
            ...(await this.base(conversation)),
            messageId: id,
            targetMessageId: classified.targetId,
            fromMe: Boolean(key.fromMe),
            emoji: classified.emoji,
            timestamp: isoFromSeconds(message.messageTimestamp, new Date()),
          },
        }));
      case 'message':
        break;
    }
    if (key.fromMe && (await this.data.isOurs(id))) {
      // our own send echoed back (emitOwnEvents): only its status matters
      await this.applyAck(conversation.chatJid, id, message.status);
      return;
    }
    const event: InboundEvent = {
      type: 'whatsapp.message.received',
      data: {
        ...(await this.base(conversation)),
        messageId: id,
        fromMe: Boolean(key.fromMe),
        timestamp: isoFromSeconds(message.messageTimestamp, new Date()),
        kind: classified.kind,
        body: classified.body,
        media: await this.storeMedia(message, classified),
        location: classified.location
          ? {
              latitude: classified.location.latitude,
              longitude: classified.location.longitude,
              name: classified.location.name,
              address: classified.location.address,
              thumbnailUrl: await this.storeThumbnail(classified.location.thumbnail, id),
            }
          : null,
        vcards: classified.vcards,
        quotedMessageId: classified.quotedMessageId,
        isOffline,
      },
    };
    // kept first, so a reply can quote it and a mark-read can name its participant as soon as the core knows it
    await this.data.recordReceived(message, conversation.chatJid);
    await this.sink.inbound(event);
    if (key.fromMe) await this.applyAck(conversation.chatJid, id, message.status);
  }

  private async storeMedia(
    message: WAMessage,
    classified: Extract<Classified, { type: 'message' }>,
  ): Promise<InboundMessage['media']> {
    const media = classified.media;
    if (!media || !this.socket) return null;
    const id = message.key.id ?? 'media';
    try {
      const data = await this.deps.downloader.download(message, this.socket);
      const stored = await this.context.media.put({
        companyId: this.connection.companyId,
        connectionId: this.connection.id,
        data,
        mimeType: media.mimeType,
        fileName: media.fileName ?? `${id}.${extensionOf(media.mimeType)}`,
      });
      return { ...stored, ...(media.kind === 'audio' ? { ptt: media.ptt } : {}) };
    } catch (error) {
      // the message still reaches the ticket, with its caption and without the file
      if (error instanceof MediaRejectedError) {
        this.context.logger.info({ reason: error.reason }, 'inbound media rejected');
      } else {
        this.context.logger.warn({ err: error }, 'inbound media download failed');
      }
      return null;
    }
  }

  private async storeThumbnail(thumbnail: Uint8Array | null, id: string): Promise<string | null> {
    if (!thumbnail) return null;
    try {
      const stored = await this.context.media.put({
        companyId: this.connection.companyId,
        connectionId: this.connection.id,
        data: Buffer.from(thumbnail),
        mimeType: 'image/jpeg',
        fileName: `${id}-location.jpg`,
      });
      return stored.url;
    } catch {
      return null;
    }
  }

  private emitRevoke(conversation: Conversation, targetId: string, fromMe: boolean): Promise<void> {
    return this.emitOnce(`revoke:${targetId}`, async () => ({
      type: 'whatsapp.message.revoked',
      data: { ...(await this.base(conversation)), messageId: targetId, fromMe },
    }));
  }

  private emitEdit(conversation: Conversation, targetId: string, body: string, at: unknown): Promise<void> {
    const editedAt = isoFromSeconds(at as never, new Date());
    return this.emitOnce(`edit:${targetId}:${body}`, async () => ({
      type: 'whatsapp.message.edited',
      data: { ...(await this.base(conversation)), messageId: targetId, body, editedAt },
    }));
  }

  private async onMessageUpdates(updates: WAMessageUpdate[]): Promise<void> {
    for (const { key, update } of updates) {
      if (!key.id || !key.remoteJid || isIgnoredJid(key.remoteJid)) continue;
      const conversation = this.conversation(key, null);
      if (update.message === null && update.messageStubType === STUB_REVOKE) {
        if (conversation) await this.emitRevoke(conversation, key.id, Boolean(key.fromMe));
      } else if (update.message) {
        const content = normalizeMessageContent(update.message);
        const protocol = content?.protocolMessage;
        const body =
          protocol?.type === MESSAGE_EDIT ? textOf(normalizeMessageContent(protocol.editedMessage)) : textOf(content);
        if (conversation && (update.message.editedMessage || protocol?.type === MESSAGE_EDIT)) {
          await this.emitEdit(conversation, key.id, body, update.messageTimestamp);
        }
      }
      if (update.status !== undefined && update.status !== null) {
        await this.applyAck(normalizeJid(key.remoteJid), key.id, update.status);
      }
    }
  }

  private async onReceipts(receipts: MessageUserReceiptUpdate[]): Promise<void> {
    for (const { key, receipt } of receipts) {
      if (!key.id || !key.remoteJid || isIgnoredJid(key.remoteJid)) continue;
      const ack = ackOfReceipt(receipt);
      if (ack !== null) await this.applyAck(normalizeJid(key.remoteJid), key.id, ack);
    }
  }

  /** Acks move forward only (a late "delivered" after "read" is dropped); ERROR always gets through once. */
  private async applyAck(chatJid: string, messageId: string, status: unknown): Promise<void> {
    const ack = ackOf(status);
    if (ack === null) return;
    const previous = this.acks.get(messageId);
    if (!advancesAck(previous, ack)) return;
    await this.sink.ack({ chatJid, messageId, ack });
    this.acks.set(messageId, ack);
  }

  private async onReactions(reactions: BaileysEventMap['messages.reaction']): Promise<void> {
    for (const { key, reaction } of reactions) {
      const reactionKey = reaction.key;
      if (!reactionKey?.id || !key.id) continue;
      const conversation = this.conversation(reactionKey, null);
      if (!conversation) continue;
      await this.emitOnce(`reaction:${reactionKey.id}`, async () => ({
        type: 'whatsapp.message.reacted',
        data: {
          ...(await this.base(conversation)),
          messageId: reactionKey.id!,
          targetMessageId: key.id!,
          fromMe: Boolean(reactionKey.fromMe),
          emoji: reaction.text ?? '',
          timestamp: new Date(Number(reaction.senderTimestampMs ?? Date.now())).toISOString(),
        },
      }));
    }
  }

  private async onCalls(calls: WACallEvent[]): Promise<void> {
    for (const call of calls) {
      if (call.status === 'accept') this.acceptedCalls.set(call.id, true);
      const outcome =
        call.status === 'reject'
          ? 'rejected'
          : (call.status === 'timeout' || call.status === 'terminate') && !this.acceptedCalls.has(call.id)
            ? 'missed'
            : null;
      if (!outcome) continue;
      const isGroup = Boolean(call.isGroup && call.groupJid);
      if (isGroup && !this.connection.allowGroups) continue;
      const contact = partyOf(call.from, call.callerPn ?? null, null);
      const chatJid = isGroup ? call.groupJid! : normalizeJid(call.callerPn ?? call.chatId ?? call.from);
      await this.emitOnce(`call:${call.id}`, async () => ({
        type: 'whatsapp.call.missed',
        data: {
          connectionId: this.connection.id,
          chatJid,
          isGroup,
          groupName: isGroup ? await this.groupName(chatJid) : null,
          contact,
          callId: call.id,
          isVideo: Boolean(call.isVideo),
          status: outcome,
          timestamp: new Date(call.date ?? Date.now()).toISOString(),
        },
      }));
    }
  }

  /** A call missed while we were offline only arrives as this stub (its key id is the call id). */
  private emitMissedCallStub(message: WAMessage, conversation: Conversation): Promise<void> {
    const callId = message.key.id!;
    return this.emitOnce(`call:${callId}`, async () => ({
      type: 'whatsapp.call.missed',
      data: {
        ...(await this.base(conversation)),
        callId,
        isVideo: message.messageStubType === CALL_MISSED_VIDEO,
        status: 'missed',
        timestamp: isoFromSeconds(message.messageTimestamp, new Date()),
      },
    }));
  }

  private async reportContact(update: ContactUpdate | null): Promise<void> {
    if (update) await this.sink.contact(update);
  }

  private async onContacts(contacts: Partial<Contact>[]): Promise<void> {
    for (const contact of contacts) {
      if (!contact.id || isIgnoredJid(contact.id)) continue;
      const isGroup = isGroupJid(contact.id);
      if (isGroup && !this.connection.allowGroups) continue;
      const party = partyOf(contact.id, contact.phoneNumber ?? contact.lid ?? null, contact.notify);
      const picture =
        contact.imgUrl === 'changed'
          ? await this.freshPicture(contact.id)
          : contact.imgUrl === undefined
            ? undefined
            : (contact.imgUrl ?? null);
      await this.reportContact(
        await this.data.mergeContact({
          jid: party.jid,
          number: party.number,
          lid: party.lid,
          isGroup,
          ...(contact.name !== undefined || contact.verifiedName !== undefined
            ? { name: contact.name ?? contact.verifiedName ?? null }
            : {}),
          ...(contact.notify !== undefined ? { notify: contact.notify ?? null } : {}),
          ...(picture !== undefined ? { profilePicUrl: picture } : {}),
        }),
      );
    }
  }

  /** WhatsApp only says a picture changed: ask for the new one (undefined, i.e. unknown, when it cannot be read). */
  private async freshPicture(jid: string): Promise<string | null | undefined> {
    if (!this.isOpen) return undefined;
    try {
      return await this.profilePicture(jid);
    } catch (error) {
      this.context.logger.warn({ err: error }, 'profile picture unavailable');
      return undefined;
    }
  }

  private async onChats(chats: { id?: string | null; name?: string | null }[]): Promise<void> {
    for (const chat of chats) {
      if (!chat.id || !chat.name || isIgnoredJid(chat.id)) continue;
      const isGroup = isGroupJid(chat.id);
      if (isGroup && !this.connection.allowGroups) continue;
      const party = partyOf(chat.id, null, null);
      await this.reportContact(
        await this.data.mergeContact({
          jid: party.jid,
          number: party.number,
          lid: party.lid,
          isGroup,
          name: chat.name,
        }),
      );
    }
  }

  private async onGroups(groups: Partial<GroupMetadata>[]): Promise<void> {
    for (const group of groups) {
      if (!group.id || !this.connection.allowGroups) continue;
      const cached = this.groups.get(group.id);
      if (cached || group.subject !== undefined) {
        this.groups.set(group.id, { ...(cached ?? {}), ...group } as GroupMetadata);
      }
      if (group.subject === undefined) continue;
      await this.reportContact(
        await this.data.mergeContact({ jid: group.id, number: null, lid: null, isGroup: true, name: group.subject }),
      );
    }
  }

  private async onLidMapping(mapping: BaileysEventMap['lid-mapping.update']): Promise<void> {
    const party = partyOf(mapping.pn, mapping.lid, null);
    if (!party.number || !party.lid) return;
    await this.reportContact(
      await this.data.mergeContact({ jid: party.jid, number: party.number, lid: party.lid, isGroup: false }),
    );
  }

  // ---- outbound --------------------------------------------------------------------------------------------

  private ready(): WaSocketLike {
    if (!this.isOpen || !this.socket) throw new SessionNotReadyError(this.connection.id);
    return this.socket;
  }

  /** The WhatsApp id of a send: derived from the command, so a resend after a crash carries the same id. */
  messageIdFor(idempotencyKey: string): string {
    const digest = createHash('sha256').update(`${this.connection.id}:${idempotencyKey}`).digest('hex');
    return `3EB0${digest.slice(0, 18).toUpperCase()}`;
  }

  async send(request: SendRequest): Promise<{ messageId: string; timestamp: Date }> {
    const socket = this.ready();
    const messageId = this.messageIdFor(request.idempotencyKey);
    const previous = await this.data.reserveSend(messageId, request.chatJid);
    if (previous?.sentAt) return { messageId, timestamp: previous.sentAt };
    const content = await this.contentOf(request);
    const quoted = request.quotedMessageId
      ? await this.quotedMessage(request.chatJid, request.quotedMessageId)
      : undefined;
    const sent = await socket.sendMessage(request.chatJid, content, { messageId, ...(quoted ? { quoted } : {}) });
    const seconds = Number(sent?.messageTimestamp ?? 0);
    const timestamp = seconds > 0 ? new Date(seconds * 1000) : new Date();
    if (sent) await this.data.recordSent(messageId, sent, timestamp);
    return { messageId, timestamp };
  }

  private async contentOf(request: SendRequest): Promise<AnyMessageContent> {
    const content = request.content;
    switch (content.kind) {
      case 'text':
        return { text: content.body };
      case 'location':
        return {
          location: {
            degreesLatitude: content.latitude,
            degreesLongitude: content.longitude,
            ...(content.name ? { name: content.name } : {}),
            ...(content.address ? { address: content.address } : {}),
          },
        };
      case 'vcard':
        return { contacts: { displayName: content.displayName, contacts: [{ vcard: content.vcard }] } };
      case 'media': {
        const file = await this.context.media.get(content.url);
        const mimetype = content.mimeType || file.mimeType;
        const caption = content.caption ? { caption: content.caption } : {};
        switch (content.mediaType) {
          case 'image':
            return { image: file.data, mimetype, ...caption };
          case 'video':
            return { video: file.data, mimetype, ...caption };
          case 'audio':
            return { audio: file.data, mimetype, ptt: content.ptt };
          case 'sticker':
            return { sticker: file.data, mimetype };
          case 'document':
            return { document: file.data, mimetype, fileName: content.fileName || file.fileName, ...caption };
        }
      }
    }
  }

  /** The stored original when we have it (sent or received), else a bare key (WhatsApp still links the reply). */
  private async quotedMessage(chatJid: string, messageId: string): Promise<WAMessage> {
    const stored = await this.data.find(messageId);
    if (stored?.message?.message) return stored.message;
    return {
      key: {
        remoteJid: chatJid,
        id: messageId,
        fromMe: stored?.fromMe ?? false,
        ...(stored?.participant ? { participant: stored.participant } : {}),
      },
      message: { conversation: '' } satisfies proto.IMessage,
    };
  }

  async deleteForEveryone(chatJid: string, messageId: string): Promise<void> {
    const socket = this.ready();
    await socket.sendMessage(chatJid, { delete: { remoteJid: chatJid, fromMe: true, id: messageId } });
  }

  async markRead(chatJid: string, messageIds: readonly string[]): Promise<void> {
    const socket = this.ready();
    const keys: WAMessageKey[] = [];
    for (const id of messageIds) {
      const stored = await this.data.find(id);
      keys.push({
        remoteJid: chatJid,
        id,
        fromMe: false,
        ...(stored?.participant ? { participant: stored.participant } : {}),
      });
    }
    if (keys.length > 0) await socket.readMessages(keys);
  }

  async checkNumbers(numbers: readonly string[]): Promise<NumberCheckResult[]> {
    const socket = this.ready();
    const found = (await socket.onWhatsApp(...numbers)) ?? [];
    return numbers.map((number) => {
      const match = found.find((entry) => entry.exists && sameNumber(numberOf(normalizeJid(entry.jid)), number));
      return { number, exists: Boolean(match), jid: match ? normalizeJid(match.jid) : null };
    });
  }

  async profilePicture(jid: string): Promise<string | null> {
    const socket = this.ready();
    try {
      return (await socket.profilePictureUrl(jid, 'image')) ?? null;
    } catch (error) {
      const status = (error as { output?: { statusCode?: number }; data?: unknown }).output?.statusCode;
      if (status === 404 || status === 401 || /item-not-found|not-authorized/.test(String(error))) return null;
      throw error;
    }
  }

  async listContacts(): Promise<ContactUpdate[]> {
    this.ready();
    return this.data.listContacts();
  }

  async logout(): Promise<void> {
    const socket = this.socket;
    const wasOpen = this.isOpen;
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
}

/** Brazil's ninth digit: WhatsApp may answer 55 DD 8 digits for 55 DD 9 8 digits (and the other way round). */
function sameNumber(a: string | null, b: string): boolean {
  if (!a) return false;
  if (a === b) return true;
  const strip = (value: string): string =>
    value.startsWith('55') && value.length === 13 && value[4] === '9' ? value.slice(0, 4) + value.slice(5) : value;
  return strip(a) === strip(b);
}
