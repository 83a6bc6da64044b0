import pg from 'pg';
import type { DataSource } from 'typeorm';
import type { Logger } from 'pino';

export interface PgListenerOptions {
  readonly dataSource: DataSource;
  /** Channels to `LISTEN` on (quoted as given: PostgreSQL channel names are case-sensitive once quoted). */
  readonly channels: readonly string[];
  /** `application_name` of the connection (seen in `pg_stat_activity`). */
  readonly applicationName: string;
  readonly logger: Logger;
  readonly onNotification: (channel: string, payload: string) => void;
  /**
   * Called each time the connection is listening again after it was lost or an attempt failed (not on a first
   * connect that succeeded): notifications sent meanwhile are gone, so the caller looks for what it missed.
   */
  readonly onReconnect?: () => void;
  /** Wait before each reconnect attempt (default 1 s). */
  readonly reconnectDelayMs?: number;
  /** PostgreSQL settings of this connection beside the data source's (`-c name=value`), for a caller's own queries. */
  readonly settings?: Readonly<Record<string, string>>;
}

/**
 * One dedicated PostgreSQL connection outside the pool that `LISTEN`s on some channels and hands every
 * notification over. When the connection is lost it reconnects (every `reconnectDelayMs` until it succeeds),
 * listens again and calls `onReconnect`. Callers keep a slow poll beside it for what a lost connection missed.
 * It uses the data source's URL and connection settings (`search_path`, session settings), so a caller may also
 * run its own queries on `client` while it is up (the outbox relay does).
 */
export class PgListener {
  private current: pg.Client | undefined;
  private running = false;
  /** Notifications may have been missed (the connection was lost, or an attempt failed) since the last connect. */
  private missed = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(private readonly options: PgListenerOptions) {}

  /** The listening connection while it is up. */
  get client(): pg.Client | undefined {
    return this.current;
  }

  /** Connects and listens; resolves once listening, or once the first attempt failed (a retry is then scheduled). */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.retry) clearTimeout(this.retry);
    const client = this.current;
    this.current = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const url = (this.options.dataSource.options as { url?: string }).url;
    if (!url || !this.running) return;
    const extra = (this.options.dataSource.options as { extra?: { options?: string } }).extra;
    const options = [
      extra?.options,
      ...Object.entries(this.options.settings ?? {}).map(([name, value]) => `-c ${name}=${value}`),
    ].filter(Boolean);
    const client = new pg.Client({
      connectionString: url,
      application_name: this.options.applicationName,
      ...(options.length > 0 ? { options: options.join(' ') } : {}),
    });
    client.on('notification', (message) => this.options.onNotification(message.channel, message.payload ?? ''));
    let lost = false;
    const lose = (error: unknown): void => {
      if (lost) return;
      lost = true;
      if (this.current === client) this.current = undefined;
      client.end().catch(() => undefined);
      if (!this.running) return;
      this.missed = true;
      this.options.logger.warn({ err: error, listener: this.options.applicationName }, 'LISTEN connection lost');
      this.scheduleReconnect();
    };
    client.on('error', lose);
    client.on('end', () => lose(new Error('the LISTEN connection ended')));
    try {
      await client.connect();
      for (const channel of this.options.channels) await client.query(`LISTEN "${channel}"`);
    } catch (error) {
      lose(error);
      return;
    }
    if (lost) return;
    if (!this.running) {
      lost = true;
      await client.end().catch(() => undefined);
      return;
    }
    this.current = client;
    if (this.missed) {
      this.missed = false;
      this.options.logger.info({ listener: this.options.applicationName }, 'LISTEN connection back');
      this.options.onReconnect?.();
    }
  }

  private scheduleReconnect(): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.connect();
    }, this.options.reconnectDelayMs ?? 1_000);
    this.retry.unref();
  }
}
