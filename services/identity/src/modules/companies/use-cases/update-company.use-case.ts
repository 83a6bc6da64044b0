import { Injectable } from '@nestjs/common';
import { PLATFORM_COMPANY_ID } from '@cs/proto/common';
import {
  CompanyDeleted,
  CompanyRenewed,
  type CompanySnapshot,
  CompanyUpdated,
  type ScheduleEntry,
} from '@cs/proto/events';
import type { AuditAction } from '@cs/proto/events';
import type { CompanyUpdateRequest } from '@cs/proto/http';
import { AuditTrail } from '@cs/platform/audit';
import { TransactionHost } from '@cs/platform/database';
import { DomainError, validationError } from '@cs/platform/errors';
import { EventPublisher } from '@cs/platform/events';
import { SettingEntity } from '../../settings/setting.entity.js';
import { extendDueDate, RECURRENCE_MONTHS, dateInZonePlusDays } from '../companies.mapper.js';
import { auditedCompany, loadCompanyView, snapshotOf } from '../companies.queries.js';
import { CompanyEntity } from '../company.entity.js';
import { PlanEntity } from '../plan.entity.js';

const UNIQUE_VIOLATION = '23505';

/** Changes of a company after creation: super-user edits, opening hours, due-date extension, deletion. */
@Injectable()
export class UpdateCompanyUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly events: EventPublisher,
    private readonly audit: AuditTrail,
  ) {}

  /** `PUT /companies/{id}` (super users). */
  async update(id: number, input: CompanyUpdateRequest): Promise<CompanySnapshot> {
    try {
      return await this.change(id, 'company.updated', async (company, manager) => {
        if (input.name !== undefined && input.name.toLowerCase() !== company.name.toLowerCase()) {
          const taken = await manager
            .createQueryBuilder(CompanyEntity, 'company')
            .where('lower(company.name) = lower(:name) AND company.id <> :id', { name: input.name, id })
            .getExists();
          if (taken) throw new DomainError('ERR_COMPANY_NAME_ALREADY_EXISTS');
          company.name = input.name;
        }
        if (input.planId !== undefined) {
          if (!(await manager.exists(PlanEntity, { where: { id: input.planId } }))) {
            throw validationError([{ path: 'planId', message: 'Selecione um plano' }]);
          }
          company.planId = input.planId;
        }
        if (input.email !== undefined) company.email = input.email;
        if (input.phone !== undefined) company.phone = input.phone;
        if (input.status !== undefined) company.status = input.status;
        if (input.dueDate !== undefined) company.dueDate = input.dueDate;
        if (input.recurrence !== undefined) company.recurrence = input.recurrence;
        if (input.campaignsEnabled !== undefined) {
          await manager.upsert(
            SettingEntity,
            { companyId: id, key: 'campaignsEnabled', value: String(input.campaignsEnabled) },
            ['companyId', 'key'],
          );
        }
      });
    } catch (error) {
      if ((error as { driverError?: { code?: string } }).driverError?.code === UNIQUE_VIOLATION) {
        throw new DomainError('ERR_COMPANY_NAME_ALREADY_EXISTS');
      }
      throw error;
    }
  }

  /** `PUT /companies/{id}/schedules`: the caller's own company (admins) or any (super users). */
  async schedules(id: number, schedules: readonly ScheduleEntry[]): Promise<CompanySnapshot> {
    return this.change(id, 'company.schedules-updated', async (company) => {
      company.schedules = [...schedules];
    });
  }

  /**
   * Extends the due date by the company's recurrence (MENSAL 1, BIMESTRAL 2, TRIMESTRAL 3, SEMESTRAL 6, ANUAL 12
   * months), from the current due date or from today when already past it.
   */
  async extendDueDate(id: number, now: Date = new Date()): Promise<CompanySnapshot> {
    return this.change(id, 'company.due-date-extended', async (company) => {
      const months = RECURRENCE_MONTHS[company.recurrence ?? 'MENSAL'];
      company.dueDate = extendDueDate(company.dueDate, months, dateInZonePlusDays(now, company.timezone, 0));
    });
  }

  /**
   * A paid invoice (billing's `billing.payment.completed`): the due date moves on by the recurrence, as in
   * `extendDueDate`, and the change goes out as `identity.company.renewed`, so the gateway lifts the expired gate
   * and tells the company's browsers (`company-{id}-payment` CONCLUIDA). A deleted company is ignored.
   */
  async renew(id: number, now: Date = new Date()): Promise<CompanySnapshot | null> {
    const exists = await this.transactions.manager.exists(CompanyEntity, { where: { id } });
    if (!exists) return null;
    return this.change(
      id,
      null,
      async (company) => {
        const months = RECURRENCE_MONTHS[company.recurrence ?? 'MENSAL'];
        company.dueDate = extendDueDate(company.dueDate, months, dateInZonePlusDays(now, company.timezone, 0));
      },
      CompanyRenewed,
    );
  }

  /** `DELETE /companies/{id}` (super users); the platform company stays. */
  async remove(id: number): Promise<void> {
    if (id === PLATFORM_COMPANY_ID) throw new DomainError('ERR_NO_PERMISSION');
    await this.transactions.run(async (manager) => {
      const company = await manager.findOne(CompanyEntity, { where: { id } });
      if (!company) throw new DomainError('ERR_NO_COMPANY_FOUND');
      const before = await auditedCompany(manager, company);
      await manager.delete(CompanyEntity, { id });
      await this.events.emit(CompanyDeleted, { companyId: id, key: id, data: { id } });
      await this.audit.record({
        action: 'company.deleted',
        companyId: id,
        target: { type: 'company', id, label: company.name },
        before,
      });
    });
  }

  /** Applies a change to a company, announces it and, for a person's change (`action`), audits it. */
  private async change(
    id: number,
    action: AuditAction | null,
    apply: (company: CompanyEntity, manager: import('typeorm').EntityManager) => Promise<void>,
    event: typeof CompanyUpdated | typeof CompanyRenewed = CompanyUpdated,
  ): Promise<CompanySnapshot> {
    return this.transactions.run(async (manager) => {
      const company = await manager.findOne(CompanyEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!company) throw new DomainError('ERR_NO_COMPANY_FOUND');
      const before = await auditedCompany(manager, company);
      await apply(company, manager);
      await manager.save(CompanyEntity, company);
      const snapshot = snapshotOf(await loadCompanyView(manager, id));
      await this.events.emit(event, { companyId: id, key: id, data: snapshot });
      if (action) {
        await this.audit.record({
          action,
          companyId: id,
          target: { type: 'company', id, label: company.name },
          before,
          after: await auditedCompany(manager, company),
        });
      }
      return snapshot;
    });
  }
}
