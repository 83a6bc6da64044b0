import { setImmediate as yieldToLiveWork } from 'node:timers/promises';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { RetentionApplied } from '@cs/proto/events';
import { APP_CONFIG } from '@cs/platform/config';
import { returningRows, TransactionHost } from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';
import { JobsService } from '@cs/platform/jobs';
import type { TicketsConfig } from '../../config/env.js';
import { MediaStorage } from '../media/media.storage.js';
import { storedMedia } from './stored-media.js';

export const RETENTION_JOB = 'tickets.message-retention';
/** The company setting: days a closed ticket's messages are kept (empty or absent: kept for good). */
export const RETENTION_SETTING = 'messageRetentionDays';
const DAY_MS = 86_400_000;

/**
 * Message retention (a company's `messageRetentionDays`): on the `TICKETS_RETENTION_CRON` schedule (pg-boss, once
 * across the pods) the bodies and media of messages older than N days, in tickets closed and untouched for N days, are
 * erased: tickets' own files deleted, the connector's listed on `privacy.erasure.retention-applied` for it to
 * delete, the tickets' last message emptied. Batches of `TICKETS_RETENTION_BATCH` rows, each its own transaction that skips
 * rows the live path holds (`SKIP LOCKED`), with the event loop free between batches. A message already erased is
 * never selected again, so a run repeated or cut short is harmless.
 */
@Injectable()
export class MessageRetention implements OnApplicationBootstrap {
  /** Messages erased per transaction: short transactions that lock only their own rows. */
  private readonly batchSize: number;

  constructor(
    private readonly jobs: JobsService,
    private readonly transactions: TransactionHost,
    private readonly events: EventPublisher,
    private readonly media: MediaStorage,
    @Inject(APP_CONFIG) private readonly config: TicketsConfig,
  ) {
    this.batchSize = config.TICKETS_RETENTION_BATCH;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.work(RETENTION_JOB, () => this.run().then(() => undefined));
    await this.jobs.schedule(RETENTION_JOB, this.config.TICKETS_RETENTION_CRON);
  }

  /** Applies every company's retention as of `now`; answers how many messages it erased. */
  async run(now = new Date()): Promise<number> {
    const companies = await this.transactions.manager.query<Array<{ id: number; days: number }>>(
      `SELECT id, (settings ->> '${RETENTION_SETTING}')::int AS days FROM companies
        WHERE settings ->> '${RETENTION_SETTING}' ~ '^[1-9][0-9]{0,4}$' ORDER BY id`,
    );
    let total = 0;
    for (const company of companies) {
      const cutoff = new Date(now.getTime() - company.days * DAY_MS);
      for (;;) {
        const erased = await this.batch(company.id, cutoff);
        total += erased;
        if (erased < this.batchSize) break;
        await yieldToLiveWork();
      }
    }
    return total;
  }

  private async batch(companyId: number, cutoff: Date): Promise<number> {
    return this.transactions.run(async (manager) => {
      const rows = await returningRows<{ ticket_id: number; media_url: string | null }>(
        manager,
        `WITH old AS (
           SELECT m.seq, m.ticket_id, m.media_url FROM messages m
             JOIN tickets t ON t.company_id = m.company_id AND t.id = m.ticket_id
            WHERE m.company_id = $1 AND t.status = 'closed' AND t.updated_at < $2 AND m.created_at < $2
              AND (m.body <> '' OR m.media_url IS NOT NULL OR m.refused_media_name IS NOT NULL)
            ORDER BY m.seq LIMIT $3
            FOR UPDATE OF m SKIP LOCKED)
         UPDATE messages m SET body = '', media_url = NULL, refused_media_name = NULL, updated_at = now()
           FROM old WHERE m.seq = old.seq
         RETURNING old.ticket_id, old.media_url`,
        [companyId, cutoff, this.batchSize],
      );
      if (rows.length === 0) return 0;
      await manager.query(
        `UPDATE tickets SET last_message = '' WHERE company_id = $1 AND id = ANY($2::int[]) AND status = 'closed'`,
        [companyId, [...new Set(rows.map((row) => row.ticket_id))]],
      );
      const media = storedMedia(rows.map((row) => row.media_url));
      for (const path of media.own) await this.media.remove(path);
      await this.events.emit(RetentionApplied, {
        companyId,
        key: companyId,
        data: { messages: rows.length, mediaUrls: media.connector },
      });
      return rows.length;
    });
  }
}
