import { Injectable } from '@nestjs/common';
import { type SqlRow, TransactionHost } from '@cs/platform/database';
import { connectionRows, toConnectionConfig } from '../connections/connection.row.js';
import { ProjectionsRepository } from '../projections/projections.repository.js';
import type { WebhookSinks } from '../../providers/provider.port.js';
import { SinkFactory } from './session-sink.js';

/**
 * `WEBHOOK_SINKS`: for traffic that reaches any process over HTTP (Cloud API webhooks). No lease is involved
 * (there is no socket to own); inbound reports are still deduplicated by `(connection, message id)`.
 */
@Injectable()
export class WebhookSinksService implements WebhookSinks {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly sinks: SinkFactory,
    private readonly projections: ProjectionsRepository,
  ) {}

  async forConnection(connectionId: number): ReturnType<WebhookSinks['forConnection']> {
    const [row] = connectionRows(
      await this.transactions.manager.query<SqlRow[]>('SELECT * FROM connections WHERE id = $1', [connectionId]),
    );
    if (!row) return null;
    const connection = toConnectionConfig(row, await this.projections.groupsAllowed(row.company_id));
    return { connection, sink: this.sinks.create(connection, async () => undefined) };
  }
}
