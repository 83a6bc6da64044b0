import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  SessionNotReadyError,
  type ProviderSession,
  type SessionContext,
  type SessionProvider,
} from '../provider.port.js';
import type { BaileysOptions } from './baileys.config.js';
import {
  BAILEYS_OPTIONS,
  WA_MEDIA_DOWNLOADER,
  WA_SOCKET_FACTORY,
  type WaMediaDownloader,
  type WaSocketFactory,
} from './baileys.port.js';

/**
 * The `baileys` provider: WhatsApp Web multi-device sessions with their auth state in PostgreSQL. Baileys itself
 * (and the session code that uses it) is imported when a session first starts, so a process with no Baileys
 * connection never loads it.
 */
@Injectable()
export class BaileysProvider implements SessionProvider {
  readonly name = 'baileys' as const;

  constructor(
    @Inject(WA_SOCKET_FACTORY) private readonly factory: WaSocketFactory,
    @Inject(WA_MEDIA_DOWNLOADER) private readonly downloader: WaMediaDownloader,
    @Inject(BAILEYS_OPTIONS) private readonly options: BaileysOptions,
  ) {}

  open(context: SessionContext): ProviderSession {
    return new LazyBaileysSession(context, () =>
      import('./baileys.session.js').then(
        ({ BaileysSession }) =>
          new BaileysSession(context, { factory: this.factory, downloader: this.downloader, options: this.options }),
      ),
    );
  }

  /** Plain SQL here (the stores' helpers import Baileys, which this file must not load). */
  async wipe(connectionId: number, manager: EntityManager): Promise<void> {
    await manager.query('DELETE FROM baileys_auth_keys WHERE connection_id = $1', [connectionId]);
    await manager.query('DELETE FROM baileys_messages WHERE connection_id = $1', [connectionId]);
    await manager.query('DELETE FROM baileys_contacts WHERE connection_id = $1', [connectionId]);
  }
}

/** Loads the session module on `start`; before that every command is `SessionNotReadyError`. */
class LazyBaileysSession implements ProviderSession {
  private session: ProviderSession | null = null;
  private loading: Promise<ProviderSession> | null = null;

  constructor(
    private readonly context: SessionContext,
    private readonly load: () => Promise<ProviderSession>,
  ) {}

  private loaded(): ProviderSession {
    if (!this.session) throw new SessionNotReadyError(this.context.connection.id);
    return this.session;
  }

  async start(options: { readonly pairingNumber?: string }): Promise<void> {
    this.loading ??= this.load();
    this.session = await this.loading;
    await this.session.start(options);
  }

  send(...args: Parameters<ProviderSession['send']>): ReturnType<ProviderSession['send']> {
    return Promise.resolve().then(() => this.loaded().send(...args));
  }
  deleteForEveryone(chatJid: string, messageId: string): Promise<void> {
    return Promise.resolve().then(() => this.loaded().deleteForEveryone(chatJid, messageId));
  }
  editText(chatJid: string, messageId: string, body: string): Promise<void> {
    return Promise.resolve().then(() => this.loaded().editText(chatJid, messageId, body));
  }
  markRead(chatJid: string, messageIds: readonly string[]): Promise<void> {
    return Promise.resolve().then(() => this.loaded().markRead(chatJid, messageIds));
  }
  checkNumbers(numbers: readonly string[]): ReturnType<ProviderSession['checkNumbers']> {
    return Promise.resolve().then(() => this.loaded().checkNumbers(numbers));
  }
  profilePicture(jid: string): Promise<string | null> {
    return Promise.resolve().then(() => this.loaded().profilePicture(jid));
  }
  listContacts(): ReturnType<ProviderSession['listContacts']> {
    return Promise.resolve().then(() => this.loaded().listContacts());
  }
  async logout(): Promise<void> {
    this.loading ??= this.load();
    this.session = await this.loading;
    await this.session.logout();
  }
  async stop(): Promise<void> {
    await this.session?.stop();
  }
}
