import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type CompanyId, hasMorePages } from '@cs/proto/common';
import type { CompanySnapshot } from '@cs/proto/events';
import { type CompanyResponse, isSecretSetting, type ListQuery } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { SettingEntity } from '../settings/setting.entity.js';
import { CompanyEntity } from './company.entity.js';
import { toCompanySnapshot, toPlanSnapshot } from './companies.mapper.js';
import { PlanEntity } from './plan.entity.js';

export interface CompanyView {
  readonly company: CompanyEntity;
  readonly plan: PlanEntity | null;
  readonly settings: Record<string, string>;
}

export async function loadCompanyView(manager: EntityManager, companyId: number): Promise<CompanyView> {
  const company = await manager.findOne(CompanyEntity, { where: { id: companyId } });
  if (!company) throw new DomainError('ERR_NO_COMPANY_FOUND');
  const plan = company.planId === null ? null : await manager.findOne(PlanEntity, { where: { id: company.planId } });
  const rows = await manager.find(SettingEntity, { where: { companyId }, order: { key: 'ASC' } });
  return { company, plan, settings: Object.fromEntries(rows.map((row) => [row.key, row.value])) };
}

export const snapshotOf = (view: CompanyView): CompanySnapshot =>
  toCompanySnapshot(view.company, view.plan, view.settings);

/** A company as the spec's clients read it (the super user's list, `/companies/{id}`, login's `user.company`). */
export const companyResponse = (view: CompanyView): CompanyResponse => ({
  id: view.company.id,
  name: view.company.name,
  email: view.company.email,
  phone: view.company.phone,
  status: view.company.status,
  dueDate: view.company.dueDate,
  recurrence: view.company.recurrence,
  planId: view.company.planId,
  plan: view.plan ? toPlanSnapshot(view.plan) : null,
  schedules: view.company.schedules,
  timezone: view.company.timezone,
  campaignsEnabled: view.settings['campaignsEnabled'] === 'true',
  // integration credentials never travel with the company (login, /auth/me, the super user's company list)
  settings: Object.entries(view.settings)
    .filter(([key]) => !isSecretSetting(key))
    .map(([key, value]) => ({ key, value })),
  createdAt: view.company.createdAt.toISOString(),
  updatedAt: view.company.updatedAt.toISOString(),
});
/** A company as the audit log compares it (its fields and the `campaignsEnabled` setting). */
export async function auditedCompany(manager: EntityManager, company: CompanyEntity): Promise<Record<string, unknown>> {
  const campaigns = await manager.findOne(SettingEntity, { where: { companyId: company.id, key: 'campaignsEnabled' } });
  return {
    name: company.name,
    email: company.email,
    phone: company.phone,
    status: company.status,
    dueDate: company.dueDate,
    recurrence: company.recurrence,
    planId: company.planId,
    schedules: company.schedules,
    campaignsEnabled: campaigns?.value ?? null,
  };
}

export type { CompanyResponse };

const PAGE_LENGTH = 20;

@Injectable()
export class CompaniesQueries {
  constructor(private readonly transactions: TransactionHost) {}

  /** One company: the caller's own, or any for a super user; another company's id is not found (404). */
  async visible(caller: { companyId: CompanyId; isSuper: boolean }, id: number): Promise<CompanyResponse> {
    if (!caller.isSuper && caller.companyId !== id) throw new DomainError('ERR_NO_COMPANY_FOUND');
    return companyResponse(await loadCompanyView(this.transactions.manager, id));
  }

  async page(query: ListQuery): Promise<{ companies: CompanyResponse[]; count: number; hasMore: boolean }> {
    const pageNumber = query.pageNumber ?? 1;
    const offset = (pageNumber - 1) * PAGE_LENGTH;
    const builder = this.transactions.manager.createQueryBuilder(CompanyEntity, 'company');
    const search = query.searchParam?.trim().toLowerCase();
    if (search) {
      builder.where('(lower(company.name) LIKE :search OR lower(company.email) LIKE :search)', {
        search: `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`,
      });
    }
    const [rows, count] = await builder.orderBy('company.name', 'ASC').skip(offset).take(PAGE_LENGTH).getManyAndCount();
    const companies = await Promise.all(rows.map((row) => this.view(row.id)));
    return { companies, count, hasMore: hasMorePages(count, offset, rows.length) };
  }

  async all(): Promise<CompanyResponse[]> {
    const rows = await this.transactions.manager.find(CompanyEntity, { order: { name: 'ASC' } });
    return Promise.all(rows.map((row) => this.view(row.id)));
  }

  private async view(id: number): Promise<CompanyResponse> {
    return companyResponse(await loadCompanyView(this.transactions.manager, id));
  }
}
