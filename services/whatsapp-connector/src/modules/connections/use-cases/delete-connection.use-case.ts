import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { AuditTrail } from '@cs/platform/audit';
import { returningRows, type SqlRow, TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { EventPublisher } from '@cs/platform/events';
import { ProviderRegistry } from '../../../providers/provider-registry.js';
import { COMMAND_COLUMNS, commandRows } from '../../sessions/session-commands.js';
import { emitFailure } from '../../sessions/command-failures.js';
import { auditedConnection } from '../connection.row.js';
import { ConnectionEvents } from '../connection-events.js';
import { ConnectionsRepository } from '../connections.repository.js';

/**
 * `DELETE /whatsapp/{id}`: refused for the company's only default while other connections exist
 * (`ERR_NO_OTHER_WHATSAPP`). Deleting drops the lease (the owner's next fenced write or renewal fails, and it
 * stops the session), the pending commands, and the provider's stored state.
 */
@Injectable()
export class DeleteConnectionUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly connections: ConnectionsRepository,
    private readonly providers: ProviderRegistry,
    private readonly events: ConnectionEvents,
    private readonly publisher: EventPublisher,
    private readonly audit: AuditTrail,
  ) {}

  async execute(companyId: CompanyId, id: number): Promise<void> {
    await this.transactions.run(async (manager) => {
      await this.connections.lockCompany(companyId);
      // the lease row before the connection row, as everywhere (a session's status report holds its lease)
      await manager.query('SELECT 1 FROM session_leases WHERE connection_id = $1 AND company_id = $2 FOR UPDATE', [
        id,
        companyId,
      ]);
      const row = await this.connections.find(companyId, id, { lock: true });
      if (!row) throw new DomainError('ERR_NO_WAPP_FOUND');
      if (row.is_default && (await this.connections.count(companyId)) > 1) {
        if (!(await this.connections.otherDefaultExists(companyId, id))) throw new DomainError('ERR_NO_OTHER_WHATSAPP');
      }
      await this.connections.remove(companyId, id);
      await manager.query('DELETE FROM session_leases WHERE connection_id = $1', [id]);
      const pending = commandRows(
        await returningRows<SqlRow>(
          manager,
          `UPDATE session_commands SET status = 'failed', done_at = now(), outcome = '"connection deleted"'
            WHERE connection_id = $1 AND status = 'pending' RETURNING ${COMMAND_COLUMNS}`,
          [id],
        ),
      );
      // sends that will never go out are reported as failed (tickets shows the message with an error)
      for (const command of pending) await emitFailure(this.publisher, command, 'ERR_WAPP_NOT_INITIALIZED');
      await this.providers.find(row.provider)?.wipe(id, manager);
      await this.events.deleted(companyId, id);
      await this.audit.record({
        action: 'connection.deleted',
        target: { type: 'connection', id, label: row.name },
        before: auditedConnection(row),
      });
    });
  }
}
