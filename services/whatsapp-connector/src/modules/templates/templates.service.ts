import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { CompanyId } from '@cs/proto/common';
import type { MessageTemplate } from '@cs/proto/http';
import { DomainError } from '@cs/platform/errors';
import { LOGGER } from '@cs/platform/logging';
import { ConnectionsRepository } from '../connections/connections.repository.js';
import type { ConnectionRow } from '../connections/connection.row.js';
import type { ConnectionConfig } from '../../providers/provider.port.js';
import { GraphClient, GraphError } from '../../providers/cloud-api/graph.client.js';
import { graphLog } from '../../providers/cloud-api/cloud-api.provider.js';
import type { CloudApiTemplateStatuses } from '../../providers/cloud-api/cloud-api.webhooks.js';
import type { TemplateStatusUpdate } from '../../providers/cloud-api/webhook.parser.js';
import { TemplatesRepository } from './templates.repository.js';

/**
 * A Cloud API connection's message templates: read from Meta (`GET /{waba-id}/message_templates`) on demand and
 * when a status change names a template not known yet, and kept current from Meta's
 * `message_template_status_update` webhook. Other providers have none (an empty list).
 */
@Injectable()
export class TemplatesService implements CloudApiTemplateStatuses {
  private readonly logger: Logger;

  constructor(
    private readonly connections: ConnectionsRepository,
    private readonly templates: TemplatesRepository,
    @Inject(GraphClient) private readonly graph: GraphClient,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ component: 'message-templates' });
  }

  async list(companyId: CompanyId, connectionId: number): Promise<MessageTemplate[]> {
    await this.connection(companyId, connectionId);
    return this.templates.list(companyId, connectionId);
  }

  /** Reads the templates from Meta again; the connection's list becomes exactly Meta's. */
  async sync(companyId: CompanyId, connectionId: number): Promise<MessageTemplate[]> {
    const row = await this.connection(companyId, connectionId);
    if (row.provider !== 'cloud-api') {
      throw new DomainError('ERR_VALIDATION', {
        message: 'only Cloud API connections have message templates',
        details: [{ path: 'provider', message: 'Modelos de mensagem existem só em conexões da API oficial.' }],
      });
    }
    if (!row.cloud_business_account_id || !row.cloud_access_token) {
      throw new DomainError('ERR_VALIDATION', {
        message: 'cloudBusinessAccountId: the connection has no WhatsApp Business Account id',
        details: [{ path: 'cloudBusinessAccountId', message: 'Informe o ID da conta do WhatsApp Business.' }],
      });
    }
    await this.read(row.company_id, row.id, row.cloud_access_token, row.cloud_business_account_id);
    return this.templates.list(companyId, connectionId);
  }

  /** A `message_template_status_update` of the connection's business account. */
  async statusChanged(connection: ConnectionConfig, update: TemplateStatusUpdate): Promise<void> {
    const cloud = connection.cloud;
    if (!cloud) return;
    if (cloud.businessAccountId && update.businessAccountId && update.businessAccountId !== cloud.businessAccountId) {
      this.logger.info({ connectionId: connection.id }, 'template status of another business account: ignored');
      return;
    }
    const known = await this.templates.setStatus(connection.companyId, connection.id, update);
    this.logger.info(
      { connectionId: connection.id, template: update.name, language: update.language, status: update.status, known },
      'cloud api template status changed',
    );
    if (known || !cloud.businessAccountId) return;
    // a template created at Meta after the last sync: read the list again to learn its components
    try {
      await this.read(connection.companyId, connection.id, cloud.accessToken, cloud.businessAccountId);
    } catch (error) {
      this.logger.warn({ connectionId: connection.id, err: error }, 'template list could not be read again');
    }
  }

  private async connection(companyId: CompanyId, connectionId: number): Promise<ConnectionRow> {
    const row = await this.connections.find(companyId, connectionId);
    if (!row) throw new DomainError('ERR_NO_WAPP_FOUND');
    return row;
  }

  private async read(companyId: number, connectionId: number, token: string, businessAccountId: string): Promise<void> {
    try {
      const found = await this.graph.messageTemplates(token, businessAccountId);
      await this.templates.replace(companyId, connectionId, found);
      this.logger.info({ connectionId, templates: found.length }, 'cloud api templates synced');
    } catch (error) {
      if (!(error instanceof GraphError)) throw error;
      this.logger.warn({ connectionId, ...graphLog(error) }, 'cloud api templates could not be read');
      if (error.tokenRefused) {
        throw new DomainError('ERR_WAPP_NOT_INITIALIZED', {
          message: 'the Cloud API refused the access token',
          details: { graphCode: error.code },
        });
      }
      throw new DomainError('ERR_SERVICE_UNAVAILABLE', {
        message: `the templates could not be read from Meta: ${error.message}`,
        details: { graphStatus: error.status, graphCode: error.code },
      });
    }
  }
}
