import { Inject, Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { APP_CONFIG } from '@cs/platform/config';
import { DomainError } from '@cs/platform/errors';
import type { ConnectorConfig } from '../../config/env.js';
import { ProjectionsRepository } from '../projections/projections.repository.js';
import { type ConnectionResponse, toConnectionResponse } from './connection.row.js';
import { ConnectionsRepository } from './connections.repository.js';

@Injectable()
export class ConnectionsQueries {
  constructor(
    @Inject(APP_CONFIG) private readonly config: ConnectorConfig,
    private readonly connections: ConnectionsRepository,
    private readonly projections: ProjectionsRepository,
  ) {}

  async list(companyId: CompanyId): Promise<ConnectionResponse[]> {
    const [rows, queues] = await Promise.all([this.connections.list(companyId), this.projections.queues(companyId)]);
    return rows.map((row) => toConnectionResponse(row, queues, this.config.PUBLIC_URL));
  }

  async find(companyId: CompanyId, id: number): Promise<ConnectionResponse> {
    const row = await this.connections.find(companyId, id);
    if (!row) throw new DomainError('ERR_NO_WAPP_FOUND');
    return toConnectionResponse(row, await this.projections.queues(companyId), this.config.PUBLIC_URL);
  }
}
