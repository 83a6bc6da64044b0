import { Injectable } from '@nestjs/common';
import { hasMorePages } from '@cs/proto/common';
import type { ListQuery, Plan } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { toPlanView } from '../companies/companies.mapper.js';
import { PlanEntity } from '../companies/plan.entity.js';

const PAGE_LENGTH = 20;

@Injectable()
export class PlansQueries {
  constructor(private readonly transactions: TransactionHost) {}

  /** The plans the public signup offers (`public`); the super user's page lists every plan (`page`). */
  async offered(): Promise<Plan[]> {
    const plans = await this.transactions.manager.find(PlanEntity, { where: { public: true }, order: { id: 'ASC' } });
    return plans.map(toPlanView);
  }

  async page(query: ListQuery): Promise<{ plans: Plan[]; count: number; hasMore: boolean }> {
    const offset = ((query.pageNumber ?? 1) - 1) * PAGE_LENGTH;
    const builder = this.transactions.manager.createQueryBuilder(PlanEntity, 'plan');
    const search = query.searchParam?.trim().toLowerCase();
    if (search)
      builder.where('lower(plan.name) LIKE :search', { search: `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` });
    const [plans, count] = await builder.orderBy('plan.id', 'ASC').skip(offset).take(PAGE_LENGTH).getManyAndCount();
    return { plans: plans.map(toPlanView), count, hasMore: hasMorePages(count, offset, plans.length) };
  }

  async one(id: number): Promise<Plan> {
    const plan = await this.transactions.manager.findOne(PlanEntity, { where: { id } });
    if (!plan) throw new DomainError('ERR_NO_PLAN_FOUND');
    return toPlanView(plan);
  }
}
