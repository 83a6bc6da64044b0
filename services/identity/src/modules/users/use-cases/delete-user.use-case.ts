import { Injectable } from '@nestjs/common';
import { UserDeleted } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { AuditTrail } from '@cs/platform/audit';
import { EventPublisher } from '@cs/platform/events';
import type { Identity } from '@cs/platform/tenancy';
import { revokeSessions } from '../../auth/sessions.js';
import { UserEntity } from '../user.entity.js';
import { auditedUser } from '../users.mapper.js';
import { findCompanyUser } from '../users.queries.js';

/** `DELETE /users/{id}` (admins): ends the user's sessions, then deletes it. Nobody deletes itself. */
@Injectable()
export class DeleteUserUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly events: EventPublisher,
    private readonly audit: AuditTrail,
  ) {}

  async execute(caller: Identity, id: number): Promise<void> {
    await this.transactions.run(async (manager) => {
      const user = await findCompanyUser(manager, caller.companyId, id);
      if (user.id === caller.userId)
        throw new DomainError('ERR_NO_PERMISSION', { message: 'Você não pode excluir a si mesmo.' });
      await revokeSessions(manager, this.events, user, 'deleted');
      await manager.delete(UserEntity, { id: user.id, companyId: user.companyId });
      await this.events.emit(UserDeleted, { companyId: user.companyId, key: user.id, data: { id: user.id } });
      await this.audit.record({
        action: 'user.deleted',
        target: { type: 'user', id: user.id, label: user.name },
        before: auditedUser(user),
      });
    });
  }
}
