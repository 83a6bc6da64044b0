import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CompanyCreated, type CompanySnapshot, type ScheduleEntry } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { DomainError, validationError } from '@cs/platform/errors';
import { AuditTrail } from '@cs/platform/audit';
import { EventPublisher } from '@cs/platform/events';
import { createDefaultSettings } from '../../settings/settings.queries.js';
import { CreateUserUseCase } from '../../users/use-cases/create-user.use-case.js';
import { auditedCompany } from '../companies.queries.js';
import { CompanyEntity } from '../company.entity.js';
import { DEFAULT_SCHEDULES, toCompanySnapshot } from '../companies.mapper.js';
import { PlanEntity } from '../plan.entity.js';

export const COMPANY_TIMEZONE = 'America/Sao_Paulo';
const UNIQUE_VIOLATION = '23505';

export interface NewCompany {
  readonly name: string;
  readonly email: string;
  readonly phone: string | null;
  readonly status: boolean;
  readonly planId: number;
  readonly dueDate: string | null;
  readonly recurrence: 'MENSAL' | 'BIMESTRAL' | 'TRIMESTRAL' | 'SEMESTRAL' | 'ANUAL' | null;
  readonly campaignsEnabled?: boolean | undefined;
  /** The first admin's password; a random one (to be reset) when absent. */
  readonly password?: string | undefined;
  /** The first admin's name (the company's name when absent, as upstream). */
  readonly adminName?: string;
  readonly adminSuper?: boolean;
  readonly schedules?: readonly ScheduleEntry[];
}

/**
 * Creates a company with everything it needs to be used at once: its default settings (every key), its first
 * admin user (name = company name, e-mail = company e-mail) and the default opening hours. The company, the
 * user and their events commit together; a duplicate name (case-insensitive) is ERR_COMPANY_NAME_ALREADY_EXISTS.
 */
@Injectable()
export class CreateCompanyUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly events: EventPublisher,
    private readonly createUser: CreateUserUseCase,
    private readonly audit: AuditTrail,
  ) {}

  async execute(input: NewCompany, options: { id?: number } = {}): Promise<CompanySnapshot> {
    try {
      return await this.transactions.run(async (manager) => {
        const plan = await manager.findOne(PlanEntity, { where: { id: input.planId } });
        if (!plan) throw validationError([{ path: 'planId', message: 'Selecione um plano' }]);
        const taken = await manager
          .createQueryBuilder(CompanyEntity, 'company')
          .where('lower(company.name) = lower(:name)', { name: input.name })
          .getExists();
        if (taken) throw new DomainError('ERR_COMPANY_NAME_ALREADY_EXISTS');

        const company = manager.create(CompanyEntity, {
          ...(options.id !== undefined ? { id: options.id } : {}),
          name: input.name,
          email: input.email,
          phone: input.phone,
          status: input.status,
          dueDate: input.dueDate,
          recurrence: input.recurrence,
          planId: plan.id,
          timezone: COMPANY_TIMEZONE,
          schedules: [...(input.schedules ?? DEFAULT_SCHEDULES)],
        });
        await manager.save(company);
        if (options.id !== undefined) {
          await manager.query(
            "SELECT setval(pg_get_serial_sequence('companies', 'id'), GREATEST((SELECT max(id) FROM companies), 1))",
          );
        }
        const settings = await createDefaultSettings(
          manager,
          company.id,
          input.campaignsEnabled === undefined ? {} : { campaignsEnabled: String(input.campaignsEnabled) },
        );
        const snapshot = toCompanySnapshot(company, plan, settings);
        await this.events.emit(CompanyCreated, { companyId: company.id, key: company.id, data: snapshot });
        await this.createUser.insert(manager, company.id, {
          name: input.adminName ?? input.name,
          email: input.email,
          password: input.password ?? randomBytes(18).toString('base64url'),
          profile: 'admin',
          super: input.adminSuper ?? false,
        });
        await this.audit.record({
          action: 'company.created',
          companyId: company.id,
          target: { type: 'company', id: company.id, label: company.name },
          after: await auditedCompany(manager, company),
        });
        return snapshot;
      });
    } catch (error) {
      if ((error as { driverError?: { code?: string; constraint?: string } }).driverError?.code === UNIQUE_VIOLATION) {
        const constraint = (error as { driverError?: { constraint?: string } }).driverError?.constraint;
        throw new DomainError(
          constraint === 'uq_users_email' ? 'ERR_USER_EMAIL_ALREADY_EXISTS' : 'ERR_COMPANY_NAME_ALREADY_EXISTS',
        );
      }
      throw error;
    }
  }
}
