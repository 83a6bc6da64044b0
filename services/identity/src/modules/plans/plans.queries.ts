import { Injectable } from '@nestjs/common';
import { hasMorePages } from '@cs/proto/common';
import type { PlanSnapshot } from '@cs/proto/events';
import type { ListQuery } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { toPlanSnapshot } from '../companies/companies.mapper.js';
import { PlanEntity } from '../companies/plan.entity.js';

const PAGE_LENGTH = 20;

@Injectable()
export class PlansQueries {
  constructor(private readonly transactions: TransactionHost) {}

  async all(): Promise<PlanSnapshot[]> {
    const plans = await this.transactions.manager.find(PlanEntity, { order: { id: 'ASC' } });
    return plans.map(toPlanSnapshot);
  }

  async page(query: ListQuery): Promise<{ plans: PlanSnapshot[]; count: number; hasMore: boolean }> {
    const offset = ((query.pageNumber ?? 1) - 1) * PAGE_LENGTH;
    const builder = this.transactions.manager.createQueryBuilder(PlanEntity, 'plan');
    const search = query.searchParam?.trim().toLowerCase();
    if (search)
      builder.where('lower(plan.name) LIKE :search', { search: `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` });
    const [plans, count] = await builder.orderBy('plan.id', 'ASC').skip(offset).take(PAGE_LENGTH).getManyAndCount();
    return { plans: plans.map(toPlanSnapshot), count, hasMore: hasMorePages(count, offset, plans.length) };
  }

  async one(id: number): Promise<PlanSnapshot> {
    const plan = await this.transactions.manager.findOne(PlanEntity, { where: { id } });
    if (!plan) throw new DomainError('ERR_NO_PLAN_FOUND');
    return toPlanSnapshot(plan);
  }
}
