import type { EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type {
  CallSchema,
  ConnectionStatus,
  InboundMessage,
  MessageEditedSchema,
  MessageRevokedSchema,
  OutboundContent,
  Party,
  ReactionSchema,
  RefusedMedia,
} from '@cs/proto/events';

/**
 * The one seam between the connector's core (connections, leases, commands, events) and a WhatsApp provider
 * (`simulator`, `baileys`, `cloud-api`). The core owns persistence and events: a provider only talks to the
 * network (or the fake network) and reports what happened through its `SessionSink`. Nothing here imports Nest.
 */

export type ProviderName = 'simulator' | 'baileys' | 'cloud-api';

/** What a provider may know about its connection (secrets included: never log this object). */
export interface ConnectionConfig {
  readonly id: number;
  readonly companyId: number;
  readonly name: string;
  readonly provider: ProviderName;
  /** Whether group chats are delivered (the company's CheckMsgIsGroup setting: `disabled` means groups are allowed). */
  readonly allowGroups: boolean;
  /** Cloud API only: Meta's phone number id, access token, app secret (signature key) and webhook verify token. */
  readonly cloud: {
    readonly phoneNumberId: string;
    readonly accessToken: string;
    readonly appSecret: string;
    readonly verifyToken: string;
    /** The WhatsApp Business Account that owns the number (where its message templates live), when given. */
    readonly businessAccountId: string | null;
  } | null;
}

/** A status change as the spec's state table names it, with what the record shows alongside. */
export interface SessionStatusUpdate {
  readonly status: ConnectionStatus;
  /** The QR string while `status` is `qrcode`; empty otherwise (the spec's QR dialog closes when it empties). */
  readonly qrcode?: string;
  /** The 8-character pairing code while linking by phone number, null when none. */
  readonly pairingCode?: string | null;
  /** The phone number the session is linked to, once known (digits only). */
  readonly number?: string | null;
  /** Reconnect attempts since the last stable connection. */
  readonly retries?: number;
  /** Why the session closed, for the logs and the record (`loggedOut`, `connectionReplaced`, `banned`, ...). */
  readonly reason?: string;
}

type Data<S extends z.ZodType> = z.infer<S>;

/** Everything that arrives in a chat, already normalised to the `whatsapp.inbound-message.v1` event types. */
export type InboundEvent =
  | { readonly type: 'whatsapp.message.received'; readonly data: InboundMessage }
  | { readonly type: 'whatsapp.message.edited'; readonly data: Data<typeof MessageEditedSchema> }
  | { readonly type: 'whatsapp.message.revoked'; readonly data: Data<typeof MessageRevokedSchema> }
  | { readonly type: 'whatsapp.message.reacted'; readonly data: Data<typeof ReactionSchema> }
  | { readonly type: 'whatsapp.call.missed'; readonly data: Data<typeof CallSchema> };

export interface AckUpdate {
  readonly chatJid: string;
  readonly messageId: string;
  /** 0 error, 1 pending/sent, 2 server, 3 delivered, 4 read, 5 played. */
  readonly ack: 0 | 1 | 2 | 3 | 4 | 5;
}

export interface ContactUpdate {
  readonly contact: Party;
  readonly isGroup: boolean;
  readonly name: string | null;
  readonly profilePicUrl: string | null;
}

/**
 * Where a session reports. Every method is durable when its promise resolves (the core has committed the event
 * to its outbox), so a provider acknowledges to the network only after awaiting it. `inbound` is idempotent by
 * `(connectionId, messageId)` (resolves `false` for a duplicate), so offline `append` batches and redeliveries
 * may be passed through as they come.
 */
export interface SessionSink {
  status(update: SessionStatusUpdate): Promise<void>;
  inbound(event: InboundEvent): Promise<boolean>;
  /**
   * `inbound` for several events of the session, in order, in one transaction (one lease check, one dedupe insert,
   * one outbox write): resolves with, for each, whether it was new.
   */
  inboundMany(events: readonly InboundEvent[]): Promise<boolean[]>;
  ack(update: AckUpdate): Promise<void>;
  contact(update: ContactUpdate): Promise<void>;
}

/** Stores media once and hands back the URL other services use (local folder by default, S3 when configured). */
export interface MediaStore {
  /**
   * Stores a file. Rejects with `MediaRejectedError` when the size or type is not accepted (the caller then reports
   * the message without media, with its caption, rather than losing it).
   */
  put(input: {
    readonly companyId: number;
    readonly connectionId: number;
    readonly data: Buffer | AsyncIterable<Uint8Array>;
    readonly mimeType: string;
    readonly fileName: string | null;
  }): Promise<{ url: string; mimeType: string; fileName: string; size: number }>;
  /** Reads back a stored file (an outbound media URL of ours), or fetches a URL given by a send command. */
  get(url: string): Promise<{ data: Buffer; mimeType: string; fileName: string }>;
  /**
   * Whether a URL is one of the platform's own files (stored here, or an upload tickets or campaigns serve under
   * `PUBLIC_URL`): read with `get` and uploaded, never handed to Meta to fetch.
   */
  isPlatformUrl(url: string): boolean;
}

export class MediaRejectedError extends Error {
  constructor(
    readonly reason: 'too-large' | 'type-not-allowed' | 'unreadable',
    message: string,
  ) {
    super(message);
    this.name = 'MediaRejectedError';
  }
}

/**
 * What an inbound message says about a file it carried that was not kept: a `MediaRejectedError` of the store
 * (type, size, unreadable) or any failure to download it from WhatsApp.
 */
export function refusedMediaOf(
  error: unknown,
  file: { readonly fileName: string | null; readonly mimeType: string | null },
): RefusedMedia {
  const reason =
    error instanceof MediaRejectedError && error.reason === 'too-large'
      ? 'too-large'
      : error instanceof MediaRejectedError && error.reason === 'type-not-allowed'
        ? 'unsupported-type'
        : 'download-failed';
  return { fileName: file.fileName || null, mimeType: file.mimeType || null, reason };
}

/** Thrown by `SessionContext.fence` (and so by any auth-state write) once this process no longer owns the session. */
export class LeaseLostError extends Error {
  constructor(readonly connectionId: number) {
    super(`the lease of connection ${connectionId} is no longer held by this process`);
    this.name = 'LeaseLostError';
  }
}

/** What the core gives a session when it opens one on the pod that holds its lease. */
export interface SessionContext {
  readonly connection: ConnectionConfig;
  /** The lease this session runs under (added by the core: logs, and the simulator's connection log). */
  readonly lease: { readonly owner: string; readonly epoch: number };
  readonly sink: SessionSink;
  readonly media: MediaStore;
  readonly logger: Logger;
  /**
   * Checks, inside the caller's transaction, that this process still holds the connection's lease with the epoch
   * it was opened with (`SELECT ... FOR SHARE` on the lease row); throws `LeaseLostError` otherwise. Every auth-state
   * write runs it in the same transaction.
   */
  fence(manager: EntityManager): Promise<void>;
  /**
   * Runs `work` in a transaction of the connector's database (auth-state writes). Joins the transaction already
   * open around the call when there is one (a send runs inside the transaction that records its outcome).
   */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T>;
  /**
   * Like `transaction`, for a short report that only writes to the database (the simulator's delivered batch of
   * inbound messages): the reports of the process's sessions made at the same moment commit in one transaction
   * (`GroupCommit`). `work` may run twice (again alone, when another report of its group failed), so it must have no
   * effect outside the transaction, and nothing slow may run inside it.
   */
  report<T>(work: (manager: EntityManager) => Promise<T>): Promise<T>;
}

export interface SendRequest {
  readonly chatJid: string;
  readonly content: OutboundContent;
  /** The WhatsApp id of the message being replied to, when quoting. */
  readonly quotedMessageId: string | null;
  /**
   * A stable id derived from the command (so a retried command is recognisably the same message); providers that
   * let the sender choose the WhatsApp message id use it, so a resend after a crash is deduplicated by WhatsApp.
   */
  readonly idempotencyKey: string;
}

export interface NumberCheckResult {
  readonly number: string;
  readonly exists: boolean;
  readonly jid: string | null;
}

/** One live session on this process. Methods other than `start` reject with `SessionNotReadyError` when not CONNECTED. */
export interface ProviderSession {
  /** Begins connecting (QR, or a pairing code for `pairingNumber`); resolves once the attempt has started. */
  start(options: { readonly pairingNumber?: string }): Promise<void>;
  send(request: SendRequest): Promise<{ messageId: string; timestamp: Date }>;
  deleteForEveryone(chatJid: string, messageId: string): Promise<void>;
  /** Changes the text of a text message we sent (WhatsApp shows it as edited); rejects when it cannot. */
  editText(chatJid: string, messageId: string, body: string): Promise<void>;
  markRead(chatJid: string, messageIds: readonly string[]): Promise<void>;
  checkNumbers(numbers: readonly string[]): Promise<NumberCheckResult[]>;
  profilePicture(jid: string): Promise<string | null>;
  /** The phone's address book (import from phone). */
  listContacts(): Promise<ContactUpdate[]>;
  /** Unlinks the device (WhatsApp forgets it) and wipes the stored credentials; ends as DISCONNECTED. */
  logout(): Promise<void>;
  /** Ends the socket, keeping the credentials (shutdown, lease handed over). Never reports a status. */
  stop(): Promise<void>;
  /**
   * Providers that poll the connector's database (the simulator's inbox): something for this session was just
   * committed (a NOTIFY on the owner's listening connection, or its reconnect), so look now instead of at the next
   * fallback poll.
   */
  wake?(): void;
}

export class SessionNotReadyError extends Error {
  constructor(readonly connectionId: number) {
    super(`the session of connection ${connectionId} is not connected`);
    this.name = 'SessionNotReadyError';
  }
}

/** A provider: opens sessions, and forgets a connection's stored credentials. */
export interface SessionProvider {
  readonly name: ProviderName;
  open(context: SessionContext): ProviderSession;
  /** Deletes whatever the provider stored for the connection (connection deleted, or a 401 from the network). */
  wipe(connectionId: number, manager: EntityManager): Promise<void>;
}

/** Nest injection token: the array of every `SessionProvider` of this build. */
export const SESSION_PROVIDERS = Symbol('SESSION_PROVIDERS');

/**
 * For providers whose traffic arrives over HTTP on any process (Cloud API webhooks): the connection's config and a
 * sink, without a live session. Resolves null for an unknown connection (the webhook then answers 404).
 */
export interface WebhookSinks {
  forConnection(connectionId: number): Promise<{ connection: ConnectionConfig; sink: SessionSink } | null>;
}
export const WEBHOOK_SINKS = Symbol('WEBHOOK_SINKS');
