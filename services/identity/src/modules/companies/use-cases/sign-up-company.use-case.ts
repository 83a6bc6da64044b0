import { Injectable } from '@nestjs/common';
import type { CompanySnapshot } from '@cs/proto/events';
import { CompanyCreated } from '@cs/proto/events';
import { type SignupRequest, TRIAL_DAYS } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { EventPublisher } from '@cs/platform/events';
import { CompanyEntity } from '../company.entity.js';
import { dateInZonePlusDays, DEFAULT_SCHEDULES, DEFAULT_SETTINGS, toCompanySnapshot } from '../companies.mapper.js';
import { PlanEntity } from '../plan.entity.js';

const COMPANY_TIMEZONE = 'America/Sao_Paulo';
const UNIQUE_VIOLATION = '23505';

/**
 * Public signup: creates the company on its trial. The server decides the due date (3 days ahead in the
 * company's time zone), the MENSAL recurrence and the active status; whatever the client sends for them is
 * ignored. The company's creation and its `identity.company.created` event commit together.
 */
@Injectable()
export class SignUpCompanyUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly events: EventPublisher,
  ) {}

  async execute(input: SignupRequest, now: Date = new Date()): Promise<CompanySnapshot> {
    try {
      return await this.transactions.run(async (manager) => {
        const plan = await manager.findOne(PlanEntity, { where: { id: input.planId } });
        if (!plan) {
          throw new DomainError('ERR_VALIDATION', {
            message: 'Selecione um plano',
            details: [{ path: 'planId', message: 'Selecione um plano' }],
          });
        }
        const taken = await manager
          .createQueryBuilder(CompanyEntity, 'company')
          .where('lower(company.name) = lower(:name)', { name: input.name })
          .getExists();
        if (taken) throw new DomainError('ERR_COMPANY_NAME_ALREADY_EXISTS');

        const company = manager.create(CompanyEntity, {
          name: input.name,
          email: input.email,
          phone: input.phone,
          status: true,
          dueDate: dateInZonePlusDays(now, COMPANY_TIMEZONE, TRIAL_DAYS),
          recurrence: 'MENSAL',
          planId: plan.id,
          timezone: COMPANY_TIMEZONE,
          schedules: [...DEFAULT_SCHEDULES],
        });
        await manager.save(company);
        const snapshot = toCompanySnapshot(company, plan, { ...DEFAULT_SETTINGS });
        await this.events.emit(CompanyCreated, { companyId: company.id, key: company.id, data: snapshot });
        return snapshot;
      });
    } catch (error) {
      if ((error as { driverError?: { code?: string } }).driverError?.code === UNIQUE_VIOLATION) {
        throw new DomainError('ERR_COMPANY_NAME_ALREADY_EXISTS');
      }
      throw error;
    }
  }
}
