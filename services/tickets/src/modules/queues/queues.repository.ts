import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CompanyId } from '@cs/proto/common';
import type { QueueSnapshot, ScheduleEntry } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';

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

export const toQueueRow = (row: Record<string, unknown>): QueueRow => ({
  id: row['id'] as number,
  companyId: row['company_id'] as number,
  name: row['name'] as string,
  color: row['color'] as string,
  greetingMessage: row['greeting_message'] as string,
  outOfHoursMessage: row['out_of_hours_message'] as string,
  schedules: row['schedules'] as ScheduleEntry[],
  orderQueue: row['order_queue'] as number,
  integrationId: (row['integration_id'] as number | null) ?? null,
  promptId: (row['prompt_id'] as number | null) ?? null,
  mediaPath: (row['media_path'] as string | null) ?? null,
  mediaName: (row['media_name'] as string | null) ?? null,
  autoAssign: row['auto_assign'] as boolean,
  lastAssignedUserId: (row['last_assigned_user_id'] as number | null) ?? null,
});

export const toOptionRow = (row: Record<string, unknown>): QueueOptionRow => ({
  id: row['id'] as number,
  queueId: row['queue_id'] as number,
  parentId: (row['parent_id'] as number | null) ?? null,
  title: row['title'] as string,
  message: row['message'] as string,
  option: row['option'] as string,
  mediaPath: (row['media_path'] as string | null) ?? null,
  mediaName: (row['media_name'] as string | null) ?? null,
});

export const toQueueSnapshot = (queue: QueueRow): QueueSnapshot => ({
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

  /** The options under `parentId` (null: the root menu) of a queue, in menu order. */
  async options(companyId: CompanyId, queueId: number, parentId: number | null): Promise<QueueOptionRow[]> {
    const rows = await this.db.query<Array<Record<string, unknown>>>(
      `SELECT * FROM queue_options WHERE company_id = $1 AND queue_id = $2 AND parent_id IS NOT DISTINCT FROM $3
       ORDER BY CASE WHEN option ~ '^[0-9]+$' THEN option::int END, option, created_at`,
      [companyId, queueId, parentId],
    );
    return rows.map(toOptionRow);
  }

  async setLastAssigned(companyId: CompanyId, queueId: number, userId: number): Promise<void> {
    await this.db.query('UPDATE queues SET last_assigned_user_id = $3 WHERE company_id = $1 AND id = $2', [
      companyId,
      queueId,
      userId,
    ]);
  }
}
