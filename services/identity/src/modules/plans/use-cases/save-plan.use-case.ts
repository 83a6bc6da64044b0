import { Injectable } from '@nestjs/common';
import { PLATFORM_COMPANY_ID } from '@cs/proto/common';
import { CompanyUpdated, PlanCreated, PlanDeleted, PlanUpdated } from '@cs/proto/events';
import type { Plan, PlanRequest, PlanUpdateRequest } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { AuditTrail } from '@cs/platform/audit';
import { EventPublisher } from '@cs/platform/events';
import { toPlanSnapshot, toPlanView } from '../../companies/companies.mapper.js';
import { loadCompanyView, snapshotOf } from '../../companies/companies.queries.js';
import { CompanyEntity } from '../../companies/company.entity.js';
import { PlanEntity } from '../../companies/plan.entity.js';

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown): boolean =>
  (error as { driverError?: { code?: string } }).driverError?.code === UNIQUE_VIOLATION;

/**
 * Plans (super users): create, update, delete. A changed plan re-announces every company on it
 * (identity.company.updated with the new flags), so projections and gateways apply new flags and limits.
 */
@Injectable()
export class SavePlanUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly events: EventPublisher,
    private readonly audit: AuditTrail,
  ) {}

  async create(input: PlanRequest): Promise<Plan> {
    return this.unique(() =>
      this.transactions.run(async (manager) => {
        const plan = manager.create(PlanEntity, input);
        await manager.save(plan);
        const snapshot = toPlanSnapshot(plan);
        await this.events.emit(PlanCreated, { companyId: PLATFORM_COMPANY_ID, key: plan.id, data: snapshot });
        await this.audit.record({
          action: 'plan.created',
          target: { type: 'plan', id: plan.id, label: plan.name },
          after: toPlanView(plan),
        });
        return toPlanView(plan);
      }),
    );
  }

  async update(id: number, input: PlanUpdateRequest): Promise<Plan> {
    return this.unique(() =>
      this.transactions.run(async (manager) => {
        const plan = await manager.findOne(PlanEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
        if (!plan) throw new DomainError('ERR_NO_PLAN_FOUND');
        const before = toPlanView(plan);
        Object.assign(plan, Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)));
        await manager.save(plan);
        const snapshot = toPlanSnapshot(plan);
        await this.events.emit(PlanUpdated, { companyId: PLATFORM_COMPANY_ID, key: plan.id, data: snapshot });
        await this.audit.record({
          action: 'plan.updated',
          target: { type: 'plan', id: plan.id, label: plan.name },
          before,
          after: toPlanView(plan),
        });
        const companies = await manager.find(CompanyEntity, { where: { planId: plan.id }, select: { id: true } });
        for (const { id: companyId } of companies) {
          const view = await loadCompanyView(manager, companyId);
          await this.events.emit(CompanyUpdated, { companyId, key: companyId, data: snapshotOf(view) });
        }
        return toPlanView(plan);
      }),
    );
  }

  async remove(id: number): Promise<void> {
    await this.transactions.run(async (manager) => {
      const plan = await manager.findOne(PlanEntity, { where: { id } });
      if (!plan) throw new DomainError('ERR_NO_PLAN_FOUND');
      if (await manager.exists(CompanyEntity, { where: { planId: id } })) throw new DomainError('ERR_PLAN_IN_USE');
      await manager.delete(PlanEntity, { id });
      await this.events.emit(PlanDeleted, { companyId: PLATFORM_COMPANY_ID, key: id, data: { id } });
      await this.audit.record({
        action: 'plan.deleted',
        target: { type: 'plan', id, label: plan.name },
        before: toPlanView(plan),
      });
    });
  }

  private async unique<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('ERR_PLAN_NAME_ALREADY_EXISTS');
      throw error;
    }
  }
}
