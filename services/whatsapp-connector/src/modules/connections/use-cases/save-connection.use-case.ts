import { Inject, Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import type { ConnectionResponse, CreateConnectionBody, UpdateConnectionBody } from '@cs/proto/http';
import { APP_CONFIG } from '@cs/platform/config';
import { AuditTrail } from '@cs/platform/audit';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import type { ConnectorConfig } from '../../../config/env.js';
import { ProjectionsRepository } from '../../projections/projections.repository.js';
import { SessionNudge } from '../../sessions/session-nudge.js';
import { auditedConnection, type ConnectionRow, toConnectionResponse } from '../connection.row.js';
import { apiTokenDigest, apiTokenWeakness, generateApiToken } from '../api-token.js';
import { ConnectionEvents } from '../connection-events.js';
import { ConnectionsRepository } from '../connections.repository.js';

const COLUMNS: Record<string, string> = {
  name: 'name',
  provider: 'provider',
  isDefault: 'is_default',
  greetingMessage: 'greeting_message',
  complationMessage: 'complation_message',
  outOfHoursMessage: 'out_of_hours_message',
  ratingMessage: 'rating_message',
  expiresInactiveMessage: 'expires_inactive_message',
  timeSendQueue: 'time_send_queue',
  sendIdQueue: 'send_id_queue',
  expiresTicket: 'expires_ticket',
  timeUseBotQueues: 'time_use_bot_queues',
  maxUseBotQueues: 'max_use_bot_queues',
  promptId: 'prompt_id',
  integrationId: 'integration_id',
  queueIds: 'queue_ids',
  cloudPhoneNumberId: 'cloud_phone_number_id',
  cloudAccessToken: 'cloud_access_token',
  cloudAppSecret: 'cloud_app_secret',
  cloudVerifyToken: 'cloud_verify_token',
  cloudBusinessAccountId: 'cloud_business_account_id',
};

/**
 * `POST /whatsapp`, `PUT /whatsapp/{id}` and `POST /whatsapp/{id}/token`. Rules: the plan's connection limit on
 * create; names unique in the company; the external-API token strong when typed (`apiTokenWeakness`), generated
 * when left empty on create or rotated, unique in the company, stored as its digest and answered only by the call
 * that set it; a greeting when more than one queue; queue ids must be the company's; the company always keeps a
 * default (the first connection is the default, a new default clears the others, un-defaulting the only default
 * is refused).
 */
@Injectable()
export class SaveConnectionUseCase {
  constructor(
    @Inject(APP_CONFIG) private readonly config: ConnectorConfig,
    private readonly transactions: TransactionHost,
    private readonly connections: ConnectionsRepository,
    private readonly projections: ProjectionsRepository,
    private readonly events: ConnectionEvents,
    private readonly nudge: SessionNudge,
    private readonly audit: AuditTrail,
  ) {}

  async create(companyId: CompanyId, body: CreateConnectionBody): Promise<ConnectionResponse> {
    const created = await this.transactions.run(async () => {
      await this.connections.lockCompany(companyId);
      const limit = await this.projections.planLimit(companyId);
      const count = await this.connections.count(companyId);
      if (limit !== null && count >= limit) throw new DomainError('ERR_PLAN_LIMIT_CONNECTIONS');
      await this.checkRules(companyId, null, body);
      const values = this.columns(body);
      values['company_id'] = companyId;
      const token = body.token ? body.token : generateApiToken();
      values['token_sha256'] = apiTokenDigest(token);
      values['token_weak'] = false;
      // the company's first connection is its default
      const isDefault = count === 0 || body.isDefault === true;
      values['is_default'] = isDefault;
      // as the spec's server does, a new connection's session starts at once (OPENING, then a QR)
      values['session_wanted'] = true;
      values['status'] = 'OPENING';
      const row = await this.connections.insert(values);
      const others = isDefault ? await this.connections.clearOtherDefaults(companyId, row.id) : [];
      await this.emitOthers(companyId, others);
      await this.events.changed(row, 'created');
      await this.audit.record({
        action: 'connection.created',
        target: { type: 'connection', id: row.id, label: row.name },
        after: auditedConnection(row),
      });
      return this.respond(companyId, row, token);
    });
    this.nudge.nudge();
    return created;
  }

  /** A new generated token for the connection (the old one stops working), answered this once. */
  async rotateToken(companyId: CompanyId, id: number): Promise<ConnectionResponse & { token: string }> {
    return this.transactions.run(async () => {
      const current = await this.connections.find(companyId, id, { lock: true });
      if (!current) throw new DomainError('ERR_NO_WAPP_FOUND');
      const token = generateApiToken();
      const row = await this.connections.update(companyId, id, {
        token_sha256: apiTokenDigest(token),
        token_weak: false,
      });
      await this.events.tokenChanged(row);
      await this.audit.record({
        action: 'connection.token-rotated',
        target: { type: 'connection', id: row.id, label: row.name },
        before: auditedConnection(current),
        after: auditedConnection(row),
      });
      return { ...(await this.respond(companyId, row)), token };
    });
  }

  async update(companyId: CompanyId, id: number, body: UpdateConnectionBody): Promise<ConnectionResponse> {
    return this.transactions.run(async () => {
      await this.connections.lockCompany(companyId);
      const current = await this.connections.find(companyId, id, { lock: true });
      if (!current) throw new DomainError('ERR_NO_WAPP_FOUND');
      await this.checkRules(companyId, current, body);
      if (body.isDefault === false && current.is_default) {
        if (!(await this.connections.otherDefaultExists(companyId, id))) throw new DomainError('ERR_NO_OTHER_WHATSAPP');
      }
      const values = this.columns(body);
      if (body.token === null) {
        values['token_sha256'] = '';
        values['token_weak'] = false;
      } else if (body.token) {
        values['token_sha256'] = apiTokenDigest(body.token);
        values['token_weak'] = false;
      }
      const row = Object.keys(values).length > 0 ? await this.connections.update(companyId, id, values) : current;
      const others = body.isDefault === true ? await this.connections.clearOtherDefaults(companyId, id) : [];
      await this.emitOthers(companyId, others);
      await this.events.changed(row, 'updated');
      await this.audit.record({
        action: 'connection.updated',
        target: { type: 'connection', id: row.id, label: row.name },
        before: auditedConnection(current),
        after: auditedConnection(row),
      });
      return this.respond(companyId, row, body.token ?? undefined);
    });
  }

  private async checkRules(
    companyId: CompanyId,
    current: ConnectionRow | null,
    body: UpdateConnectionBody,
  ): Promise<void> {
    const exceptId = current?.id ?? null;
    if (body.name !== undefined && (await this.connections.nameTaken(companyId, body.name, exceptId))) {
      throw new DomainError('ERR_WAPP_NAME_ALREADY_EXISTS');
    }
    const weakness = body.token ? apiTokenWeakness(body.token) : null;
    if (weakness) {
      throw new DomainError('ERR_VALIDATION', {
        message: `token: ${weakness}`,
        details: [{ path: 'token', message: weakness }],
      });
    }
    if (body.token && (await this.connections.tokenTaken(companyId, apiTokenDigest(body.token), exceptId))) {
      throw new DomainError('ERR_VALIDATION', {
        message: 'token: already used by another connection',
        details: [{ path: 'token', message: 'Este token já está sendo utilizado por outra conexão.' }],
      });
    }
    const queueIds = body.queueIds ?? current?.queue_ids ?? [];
    const greeting = body.greetingMessage ?? current?.greeting_message ?? '';
    if (queueIds.length > 1 && greeting.trim() === '') throw new DomainError('ERR_WAPP_GREETING_REQUIRED');
    if (body.queueIds && body.queueIds.length > 0) {
      const known = await this.projections.queues(companyId);
      const unknown = body.queueIds.filter((queueId) => !known.has(queueId));
      if (unknown.length > 0) {
        throw new DomainError('ERR_VALIDATION', {
          message: `queueIds: unknown queues ${unknown.join(', ')}`,
          details: [{ path: 'queueIds', message: 'Fila não encontrada.' }],
        });
      }
    }
  }

  private columns(body: UpdateConnectionBody): Record<string, unknown> {
    const values: Record<string, unknown> = {};
    for (const [field, column] of Object.entries(COLUMNS)) {
      const value = (body as Record<string, unknown>)[field];
      if (value === undefined) continue;
      if (field === 'isDefault') continue; // applied with the default rules
      values[column] = field === 'queueIds' ? [...new Set(value as number[])] : value;
    }
    if (body.isDefault === true) values['is_default'] = true;
    if (body.isDefault === false) values['is_default'] = false;
    return values;
  }

  private async emitOthers(companyId: CompanyId, ids: number[]): Promise<void> {
    for (const otherId of ids) {
      const other = await this.connections.find(companyId, otherId);
      if (other) await this.events.changed(other, 'updated');
    }
  }

  private async respond(companyId: CompanyId, row: ConnectionRow, token?: string): Promise<ConnectionResponse> {
    return toConnectionResponse(row, await this.projections.queues(companyId), this.config.PUBLIC_URL, token);
  }
}
