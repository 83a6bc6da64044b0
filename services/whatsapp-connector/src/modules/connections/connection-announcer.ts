import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { TransactionHost } from '@cs/platform/database';
import type { ConnectionRow } from './connection.row.js';
import { ConnectionEvents } from './connection-events.js';
import { ConnectionsRepository } from './connections.repository.js';

const BATCH = 200;

/**
 * At boot, announces what a migration left unannounced: the snapshot (`whatsapp.connection.updated`, with its token
 * digest) of every connection marked `snapshot_announced = false` (migration 1766730000000: tickets' projection
 * learns each connection's provider), then the token digest of every connection still marked
 * `token_announced = false` (the rows the digest migration rewrote). A row a session's transaction holds is waited
 * for, not skipped, so none stays unannounced; processes booting together wait for each other's batch and find
 * those rows announced. An announcement repeated after a crash is harmless (the projections upsert).
 */
@Injectable()
export class ConnectionAnnouncer implements OnApplicationBootstrap {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly connections: ConnectionsRepository,
    private readonly events: ConnectionEvents,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.inBatches(
      (limit) => this.connections.unannouncedSnapshots(limit),
      async (rows) => {
        for (const row of rows) await this.events.changed(row, 'updated');
        await this.connections.markAnnounced(rows.map((row) => row.id));
      },
    );
    await this.inBatches(
      (limit) => this.connections.unannouncedTokens(limit),
      async (rows) => {
        for (const row of rows) await this.events.tokenChanged(row);
        await this.connections.markTokenAnnounced(rows.map((row) => row.id));
      },
    );
  }

  private async inBatches(
    take: (limit: number) => Promise<ConnectionRow[]>,
    announce: (rows: ConnectionRow[]) => Promise<void>,
  ): Promise<void> {
    for (;;) {
      const announced = await this.transactions.run(async () => {
        const rows = await take(BATCH);
        await announce(rows);
        return rows.length;
      });
      if (announced < BATCH) return;
    }
  }
}
