import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';
import type { Identity } from '@cs/platform/tenancy';
import { revokeSessions } from '../sessions.js';

/** `DELETE /auth/logout`: ends the caller's session (its refresh tokens stop working, its sockets close). */
@Injectable()
export class LogOutUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly events: EventPublisher,
  ) {}

  async execute(identity: Identity): Promise<void> {
    if (!identity.sessionId) return;
    await this.transactions.run(async (manager) => {
      const user = { id: identity.userId as number, companyId: identity.companyId as number };
      await revokeSessions(manager, this.events, user, 'logout', { sessionId: identity.sessionId });
    });
  }
}
