import type { DataSource } from 'typeorm';
import { asCompanyId } from '@cs/proto/common';
import { TransactionHost } from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';
import { ConnectionEvents } from '../modules/connections/connection-events.js';
import { ConnectionsRepository } from '../modules/connections/connections.repository.js';

/**
 * Rebuilds the other services' projections of the connector's connections (`make replay-projections`): writes the
 * current snapshot of every connection (`whatsapp.connection.updated`, with its token digest, as any change does)
 * to the outbox, in one transaction, and marks them announced; the relay publishes them and every consumer upserts
 * its projection (tickets' connections and token digests, ...). Safe at any time: the events are the current
 * state, ordered after any earlier ones.
 */
export async function republishConnectionSnapshots(
  dataSource: DataSource,
  options: { companyId?: number } = {},
): Promise<{ connections: number }> {
  const transactions = new TransactionHost(dataSource);
  const connections = new ConnectionsRepository(transactions);
  const events = new ConnectionEvents(new EventPublisher(transactions, 'whatsapp-connector'));
  return transactions.run(async () => {
    const rows = await connections.everyForReplay(
      options.companyId === undefined ? undefined : asCompanyId(options.companyId),
    );
    for (const row of rows) await events.changed(row, 'updated');
    await connections.markAnnounced(rows.map((row) => row.id));
    return { connections: rows.length };
  });
}
