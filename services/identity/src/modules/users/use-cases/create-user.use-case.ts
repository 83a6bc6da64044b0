import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { asCompanyId, type CompanyId } from '@cs/proto/common';
import { UserCreated } from '@cs/proto/events';
import type { CreateUserRequest } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { AuditTrail } from '@cs/platform/audit';
import { EventPublisher } from '@cs/platform/events';
import type { Identity } from '@cs/platform/tenancy';
import { PasswordHasher } from '../../auth/password-hasher.js';
import { CompanyEntity } from '../../companies/company.entity.js';
import { PlanEntity } from '../../companies/plan.entity.js';
import { SettingEntity } from '../../settings/setting.entity.js';
import { UserEntity } from '../user.entity.js';
import { auditedUser, toUserSnapshot, type UserResponse } from '../users.mapper.js';
import { userResponse } from '../users.queries.js';
import { assertConnectionOfCompany, assertEmailFree, assertQueuesOfCompany } from '../users.rules.js';

export interface NewUser {
  readonly name: string;
  readonly email: string;
  readonly password: string;
  readonly profile: 'admin' | 'user';
  readonly super?: boolean | undefined;
  readonly whatsappId?: number | null | undefined;
  readonly queueIds?: readonly number[];
  readonly allTicket?: 'enable' | 'disable';
}

/**
 * `POST /users` (admins of the company). Honours the `userCreation` setting (ERR_USER_CREATION_DISABLED) and the
 * plan's user limit (ERR_PLAN_LIMIT_USERS, checked with the company row locked so concurrent creations cannot
 * overshoot); queue ids must be the company's; only a super user may create a super user.
 */
@Injectable()
export class CreateUserUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly events: EventPublisher,
    private readonly hasher: PasswordHasher,
    private readonly audit: AuditTrail,
  ) {}

  async execute(caller: Identity, input: CreateUserRequest): Promise<UserResponse> {
    if (input.super && !caller.isSuper) throw new DomainError('ERR_NO_SUPER');
    return this.transactions.run(async (manager) => {
      const companyId = caller.companyId;
      const company = await manager.findOne(CompanyEntity, {
        where: { id: companyId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!company) throw new DomainError('ERR_NO_COMPANY_FOUND');
      if (!caller.isSuper) {
        const setting = await manager.findOne(SettingEntity, { where: { companyId, key: 'userCreation' } });
        if (setting?.value === 'disabled') throw new DomainError('ERR_USER_CREATION_DISABLED');
      }
      const plan =
        company.planId === null ? null : await manager.findOne(PlanEntity, { where: { id: company.planId } });
      const users = await manager.count(UserEntity, { where: { companyId } });
      if (plan && users >= plan.users) {
        throw new DomainError('ERR_PLAN_LIMIT_USERS', {
          message: `Número máximo de usuários já alcançado: ${plan.users}`,
          details: { limit: plan.users },
        });
      }
      const user = await this.insert(manager, companyId, input);
      await this.audit.record({
        action: 'user.created',
        target: { type: 'user', id: user.id, label: user.name },
        after: auditedUser(user),
      });
      return userResponse(manager, companyId, user);
    });
  }

  /** Inserts a user and emits identity.user.created (also used by signup, company creation and seeds). */
  async insert(manager: EntityManager, companyId: CompanyId | number, input: NewUser): Promise<UserEntity> {
    const company = asCompanyId(companyId);
    await assertEmailFree(manager, input.email);
    const queueIds = [...new Set(input.queueIds ?? [])];
    await assertQueuesOfCompany(manager, company, queueIds);
    await assertConnectionOfCompany(manager, company, input.whatsappId);
    const user = manager.create(UserEntity, {
      companyId: company,
      name: input.name,
      email: input.email.toLowerCase(),
      passwordHash: await this.hasher.hash(input.password),
      profile: input.profile,
      super: input.super ?? false,
      online: false,
      lastSeenAt: null,
      allTicket: input.allTicket ?? 'disable',
      whatsappId: input.whatsappId ?? null,
      queueIds,
    });
    await manager.save(user);
    await this.events.emit(UserCreated, { companyId: company, key: user.id, data: toUserSnapshot(user) });
    return user;
  }
}
