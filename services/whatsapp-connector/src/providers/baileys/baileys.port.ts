import type { Logger } from 'pino';
import type {
  AnyMessageContent,
  AuthenticationState,
  CacheStore,
  BaileysEventMap,
  GroupMetadata,
  MiscMessageGenerationOptions,
  WAMessage,
  WAMessageContent,
  WAMessageKey,
} from 'baileys';

/**
 * The narrow part of Baileys' `WASocket` the session uses. The real socket satisfies it; tests pass a fake whose
 * `ev` is Baileys' own `makeEventBuffer`, so buffering, merging and dedupe behave as in production.
 */
export interface WaSocketLike {
  readonly ev: {
    process(handler: (events: Partial<BaileysEventMap>) => void | Promise<void>): () => void;
    removeAllListeners(event?: string): unknown;
  };
  readonly user?: { readonly id: string; readonly lid?: string; readonly name?: string } | undefined;
  sendMessage(
    jid: string,
    content: AnyMessageContent,
    options?: MiscMessageGenerationOptions,
  ): Promise<WAMessage | undefined>;
  readMessages(keys: WAMessageKey[]): Promise<void>;
  requestPairingCode(phoneNumber: string): Promise<string>;
  onWhatsApp(...phoneNumbers: string[]): Promise<{ jid: string; exists: boolean }[] | undefined>;
  profilePictureUrl(jid: string, type?: 'preview' | 'image'): Promise<string | undefined>;
  groupMetadata(jid: string): Promise<GroupMetadata>;
  logout(message?: string): Promise<void>;
  end(error: Error | undefined): void | Promise<void>;
}

/** What the session hands the factory for one socket. */
export interface WaSocketOptions {
  readonly connectionId: number;
  readonly auth: AuthenticationState;
  readonly logger: Logger;
  readonly version: readonly [number, number, number] | null;
  /** Serves retry receipts and decrypt requests from our message table. */
  getMessage(key: WAMessageKey): Promise<WAMessageContent | undefined>;
  cachedGroupMetadata(jid: string): Promise<GroupMetadata | undefined>;
  /** Broadcasts and newsletters are not decrypted at all. */
  shouldIgnoreJid(jid: string): boolean;
  /** Retry counts of undecryptable messages, kept by the session so they survive reconnects. */
  readonly msgRetryCounterCache: CacheStore;
}

/** The only place Baileys' `makeWASocket` is called (`real-socket.factory.ts`); tests inject a fake. */
export interface WaSocketFactory {
  create(options: WaSocketOptions): Promise<WaSocketLike>;
}

/** Downloads and decrypts an inbound message's media (WhatsApp's CDN); tests inject a fake. */
export interface WaMediaDownloader {
  download(message: WAMessage, socket: WaSocketLike): Promise<Buffer | AsyncIterable<Uint8Array>>;
}

export const WA_SOCKET_FACTORY = Symbol('WA_SOCKET_FACTORY');
export const WA_MEDIA_DOWNLOADER = Symbol('WA_MEDIA_DOWNLOADER');
export const BAILEYS_OPTIONS = Symbol('BAILEYS_OPTIONS');
