import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { asCompanyId, type CompanyId } from '@cs/proto/common';
import { type OutboundContent, SendMessage, ShippingDelivered } from '@cs/proto/events';
import { APP_CONFIG } from '@cs/platform/config';
import {
  mapRows,
  preparedStatement,
  returningRows,
  type RowReader,
  runPrepared,
  type SqlRow,
  TransactionHost,
} from '@cs/platform/database';
import { type EmitInput, EventPublisher } from '@cs/platform/events';
import { JobsService } from '@cs/platform/jobs';
import type { CampaignsConfig } from '../../config/env.js';
import {
  AUDIENCE_SQL,
  type CampaignRow,
  campaignRows,
  CampaignsRepository,
} from '../campaigns/campaigns.repository.js';
import { MediaStorage } from '../media/media.storage.js';
import { CampaignSettingsRepository } from '../settings/campaign-settings.repository.js';
import { Clock } from './clock.js';
import { campaignMessageId, commandIdOf } from './dispatch-commands.js';
import {
  fileContent,
  isConfirmationRequest,
  mainContent,
  messageVariants,
  nextSendAt,
  sendsAllowedNow,
  shippingParts,
  shippingTexts,
  templateShipping,
  type TemplateValues,
  templateValuesProblem,
} from './dispatch-rules.js';

export const START_JOB = 'campaign.start';
export const DISPATCH_JOB = 'campaign.dispatch';

interface StartJob {
  companyId: number;
  campaignId: number;
  scheduledAt: string;
}
interface DispatchJob {
  companyId: number;
  campaignId: number;
  token: string;
}

/** What the connector reported for a send WhatsApp accepted (`whatsapp.message.sent`). */
export interface SentMessage {
  connectionId: number;
  chatJid: string;
  messageId: string;
  timestamp: string;
}

interface ShippingRow {
  id: string;
  number: string;
  message: string;
  template_values: TemplateValues | null;
  confirmation_message: string | null;
  confirmation_requested_at: Date | null;
  confirmed_at: Date | null;
}

/** A `campaign_shippings` row (`id` a bigint, kept as its text). */
const readShippingRow = (r: RowReader): ShippingRow => ({
  id: r.string('id'),
  number: r.string('number'),
  message: r.string('message'),
  template_values: r.nullable('template_values', r.json<TemplateValues>),
  confirmation_message: r.nullable('confirmation_message', r.string),
  confirmation_requested_at: r.nullable('confirmation_requested_at', r.date),
  confirmed_at: r.nullable('confirmed_at', r.date),
});

/** A `file_list_options` row with its file (selected `WHERE path IS NOT NULL`: an upload sets both columns). */
const readFileOption = (r: RowReader) => ({
  id: r.int('id'),
  name: r.string('name'),
  path: r.string('path'),
  media_type: r.string('media_type'),
});

/** At most this many messages per dispatch run (one transaction) when the intervals allow it (zero intervals). */
const BATCH = 200;
const INSERT_BATCH = 1_000;
/**
 * A run that used its whole batch with the connection still free goes on in the same job, one transaction after
 * another, for at most this long; then the chain moves to a new job (so one campaign does not hold a worker).
 */
const CHAIN_SLICE_MS = 5_000;
/** Live counts (`campaigns.campaign.updated`, each one counting the shipping rows) at most this often per campaign. */
const ANNOUNCE_EVERY_MS = 1_000;
/**
 * The pod that queued a chain's next run due within this long also runs it itself on time (a timer), instead of
 * waiting for pg-boss to fetch the job (it polls every 0.5 s); the job stays queued as the durable fallback and
 * finds the token changed.
 */
const LOCAL_RUN_WITHIN_MS = 30_000;

/** The replies that confirm shippings waiting for their confirmation, a batch of them in one statement. */
const CONFIRM_REPLIES = preparedStatement(`UPDATE campaign_shippings s SET confirmed_at = now()
           FROM campaigns c, unnest($1::int[], $2::int[], $3::text[]) AS r(company_id, whatsapp_id, number)
          WHERE c.id = s.campaign_id AND c.company_id = r.company_id AND c.status = 'EM_ANDAMENTO' AND c.confirmation
            AND c.whatsapp_id = r.whatsapp_id AND s.company_id = r.company_id AND s.number = r.number
            AND s.confirmation_requested_at IS NOT NULL AND s.confirmed_at IS NULL AND s.failed_at IS NULL
        RETURNING s.campaign_id, s.company_id`);

