import { inMemoryManager, recorders } from '../../../../test/support/in-memory-manager.js';
import { QueueEntity } from '../queue.entity.js';
import { ApplyQueueChangeUseCase } from './apply-queue-change.use-case.js';

type QueueEvent = Parameters<ApplyQueueChangeUseCase['execute']>[0];

const event = (type: string, companyId: number, data: Record<string, unknown>) =>
  ({ id: `event-${type}`, type, companyId, data }) as unknown as QueueEvent;

/**
 * Queue 1 of companies 2 and 3 projected. A deleted queue leaving its users is found with `ANY(queue_ids)`, SQL
 * this manager does not speak: the identity e2e suites cover it.
 */
function projection() {
  const queues: Array<Record<string, unknown>> = [
    { companyId: 2, id: 1, name: 'Vendas', color: '#f00' },
    { companyId: 3, id: 1, name: 'Outra', color: '#00f' },
  ];
  const { transactions } = inMemoryManager(new Map([[QueueEntity, queues]]));
  const { events, publisher } = recorders();
  const useCase = new ApplyQueueChangeUseCase(transactions, publisher);
  return { queues, events, apply: (change: QueueEvent) => useCase.execute(change) };
}

describe(ApplyQueueChangeUseCase.name, () => {
  it('keeps the name and colour of a created or updated queue for its company only', async () => {
    const { queues, events, apply } = projection();
    await apply(event('tickets.queue.updated', 2, { companyId: 2, id: 1, name: 'Vendas SP', color: '#0f0' }));
    await apply(event('tickets.queue.created', 2, { companyId: 2, id: 2, name: 'Suporte', color: '#000' }));
    expect(queues).toEqual([
      { companyId: 2, id: 1, name: 'Vendas SP', color: '#0f0' },
      { companyId: 3, id: 1, name: 'Outra', color: '#00f' },
      { companyId: 2, id: 2, name: 'Suporte', color: '#000' },
    ]);
    expect(events).toEqual([]);
  });

  it('ignores a snapshot naming another company than its envelope', async () => {
    const { queues, apply } = projection();
    await apply(event('tickets.queue.updated', 2, { companyId: 3, id: 1, name: 'Taken over', color: '#fff' }));
    expect(queues.map((queue) => queue.name)).toEqual(['Vendas', 'Outra']);
  });
});
