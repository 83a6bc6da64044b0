import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CompanyId } from '@cs/proto/common';
import type { ScheduleEntry } from '@cs/proto/events';
import type { QueueView } from '@cs/proto/http';
import { mapRow, type SqlRow, TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';

export interface QueueRow {
  readonly id: number;
  readonly companyId: number;
  readonly name: string;
  readonly color: string;
  readonly greetingMessage: string;
  readonly outOfHoursMessage: string;
  readonly schedules: ScheduleEntry[];
  readonly orderQueue: number;
  readonly integrationId: number | null;
  readonly promptId: number | null;
  readonly mediaPath: string | null;
  readonly mediaName: string | null;
  readonly autoAssign: boolean;
  readonly lastAssignedUserId: number | null;
}

export interface QueueOptionRow {
  readonly id: number;
  readonly queueId: number;
  readonly parentId: number | null;
  readonly title: string;
  readonly message: string;
  readonly option: string;
  readonly mediaPath: string | null;
  readonly mediaName: string | null;
}

/** The editable fields of a queue, as written by the use-cases. */
export interface QueueWrite {
  readonly name: string;
  readonly color: string;
  readonly greetingMessage: string;
  readonly outOfHoursMessage: string;
  readonly orderQueue: number;
  readonly schedules: readonly ScheduleEntry[];
  readonly integrationId: number | null;
  readonly promptId: number | null;
  readonly autoAssign: boolean;
}

export interface QueueOptionWrite {
  readonly title: string;
  readonly message: string;
  readonly option: string;
}

export const toQueueRow = (row: SqlRow): QueueRow =>
  mapRow(row, (r) => ({
    id: r.int('id'),
    companyId: r.int('company_id'),
    name: r.string('name'),
    color: r.string('color'),
    greetingMessage: r.string('greeting_message'),
    outOfHoursMessage: r.string('out_of_hours_message'),
    schedules: r.json<ScheduleEntry[]>('schedules'),
    orderQueue: r.int('order_queue'),
    integrationId: r.nullable('integration_id', r.int),
    promptId: r.nullable('prompt_id', r.int),
    mediaPath: r.nullable('media_path', r.string),
    mediaName: r.nullable('media_name', r.string),
    autoAssign: r.boolean('auto_assign'),
    lastAssignedUserId: r.nullable('last_assigned_user_id', r.int),
  }));

export const toOptionRow = (row: SqlRow): QueueOptionRow =>
  mapRow(row, (r) => ({
    id: r.int('id'),
    queueId: r.int('queue_id'),
    parentId: r.nullable('parent_id', r.int),
    title: r.string('title'),
    message: r.string('message'),
    option: r.string('option'),
    mediaPath: r.nullable('media_path', r.string),
    mediaName: r.nullable('media_name', r.string),
  }));

/** The queue as `/queue` answers it and its events carry it (the `company-{id}-queue` record). */
export const toQueueSnapshot = (queue: QueueRow): QueueView => ({
  id: queue.id,
  companyId: queue.companyId,
  name: queue.name,
  color: queue.color,
  greetingMessage: queue.greetingMessage,
  outOfHoursMessage: queue.outOfHoursMessage,
  orderQueue: queue.orderQueue,
  schedules: queue.schedules,
  promptId: queue.promptId,
  integrationId: queue.integrationId,
  mediaPath: queue.mediaPath,
  mediaName: queue.mediaName,
  autoAssign: queue.autoAssign,
});

/** Queues and their option trees; every method is scoped by company. */
@Injectable()
export class QueuesRepository {
  constructor(private readonly transactions: TransactionHost) {}

  private get db(): EntityManager {
    return this.transactions.manager;
  }

  async find(companyId: CompanyId, id: number): Promise<QueueRow | null> {
    const [row] = await this.db.query<Array<Record<string, unknown>>>(
      'SELECT * FROM queues WHERE company_id = $1 AND id = $2',
      [companyId, id],
    );
    return row ? toQueueRow(row) : null;
  }

  /** The queues among `ids` that exist, in menu order (`orderQueue`, then id). */
  async findMany(companyId: CompanyId, ids: readonly number[]): Promise<QueueRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.query<Array<Record<string, unknown>>>(
      'SELECT * FROM queues WHERE company_id = $1 AND id = ANY($2::int[]) ORDER BY order_queue, id',
      [companyId, [...ids]],
    );
    return rows.map(toQueueRow);
  }

  /**
   * A queue's prompt and integration must be the company's own: another company's id (or one that does not
   * exist) is refused as not found, like every cross-company reference.
   */
  async assertReferences(
    companyId: CompanyId,
    refs: { integrationId?: number | null | undefined; promptId?: number | null | undefined },
  ): Promise<void> {
    if (refs.promptId != null && !(await this.owns(companyId, 'prompts', refs.promptId))) {
      throw new DomainError('ERR_NO_PROMPT_FOUND');
    }
    if (refs.integrationId != null && !(await this.owns(companyId, 'queue_integrations', refs.integrationId))) {
      throw new DomainError('ERR_NO_INTEGRATION_FOUND');
    }
  }

  private async owns(companyId: CompanyId, table: 'prompts' | 'queue_integrations', id: number): Promise<boolean> {
    const rows = await this.db.query<unknown[]>(`SELECT 1 FROM ${table} WHERE company_id = $1 AND id = $2`, [
      companyId,
      id,
    ]);
    return rows.length > 0;
  }

  /**
   * The queues that used the prompt or integration `id` lose it (it is being deleted): the queues as they are now,
   * to be announced.
   */
  async unbind(companyId: CompanyId, ref: 'prompt' | 'integration', id: number): Promise<QueueRow[]> {
    const column = ref === 'prompt' ? 'prompt_id' : 'integration_id';
    const [rows] = await this.db.query<[Array<Record<string, unknown>>, number]>(
      `UPDATE queues SET ${column} = NULL, updated_at = now() WHERE company_id = $1 AND ${column} = $2 RETURNING *`,
      [companyId, id],
    );
    return rows.map(toQueueRow);
  }

  async list(companyId: CompanyId): Promise<QueueRow[]> {
    const rows = await this.db.query<Array<Record<string, unknown>>>(
      'SELECT * FROM queues WHERE company_id = $1 ORDER BY order_queue, id',
      [companyId],
    );
    return rows.map(toQueueRow);
  }

  async option(companyId: CompanyId, id: number): Promise<QueueOptionRow | null> {
    const [row] = await this.db.query<Array<Record<string, unknown>>>(
      'SELECT * FROM queue_options WHERE company_id = $1 AND id = $2',
      [companyId, id],
    );
    return row ? toOptionRow(row) : null;
  }

  /**
   * The options under `parentId` (null: the root menu) of a queue, in menu order: numeric options by their value
   * (of any length), then the others by text.
   */
  async options(companyId: CompanyId, queueId: number, parentId: number | null): Promise<QueueOptionRow[]> {
    const rows = await this.db.query<Array<Record<string, unknown>>>(
      `SELECT * FROM queue_options WHERE company_id = $1 AND queue_id = $2 AND parent_id IS NOT DISTINCT FROM $3
       ORDER BY CASE WHEN option ~ '^[0-9]+$' THEN option::numeric END, option, created_at`,
      [companyId, queueId, parentId],
    );
    return rows.map(toOptionRow);
  }

  async count(companyId: CompanyId): Promise<number> {
    const [row] = await this.db.query<Array<{ count: number }>>(
      'SELECT count(*)::int AS count FROM queues WHERE company_id = $1',
      [companyId],
    );
    return row?.count ?? 0;
  }

  /** Inserts a queue (a unique violation on name or colour surfaces as the driver's error). */
  async insert(companyId: CompanyId, queue: QueueWrite): Promise<QueueRow> {
    const [row] = await this.db.query<Array<Record<string, unknown>>>(
      `INSERT INTO queues (company_id, name, color, greeting_message, out_of_hours_message, order_queue, schedules,
         integration_id, prompt_id, auto_assign)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *`,
      [
        companyId,
        queue.name,
        queue.color,
        queue.greetingMessage,
        queue.outOfHoursMessage,
        queue.orderQueue,
        JSON.stringify(queue.schedules),
        queue.integrationId,
        queue.promptId,
        queue.autoAssign,
      ],
    );
    if (!row) throw new Error('INSERT INTO queues answered no row');
    return toQueueRow(row);
  }

  async update(companyId: CompanyId, id: number, queue: QueueWrite): Promise<QueueRow | null> {
    const [rows] = await this.db.query<[Array<Record<string, unknown>>, number]>(
      `UPDATE queues SET name = $3, color = $4, greeting_message = $5, out_of_hours_message = $6, order_queue = $7,
         schedules = $8, integration_id = $9, prompt_id = $10, auto_assign = $11, updated_at = now()
       WHERE company_id = $1 AND id = $2 RETURNING *`,
      [
        companyId,
        id,
        queue.name,
        queue.color,
        queue.greetingMessage,
        queue.outOfHoursMessage,
        queue.orderQueue,
        JSON.stringify(queue.schedules),
        queue.integrationId,
        queue.promptId,
        queue.autoAssign,
      ],
    );
    const row = rows[0];
    return row ? toQueueRow(row) : null;
  }

  async setMedia(companyId: CompanyId, id: number, path: string | null, name: string | null): Promise<QueueRow | null> {
    const [rows] = await this.db.query<[Array<Record<string, unknown>>, number]>(
      'UPDATE queues SET media_path = $3, media_name = $4, updated_at = now() WHERE company_id = $1 AND id = $2 RETURNING *',
      [companyId, id, path, name],
    );
    const row = rows[0];
    return row ? toQueueRow(row) : null;
  }

  /** Deletes a queue (its option tree goes with it); its tickets lose it and any option of its menu, their list order unchanged. */
  async delete(companyId: CompanyId, id: number): Promise<void> {
    await this.db.query(
      'UPDATE tickets SET queue_id = NULL, queue_option_id = NULL WHERE company_id = $1 AND queue_id = $2',
      [companyId, id],
    );
    await this.db.query('DELETE FROM queues WHERE company_id = $1 AND id = $2', [companyId, id]);
  }

  async insertOption(
    companyId: CompanyId,
    input: QueueOptionWrite & { queueId: number; parentId: number | null },
  ): Promise<QueueOptionRow> {
    const [row] = await this.db.query<Array<Record<string, unknown>>>(
      `INSERT INTO queue_options (company_id, queue_id, parent_id, title, message, option)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
      [companyId, input.queueId, input.parentId, input.title, input.message, input.option],
    );
    if (!row) throw new Error('INSERT INTO queue_options answered no row');
    return toOptionRow(row);
  }

  async updateOption(companyId: CompanyId, id: number, input: QueueOptionWrite): Promise<QueueOptionRow | null> {
    const [rows] = await this.db.query<[Array<Record<string, unknown>>, number]>(
      `UPDATE queue_options SET title = $3, message = $4, option = $5, updated_at = now()
        WHERE company_id = $1 AND id = $2 RETURNING *`,
      [companyId, id, input.title, input.message, input.option],
    );
    const row = rows[0];
    return row ? toOptionRow(row) : null;
  }

  async setOptionMedia(
    companyId: CompanyId,
    id: number,
    path: string | null,
    name: string | null,
  ): Promise<QueueOptionRow | null> {
    const [rows] = await this.db.query<[Array<Record<string, unknown>>, number]>(
      `UPDATE queue_options SET media_path = $3, media_name = $4, updated_at = now()
        WHERE company_id = $1 AND id = $2 RETURNING *`,
      [companyId, id, path, name],
    );
    const row = rows[0];
    return row ? toOptionRow(row) : null;
  }

  /** Deletes an option with its sub-options; answers the media paths they held (for the caller to remove). */
  async deleteOption(companyId: CompanyId, id: number): Promise<string[]> {
    const [rows] = await this.db.query<[Array<{ media_path: string | null }>, number]>(
      `WITH RECURSIVE tree AS (
         SELECT id FROM queue_options WHERE company_id = $1 AND id = $2
         UNION ALL
         SELECT o.id FROM queue_options o JOIN tree ON o.parent_id = tree.id WHERE o.company_id = $1
       )
       DELETE FROM queue_options WHERE company_id = $1 AND id IN (SELECT id FROM tree) RETURNING media_path`,
      [companyId, id],
    );
    return rows.map((row) => row.media_path).filter((path): path is string => path !== null);
  }

  async setLastAssigned(companyId: CompanyId, queueId: number, userId: number): Promise<void> {
    await this.db.query('UPDATE queues SET last_assigned_user_id = $3 WHERE company_id = $1 AND id = $2', [
      companyId,
      queueId,
      userId,
    ]);
  }
}
