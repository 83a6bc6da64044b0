import { Body, Controller, Delete, Param, Post, Put } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { type MessageResponse, type StartSessionBody, StartSessionSchema } from '@cs/proto/http';
import { returningRows, type SqlRow, TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { IdPipe, ZodPipe } from '@cs/platform/http';
import { CompanyIdParam, Roles } from '@cs/platform/tenancy';
import { ProviderRegistry } from '../../providers/provider-registry.js';
import { connectionRows } from '../connections/connection.row.js';
import { ConnectionEvents } from '../connections/connection-events.js';
import { ConnectionsRepository } from '../connections/connections.repository.js';
import { Leases } from './lease.repository.js';
import { SessionCommands } from './session-commands.js';
import { SessionManager } from './session-manager.js';
import { SessionNudge } from './session-nudge.js';

/**
 * `/whatsappsession/{id}` (spec §7). Any process may answer: the request is recorded as a lifecycle command for
 * the owner of the session (or, with no owner, for the process that claims it next), and the record shows
 * OPENING (start, new QR) at once.
 */
@Controller('whatsappsession')
@Roles('admin')
export class SessionsController {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly connections: ConnectionsRepository,
    private readonly events: ConnectionEvents,
    private readonly providers: ProviderRegistry,
    private readonly manager: SessionManager,
    private readonly nudge: SessionNudge,
  ) {}

  @Post(':id')
  async start(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_WAPP_FOUND')) id: number,
    @Body(new ZodPipe(StartSessionSchema)) body: StartSessionBody,
  ): Promise<MessageResponse> {
    await this.request(companyId, id, 'start', body.usePairingCode ? (body.number ?? null) : null);
    return { message: 'Starting session.' };
  }

  @Put(':id')
  async newQr(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_WAPP_FOUND')) id: number,
  ): Promise<MessageResponse> {
    await this.request(companyId, id, 'new-qr', null);
    return { message: 'Starting session.' };
  }

  @Delete(':id')
  async logout(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_WAPP_FOUND')) id: number,
  ): Promise<MessageResponse> {
    await this.transactions.run(async (manager) => {
      const row = await this.connections.find(companyId, id, { lock: true });
      if (!row) throw new DomainError('ERR_NO_WAPP_FOUND');
      if (await Leases.liveOwner(manager, id)) {
        await SessionCommands.enqueue(manager, { companyId, connectionId: id, kind: 'logout' });
        return;
      }
      await this.providers.find(row.provider)?.wipe(id, manager);
      await this.manager.disconnected(manager, id);
    });
    return { message: 'Session disconnected.' };
  }

  private async request(
    companyId: CompanyId,
    id: number,
    kind: 'start' | 'new-qr',
    pairingNumber: string | null,
  ): Promise<void> {
    await this.transactions.run(async (manager) => {
      const row = await this.connections.find(companyId, id, { lock: true });
      if (!row) throw new DomainError('ERR_NO_WAPP_FOUND');
      const [updated] = connectionRows(
        await returningRows<SqlRow>(
          manager,
          `UPDATE connections SET session_wanted = true, status = 'OPENING', qrcode = '', pairing_code = NULL,
                  pairing_number = $3, retries = 0, updated_at = now()
            WHERE company_id = $1 AND id = $2 RETURNING *`,
          [companyId, id, pairingNumber],
        ),
      );
      if (updated) await this.events.changed(updated, 'session');
      await SessionCommands.enqueue(manager, { companyId, connectionId: id, kind });
    });
    // committed: the processes reconcile now instead of at their next heartbeat (the one to claim it does)
    this.nudge.nudge();
  }
}
