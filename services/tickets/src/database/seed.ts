import type { DataSource } from 'typeorm';
import { QueueCreated, type ScheduleEntry } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';
import { DEFAULT_QUEUE_SCHEDULES } from '../modules/queues/queues.dto.js';

const DEMO_COMPANY_ID = 2;
const DEMO_QUEUES = [
  { id: 1, name: 'Vendas', color: '#2196f3', orderQueue: 1 },
  { id: 2, name: 'Suporte', color: '#4caf50', orderQueue: 2 },
];

/**
 * Development data (`make dev`, `SEED=1 make migrate`), idempotent: the demo company's queues 1 "Vendas" and
 * 2 "Suporte". Their `tickets.queue.created` events are written with them, so projections see them.
 */
export async function seedTickets(dataSource: DataSource, _env: Record<string, string | undefined>): Promise<void> {
  const transactions = new TransactionHost(dataSource);
  const events = new EventPublisher(transactions, 'tickets');
  await transactions.run(async (manager) => {
    for (const queue of DEMO_QUEUES) {
      const schedules: ScheduleEntry[] = DEFAULT_QUEUE_SCHEDULES.map((entry) => ({ ...entry }));
      const inserted = await manager.query<Array<{ id: number }>>(
        `INSERT INTO queues (id, company_id, name, color, order_queue, schedules) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT DO NOTHING RETURNING id`,
        [queue.id, DEMO_COMPANY_ID, queue.name, queue.color, queue.orderQueue, JSON.stringify(schedules)],
      );
      if (inserted.length === 0) continue;
      await events.emit(QueueCreated, {
        companyId: DEMO_COMPANY_ID,
        key: queue.id,
        data: {
          id: queue.id,
          companyId: DEMO_COMPANY_ID,
          name: queue.name,
          color: queue.color,
          greetingMessage: '',
          outOfHoursMessage: '',
          orderQueue: queue.orderQueue,
          schedules,
          promptId: null,
          integrationId: null,
        },
      });
    }
    await manager.query(`SELECT setval('queues_id_seq', greatest((SELECT max(id) FROM queues), 2))`);
  });
}
