import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { ConnectionStatus, InboundMessage } from '@cs/proto/events';
import type { SimulatorInboxPayload } from '@cs/proto/http';
import {
  mapRows,
  preparedStatement,
  returningRows,
  type RowReader,
  runPrepared,
  type SqlRow,
} from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import {
  type ContactUpdate,
  type InboundEvent,
  MediaRejectedError,
  type NumberCheckResult,
  type ProviderSession,
  refusedMediaOf,
  type SendRequest,
  type SessionContext,
  SessionNotReadyError,
} from '../provider.port.js';

export interface SimulatorOptions {
  /** A QR is replaced this often; the third replacement without a scan ends the attempt as TIMEOUT. */
  readonly qrRefreshMs: number;
  /** The phone "scans" by itself after this long (0: only through the dev API). */
  readonly autoScanMs: number;
  /** Fallback: the inbox is looked at this often even without a wake-up (a NOTIFY missed while reconnecting). */
  readonly pollMs: number;
}

/** Inbox rows a session delivers per transaction. */
const INBOX_BATCH = 100;
/** The connection's next undelivered inbox rows, marked delivered by this lease in the same statement. */
const TAKE_INBOX =
  preparedStatement(`UPDATE simulator_inbox SET delivered_at = clock_timestamp(), delivered_by = $2, delivered_epoch = $3
              WHERE id IN (SELECT id FROM simulator_inbox
                            WHERE connection_id = $1 AND delivered_at IS NULL ORDER BY id LIMIT ${INBOX_BATCH})
              RETURNING id, message_id, kind, payload, created_at`);

/** QR codes shown before TIMEOUT (the first one and its replacements), as whaticket caps them. */
export const SIMULATOR_QR_ATTEMPTS = 3;

interface InboxRow {
  id: string;
  message_id: string;
  kind: 'message' | 'receipt' | 'edit' | 'revoke' | 'reaction' | 'call';
  payload: SimulatorInboxPayload;
  created_at: Date;
}

const INBOX_KINDS = [
  'message',
  'receipt',
  'edit',
  'revoke',
  'reaction',
  'call',
] as const satisfies readonly InboxRow['kind'][];

/** A `simulator_inbox` row (`id` a bigint, kept as its text). */
const readInboxRow = (r: RowReader): InboxRow => ({
  id: r.string('id'),
  message_id: r.string('message_id'),
  kind: r.oneOf('kind', INBOX_KINDS),
  payload: r.json<SimulatorInboxPayload>('payload'),
  created_at: r.date('created_at'),
});

const ACKS = { delivered: 3, read: 4, played: 5 } as const;

export const simulatedNumber = (connectionId: number): string => `5511900${String(connectionId).padStart(6, '0')}`;
const jidOf = (number: string): string => `${number}@s.whatsapp.net`;
const code = (length: number): string =>
  Array.from(randomBytes(length), (byte) => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[byte % 32]).join('');

/**
 * One simulated WhatsApp session. Its "phone network" is in PostgreSQL (`simulator_devices`, `simulator_inbox`,
 * `simulator_sent`, `simulator_log`), so whichever process owns the session serves it; every write is fenced
 * by the lease, so a process that lost the session cannot act for it any more.
 */
export class SimulatorSession implements ProviderSession {
  private status: ConnectionStatus = 'DISCONNECTED';
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;
  private qrShown = 0;
  private pairingNumber: string | null = null;
  private polling = false;
  /** The poll under way (a stop waits for it: what it took from the inbox is delivered or put back). */
  private inFlight: Promise<unknown> = Promise.resolve();
  private pollTimer: NodeJS.Timeout | undefined;
  /** A wake-up came while polling: poll again at once when done. */
  private wokenWhilePolling = false;

  constructor(
    private readonly context: SessionContext,
    private readonly options: SimulatorOptions,
  ) {}

  private get connectionId(): number {
    return this.context.connection.id;
  }

