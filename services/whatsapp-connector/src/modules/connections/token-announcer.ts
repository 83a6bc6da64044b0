import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { TransactionHost } from '@cs/platform/database';
import { ConnectionEvents } from './connection-events.js';
import { ConnectionsRepository } from './connections.repository.js';

const BATCH = 200;

/**
 * At boot, announces on `whatsapp.connection-token.v2` the token digest (and weakness) of every connection not
 * announced yet: the rows the digest migration rewrote, whose tokens tickets knew only from the retired v1 topic.
 * Rows are taken with SKIP LOCKED, so processes booting together share the work; an announcement repeated after
 * a crash is harmless (tickets upserts the digest).
 */
@Injectable()
export class TokenAnnouncer implements OnApplicationBootstrap {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly connections: ConnectionsRepository,
    private readonly events: ConnectionEvents,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    for (;;) {
      const announced = await this.transactions.run(async () => {
        const rows = await this.connections.unannouncedTokens(BATCH);
        for (const row of rows) await this.events.tokenChanged(row);
        await this.connections.markTokenAnnounced(rows.map((row) => row.id));
        return rows.length;
      });
      if (announced < BATCH) return;
    }
  }
}
