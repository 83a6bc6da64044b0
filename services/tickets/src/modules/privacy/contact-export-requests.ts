import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { EXPORT_SERVICES, type ExportPartData, ExportRequested } from '@cs/proto/events';
import type { ContactExport } from '@cs/proto/http';
import { APP_CONFIG } from '@cs/platform/config';
import { returningRows, TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { EventPublisher } from '@cs/platform/events';
import { JobsService } from '@cs/platform/jobs';
import type { TicketsConfig } from '../../config/env.js';

export const EXPORT_CLEANUP_JOB = 'tickets.contact-export-cleanup';
/** How long an export request and the parts it gathered are kept: the admin downloads it within a day. */
export const EXPORT_KEPT_MS = 86_400_000;

interface RequestRow {
  id: string;
  contactId: number;
  status: 'pending' | 'ready';
  createdAt: Date;
  readyAt: Date | null;
}

const COLUMNS = `id, contact_id AS "contactId", status, created_at AS "createdAt", ready_at AS "readyAt"`;

const toContactExport = (row: RequestRow): ContactExport => ({
  id: row.id,
  contactId: row.contactId,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  readyAt: row.readyAt?.toISOString() ?? null,
});

/**
 * LGPD export requests (`POST /privacy/contact-exports`): recorded with `privacy.export.requested` in one
 * transaction; each `privacy.export.part` a holding service answers with is stored (a redelivered part replaces the
 * one of its number) and the request turns `ready` once every service of `EXPORT_SERVICES` sent its parts 0..last.
 * Requests older than `EXPORT_KEPT_MS` are deleted with their parts on the `TICKETS_RETENTION_CRON` schedule.
 */
@Injectable()
export class ContactExportRequests implements OnApplicationBootstrap {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly events: EventPublisher,
    private readonly jobs: JobsService,
    @Inject(APP_CONFIG) private readonly config: TicketsConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.work(EXPORT_CLEANUP_JOB, () => this.cleanup().then(() => undefined));
    await this.jobs.schedule(EXPORT_CLEANUP_JOB, this.config.TICKETS_RETENTION_CRON);
  }

  /** Records a request for a contact of the company and asks the holding services for their rows. */
  async request(companyId: number, contactId: number, userId: number): Promise<ContactExport> {
    return this.transactions.run(async (manager) => {
      const [contact] = await manager.query<Array<{ number: string }>>(
        'SELECT number FROM contacts WHERE company_id = $1 AND id = $2',
        [companyId, contactId],
      );
      if (!contact) throw new DomainError('ERR_NO_CONTACT_FOUND');
      const id = uuidv7();
      const [row] = await manager.query<RequestRow[]>(
        `INSERT INTO contact_export_requests (id, company_id, contact_id, requested_by) VALUES ($1, $2, $3, $4)
         RETURNING ${COLUMNS}`,
        [id, companyId, contactId, userId],
      );
      await this.events.emit(ExportRequested, {
        companyId,
        key: id,
        data: { requestId: id, contactId, number: contact.number },
      });
      return toContactExport(row!);
    });
  }

  /** A request of the company, or `ERR_NO_DATA_REQUEST_FOUND`. */
  async find(companyId: number, id: string): Promise<ContactExport> {
    const [row] = await this.transactions.manager.query<RequestRow[]>(
      `SELECT ${COLUMNS} FROM contact_export_requests WHERE company_id = $1 AND id = $2`,
      [companyId, id],
    );
    if (!row) throw new DomainError('ERR_NO_DATA_REQUEST_FOUND');
    return toContactExport(row);
  }

  /** Stores a part of a request of the company (none: the request was deleted, the part is dropped). */
  async store(companyId: number, part: ExportPartData): Promise<void> {
    await this.transactions.run(async (manager) => {
      const [request] = await manager.query<Array<{ id: string }>>(
        'SELECT id FROM contact_export_requests WHERE company_id = $1 AND id = $2 FOR UPDATE',
        [companyId, part.requestId],
      );
      if (!request) return;
      await manager.query(
        `INSERT INTO contact_export_parts (company_id, request_id, service, part, last, rows)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb)
         ON CONFLICT (request_id, service, part) DO UPDATE SET last = EXCLUDED.last, rows = EXCLUDED.rows`,
        [companyId, part.requestId, part.service, part.part, part.last, JSON.stringify(part.shippings)],
      );
      // ready when, for every service, a last part n arrived with all the parts 0..n
      await manager.query(
        `UPDATE contact_export_requests r SET status = 'ready', ready_at = now()
          WHERE r.company_id = $1 AND r.id = $2 AND r.status = 'pending'
            AND NOT EXISTS (
              SELECT 1 FROM unnest($3::text[]) AS s(service)
               WHERE NOT EXISTS (
                 SELECT 1 FROM contact_export_parts p
                  WHERE p.company_id = r.company_id AND p.request_id = r.id AND p.service = s.service AND p.last
                    AND (SELECT count(*) FROM contact_export_parts q
                          WHERE q.company_id = r.company_id AND q.request_id = r.id AND q.service = s.service
                            AND q.part <= p.part) = p.part + 1))`,
        [companyId, part.requestId, EXPORT_SERVICES],
      );
    });
  }

  /** Deletes a contact's requests and their parts (erasure), in the caller's transaction; answers how many. */
  async eraseOf(companyId: number, contactId: number): Promise<number> {
    const rows = await returningRows<{ id: string }>(
      this.transactions.manager,
      'DELETE FROM contact_export_requests WHERE company_id = $1 AND contact_id = $2 RETURNING id',
      [companyId, contactId],
    );
    return rows.length;
  }

  /** Deletes the requests older than `EXPORT_KEPT_MS` as of `now` with their parts; answers how many. */
  async cleanup(now = new Date()): Promise<number> {
    return this.transactions.run(async (manager) => {
      const rows = await returningRows<{ id: string }>(
        manager,
        'DELETE FROM contact_export_requests WHERE created_at < $1 RETURNING id',
        [new Date(now.getTime() - EXPORT_KEPT_MS)],
      );
      return rows.length;
    });
  }
}