  private fenced<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.context.transaction(async (manager) => {
      await this.context.fence(manager);
      return work(manager);
    });
  }

  /** `fenced`, as a report committed with the other sessions' reports of the moment (`SessionContext.report`). */
  private fencedReport<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.context.report(async (manager) => {
      await this.context.fence(manager);
      return work(manager);
    });
  }

  private async log(manager: EntityManager, event: string, detail = ''): Promise<void> {
    await manager.query(
      `INSERT INTO simulator_log (company_id, connection_id, owner, epoch, event, detail) VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        this.context.connection.companyId,
        this.connectionId,
        this.context.lease.owner,
        this.context.lease.epoch,
        event,
        detail,
      ],
    );
  }

  private later(ms: number, work: () => Promise<void>): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.stopped) return;
      work().catch((error: unknown) => this.context.logger.warn({ err: error }, 'simulator step failed'));
    }, ms);
    this.timers.add(timer);
    return timer;
  }

  private async report(
    status: ConnectionStatus,
    extra: { qrcode?: string; pairingCode?: string | null; number?: string | null } = {},
  ): Promise<void> {
    if (this.stopped) return;
    this.status = status;
    await this.context.sink.status({ status, ...extra });
  }

  async start(options: { readonly pairingNumber?: string }): Promise<void> {
    this.pairingNumber = options.pairingNumber ?? null;
    const device = await this.fenced(async (manager) => {
      await this.log(manager, 'start', this.pairingNumber ? 'pairing' : '');
      await manager.query(
        `INSERT INTO simulator_devices (connection_id, company_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
        [this.connectionId, this.context.connection.companyId],
      );
      await manager.query(
        'UPDATE simulator_devices SET scan_requested = false WHERE connection_id = $1 AND NOT linked',
        [this.connectionId],
      );
      const rows = await manager.query<SqlRow[]>(
        'SELECT linked, number FROM simulator_devices WHERE connection_id = $1',
        [this.connectionId],
      );
      return mapRows(rows, (r) => ({ linked: r.boolean('linked'), number: r.nullable('number', r.string) }))[0];
    });
    await this.report('OPENING');
    if (device?.linked) {
      await this.report('CONNECTED', { number: device.number ?? simulatedNumber(this.connectionId) });
    } else if (this.pairingNumber) {
      await this.report('PAIRING', { pairingCode: code(8) });
    } else {
      await this.showQr();
    }
    if (this.status !== 'CONNECTED' && this.options.autoScanMs > 0) {
      this.later(this.options.autoScanMs, () => this.scanned());
    }
    // at once: what contacts sent while no process ran the session (a takeover) has no wake-up of its own
    this.schedulePoll(0);
  }

  private async showQr(): Promise<void> {
    if (this.stopped || (this.status !== 'OPENING' && this.status !== 'qrcode')) return;
    if (this.qrShown >= SIMULATOR_QR_ATTEMPTS) {
      await this.report('TIMEOUT');
      return;
    }
    this.qrShown += 1;
    await this.report('qrcode', {
      qrcode: `2@${randomBytes(24).toString('base64')},sim${this.connectionId},${this.qrShown}`,
    });
    this.later(this.options.qrRefreshMs, () => this.showQr());
  }

  /** The phone scanned the QR (or typed the pairing code): the device is linked and the session CONNECTED. */
  private async scanned(): Promise<void> {
    if (this.stopped || (this.status !== 'qrcode' && this.status !== 'PAIRING')) return;
    const number = this.pairingNumber ?? simulatedNumber(this.connectionId);
    await this.fenced(async (manager) => {
      await manager.query(
        'UPDATE simulator_devices SET linked = true, number = $2, scan_requested = false WHERE connection_id = $1',
        [this.connectionId, number],
      );
      await this.log(manager, 'linked', number);
    });
    await this.report('CONNECTED', { number });
    // messages that arrived before the scan were left in the inbox
    this.wake();
  }

  /**
   * Something for this session was written (the inbox or the device's scan flag NOTIFY on commit, see
   * `SessionWakeups`): polls now, or once the poll under way is done.
   */
  wake(): void {
    if (this.stopped) return;
    if (this.polling) this.wokenWhilePolling = true;
    else this.schedulePoll(0);
  }

  /** Polls again at once while a full batch came back (a backlog) or a wake-up came meanwhile, else after `pollMs`. */
  private schedulePoll(delayMs = this.options.pollMs): void {
    if (this.pollTimer) {
      clearTimeout(this.pollTimer);
      this.timers.delete(this.pollTimer);
    }
    this.pollTimer = this.later(delayMs, async () => {
      this.pollTimer = undefined;
      let more = false;
      try {
        const polled = this.poll();
        this.inFlight = polled.catch(() => undefined);
        more = await polled;
      } finally {
        const again = more || this.wokenWhilePolling;
        this.wokenWhilePolling = false;
        if (!this.stopped) this.schedulePoll(again ? 0 : this.options.pollMs);
      }
    });
  }

  /** Resolves true when the inbox may hold more than one batch. */
  private async poll(): Promise<boolean> {
    if (this.polling) return false;
    this.polling = true;
    try {
      if (this.status === 'qrcode' || this.status === 'PAIRING') {
        const rows = await this.context.transaction((manager) =>
          manager.query<SqlRow[]>('SELECT scan_requested FROM simulator_devices WHERE connection_id = $1', [
            this.connectionId,
          ]),
        );
        if (mapRows(rows, (r) => r.boolean('scan_requested'))[0]) await this.scanned();
        return false;
      }
      if (this.status !== 'CONNECTED') return false;
      // The batch is read, delivered and recorded in one fenced transaction, in order: the sink's outbox writes and
      // the delivery marks commit together (one commit per batch, not per message), or not at all. The other
      // sessions' batches of the moment (one network tick wakes several) share that transaction (a report).
      const count = await this.fencedReport(async (manager) => {
        // taken and marked delivered in one statement: the transaction commits the marks with the sink's writes,
        // or neither (the rows of a batch that did not commit are taken again by the next poll, here or elsewhere)
        const rows = mapRows(
          await runPrepared<SqlRow>(manager, TAKE_INBOX, [
            this.connectionId,
            this.context.lease.owner,
            this.context.lease.epoch,
          ]),
          readInboxRow,
        ).sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
        let reported = 0; // rows reported to the sink, in order
        // consecutive messages (and edits, revokes, reactions, calls) go to the sink together: one dedupe insert
        // and one outbox write for them; a receipt in between is reported after what came before it
        let inbound: InboundEvent[] = [];
        const flush = async (): Promise<void> => {
          if (inbound.length > 0) await this.context.sink.inboundMany(inbound);
          inbound = [];
        };
        for (const row of rows) {
          if (this.stopped) break;
          const event = await this.inboundOf(row);
          if (event) {
            inbound.push(event);
          } else {
            await flush();
            await this.receipt(row);
          }
          reported += 1;
        }
        await flush();
        // stopped midway: what was not reported stays for the next poll
        const left = rows.slice(reported).map((row) => row.id);
        if (left.length > 0) {
          await manager.query(
            `UPDATE simulator_inbox SET delivered_at = NULL, delivered_by = NULL, delivered_epoch = NULL
              WHERE id = ANY($1::bigint[])`,
            [left],
          );
        }
        return rows.length;
      });
      return count === INBOX_BATCH;
    } finally {
      this.polling = false;
    }
  }

  /** What an inbox row reports as an inbound event (null for a receipt, which `receipt` reports). */
  private async inboundOf(row: InboxRow): Promise<InboundEvent | null> {
    const payload = row.payload;
    const number = payload.from.number;
    const contact = { jid: jidOf(number), number, lid: null, pushName: payload.from.name ?? null };
    const group = 'group' in payload ? (payload.group ?? null) : null;
    const conversation = {
      connectionId: this.connectionId,
      chatJid: group ? group.jid : contact.jid,
      isGroup: group !== null,
      groupName: group?.name ?? null,
      contact,
    };
    const timestamp = new Date(row.created_at).toISOString();
    switch (row.kind) {
      case 'message': {
        const message = payload as Extract<SimulatorInboxPayload, { kind: string }>;
        let media: InboundMessage['media'] = null;
        let refusedMedia: InboundMessage['refusedMedia'] = null;
        if (message.media) {
          try {
            media = await this.context.media.put({
              companyId: this.context.connection.companyId,
              connectionId: this.connectionId,
              data: Buffer.from(message.media.base64, 'base64'),
              mimeType: message.media.mimeType,
              fileName: message.media.fileName,
            });
            if (message.kind === 'audio') media = { ...media, ptt: true };
          } catch (error) {
            if (!(error instanceof MediaRejectedError)) throw error;
            this.context.logger.warn({ reason: error.reason }, 'simulated media refused; delivered without it');
            refusedMedia = refusedMediaOf(error, message.media);
          }
        }
        return {
          type: 'whatsapp.message.received',
          data: {
            ...conversation,
            messageId: row.message_id,
            fromMe: false,
            timestamp,
            kind: message.kind,
            body: message.body ?? '',
            media,
            location: message.location
              ? {
                  latitude: message.location.latitude,
                  longitude: message.location.longitude,
                  name: message.location.name ?? null,
                  address: message.location.address ?? null,
                  thumbnailUrl: null,
                }
              : null,
            vcards: message.vcard ? [message.vcard] : [],
            quotedMessageId: message.quotedMessageId ?? null,
            isOffline: false,
            ...(refusedMedia ? { refusedMedia } : {}),
          },
        };
      }
      case 'receipt':
        return null;
      case 'edit': {
        const edit = payload as { messageId: string; body: string };
        return {
          type: 'whatsapp.message.edited',
          data: { ...conversation, messageId: edit.messageId, body: edit.body, editedAt: timestamp },
        };
      }
      case 'revoke': {
        const revoke = payload as { messageId: string };
        return {
          type: 'whatsapp.message.revoked',
          data: { ...conversation, messageId: revoke.messageId, fromMe: false },
        };
      }
      case 'reaction': {
        const reaction = payload as { messageId: string; emoji: string };
        return {
          type: 'whatsapp.message.reacted',
          data: {
            ...conversation,
            messageId: row.message_id,
            targetMessageId: reaction.messageId,
            fromMe: false,
            emoji: reaction.emoji,
            timestamp,
          },
        };
      }
      case 'call': {
        const call = payload as { isVideo?: boolean };
        return {
          type: 'whatsapp.call.missed',
          data: {
            ...conversation,
            callId: row.message_id,
            isVideo: call.isVideo ?? false,
            status: 'missed',
            timestamp,
          },
        };
      }
    }
  }

  /** Reports a receipt row: the contact's phone received or read what the agent sent. */
  private async receipt(row: InboxRow): Promise<void> {
    const receipt = row.payload as Extract<SimulatorInboxPayload, { messageIds: string[] }>;
    const chatJid = jidOf(receipt.from.number);
    for (const messageId of receipt.messageIds) {
      await this.context.sink.ack({ chatJid, messageId, ack: ACKS[receipt.status] });
    }
    if (receipt.status === 'delivered') return;
    await this.context.transaction((manager) =>
      manager.query('UPDATE simulator_sent SET read = true WHERE connection_id = $1 AND message_id = ANY($2)', [
        this.connectionId,
        receipt.messageIds,
      ]),
    );
  }

  private ready(): void {
    if (this.stopped || this.status !== 'CONNECTED') throw new SessionNotReadyError(this.connectionId);
  }

  async send(request: SendRequest): Promise<{ messageId: string; timestamp: Date }> {
    this.ready();
    return this.fenced(async (manager) => {
      await manager.query(
        `INSERT INTO simulator_sent (company_id, connection_id, message_id, idempotency_key, chat_jid, content,
                                     quoted_message_id, sent_at, sent_by, sent_epoch)
         VALUES ($1, $2, $3, $4, $5, $6, $7, clock_timestamp(), $8, $9)
         ON CONFLICT (connection_id, idempotency_key) DO NOTHING`,
        [
          this.context.connection.companyId,
          this.connectionId,
          `3EB0${randomBytes(8).toString('hex').toUpperCase()}`,
          request.idempotencyKey,
          request.chatJid,
          JSON.stringify(request.content),
          request.quotedMessageId,
          this.context.lease.owner,
          this.context.lease.epoch,
        ],
      );
      const rows = await manager.query<SqlRow[]>(
        'SELECT message_id, sent_at FROM simulator_sent WHERE connection_id = $1 AND idempotency_key = $2',
        [this.connectionId, request.idempotencyKey],
      );
      const [sent] = mapRows(rows, (r) => ({ messageId: r.string('message_id'), timestamp: r.date('sent_at') }));
      if (!sent) throw new Error('simulated send was not recorded');
      return sent;
    });
  }

  async deleteForEveryone(chatJid: string, messageId: string): Promise<void> {
    this.ready();
    await this.fenced((manager) =>
      manager.query(
        'UPDATE simulator_sent SET deleted = true WHERE connection_id = $1 AND chat_jid = $2 AND message_id = $3',
        [this.connectionId, chatJid, messageId],
      ),
    );
  }

  /** As WhatsApp: only our own text messages, not deleted, within 15 minutes of sending; else ERR_EDIT_WAPP_MSG. */
  async editText(chatJid: string, messageId: string, body: string): Promise<void> {
    this.ready();
    const edited = await this.fenced((manager) =>
      returningRows(
        manager,
        `UPDATE simulator_sent SET content = jsonb_set(content, '{body}', to_jsonb($4::text)), edited_at = now()
          WHERE connection_id = $1 AND chat_jid = $2 AND message_id = $3 AND NOT deleted
            AND content->>'kind' = 'text' AND sent_at > now() - interval '15 minutes'
          RETURNING id`,
        [this.connectionId, chatJid, messageId, body],
      ),
    );
    if (edited.length === 0) {
      throw new DomainError('ERR_EDIT_WAPP_MSG', {
        message: 'WhatsApp refused the edit (unknown, not text or too old)',
      });
    }
  }

  async markRead(chatJid: string, messageIds: readonly string[]): Promise<void> {
    this.ready();
    await this.fenced((manager) => this.log(manager, 'mark-read', `${chatJid}:${messageIds.join(',')}`));
  }

  /** Every number is on the simulated network except those ending in 0000. */
  async checkNumbers(numbers: readonly string[]): Promise<NumberCheckResult[]> {
    this.ready();
    return numbers.map((number) => {
      const exists = !number.endsWith('0000');
      return { number, exists, jid: exists ? jidOf(number) : null };
    });
  }

  async profilePicture(): Promise<string | null> {
    this.ready();
    return null;
  }

  /** The simulated phone's address book: everyone who ever wrote to it. */
  async listContacts(): Promise<ContactUpdate[]> {
    this.ready();
    const rows = await this.context.transaction((manager) =>
      manager.query<SqlRow[]>(
        `SELECT DISTINCT ON (payload->'from'->>'number') payload->'from'->>'number' AS number,
                payload->'from'->>'name' AS name
           FROM simulator_inbox WHERE connection_id = $1 AND kind = 'message'
          ORDER BY payload->'from'->>'number', id DESC`,
        [this.connectionId],
      ),
    );
    return mapRows(rows, (r) => {
      const number = r.string('number');
      const name = r.nullable('name', r.string);
      return {
        contact: { jid: jidOf(number), number, lid: null, pushName: name },
        isGroup: false,
        name,
        profilePicUrl: null,
      };
    });
  }

  async logout(): Promise<void> {
    this.halt();
    await this.fenced(async (manager) => {
      await manager.query('UPDATE simulator_devices SET linked = false, number = NULL WHERE connection_id = $1', [
        this.connectionId,
      ]);
      await this.log(manager, 'logout');
    });
    this.status = 'DISCONNECTED';
    await this.context.sink.status({ status: 'DISCONNECTED' });
  }

  /** Ends the session: no new poll, the one under way finishes (the rows it took committed or put back), logged. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.halt();
    await this.inFlight;
    await this.context.transaction((manager) => this.log(manager, 'stop')).catch(() => undefined);
  }

  private halt(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
