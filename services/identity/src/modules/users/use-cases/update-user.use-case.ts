import { Injectable } from '@nestjs/common';
import { UserUpdated } from '@cs/proto/events';
import { CompanyUserUpdateSchema, type UpdateUserRequest } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError, validationError } from '@cs/platform/errors';
import { AuditTrail } from '@cs/platform/audit';
import { EventPublisher } from '@cs/platform/events';
import type { Identity } from '@cs/platform/tenancy';
import { PasswordHasher } from '../../auth/password-hasher.js';
import { revokeSessions } from '../../auth/sessions.js';
import { UserEntity } from '../user.entity.js';
import { auditedUser, toUserSnapshot, type UserResponse } from '../users.mapper.js';
import { findCompanyUser, userResponse } from '../users.queries.js';
import { assertConnectionOfCompany, assertEmailFree, assertQueuesOfCompany } from '../users.rules.js';

const sameIds = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length &&
  [...a].sort((x, y) => x - y).every((id, index) => id === [...b].sort((x, y) => x - y)[index]);

/**
 * `PUT /users/{id}`. Admins edit any user of their company; profile `user` edits only itself and cannot change
 * its profile, queues or allTicket (the spec's form sends them unchanged, which is accepted); the super flag is
 * a super user's. Another user's name and password keep the company forms' limits (`CompanyUserUpdateSchema`);
 * one's own, the own-profile form's. A new password revokes the user's sessions (all but the caller's own when it
 * changes its own).
 */
@Injectable()
export class UpdateUserUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly events: EventPublisher,
    private readonly hasher: PasswordHasher,
    private readonly audit: AuditTrail,
  ) {}

  async execute(caller: Identity, id: number, input: UpdateUserRequest): Promise<UserResponse> {
    return this.transactions.run(async (manager) => {
      const user = await findCompanyUser(manager, caller.companyId, id);
      const before = auditedUser(user);
      const isSelf = user.id === caller.userId;
      const isManager = caller.profile === 'admin' || caller.isSuper;
      if (!isManager && !isSelf) throw new DomainError('ERR_NO_PERMISSION');
      if (!isSelf) CompanyUserUpdateSchema.pick({ name: true, password: true }).parse(input);
      if (!isManager) {
        const changesProfile = input.profile !== undefined && input.profile !== user.profile;
        const changesQueues = input.queueIds !== undefined && !sameIds(input.queueIds, user.queueIds);
        const changesAllTicket = input.allTicket !== undefined && input.allTicket !== user.allTicket;
        if (changesProfile || changesQueues || changesAllTicket) throw new DomainError('ERR_NO_PERMISSION');
      }
      if (input.super !== undefined && input.super !== user.super && !caller.isSuper) {
        throw new DomainError('ERR_NO_SUPER');
      }
      const changesEmail = input.email !== undefined && input.email.toLowerCase() !== user.email.toLowerCase();
      if (isSelf && (changesEmail || input.password !== undefined)) {
        // a stolen session (or an unattended browser) must not take the account over: prove the current password
        const proven =
          input.currentPassword !== undefined &&
          input.currentPassword !== '' &&
          (await this.hasher.verify(input.currentPassword, user.passwordHash));
        if (!proven) {
          throw validationError([
            {
              path: 'currentPassword',
              message: input.currentPassword ? 'Senha atual incorreta' : 'Informe a senha atual',
            },
          ]);
        }
      }
      if (input.email !== undefined && input.email.toLowerCase() !== user.email.toLowerCase()) {
        await assertEmailFree(manager, input.email, user.id);
        user.email = input.email.toLowerCase();
      }
      if (input.queueIds !== undefined) {
        const queueIds = [...new Set(input.queueIds)];
        await assertQueuesOfCompany(manager, caller.companyId, queueIds);
        user.queueIds = queueIds;
      }
      if (input.name !== undefined) user.name = input.name;
      if (input.profile !== undefined) user.profile = input.profile;
      if (input.allTicket !== undefined) user.allTicket = input.allTicket;
      if (input.whatsappId !== undefined && input.whatsappId !== user.whatsappId) {
        await assertConnectionOfCompany(manager, caller.companyId, input.whatsappId);
        user.whatsappId = input.whatsappId;
      }
      if (input.super !== undefined) user.super = input.super;
      if (input.password !== undefined) user.passwordHash = await this.hasher.hash(input.password);
      await manager.save(UserEntity, user);
      await this.events.emit(UserUpdated, { companyId: user.companyId, key: user.id, data: toUserSnapshot(user) });
      await this.audit.record({
        action: 'user.updated',
        target: { type: 'user', id: user.id, label: user.name },
        before,
        after: auditedUser(user),
      });
      if (input.password !== undefined) {
        await revokeSessions(
          manager,
          this.events,
          user,
          'password-changed',
          isSelf && caller.sessionId ? { exceptSessionId: caller.sessionId } : {},
        );
      }
      return userResponse(manager, caller.companyId, user);
    });
  }
}
