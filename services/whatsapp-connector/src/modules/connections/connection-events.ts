import { Injectable } from '@nestjs/common';
import {
  ConnectionCreated,
  ConnectionDeleted,
  ConnectionTokenDigestChanged,
  ConnectionUpdated,
  SessionUpdated,
} from '@cs/proto/events';
import { EventPublisher } from '@cs/platform/events';
import { type ConnectionRow, toConnectionSnapshot } from './connection.row.js';

/** Writes `whatsapp.connection.v1` events (keyed by connection id) to the outbox of the current transaction. */
@Injectable()
export class ConnectionEvents {
  constructor(private readonly events: EventPublisher) {}

  async changed(row: ConnectionRow, kind: 'created' | 'updated' | 'session'): Promise<void> {
    const definition = kind === 'created' ? ConnectionCreated : kind === 'updated' ? ConnectionUpdated : SessionUpdated;
    await this.events.emit(definition, { companyId: row.company_id, key: row.id, data: toConnectionSnapshot(row) });
    if (kind !== 'session') await this.tokenChanged(row);
  }

  /** The digest of the external API's token, for the services that authenticate it, on a topic no browser sees. */
  async tokenChanged(row: ConnectionRow): Promise<void> {
    await this.events.emit(ConnectionTokenDigestChanged, {
      companyId: row.company_id,
      key: row.id,
      data: { connectionId: row.id, tokenSha256: row.token_sha256, weak: row.token_sha256 !== '' && row.token_weak },
    });
  }

  async deleted(companyId: number, id: number): Promise<void> {
    await this.events.emit(ConnectionDeleted, { companyId, key: id, data: { id } });
    await this.events.emit(ConnectionTokenDigestChanged, {
      companyId,
      key: id,
      data: { connectionId: id, tokenSha256: '', weak: false },
    });
  }
}
