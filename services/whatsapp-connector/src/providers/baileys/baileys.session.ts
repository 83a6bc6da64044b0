import type {
  ContactUpdate,
  NumberCheckResult,
  ProviderSession,
  SendRequest,
  SessionContext,
} from '../provider.port.js';
import { BaileysContacts } from './baileys-contacts.js';
import { BaileysDataStore } from './baileys-data.store.js';
import { GroupCache } from './baileys-groups.js';
import type { SocketView } from './baileys-handlers.js';
import { BaileysInbound } from './baileys-inbound.js';
import { BaileysLifecycle, type BaileysSessionDeps } from './baileys-lifecycle.js';
import { BaileysMedia } from './baileys-media.js';
import { BaileysOutbound } from './baileys-outbound.js';
import { durableSink } from './durable-sink.js';

export type { BaileysSessionDeps } from './baileys-lifecycle.js';

/**
 * One Baileys session, put together from its parts: the lifecycle (socket, status machine, creds, logout), the
 * inbound traffic (messages, edits, revokes, reactions, calls, acks, media), the address book (contacts, chats,
 * groups, LID mappings) and the outbound commands. They share the connection's stored messages and contacts, the
 * group cache, and the core's sink with retries.
 */
export class BaileysSession implements ProviderSession {
  private readonly lifecycle: BaileysLifecycle;
  private readonly outbound: BaileysOutbound;

  constructor(context: SessionContext, deps: BaileysSessionDeps) {
    const sink = durableSink(context.sink, context.logger);
    const data = new BaileysDataStore(context);
    const socket: SocketView = {
      current: () => this.lifecycle.current(),
      isOpen: () => this.lifecycle.isOpen(),
    };
    const groups = new GroupCache(socket, context.logger);
    this.outbound = new BaileysOutbound(context, data, () => this.lifecycle.ready());
    const contacts = new BaileysContacts(context, sink, data, groups, socket, (jid) =>
      this.outbound.profilePicture(jid),
    );
    const media = new BaileysMedia(context, deps.downloader);
    const inbound = new BaileysInbound(context, sink, data, groups, socket, media);
    // the address book first: a group's name is known before its messages are reported
    this.lifecycle = new BaileysLifecycle(context, deps, {
      sink,
      data,
      groups,
      traffic: { ...contacts.handlers(), ...inbound.handlers() },
    });
  }

  start(options: { readonly pairingNumber?: string }): Promise<void> {
    return this.lifecycle.start(options);
  }

  stop(): Promise<void> {
    return this.lifecycle.stop();
  }

  logout(): Promise<void> {
    return this.lifecycle.logout();
  }

  /** The WhatsApp id of a send: derived from the command, so a resend after a crash carries the same id. */
  messageIdFor(idempotencyKey: string): string {
    return this.outbound.messageIdFor(idempotencyKey);
  }

  send(request: SendRequest): Promise<{ messageId: string; timestamp: Date }> {
    return this.outbound.send(request);
  }

  deleteForEveryone(chatJid: string, messageId: string): Promise<void> {
    return this.outbound.deleteForEveryone(chatJid, messageId);
  }

  editText(chatJid: string, messageId: string, body: string): Promise<void> {
    return this.outbound.editText(chatJid, messageId, body);
  }

  markRead(chatJid: string, messageIds: readonly string[]): Promise<void> {
    return this.outbound.markRead(chatJid, messageIds);
  }

  checkNumbers(numbers: readonly string[]): Promise<NumberCheckResult[]> {
    return this.outbound.checkNumbers(numbers);
  }

  profilePicture(jid: string): Promise<string | null> {
    return this.outbound.profilePicture(jid);
  }

  listContacts(): Promise<ContactUpdate[]> {
    return this.outbound.listContacts();
  }
}
