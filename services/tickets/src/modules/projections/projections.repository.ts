import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CompanyId } from '@cs/proto/common';
import type {
  CompanySnapshot,
  ConnectionSnapshot,
  ContactSnapshot,
  PlanFlag,
  ScheduleEntry,
  UserSnapshot,
} from '@cs/proto/events';
import { awaitProjectedRow, mapRow, type SqlRow, TransactionHost } from '@cs/platform/database';
import type { PlanFlagSource } from '@cs/platform/tenancy';

export interface CompanyView {
  readonly id: number;
  readonly timezone: string;
  readonly schedules: ScheduleEntry[];
  readonly settings: Record<string, string>;
  readonly plan: { queues: number } | null;
}

export interface UserView {
  readonly id: number;
  readonly name: string;
  readonly profile: 'admin' | 'user';
  readonly online: boolean;
  readonly queueIds: number[];
  readonly whatsappId: number | null;
  /** `allTicket === 'enable'`: a non-admin also sees queue-less pending tickets. */
  readonly allTicket: boolean;
}

export interface ConnectionView {
  readonly id: number;
  readonly name: string;
  readonly status: string;
  readonly isDefault: boolean;
  readonly greetingMessage: string;
  readonly complationMessage: string;
  readonly outOfHoursMessage: string;
  readonly ratingMessage: string;
  readonly timeSendQueue: number;
  readonly sendIdQueue: number | null;
  readonly expiresInactiveMessage: string;
  readonly expiresTicket: number;
  readonly timeUseBotQueues: number;
  readonly maxUseBotQueues: number;
  readonly promptId: number | null;
  readonly integrationId: number | null;
  readonly queueIds: number[];
  /** `cloud-api`, `baileys`...; null until the connection's next snapshot after the column was added. */
  readonly provider: string | null;
}

export interface ContactView {
  readonly id: number;
  readonly name: string;
  readonly number: string;
  readonly email: string;
  readonly profilePicUrl: string | null;
  readonly isGroup: boolean;
}

/** Settings a company has before identity told us anything (identity's defaults for a new company). */
const DEFAULT_SETTINGS: Record<string, string> = {
  userRating: 'disabled',
  scheduleType: 'disabled',
  CheckMsgIsGroup: 'enabled',
  call: 'enabled',
  chatBotType: 'text',
  sendGreetingAccepted: 'disabled',
  sendMsgTransfTicket: 'disabled',
  sendGreetingMessageOneQueues: 'enabled',
};

/**
 * Local copies of what tickets needs from identity (companies, settings, users), the connector (connections)
 * and contacts. Written only by their event consumers; read everywhere, always scoped by company.
 */
@Injectable()
export class ProjectionsRepository implements PlanFlagSource {
  constructor(private readonly transactions: TransactionHost) {}

  private get db(): EntityManager {
    return this.transactions.manager;
  }

