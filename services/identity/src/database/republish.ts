import type { DataSource } from 'typeorm';
import { CompanyUpdated, UserUpdated } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';
import { CompanyEntity } from '../modules/companies/company.entity.js';
import { loadCompanyView, snapshotOf } from '../modules/companies/companies.queries.js';
import { toUserSnapshot } from '../modules/users/users.mapper.js';
import { UserEntity } from '../modules/users/user.entity.js';

/**
 * Rebuilds the other services' projections of identity (`make replay-projections`): writes the current snapshot
 * of every company (`identity.company.updated`) and every user (`identity.user.updated`) to the outbox, in one
 * transaction; the relay publishes them and every consumer upserts its projection (tickets' companies and users,
 * the gateway's, ...). Safe at any time: the events are the current state, ordered after any earlier ones.
 */
export async function republishIdentitySnapshots(
  dataSource: DataSource,
  options: { companyId?: number } = {},
): Promise<{ companies: number; users: number }> {
  const transactions = new TransactionHost(dataSource);
  const events = new EventPublisher(transactions, 'identity');
  return transactions.run(async (manager) => {
    const where = options.companyId === undefined ? {} : { id: options.companyId };
    const companies = await manager.find(CompanyEntity, { where, order: { id: 'ASC' } });
    for (const company of companies) {
      const snapshot = snapshotOf(await loadCompanyView(manager, company.id));
      await events.emit(CompanyUpdated, { companyId: company.id, key: company.id, data: snapshot });
    }
    const users = await manager.find(UserEntity, {
      where: options.companyId === undefined ? {} : { companyId: options.companyId },
      order: { id: 'ASC' },
    });
    for (const user of users) {
      await events.emit(UserUpdated, { companyId: user.companyId, key: user.id, data: toUserSnapshot(user) });
    }
    return { companies: companies.length, users: users.length };
  });
}
