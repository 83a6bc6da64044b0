import { Injectable } from '@nestjs/common';
import type { AuditEntryTopic, TypedEvent } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';

/**
 * Stores one `audit.entry.recorded` (in the consumer's inbox transaction): the actor's name and e-mail are those
 * identity knows at that moment, kept with the entry so it still reads after the person is renamed or deleted;
 * the person joins the company's list of actors (the page's person filter). An entry already stored (same event
 * id) is left as it is.
 */
@Injectable()
export class StoreAuditEntryUseCase {
  constructor(private readonly transactions: TransactionHost) {}

  async execute(event: TypedEvent<typeof AuditEntryTopic>): Promise<void> {
    const { data } = event;
    const manager = this.transactions.manager;
    await manager.query(
      `WITH actor AS (SELECT name, email FROM users WHERE id = $5)
       INSERT INTO audit_entries (event_id, company_id, occurred_at, actor_user_id, actor_company_id, actor_name,
                                  actor_email, actor_profile, actor_super, ip, action, target_type, target_id,
                                  target_label, changes, service)
       SELECT $1, $2, $3, $5, $6, (SELECT name FROM actor), (SELECT email FROM actor), $7, $8, $9, $4, $10, $11, $12,
              $13::jsonb, $14
       ON CONFLICT (event_id) DO NOTHING`,
      [
        event.id,
        event.companyId,
        event.occurredAt,
        data.action,
        data.actor.userId,
        data.actor.companyId,
        data.actor.profile,
        data.actor.super,
        data.ip,
        data.target.type,
        data.target.id,
        data.target.label ?? null,
        JSON.stringify(data.changes),
        event.producer,
      ],
    );
    await manager.query(
      `INSERT INTO audit_actors (company_id, user_id, name, email, last_seen_at)
       SELECT $1, $2, u.name, u.email, $3 FROM (SELECT 1) one LEFT JOIN users u ON u.id = $2
       ON CONFLICT (company_id, user_id) DO UPDATE
         SET name = COALESCE(EXCLUDED.name, audit_actors.name), email = COALESCE(EXCLUDED.email, audit_actors.email),
             last_seen_at = GREATEST(audit_actors.last_seen_at, EXCLUDED.last_seen_at)`,
      [event.companyId, data.actor.userId, event.occurredAt],
    );
  }
}
