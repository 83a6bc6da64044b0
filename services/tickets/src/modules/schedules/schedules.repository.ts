import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CompanyId } from '@cs/proto/common';
import { type CampaignTemplate, SCHEDULE_STATUSES, type ScheduleSnapshot } from '@cs/proto/events';
import { mapRow, type SqlRow, TransactionHost } from '@cs/platform/database';

export const SCHEDULE_SELECT = `
  SELECT s.*, c.name AS contact_name, c.number AS contact_number
    FROM schedules s LEFT JOIN contacts c ON c.company_id = s.company_id AND c.id = s.contact_id`;

export const toScheduleSnapshot = (row: SqlRow): ScheduleSnapshot =>
  mapRow(row, (r) => ({
    id: r.int('id'),
    companyId: r.int('company_id'),
    body: r.string('body'),
    sendAt: r.isoDate('send_at'),
    sentAt: r.nullable('sent_at', r.isoDate),
    contactId: r.int('contact_id'),
    ticketId: r.nullable('ticket_id', r.int),
    userId: r.nullable('user_id', r.int),
    status: r.oneOf('status', SCHEDULE_STATUSES),
    error: r.nullable('error', r.string),
    mediaPath: r.nullable('media_path', r.string),
    mediaName: r.nullable('media_name', r.string),
    template: r.nullable('template', r.json<CampaignTemplate>),
    whatsappId: r.nullable('whatsapp_id', r.int),
    contact: r.isNull('contact_name')
      ? null
      : { id: r.int('contact_id'), name: r.string('contact_name'), number: r.string('contact_number') },
  }));

/** Scheduled messages; every method is scoped by company. */
@Injectable()
export class SchedulesRepository {
  constructor(private readonly transactions: TransactionHost) {}

  private get db(): EntityManager {
    return this.transactions.manager;
  }

  async find(companyId: CompanyId, id: number, options: { lock?: boolean } = {}): Promise<ScheduleSnapshot | null> {
    if (options.lock) {
      await this.db.query('SELECT id FROM schedules WHERE company_id = $1 AND id = $2 FOR UPDATE', [companyId, id]);
    }
    const [row] = await this.db.query<Array<Record<string, unknown>>>(
      `${SCHEDULE_SELECT} WHERE s.company_id = $1 AND s.id = $2`,
      [companyId, id],
    );
    return row ? toScheduleSnapshot(row) : null;
  }

  async insert(
    companyId: CompanyId,
    input: {
      body: string;
      sendAt: Date;
      contactId: number;
      ticketId: number | null;
      userId: number | null;
      template: CampaignTemplate | null;
      whatsappId: number | null;
    },
  ): Promise<number> {
    const [row] = await this.db.query<Array<{ id: number }>>(
      `INSERT INTO schedules (company_id, body, send_at, contact_id, ticket_id, user_id, status, template, whatsapp_id)
       VALUES ($1, $2, $3, $4, $5, $6, 'PENDENTE', $7, $8) RETURNING id`,
      [
        companyId,
        input.body,
        input.sendAt,
        input.contactId,
        input.ticketId,
        input.userId,
        input.template === null ? null : JSON.stringify(input.template),
        input.whatsappId,
      ],
    );
    return row?.id ?? 0;
  }

  async patch(
    companyId: CompanyId,
    id: number,
    patch: Partial<{
      body: string;
      sendAt: Date;
      contactId: number;
      ticketId: number | null;
      status: string;
      sentAt: Date | null;
      error: string | null;
      messageId: string | null;
      mediaPath: string | null;
      mediaName: string | null;
      template: CampaignTemplate | null;
      whatsappId: number | null;
    }>,
  ): Promise<void> {
    const columns: Record<string, string> = {
      body: 'body',
      sendAt: 'send_at',
      contactId: 'contact_id',
      ticketId: 'ticket_id',
      status: 'status',
      sentAt: 'sent_at',
      error: 'error',
      messageId: 'message_id',
      mediaPath: 'media_path',
      mediaName: 'media_name',
      template: 'template',
      whatsappId: 'whatsapp_id',
    };
    const sets = ['updated_at = now()'];
    const values: unknown[] = [companyId, id];
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) continue;
      values.push(key === 'template' && value !== null ? JSON.stringify(value) : value);
      sets.push(`${columns[key]} = $${values.length}`);
    }
    await this.db.query(`UPDATE schedules SET ${sets.join(', ')} WHERE company_id = $1 AND id = $2`, values);
  }

  async delete(companyId: CompanyId, id: number): Promise<void> {
    await this.db.query('DELETE FROM schedules WHERE company_id = $1 AND id = $2', [companyId, id]);
  }

  /** A scheduled message whose send failed at the connector: ERRO with the reason (and unsent: editable again). */
  async markFailedByMessage(companyId: CompanyId, messageId: string, reason: string): Promise<ScheduleSnapshot | null> {
    const [rows] = await this.db.query<[Array<{ id: number }>, number]>(
      `UPDATE schedules SET status = 'ERRO', error = $3, sent_at = NULL, updated_at = now()
        WHERE company_id = $1 AND message_id = $2 RETURNING id`,
      [companyId, messageId, reason],
    );
    const id = rows[0]?.id;
    return id ? this.find(companyId, id) : null;
  }
}
