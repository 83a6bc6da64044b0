import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import type {
  CompanySnapshot,
  ConnectionSnapshot,
  ContactListItemSnapshot,
  ContactListSnapshot,
  TicketSnapshot,
} from '@cs/proto/events';
import {
  awaitProjectedRow,
  mapRows,
  preparedStatement,
  runPrepared,
  type SqlRow,
  TransactionHost,
} from '@cs/platform/database';

export interface CompanyView {
  readonly timezone: string;
  readonly useCampaigns: boolean;
  readonly campaignsEnabled: boolean;
}

/** Tickets' audience rows, a batch in one statement; unchanged rows are not rewritten. */
const UPSERT_TICKET_AUDIENCE =
  preparedStatement(`INSERT INTO ticket_audience (ticket_id, company_id, contact_id, name, number, email, is_group, tag_ids)
       SELECT t.ticket_id, t.company_id, t.contact_id, t.name, t.number, t.email, t.is_group,
              ARRAY(SELECT jsonb_array_elements_text(t.tag_ids)::int)
         FROM jsonb_to_recordset($1::jsonb) AS t(ticket_id int, company_id int, contact_id int, name varchar,
                number varchar, email varchar, is_group boolean, tag_ids jsonb)
       ON CONFLICT (ticket_id) DO UPDATE SET company_id = excluded.company_id, contact_id = excluded.contact_id,
         name = excluded.name, number = excluded.number, email = excluded.email, is_group = excluded.is_group,
         tag_ids = excluded.tag_ids
       WHERE (ticket_audience.company_id, ticket_audience.contact_id, ticket_audience.name, ticket_audience.number,
              ticket_audience.email, ticket_audience.is_group, ticket_audience.tag_ids)
             IS DISTINCT FROM (excluded.company_id, excluded.contact_id, excluded.name, excluded.number,
                               excluded.email, excluded.is_group, excluded.tag_ids)`);

/** The local projections of identity's companies, the connector's connections, contacts' lists and tickets. */
@Injectable()
export class ProjectionsRepository {
  constructor(private readonly transactions: TransactionHost) {}

  private get db() {
    return this.transactions.manager;
  }

  async upsertCompany(company: CompanySnapshot): Promise<void> {
    await this.db.query(
      `INSERT INTO companies (id, timezone, use_campaigns, settings, updated_at) VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (id) DO UPDATE SET timezone = $2, use_campaigns = $3, settings = $4, updated_at = now()`,
      [company.id, company.timezone, company.plan?.useCampaigns !== false, JSON.stringify(company.settings)],
    );
  }

  async updateSetting(companyId: CompanyId, key: string, value: string): Promise<void> {
    await this.db.query(
      `INSERT INTO companies (id, settings) VALUES ($1, jsonb_build_object($2::text, $3::text))
       ON CONFLICT (id) DO UPDATE SET settings = companies.settings || jsonb_build_object($2::text, $3::text),
         updated_at = now()`,
      [companyId, key, value],
    );
  }

  async deleteCompany(companyId: CompanyId): Promise<void> {
    await this.db.query('DELETE FROM companies WHERE id = $1', [companyId]);
  }

  /** A company unknown here (no event yet) has the spec's defaults: every flag enabled. */
  async company(companyId: CompanyId): Promise<CompanyView> {
    const rows = await this.db.query<SqlRow[]>(
      `SELECT timezone, use_campaigns, settings->>'campaignsEnabled' AS campaigns_enabled FROM companies WHERE id = $1`,
      [companyId],
    );
    const [row] = mapRows(rows, (r) => ({
      timezone: r.string('timezone'),
      useCampaigns: r.boolean('use_campaigns'),
      campaignsEnabled: r.nullable('campaigns_enabled', r.string) !== 'false',
    }));
    return row ?? { timezone: 'America/Sao_Paulo', useCampaigns: true, campaignsEnabled: true };
  }

  /**
   * Waits, outside any transaction, for connection or contact list `id` (`awaitProjectedRow`): a campaign saved right
   * after the list it sends to was created through the contacts service must not fail with
   * ERR_NO_CONTACT_LIST_FOUND because the list's event is still on its way; another company's list is refused
   * without waiting.
   */
  async awaitReference(table: 'connections' | 'contact_lists' | 'tags', id: number): Promise<void> {
    await awaitProjectedRow(this.transactions.dataSource, table, id);
  }

