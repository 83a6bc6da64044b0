import { type EntityManager, In } from 'typeorm';
import type { CompanyId } from '@cs/proto/common';
import { QueueEntity } from './queue.entity.js';

/** The company's queues among `ids` (another company's ids are simply not found). */
export async function findQueues(
  manager: EntityManager,
  companyId: CompanyId,
  ids: readonly number[],
): Promise<QueueEntity[]> {
  if (ids.length === 0) return [];
  return manager.find(QueueEntity, { where: { companyId, id: In([...new Set(ids)]) } });
}