/**
 * The dispatch engine (pg-boss on the service's database):
 * - `campaign.start` (at `scheduledAt`) creates one shipping row per (campaign, number) with its message variant
 *   (round-robin by position) and variables applied, sets EM_ANDAMENTO and starts the campaign's dispatch chain;
 * - `campaign.dispatch` sends the next due rows through the connector's durable send command
 *   (`whatsapp.message.send` in the outbox), each send committed with its shipping state, paced per connection
 *   (`messageInterval`, `greaterInterval` after every `longerIntervalAfter`), and enqueues the next run.
 * The campaign row is locked for the whole run and each run carries the campaign's current `dispatch_token`, so
 * one chain is alive per campaign however many pods, redeliveries or restarts there are.
 */
@Injectable()
export class DispatchEngine implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DispatchEngine.name);
  private watchdogTimer: NodeJS.Timeout | undefined;
  /** Campaigns whose counts changed since their last announcement (campaign id → company). */
  private readonly toAnnounce = new Map<number, CompanyId>();
  private announceTimer: NodeJS.Timeout | undefined;
  private readonly localRuns = new Set<NodeJS.Timeout>();

  constructor(
    private readonly transactions: TransactionHost,
    private readonly jobs: JobsService,
    private readonly events: EventPublisher,
    private readonly campaigns: CampaignsRepository,
    private readonly settings: CampaignSettingsRepository,
    private readonly media: MediaStorage,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: CampaignsConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.work<StartJob>(START_JOB, (data) => this.start(data), { pollingIntervalSeconds: 1 });
    await this.jobs.work<DispatchJob>(DISPATCH_JOB, (data) => this.dispatch(data), {
      pollingIntervalSeconds: 0.5,
      batchSize: 5,
      parallel: true,
    });
    const stalledAfter = this.config.CAMPAIGNS_STALLED_AFTER_SECONDS;
    this.watchdogTimer = setInterval(
      () => {
        this.watchdog().catch((error: unknown) => this.logger.warn({ err: error }, 'campaign watchdog failed'));
      },
      Math.max(5, stalledAfter / 2) * 1_000,
    );
    this.watchdogTimer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.watchdogTimer);
    for (const timer of this.localRuns) clearTimeout(timer);
    this.localRuns.clear();
    await this.flushAnnouncements();
  }

  /**
   * After a commit that changed a campaign's counts (sends, deliveries, failures, confirmations): its
   * `campaigns.campaign.updated` goes out within ANNOUNCE_EVERY_MS, once for every change in that time. Status
   * changes are announced at once, in their own transaction. A pod that dies in between loses at most that second
   * of live updates; the figures themselves are always counted from the shipping rows.
   */
  private announceSoon(companyId: CompanyId, campaignId: number): void {
    this.toAnnounce.set(campaignId, companyId);
    if (this.announceTimer) return;
    // a result is handled inside its consumer's transaction: the timer must not join it once it is released
    this.announceTimer = TransactionHost.outside(() =>
      setTimeout(() => void this.flushAnnouncements(), ANNOUNCE_EVERY_MS),
    );
    this.announceTimer.unref();
  }

  private async flushAnnouncements(): Promise<void> {
    clearTimeout(this.announceTimer);
    this.announceTimer = undefined;
    const due = [...this.toAnnounce];
    this.toAnnounce.clear();
    for (const [campaignId, companyId] of due) {
      await this.transactions
        .run(() => this.campaigns.announce(companyId, campaignId))
        .catch((error: unknown) => this.logger.warn({ err: error, campaignId }, 'campaign announcement failed'));
    }
  }

  /**
   * On every pod, every CAMPAIGNS_STALLED_AFTER_SECONDS / 2: a running campaign with rows still to send whose
   * connection may send and that sent nothing for CAMPAIGNS_STALLED_AFTER_SECONDS gets a new dispatch chain. A
   * dispatch job held by a pod killed mid-run stays "active" in pg-boss until it expires (15 min); its transaction
   * rolled back, so nothing was sent twice, and the new token makes it a no-op whenever it is retried. Two pods
   * finding the same stalled campaign kick it one after the other under its row lock: the later chain wins and the
   * earlier one dies at its first run, so still one chain sends.
   */
  async watchdog(): Promise<void> {
    const found = await this.transactions.manager.query<SqlRow[]>(
      `SELECT c.id, c.company_id FROM campaigns c
        WHERE c.status = 'EM_ANDAMENTO'
          AND EXISTS (SELECT 1 FROM campaign_shippings s WHERE s.campaign_id = c.id AND s.sent_at IS NULL
                        AND s.failed_at IS NULL AND (NOT c.confirmation OR s.confirmation_requested_at IS NULL
                        OR s.confirmed_at IS NOT NULL))
          AND NOT EXISTS (SELECT 1 FROM campaign_shippings s WHERE s.campaign_id = c.id
                        AND greatest(s.sent_at, s.confirmation_requested_at) > now() - make_interval(secs => $1))
          AND NOT EXISTS (SELECT 1 FROM connection_pacing p WHERE p.connection_id = c.whatsapp_id
                        AND p.next_at > now() - make_interval(secs => $1))
          AND c.updated_at < now() - make_interval(secs => $1)`,
      [this.config.CAMPAIGNS_STALLED_AFTER_SECONDS],
    );
    const stalled = mapRows(found, (r) => ({ id: r.int('id'), companyId: r.int('company_id') }));
    for (const campaign of stalled) {
      await this.transactions.run(async (manager) => {
        const locked = await manager.query<SqlRow[]>(
          `SELECT id FROM campaigns WHERE id = $1 AND status = 'EM_ANDAMENTO' FOR UPDATE`,
          [campaign.id],
        );
        if (locked.length > 0) await this.kick(manager, campaign.companyId, campaign.id);
      });
    }
  }

  /** In the caller's transaction: the campaign starts at `scheduledAt` (an older start job is then ignored). */
  async scheduleStart(companyId: CompanyId, campaignId: number, scheduledAt: Date): Promise<void> {
    await this.jobs.send<StartJob>(
      START_JOB,
      { companyId, campaignId, scheduledAt: scheduledAt.toISOString() },
      { startAfter: scheduledAt },
    );
  }

  /** In the caller's transaction (campaign row locked): a new dispatch chain from `at`, the old one dies. */
  async kick(manager: EntityManager, companyId: number, campaignId: number, at?: Date): Promise<string> {
    const token = randomUUID();
    await manager.query('UPDATE campaigns SET dispatch_token = $3 WHERE company_id = $1 AND id = $2', [
      companyId,
      campaignId,
      token,
    ]);
    await this.jobs.send<DispatchJob>(
      DISPATCH_JOB,
      { companyId, campaignId, token },
      { startAfter: at ?? this.clock.now() },
    );
    return token;
  }

  private async start(job: StartJob): Promise<void> {
    const companyId = asCompanyId(job.companyId);
    await this.transactions.run(async (manager) => {
      const [row] = campaignRows(
        await manager.query<SqlRow[]>('SELECT * FROM campaigns WHERE company_id = $1 AND id = $2 FOR UPDATE', [
          companyId,
          job.campaignId,
        ]),
      );
      if (!row || row.status !== 'PROGRAMADA' || row.scheduled_at?.toISOString() !== job.scheduledAt) return;
      await this.materialize(manager, row);
      await manager.query(
        `UPDATE campaigns SET status = 'EM_ANDAMENTO', started_at = coalesce(started_at, now()), updated_at = now()
          WHERE id = $1`,
        [row.id],
      );
      await this.kick(manager, companyId, row.id);
      await this.campaigns.announce(companyId, row.id);
    });
  }

  /**
   * One shipping row per audience number not yet in the campaign (a restart adds the list's new contacts), with
   * its message and confirmation variant chosen round-robin by position and the variables applied.
   */
  async materialize(manager: EntityManager, row: CampaignRow): Promise<void> {
    const settings = await this.settings.get(asCompanyId(row.company_id));
    const messages = messageVariants(row, 'message');
    const confirmations = row.confirmation ? messageVariants(row, 'confirmation') : [];
    // the audience streamed through a cursor of this transaction, INSERT_BATCH rows at a time: memory stays flat
    // however large the list
    await manager.query(
      `DECLARE campaign_audience NO SCROLL CURSOR FOR
       SELECT name, number, email FROM (
         SELECT DISTINCT ON (number) name, number, email, sort FROM (${AUDIENCE_SQL}) a ORDER BY number, sort
       ) audience
       WHERE NOT EXISTS (SELECT 1 FROM campaign_shippings s WHERE s.campaign_id = $4 AND s.number = audience.number)
       ORDER BY sort, number`,
      [row.company_id, row.contact_list_id ?? 0, row.tag_list_id, row.id],
    );
    const [last] = mapRows(
      await manager.query<SqlRow[]>('SELECT max(position) AS max FROM campaign_shippings WHERE campaign_id = $1', [
        row.id,
      ]),
      (r) => r.nullable('max', r.int),
    );
    let position = (last ?? -1) + 1;
    for (;;) {
      const chunk = mapRows(await manager.query<SqlRow[]>(`FETCH ${INSERT_BATCH} FROM campaign_audience`), (r) => ({
        name: r.string('name'),
        number: r.string('number'),
        email: r.string('email'),
      }));
      if (chunk.length === 0) break;
      const positions: number[] = [];
      const texts: string[] = [];
      const confirmationTexts: Array<string | null> = [];
      const templateValues: Array<string | null> = [];
      for (const contact of chunk) {
        const { message, confirmation } = shippingTexts(position, contact, messages, confirmations, settings.variables);
        const template = row.template ? templateShipping(row.template, contact, settings.variables) : null;
        positions.push(position);
        texts.push(template?.message ?? message);
        confirmationTexts.push(confirmation);
        templateValues.push(template ? JSON.stringify(template.values) : null);
        position += 1;
      }
      await manager.query(
        `INSERT INTO campaign_shippings (company_id, campaign_id, position, name, number, email, message,
           confirmation_message, template_values)
         SELECT $1, $2, u.position, u.name, u.number, u.email, u.message, u.confirmation, u.template_values::jsonb
           FROM unnest($3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
             AS u(position, name, number, email, message, confirmation, template_values)
         ON CONFLICT (campaign_id, number) DO NOTHING`,
        [
          row.company_id,
          row.id,
          positions,
          chunk.map((contact) => contact.name),
          chunk.map((contact) => contact.number),
          chunk.map((contact) => contact.email),
          texts,
          confirmationTexts,
          templateValues,
        ],
      );
    }
    await manager.query('CLOSE campaign_audience');
  }

  /**
   * One link of the campaign's dispatch chain: runs (one transaction each) while they use their whole batch and the
   * connection may send again at once (zero intervals), for at most CHAIN_SLICE_MS; the last run queues the next job.
   */
  private async dispatch(job: DispatchJob, local = false): Promise<void> {
    const companyId = asCompanyId(job.companyId);
    const until = Date.now() + CHAIN_SLICE_MS;
    for (;;) {
      const outcome = await this.dispatchRun(job, Date.now() < until, local);
      if (outcome.handed > 0) this.announceSoon(companyId, job.campaignId);
      if (outcome.next) this.runLocally({ ...job, token: outcome.next.token }, outcome.next.at);
      if (!outcome.more) return;
    }
  }

  /** The chain's next run, queued for `at`, also run here on time (the queued job is the fallback). */
  private runLocally(job: DispatchJob, at: Date): void {
    const delay = Math.max(0, at.getTime() - this.clock.now().getTime());
    if (delay > LOCAL_RUN_WITHIN_MS) return;
    const timer: NodeJS.Timeout = TransactionHost.outside(() =>
      setTimeout(() => {
        this.localRuns.delete(timer);
        this.dispatch(job, true).catch((error: unknown) =>
          this.logger.warn(
            { err: error, campaignId: job.campaignId },
            'local dispatch run failed; the queued job follows',
          ),
        );
      }, delay),
    );
    timer.unref();
    this.localRuns.add(timer);
  }

  /**
   * With the campaign row locked and its token checked: hands the rows the connection's pacing allows to the
   * connector. `more`: the batch was full and the connection is free, so the caller runs again under the same token
   * (only when `mayContinue`; otherwise, and in every other case, the next job is queued here: `next`). A `local`
   * run (this pod's timer) that finds the connection not yet free leaves the chain to its queued job.
   */
  private dispatchRun(
    job: DispatchJob,
    mayContinue: boolean,
    local: boolean,
  ): Promise<{ handed: number; more: boolean; next?: { token: string; at: Date } }> {
    const companyId = asCompanyId(job.companyId);
    return this.transactions.run(async (manager) => {
      const [row] = campaignRows(
        await manager.query<SqlRow[]>('SELECT * FROM campaigns WHERE company_id = $1 AND id = $2 FOR UPDATE', [
          companyId,
          job.campaignId,
        ]),
      );
      const idle = { handed: 0, more: false };
      if (!row || row.status !== 'EM_ANDAMENTO' || row.dispatch_token !== job.token) {
        return idle;
      }
      const connectionId = row.whatsapp_id;
      if (connectionId === null) return idle;
      const settings = await this.settings.get(companyId);
      await manager.query(
        `INSERT INTO connection_pacing (connection_id, company_id, next_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
        [connectionId, companyId, this.clock.now()],
      );
      const [pacing] = mapRows(
        await manager.query<SqlRow[]>(
          'SELECT next_at, sent FROM connection_pacing WHERE connection_id = $1 FOR UPDATE',
          [connectionId],
        ),
        (r) => ({ nextAt: r.date('next_at'), sent: r.int('sent') }),
      );
      let nextAt = pacing!.nextAt;
      let sent = pacing!.sent;
      let handed = 0;
      while (handed < BATCH && nextAt.getTime() <= this.clock.now().getTime()) {
        // the sends this instant allows: the next one, and those after it while the delay after each stays zero
        const shippings = await this.nextShippings(manager, row, sendsAllowedNow(sent, settings, BATCH - handed));
        if (shippings.length === 0) break;
        const at = this.clock.now();
        const given = await this.send(manager, row, shippings, connectionId, at);
        handed += shippings.length;
        if (given === 0) continue; // none went to the connector: its pacing is unchanged
        sent += given;
        nextAt = nextSendAt(at, sent, settings);
      }
      if (handed > 0) {
        await manager.query('UPDATE connection_pacing SET next_at = $2, sent = $3 WHERE connection_id = $1', [
          connectionId,
          nextAt,
          sent,
        ]);
        const more = mayContinue && handed === BATCH && nextAt.getTime() <= this.clock.now().getTime();
        if (more) return { handed, more };
        return { handed, more, next: { token: await this.kick(manager, companyId, row.id, nextAt), at: nextAt } };
      }
      if (nextAt.getTime() > this.clock.now().getTime()) {
        if (local) return idle;
        // the connection is pacing (another campaign may share it): come back when it may send again
        return { ...idle, next: { token: await this.kick(manager, companyId, row.id, nextAt), at: nextAt } };
      }
      await this.finishIfDone(manager, row);
      return idle;
    });
  }

  /** The next rows to send: confirmed contacts' main messages first, then requests (or main messages) by position. */
  private async nextShippings(manager: EntityManager, row: CampaignRow, limit: number): Promise<ShippingRow[]> {
    const confirmed = row.confirmation
      ? mapRows(
          await manager.query<SqlRow[]>(
            `SELECT * FROM campaign_shippings WHERE campaign_id = $1 AND confirmed_at IS NOT NULL AND sent_at IS NULL
              AND failed_at IS NULL ORDER BY confirmed_at, id LIMIT $2 FOR UPDATE SKIP LOCKED`,
            [row.id, limit],
          ),
          readShippingRow,
        )
      : [];
    if (confirmed.length >= limit) return confirmed;
    const next = mapRows(
      await manager.query<SqlRow[]>(
        row.confirmation
          ? `SELECT * FROM campaign_shippings WHERE campaign_id = $1 AND confirmation_requested_at IS NULL
               AND sent_at IS NULL AND failed_at IS NULL ORDER BY position LIMIT $2 FOR UPDATE SKIP LOCKED`
          : `SELECT * FROM campaign_shippings WHERE campaign_id = $1 AND sent_at IS NULL AND failed_at IS NULL
               ORDER BY position LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [row.id, limit - confirmed.length],
      ),
      readShippingRow,
    );
    return [...confirmed, ...next];
  }

  /**
   * Writes the send commands of the shippings to the outbox (one insert) and their new state (one update per
   * kind), in the run's one transaction: per shipping the confirmation request, or the file-list files, then the
   * media with the message as caption, or the text. A template whose values this contact lacks
   * (`templateValuesProblem`) is not sent: the shipping fails with `ERR_SENDING_WAPP_MSG` and that reason.
   * Answers how many shippings went to the connector.
   */
  private async send(
    manager: EntityManager,
    row: CampaignRow,
    shippings: ShippingRow[],
    connectionId: number,
    at: Date,
  ): Promise<number> {
    const companyId = asCompanyId(row.company_id);
    const events: Array<{ definition: typeof SendMessage; input: EmitInput<typeof SendMessage> }> = [];
    const command = (shipping: ShippingRow, part: string, content: OutboundContent): void => {
      const clientMessageId = campaignMessageId(shipping.id, part);
      events.push({
        definition: SendMessage,
        input: {
          companyId,
          key: connectionId,
          data: {
            commandId: commandIdOf(clientMessageId),
            clientMessageId,
            connectionId,
            chatJid: `${shipping.number}@s.whatsapp.net`,
            content,
            quotedMessageId: null,
          },
        },
      });
    };
    const isRequest = (shipping: ShippingRow): boolean => isConfirmationRequest(row, shipping);
    const refused = new Map<string, string>();
    for (const shipping of shippings) {
      const problem =
        row.template && shipping.template_values && !isRequest(shipping)
          ? templateValuesProblem(row.template, shipping.template_values)
          : null;
      if (problem) refused.set(shipping.id, problem);
    }
    const sending = shippings.filter((shipping) => !refused.has(shipping.id));
    const requests = sending.filter(isRequest);
    const mains = sending.filter((shipping) => !isRequest(shipping));
    const options =
      row.file_list_id !== null && mains.length > 0
        ? mapRows(
            await manager.query<SqlRow[]>(
              `SELECT id, name, path, media_type FROM file_list_options
                WHERE company_id = $1 AND file_list_id = $2 AND path IS NOT NULL ORDER BY position, id`,
              [row.company_id, row.file_list_id],
            ),
            readFileOption,
          )
        : [];
    for (const shipping of sending) {
      for (const { part, content } of shippingParts(row, shipping, options, (path) => this.media.urlOf(path))) {
        command(shipping, part, content);
      }
    }
    await this.events.emitAll(events);
    if (requests.length > 0) {
      await manager.query('UPDATE campaign_shippings SET confirmation_requested_at = $2 WHERE id = ANY($1::bigint[])', [
        requests.map((shipping) => shipping.id),
        at,
      ]);
    }
    if (mains.length > 0) {
      await manager.query('UPDATE campaign_shippings SET sent_at = $2 WHERE id = ANY($1::bigint[])', [
        mains.map((shipping) => shipping.id),
        at,
      ]);
    }
    if (refused.size > 0) {
      await manager.query(
        `UPDATE campaign_shippings s SET failed_at = $3, error = 'ERR_SENDING_WAPP_MSG', error_reason = u.reason
           FROM unnest($1::bigint[], $2::text[]) AS u(id, reason) WHERE s.id = u.id`,
        [[...refused.keys()], [...refused.values()], at],
      );
    }
    return sending.length;
  }

  /**
   * FINALIZADA when every contact got its main message (delivered or failed for good), or, for a confirmation
   * campaign, its request went unanswered for the confirmation window. Otherwise the next check is queued when
   * the earliest window lapses (a reply or a connector result kicks it earlier).
   */
  async finishIfDone(manager: EntityManager, row: CampaignRow): Promise<void> {
    const windowMs = this.config.CAMPAIGNS_CONFIRMATION_WINDOW_HOURS * 3_600_000;
    const states = await manager.query<SqlRow[]>(
      `SELECT count(*) FILTER (WHERE NOT (confirmed_at IS NULL AND confirmation_requested_at IS NOT NULL
                                          AND confirmation_requested_at <= now() - ($2 || ' milliseconds')::interval))::int
                AS pending,
              min(confirmation_requested_at) FILTER (WHERE confirmed_at IS NULL AND confirmation_requested_at IS NOT NULL
                AND confirmation_requested_at > now() - ($2 || ' milliseconds')::interval) AS waiting
         FROM campaign_shippings
        WHERE campaign_id = $1 AND delivered_at IS NULL AND failed_at IS NULL`,
      [row.id, String(row.confirmation ? windowMs : -1)],
    );
    const [state] = mapRows(states, (r) => ({ pending: r.int('pending'), waiting: r.nullable('waiting', r.date) }));
    if ((state?.pending ?? 0) > 0) {
      if (state?.waiting)
        await this.kick(manager, row.company_id, row.id, new Date(state.waiting.getTime() + windowMs + 1000));
      return;
    }
    await manager.query(
      `UPDATE campaigns SET status = 'FINALIZADA', completed_at = now(), dispatch_token = NULL, updated_at = now()
        WHERE id = $1 AND status = 'EM_ANDAMENTO'`,
      [row.id],
    );
    await this.campaigns.announce(asCompanyId(row.company_id), row.id);
  }

  /**
   * Contacts replied on campaigns' connections: their pending confirmations are confirmed and the main messages
   * follow. One statement for the replies of a batch of inbound messages (every inbound message of every company
   * comes here; almost none is a reply to a confirmation request).
   */
  async confirmAll(
    replies: ReadonlyArray<{ readonly companyId: CompanyId; readonly connectionId: number; readonly number: string }>,
  ): Promise<void> {
    if (replies.length === 0) return;
    const confirmed = await this.transactions.run(async (manager) => {
      const rows = await runPrepared<SqlRow>(manager, CONFIRM_REPLIES, [
        replies.map((reply) => reply.companyId),
        replies.map((reply) => reply.connectionId),
        replies.map((reply) => reply.number),
      ]);
      const campaigns = new Map(
        mapRows(rows, (r) => [r.int('campaign_id'), asCompanyId(r.int('company_id'))] as const),
      );
      for (const [campaignId, company] of [...campaigns].sort(([a], [b]) => a - b)) {
        await manager.query('SELECT id FROM campaigns WHERE id = $1 FOR UPDATE', [campaignId]);
        await this.kick(manager, company, campaignId);
      }
      return campaigns;
    });
    for (const [campaignId, company] of confirmed) this.announceSoon(company, campaignId);
  }

  /**
   * The connector's result of a campaign send, in one transaction: the delivered part goes to the contact's history
   * (ADR 0006); a main message is marked delivered, a failed main message or request failed; when no row is left to
   * send the campaign may be finished (under its row lock, which a dispatch run holds: taken only then).
   */
  async result(
    companyId: CompanyId,
    shippingId: string,
    part: string,
    outcome: { error: string | null; reason?: string; sent?: SentMessage },
  ): Promise<void> {
    const changed = await this.transactions.run(async (manager) => {
      if (outcome.error === null && outcome.sent) {
        await this.publishDelivered(manager, companyId, shippingId, part, outcome.sent);
      }
      if (part !== 'main' && part !== 'confirm') return undefined;
      const updated = await returningRows<SqlRow>(
        manager,
        outcome.error === null
          ? part === 'main'
            ? `UPDATE campaign_shippings SET delivered_at = coalesce(delivered_at, now())
                WHERE company_id = $1 AND id = $2 RETURNING campaign_id`
            : 'SELECT campaign_id FROM campaign_shippings WHERE company_id = $1 AND id = $2'
          : `UPDATE campaign_shippings SET failed_at = coalesce(failed_at, now()), error = $3, error_reason = $4
              WHERE company_id = $1 AND id = $2 AND delivered_at IS NULL RETURNING campaign_id`,
        outcome.error === null
          ? [companyId, shippingId]
          : [companyId, shippingId, outcome.error.slice(0, 64), outcome.reason?.slice(0, 1_000) ?? null],
      );
      const [campaignId] = mapRows(updated, (r) => r.int('campaign_id'));
      if (campaignId === undefined || (outcome.error === null && part === 'confirm')) return undefined;
      const [open] = mapRows(
        await manager.query<SqlRow[]>(
          `SELECT EXISTS (SELECT 1 FROM campaign_shippings s WHERE s.campaign_id = c.id AND s.sent_at IS NULL
                          AND s.failed_at IS NULL
                          AND (NOT c.confirmation OR s.confirmation_requested_at IS NULL OR s.confirmed_at IS NOT NULL))
                AS open
           FROM campaigns c WHERE c.id = $1 AND c.status = 'EM_ANDAMENTO'`,
          [campaignId],
        ),
        (r) => r.boolean('open'),
      );
      if (open === false) {
        const [row] = campaignRows(
          await manager.query<SqlRow[]>('SELECT * FROM campaigns WHERE id = $1 FOR UPDATE', [campaignId]),
        );
        if (row?.status === 'EM_ANDAMENTO') await this.finishIfDone(manager, row);
      }
      return campaignId;
    });
    if (changed !== undefined) this.announceSoon(companyId, changed);
  }

  /**
   * ADR 0006: a part WhatsApp accepted goes to the contact's history in tickets (`campaigns.shipping.delivered`),
   * with the content the send command carried (rebuilt from the shipping row and the campaign, as `send` built it).
   */
  private async publishDelivered(
    manager: EntityManager,
    companyId: CompanyId,
    shippingId: string,
    part: string,
    sent: SentMessage,
  ): Promise<void> {
    const [shipping] = mapRows(
      await manager.query<SqlRow[]>('SELECT * FROM campaign_shippings WHERE company_id = $1 AND id = $2', [
        companyId,
        shippingId,
      ]),
      (r) => ({ ...readShippingRow(r), campaign_id: r.int('campaign_id') }),
    );
    if (!shipping) return;
    const [row] = campaignRows(
      await manager.query<SqlRow[]>('SELECT * FROM campaigns WHERE company_id = $1 AND id = $2', [
        companyId,
        shipping.campaign_id,
      ]),
    );
    if (!row) return;
    let content: OutboundContent | null = null;
    if (part === 'confirm' && shipping.confirmation_message) {
      content = { kind: 'text', body: shipping.confirmation_message };
    } else if (part === 'main') {
      content = mainContent(row, shipping.message, (path) => this.media.urlOf(path), shipping.template_values);
    } else if (part.startsWith('file-')) {
      const [option] = mapRows(
        await manager.query<SqlRow[]>(
          'SELECT path, media_type FROM file_list_options WHERE company_id = $1 AND id = $2 AND path IS NOT NULL',
          [companyId, Number(part.slice('file-'.length))],
        ),
        (r) => ({ path: r.string('path'), media_type: r.string('media_type') }),
      );
      if (option) content = fileContent(option, (path) => this.media.urlOf(path));
    }
    if (!content) return;
    await this.events.emit(ShippingDelivered, {
      companyId,
      key: `${sent.connectionId}:${sent.chatJid}`,
      data: {
        campaignId: row.id,
        campaignName: row.name,
        shippingId: String(shipping.id),
        part,
        connectionId: sent.connectionId,
        chatJid: sent.chatJid,
        number: shipping.number,
        content,
        messageId: sent.messageId,
        sentAt: sent.timestamp,
      },
    });
  }
}