  async upsertTag(companyId: number, id: number): Promise<void> {
    await this.db.query(
      'INSERT INTO tags (id, company_id) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET company_id = $2',
      [id, companyId],
    );
  }

  async deleteTag(companyId: CompanyId, id: number): Promise<void> {
    await this.db.query('DELETE FROM tags WHERE company_id = $1 AND id = $2', [companyId, id]);
  }

  async upsertConnection(connection: ConnectionSnapshot): Promise<void> {
    await this.db.query(
      `INSERT INTO connections (id, company_id, name) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET company_id = $2, name = $3`,
      [connection.id, connection.companyId, connection.name],
    );
  }

  async deleteConnection(companyId: CompanyId, id: number): Promise<void> {
    await this.db.query('DELETE FROM connections WHERE company_id = $1 AND id = $2', [companyId, id]);
  }

  async upsertList(list: ContactListSnapshot): Promise<void> {
    await this.db.query(
      `INSERT INTO contact_lists (id, company_id, name) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET company_id = $2, name = $3`,
      [list.id, list.companyId, list.name],
    );
  }

  async deleteList(companyId: CompanyId, id: number): Promise<void> {
    await this.db.query('DELETE FROM contact_list_items WHERE company_id = $1 AND contact_list_id = $2', [
      companyId,
      id,
    ]);
    await this.db.query('DELETE FROM contact_lists WHERE company_id = $1 AND id = $2', [companyId, id]);
  }

  async upsertItem(item: ContactListItemSnapshot): Promise<void> {
    await this.db.query(
      `INSERT INTO contact_list_items (id, company_id, contact_list_id, name, number, email, is_whatsapp_valid)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (id) DO UPDATE SET company_id = $2, contact_list_id = $3, name = $4, number = $5, email = $6,
         is_whatsapp_valid = $7`,
      [item.id, item.companyId, item.contactListId, item.name, item.number, item.email, item.isWhatsappValid],
    );
  }

  async deleteItem(companyId: CompanyId, id: number): Promise<void> {
    await this.db.query('DELETE FROM contact_list_items WHERE company_id = $1 AND id = $2', [companyId, id]);
  }

  /**
   * Tickets' contacts and tags (the audience of tag-based campaigns), in one statement; a row that would not change
   * is not written. The last snapshot of a ticket listed twice wins.
   */
  async upsertTickets(tickets: readonly TicketSnapshot[]): Promise<void> {
    const latest = [...new Map(tickets.map((ticket) => [ticket.id, ticket])).values()];
    if (latest.length === 0) return;
    await runPrepared(this.db, UPSERT_TICKET_AUDIENCE, [
      JSON.stringify(
        latest.map((ticket) => ({
          ticket_id: ticket.id,
          company_id: ticket.companyId,
          contact_id: ticket.contactId,
          name: ticket.contact.name,
          number: ticket.contact.number,
          email: ticket.contact.email,
          is_group: ticket.isGroup,
          tag_ids: ticket.tags.map((tag) => tag.id),
        })),
      ),
    ]);
    // the tags a ticket carries are its company's: known before (or without) their own events
    const tags = new Map(latest.flatMap((ticket) => ticket.tags.map((tag) => [tag.id, ticket.companyId] as const)));
    if (tags.size === 0) return;
    await this.db.query(
      `INSERT INTO tags (id, company_id) SELECT * FROM unnest($1::int[], $2::int[]) ON CONFLICT (id) DO NOTHING`,
      [[...tags.keys()], [...tags.values()]],
    );
  }

  async deleteTicket(companyId: CompanyId, id: number): Promise<void> {
    await this.db.query('DELETE FROM ticket_audience WHERE company_id = $1 AND ticket_id = $2', [companyId, id]);
  }

  async connectionName(companyId: CompanyId, id: number): Promise<string | null> {
    const rows = await this.db.query<SqlRow[]>('SELECT name FROM connections WHERE company_id = $1 AND id = $2', [
      companyId,
      id,
    ]);
    return mapRows(rows, (r) => r.string('name'))[0] ?? null;
  }
}
