import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { hasMorePages } from '@cs/proto/common';
import {
  CAMPAIGN_STATUSES,
  CampaignCreated,
  type CampaignSnapshot,
  type CampaignStatus,
  CampaignUpdated,
} from '@cs/proto/events';
import type {
  CampaignCounts,
  CampaignFailures,
  CampaignPage,
  CampaignResponse,
  CampaignTemplate,
  ListCampaignsQuery,
} from '@cs/proto/http';
import { mapRows, type RowReader, type SqlRow, TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { EventPublisher } from '@cs/platform/events';

export interface CampaignRow {
  id: number;
  company_id: number;
  name: string;
  message1: string | null;
  message2: string | null;
  message3: string | null;
  message4: string | null;
  message5: string | null;
  confirmation_message1: string | null;
  confirmation_message2: string | null;
  confirmation_message3: string | null;
  confirmation_message4: string | null;
  confirmation_message5: string | null;
  status: CampaignStatus;
  confirmation: boolean;
  scheduled_at: Date | null;
  completed_at: Date | null;
  whatsapp_id: number | null;
  contact_list_id: number | null;
  tag_list_id: number | null;
  file_list_id: number | null;
  media_path: string | null;
  media_name: string | null;
  media_type: string | null;
  /** Cloud API: the template sent instead of the messages. */
  template: CampaignTemplate | null;
  started_at: Date | null;
  /** The live dispatch chain's token (null when none runs). */
  dispatch_token: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A `campaigns` row (`SELECT *` or `RETURNING *`), every column checked. */
export const readCampaignRow = (r: RowReader): CampaignRow => {
  const text = (column: string) => r.nullable(column, r.string);
  const id = (column: string) => r.nullable(column, r.int);
  const at = (column: string) => r.nullable(column, r.date);
  return {
    id: r.int('id'),
    company_id: r.int('company_id'),
    name: r.string('name'),
    message1: text('message1'),
    message2: text('message2'),
    message3: text('message3'),
    message4: text('message4'),
    message5: text('message5'),
    confirmation_message1: text('confirmation_message1'),
    confirmation_message2: text('confirmation_message2'),
    confirmation_message3: text('confirmation_message3'),
    confirmation_message4: text('confirmation_message4'),
    confirmation_message5: text('confirmation_message5'),
    status: r.oneOf('status', CAMPAIGN_STATUSES),
    confirmation: r.boolean('confirmation'),
    scheduled_at: at('scheduled_at'),
    completed_at: at('completed_at'),
    whatsapp_id: id('whatsapp_id'),
    contact_list_id: id('contact_list_id'),
    tag_list_id: id('tag_list_id'),
    file_list_id: id('file_list_id'),
    media_path: text('media_path'),
    media_name: text('media_name'),
    media_type: text('media_type'),
    template: r.nullable('template', r.json<CampaignTemplate>),
    started_at: at('started_at'),
    dispatch_token: text('dispatch_token'),
    created_at: r.date('created_at'),
    updated_at: r.date('updated_at'),
  };
};

/** `campaigns` rows, checked ({@link readCampaignRow}). */
export const campaignRows = (rows: readonly SqlRow[]): CampaignRow[] => mapRows(rows, readCampaignRow);

/** `count(*)::int AS count`'s one row (0 when none). */
const countOf = (rows: readonly SqlRow[]): number => mapRows(rows, (r) => r.int('count'))[0] ?? 0;

/** `SELECT id, name` rows as `{ id, name }` (the first, or null). */
const namedOf = (rows: readonly SqlRow[]): { id: number; name: string } | null =>
  mapRows(rows, (r) => ({ id: r.int('id'), name: r.string('name') }))[0] ?? null;

const PAGE = 20;

/** The audience of a campaign: a contact list's items, or the contacts of tickets carrying a tag. */
export const AUDIENCE_SQL = `
  SELECT name, number, email, id AS sort FROM contact_list_items
   WHERE company_id = $1 AND contact_list_id = $2 AND is_whatsapp_valid IS TRUE AND number <> ''
  UNION ALL
  SELECT DISTINCT ON (number) name, number, email, contact_id AS sort FROM ticket_audience
   WHERE company_id = $1 AND $3::int IS NOT NULL AND tag_ids @> ARRAY[$3::int] AND NOT is_group AND number <> ''`;

/** Campaign rows and their responses (with counts from shipping rows) and `campaigns.campaign.v1` events. */
@Injectable()
export class CampaignsRepository {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly events: EventPublisher,
  ) {}

  private get db() {
    return this.transactions.manager;
  }

  async list(companyId: CompanyId, query: ListCampaignsQuery): Promise<CampaignPage> {
    const offset = (query.pageNumber - 1) * PAGE;
    const search = `%${query.searchParam}%`;
    const count = countOf(
      await this.db.query<SqlRow[]>(
        'SELECT count(*)::int AS count FROM campaigns WHERE company_id = $1 AND lower(name) LIKE $2',
        [companyId, search],
      ),
    );
    const rows = campaignRows(
      await this.db.query<SqlRow[]>(
        'SELECT * FROM campaigns WHERE company_id = $1 AND lower(name) LIKE $2 ORDER BY id DESC LIMIT $3 OFFSET $4',
        [companyId, search, PAGE, offset],
      ),
    );
    const records = [];
    for (const row of rows) records.push(await this.toResponse(row));
    return { records, count, hasMore: hasMorePages(count, offset, rows.length) };
  }

  async all(companyId: CompanyId): Promise<CampaignResponse[]> {
    const rows = campaignRows(
      await this.db.query<SqlRow[]>('SELECT * FROM campaigns WHERE company_id = $1 ORDER BY id DESC', [companyId]),
    );
    const records = [];
    for (const row of rows) records.push(await this.toResponse(row));
    return records;
  }

  /** The campaign's contacts whose message failed, with the connector's error and reason (another company: 404). */
  async failures(companyId: CompanyId, id: number): Promise<CampaignFailures> {
    await this.row(companyId, id);
    const rows = await this.db.query<
      Array<{ name: string; number: string; error: string | null; error_reason: string | null; failed_at: Date }>
    >(
      `SELECT name, number, error, error_reason, failed_at FROM campaign_shippings
        WHERE company_id = $1 AND campaign_id = $2 AND failed_at IS NOT NULL ORDER BY position`,
      [companyId, id],
    );
    return {
      failures: rows.map((row) => ({
        name: row.name,
        number: row.number,
        error: row.error,
        reason: row.error_reason,
        failedAt: row.failed_at.toISOString(),
      })),
    };
  }

  async row(companyId: CompanyId, id: number, lock = false): Promise<CampaignRow> {
    const [row] = campaignRows(
      await this.db.query<SqlRow[]>(
        `SELECT * FROM campaigns WHERE company_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
        [companyId, id],
      ),
    );
    if (!row) throw new DomainError('ERR_NO_CAMPAIGN_FOUND');
    return row;
  }

  async find(companyId: CompanyId, id: number): Promise<CampaignResponse> {
    return this.toResponse(await this.row(companyId, id));
  }

  /** Emits the campaign's current state (created or updated) in the current transaction; answers it. */
  async announce(companyId: CompanyId, id: number, kind: 'created' | 'updated' = 'updated'): Promise<CampaignResponse> {
    const response = await this.find(companyId, id);
    // the event carries the REST record: `company-{id}-campaign` clients replace their row with it
    const snapshot: CampaignSnapshot = response;
    await this.events.emit(kind === 'created' ? CampaignCreated : CampaignUpdated, {
      companyId,
      key: id,
      data: snapshot,
    });
    return response;
  }

  async counts(row: CampaignRow): Promise<CampaignCounts> {
    const rows = await this.db.query<SqlRow[]>(
      `SELECT count(*)::int AS total,
              count(delivered_at)::int AS delivered,
              count(failed_at)::int AS failed,
              count(confirmation_requested_at)::int AS "confirmationRequested",
              count(confirmed_at)::int AS confirmed
         FROM campaign_shippings WHERE campaign_id = $1`,
      [row.id],
    );
    const [shipping] = mapRows(rows, (r) => ({
      total: r.int('total'),
      delivered: r.int('delivered'),
      failed: r.int('failed'),
      confirmationRequested: r.int('confirmationRequested'),
      confirmed: r.int('confirmed'),
    }));
    let valid = shipping?.total ?? 0;
    if (valid === 0 && row.started_at === null) {
      valid = countOf(
        await this.db.query<SqlRow[]>(`SELECT count(DISTINCT number)::int AS count FROM (${AUDIENCE_SQL}) audience`, [
          row.company_id,
          row.contact_list_id ?? 0,
          row.tag_list_id,
        ]),
      );
    }
    return {
      valid,
      delivered: shipping?.delivered ?? 0,
      failed: shipping?.failed ?? 0,
      confirmationRequested: shipping?.confirmationRequested ?? 0,
      confirmed: shipping?.confirmed ?? 0,
    };
  }

  private async toResponse(row: CampaignRow): Promise<CampaignResponse> {
    const list = row.contact_list_id
      ? namedOf(
          await this.db.query<SqlRow[]>('SELECT id, name FROM contact_lists WHERE company_id = $1 AND id = $2', [
            row.company_id,
            row.contact_list_id,
          ]),
        )
      : null;
    const whatsapp = row.whatsapp_id
      ? namedOf(
          await this.db.query<SqlRow[]>('SELECT id, name FROM connections WHERE company_id = $1 AND id = $2', [
            row.company_id,
            row.whatsapp_id,
          ]),
        )
      : null;
    return {
      id: row.id,
      companyId: row.company_id,
      name: row.name,
      status: row.status,
      confirmation: row.confirmation,
      scheduledAt: row.scheduled_at?.toISOString() ?? null,
      completedAt: row.completed_at?.toISOString() ?? null,
      whatsappId: row.whatsapp_id,
      contactListId: row.contact_list_id,
      tagListId: row.tag_list_id,
      fileListId: row.file_list_id,
      mediaPath: row.media_path,
      mediaName: row.media_name,
      message1: row.message1,
      message2: row.message2,
      message3: row.message3,
      message4: row.message4,
      message5: row.message5,
      confirmationMessage1: row.confirmation_message1,
      confirmationMessage2: row.confirmation_message2,
      confirmationMessage3: row.confirmation_message3,
      confirmationMessage4: row.confirmation_message4,
      confirmationMessage5: row.confirmation_message5,
      template: row.template ?? null,
      counts: await this.counts(row),
      contactList: list,
      whatsapp,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    };
  }
}