  async upsertCompany(company: CompanySnapshot): Promise<void> {
    await this.db.query(
      `INSERT INTO companies (id, name, timezone, schedules, settings, plan, due_date, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now())
       ON CONFLICT (id) DO UPDATE SET name = $2, timezone = $3, schedules = $4, settings = $5, plan = $6,
         due_date = $7, updated_at = now()`,
      [
        company.id,
        company.name,
        company.timezone,
        JSON.stringify(company.schedules),
        JSON.stringify(company.settings),
        company.plan ? JSON.stringify(company.plan) : null,
        company.dueDate,
      ],
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

  async company(companyId: CompanyId): Promise<CompanyView> {
    const [row] = await this.db.query<SqlRow[]>(
      'SELECT timezone, schedules, settings, plan FROM companies WHERE id = $1',
      [companyId],
    );
    return toCompany(companyId, row);
  }

  /** `company` and `connection` in one query (the chatbot's context for an inbound message). */
  async companyAndConnection(
    companyId: CompanyId,
    connectionId: number,
  ): Promise<{ company: CompanyView; connection: ConnectionView | null }> {
    const [row] = await this.db.query<SqlRow[]>(
      `SELECT c.timezone, c.schedules, c.settings, c.plan, to_jsonb(w) AS connection
         FROM (VALUES (1)) AS one (n)
         LEFT JOIN companies c ON c.id = $1
         LEFT JOIN connections w ON w.company_id = $1 AND w.id = $2 AND NOT w.deleted`,
      [companyId, connectionId],
    );
    const connection = row ? mapRow(row, (r) => r.nullable('connection', r.json<SqlRow>)) : null;
    return {
      company: toCompany(companyId, row),
      connection: connection ? toConnection(connection) : null,
    };
  }

  /** The company's plan flags (`PlanFlagSource`: the service's own plan gates); null before identity told us. */
  async planFlags(companyId: CompanyId): Promise<Partial<Record<PlanFlag, boolean>> | null> {
    const [row] = await this.db.query<Array<{ plan: Partial<Record<PlanFlag, boolean>> | null }>>(
      'SELECT plan FROM companies WHERE id = $1',
      [companyId],
    );
    return row?.plan ?? null;
  }

  async deleteCompany(companyId: CompanyId): Promise<void> {
    await this.db.query('DELETE FROM companies WHERE id = $1', [companyId]);
  }

  async upsertUser(user: UserSnapshot): Promise<void> {
    await this.db.query(
      `INSERT INTO users (company_id, id, name, email, profile, super, online, all_ticket, whatsapp_id, queue_ids, deleted)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, false)
       ON CONFLICT (company_id, id) DO UPDATE SET name = $3, email = $4, profile = $5, super = $6, online = $7,
         all_ticket = $8, whatsapp_id = $9, queue_ids = $10, deleted = false`,
      [
        user.companyId,
        user.id,
        user.name,
        user.email,
        user.profile,
        user.super,
        user.online,
        user.allTicket,
        user.whatsappId,
        user.queueIds,
      ],
    );
  }

  async deleteUser(companyId: CompanyId, id: number): Promise<void> {
    await this.db.query('UPDATE users SET deleted = true, online = false WHERE company_id = $1 AND id = $2', [
      companyId,
      id,
    ]);
  }

  async user(companyId: CompanyId, id: number): Promise<UserView | null> {
    const [row] = await this.db.query<SqlRow[]>(
      `SELECT id, name, profile, online, queue_ids, whatsapp_id, all_ticket FROM users WHERE company_id = $1 AND id = $2 AND NOT deleted`,
      [companyId, id],
    );
    return row ? toUser(row) : null;
  }

  async users(companyId: CompanyId): Promise<UserView[]> {
    const rows = await this.db.query<SqlRow[]>(
      `SELECT id, name, profile, online, queue_ids, whatsapp_id, all_ticket FROM users WHERE company_id = $1 AND NOT deleted ORDER BY name`,
      [companyId],
    );
    return rows.map(toUser);
  }

  async upsertConnection(connection: ConnectionSnapshot): Promise<void> {
    await this.db.query(
      `INSERT INTO connections (company_id, id, name, status, is_default, greeting_message, complation_message,
         out_of_hours_message, rating_message, time_send_queue, send_id_queue, expires_inactive_message,
         expires_ticket, time_use_bot_queues, max_use_bot_queues, prompt_id, integration_id, queue_ids, provider,
         deleted)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, false)
       ON CONFLICT (company_id, id) DO UPDATE SET name = $3, status = $4, is_default = $5, greeting_message = $6,
         complation_message = $7, out_of_hours_message = $8, rating_message = $9, time_send_queue = $10,
         send_id_queue = $11, expires_inactive_message = $12, expires_ticket = $13, time_use_bot_queues = $14,
         max_use_bot_queues = $15, prompt_id = $16, integration_id = $17, queue_ids = $18, provider = $19,
         deleted = false`,
      [
        connection.companyId,
        connection.id,
        connection.name,
        connection.status,
        connection.isDefault,
        connection.greetingMessage,
        connection.complationMessage,
        connection.outOfHoursMessage,
        connection.ratingMessage,
        connection.timeSendQueue,
        connection.sendIdQueue,
        connection.expiresInactiveMessage,
        connection.expiresTicket,
        connection.timeUseBotQueues,
        connection.maxUseBotQueues,
        connection.promptId,
        connection.integrationId,
        connection.queueIds,
        connection.provider,
      ],
    );
  }

  async deleteConnection(companyId: CompanyId, id: number): Promise<void> {
    await this.db.query('UPDATE connections SET deleted = true WHERE company_id = $1 AND id = $2', [companyId, id]);
  }

  async connection(companyId: CompanyId, id: number): Promise<ConnectionView | null> {
    const [row] = await this.db.query<SqlRow[]>(
      'SELECT * FROM connections WHERE company_id = $1 AND id = $2 AND NOT deleted',
      [companyId, id],
    );
    return row ? toConnection(row) : null;
  }

  /** The connection outbound tickets use: the one asked for, the user's default, the company's default, any. */
  async defaultConnection(
    companyId: CompanyId,
    preferred: Array<number | null | undefined>,
  ): Promise<ConnectionView | null> {
    for (const id of preferred) {
      if (id) {
        const found = await this.connection(companyId, id);
        if (found) return found;
      }
    }
    const [row] = await this.db.query<SqlRow[]>(
      `SELECT * FROM connections WHERE company_id = $1 AND NOT deleted
       ORDER BY is_default DESC, (status = 'CONNECTED') DESC, id LIMIT 1`,
      [companyId],
    );
    return row ? toConnection(row) : null;
  }

  /** Writes the contact's snapshot, unless the projection already holds exactly it (`contactUpsert`). */
  async upsertContact(contact: ContactSnapshot): Promise<void> {
    await this.db.query(contactUpsert(1), contactUpsertValues(contact));
  }

  async deleteContact(companyId: CompanyId, id: number): Promise<void> {
    await this.db.query('UPDATE contacts SET deleted = true WHERE company_id = $1 AND id = $2', [companyId, id]);
  }

  /**
   * Waits, outside any transaction, for contact `id` (`awaitProjectedRow`): a ticket, schedule or note asked for a
   * contact just created through the contacts service must not fail with ERR_NO_CONTACT_FOUND because its event is
   * still on its way; another company's contact is refused without delay.
   */
  async awaitContact(id: number): Promise<void> {
    await awaitProjectedRow(this.transactions.dataSource, 'contacts', id);
  }

  async contact(companyId: CompanyId, id: number): Promise<ContactView | null> {
    const [row] = await this.db.query<SqlRow[]>(
      `SELECT id, name, number, email, profile_pic_url, is_group FROM contacts WHERE company_id = $1 AND id = $2 AND NOT deleted`,
      [companyId, id],
    );
    return row
      ? mapRow(row, (r) => ({
          id: r.int('id'),
          name: r.string('name'),
          number: r.string('number'),
          email: r.string('email'),
          profilePicUrl: r.nullable('profile_pic_url', r.string),
          isGroup: r.boolean('is_group'),
        }))
      : null;
  }
}

/**
 * The statement writing a contact's snapshot to the projection (parameters `$first` to `$first + 8`, in the order
 * of `contactUpsertValues`), unless the projection already holds exactly it: every inbound message carries its
 * contact, and an unchanged one then neither locks the row (an `ON CONFLICT DO UPDATE` locks it even when its
 * `WHERE` skips the update: transactions of other partitions waited on it) nor writes a new row version.
 */
export function contactUpsert(first: number): string {
  const [company, id, name, number, email, picture, isGroup, lid, extra] = Array.from(
    { length: 9 },
    (_, index) => `$${first + index}`,
  );
  return `INSERT INTO contacts (company_id, id, name, number, email, profile_pic_url, is_group, lid, extra_info, deleted)
    SELECT ${company}::int, ${id}::int, ${name}::varchar, ${number}::varchar, ${email}::varchar, ${picture}::text,
           ${isGroup}::boolean, ${lid}::varchar, ${extra}::jsonb, false
     WHERE NOT EXISTS (
       SELECT 1 FROM contacts
        WHERE company_id = ${company} AND id = ${id} AND name = ${name} AND number = ${number} AND email = ${email}
          AND profile_pic_url IS NOT DISTINCT FROM ${picture} AND is_group = ${isGroup}
          AND lid IS NOT DISTINCT FROM ${lid} AND extra_info = ${extra}::jsonb AND NOT deleted
     )
    ON CONFLICT (company_id, id) DO UPDATE SET name = ${name}, number = ${number}, email = ${email},
      profile_pic_url = ${picture}, is_group = ${isGroup}, lid = ${lid}, extra_info = ${extra}, deleted = false`;
}

/**
 * `contactUpsert` for several contacts (distinct (company, id) pairs), from one `jsonb` parameter at `$index`
 * (`contactsUpsertValues`): the rows that differ from the projection are written, the others not touched.
 */
export function contactsUpsert(index: number): string {
  return `INSERT INTO contacts (company_id, id, name, number, email, profile_pic_url, is_group, lid, extra_info, deleted)
    SELECT v.company_id, v.id, v.name, v.number, v.email, v.profile_pic_url, v.is_group, v.lid, v.extra_info, false
      FROM jsonb_to_recordset($${index}::jsonb) AS v(company_id int, id int, name varchar, number varchar,
             email varchar, profile_pic_url text, is_group boolean, lid varchar, extra_info jsonb)
     WHERE NOT EXISTS (
       SELECT 1 FROM contacts c
        WHERE c.company_id = v.company_id AND c.id = v.id AND c.name = v.name AND c.number = v.number
          AND c.email = v.email AND c.profile_pic_url IS NOT DISTINCT FROM v.profile_pic_url AND c.is_group = v.is_group
          AND c.lid IS NOT DISTINCT FROM v.lid AND c.extra_info = v.extra_info AND NOT c.deleted
     )
    ON CONFLICT (company_id, id) DO UPDATE SET name = excluded.name, number = excluded.number, email = excluded.email,
      profile_pic_url = excluded.profile_pic_url, is_group = excluded.is_group, lid = excluded.lid,
      extra_info = excluded.extra_info, deleted = false`;
}

export const contactsUpsertValues = (contacts: readonly ContactSnapshot[]): string =>
  JSON.stringify(
    contacts.map((contact) => ({
      company_id: contact.companyId,
      id: contact.id,
      name: contact.name,
      number: contact.number,
      email: contact.email,
      profile_pic_url: contact.profilePicUrl,
      is_group: contact.isGroup,
      lid: contact.lid,
      extra_info: contact.extraInfo,
    })),
  );

export const contactUpsertValues = (contact: ContactSnapshot): unknown[] => [
  contact.companyId,
  contact.id,
  contact.name,
  contact.number,
  contact.email,
  contact.profilePicUrl,
  contact.isGroup,
  contact.lid,
  JSON.stringify(contact.extraInfo),
];

const toCompany = (companyId: CompanyId, row: SqlRow | undefined): CompanyView =>
  mapRow(row ?? {}, (r) => ({
    id: companyId,
    timezone: r.nullable('timezone', r.string) ?? 'America/Sao_Paulo',
    schedules: r.nullable('schedules', r.json<ScheduleEntry[]>) ?? [],
    settings: { ...DEFAULT_SETTINGS, ...(r.nullable('settings', r.json<Record<string, string>>) ?? {}) },
    plan: r.nullable('plan', r.json<{ queues: number }>),
  }));

const toUser = (row: SqlRow): UserView =>
  mapRow(row, (r) => ({
    id: r.int('id'),
    name: r.string('name'),
    profile: r.string('profile') === 'admin' ? 'admin' : 'user',
    online: r.boolean('online'),
    queueIds: r.nullable('queue_ids', r.intArray) ?? [],
    whatsappId: r.nullable('whatsapp_id', r.int),
    allTicket: r.string('all_ticket') === 'enable',
  }));

const toConnection = (row: SqlRow): ConnectionView =>
  mapRow(row, (r) => ({
    id: r.int('id'),
    name: r.string('name'),
    status: r.string('status'),
    isDefault: r.boolean('is_default'),
    greetingMessage: r.string('greeting_message'),
    complationMessage: r.string('complation_message'),
    outOfHoursMessage: r.string('out_of_hours_message'),
    ratingMessage: r.string('rating_message'),
    timeSendQueue: r.int('time_send_queue'),
    sendIdQueue: r.nullable('send_id_queue', r.int),
    expiresInactiveMessage: r.string('expires_inactive_message'),
    expiresTicket: r.int('expires_ticket'),
    timeUseBotQueues: r.int('time_use_bot_queues'),
    maxUseBotQueues: r.int('max_use_bot_queues'),
    promptId: r.nullable('prompt_id', r.int),
    integrationId: r.nullable('integration_id', r.int),
    queueIds: r.nullable('queue_ids', r.intArray) ?? [],
    provider: r.nullable('provider', r.string),
  }));
