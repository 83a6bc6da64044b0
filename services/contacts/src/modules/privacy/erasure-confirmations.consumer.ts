import { Controller } from '@nestjs/common';
import { asCompanyId, assertUnreachable } from '@cs/proto/common';
import { ErasureRequestUpdated, PrivacyErasureTopic, type TypedEvent } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';
import { OnTopic } from '@cs/platform/events/transport';
import { ErasureRequestsQueries } from './erasure-requests.queries.js';
import { confirmService, type StoredServices } from './erasure-status.js';

/**
 * `privacy.erasure.confirmed` from each holding service: marks that service confirmed on the request (locked, so
 * two confirmations arriving together do not lose one) and the request done once every service confirmed, and
 * publishes the request as it now is (`privacy.erasure-request.updated`: the admins' live list). A repeated
 * confirmation changes nothing and publishes nothing.
 * `privacy.erasure.requested` is contacts' own: it applied it when it published it; retention is tickets' and the
 * connector's.
 */
@Controller()
export class ErasureConfirmationsConsumer {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly events: EventPublisher,
    private readonly queries: ErasureRequestsQueries,
  ) {}

  @OnTopic(PrivacyErasureTopic)
  async handle(event: TypedEvent<typeof PrivacyErasureTopic>): Promise<void> {
    switch (event.type) {
      case 'privacy.erasure.requested':
      case 'privacy.erasure.retention-applied':
        return;
      case 'privacy.erasure.confirmed': {
        const companyId = asCompanyId(event.companyId);
        const { requestId, service, removed } = event.data;
        await this.transactions.run(async (manager) => {
          const [row] = await manager.query<Array<{ services: StoredServices }>>(
            'SELECT services FROM erasure_requests WHERE company_id = $1 AND id = $2 FOR UPDATE',
            [companyId, requestId],
          );
          if (!row) return;
          const next = confirmService(row.services, service, removed, new Date(event.occurredAt));
          if (next.services === row.services) return;
          await manager.query(
            `UPDATE erasure_requests
                SET services = $3::jsonb, updated_at = now(),
                    status = CASE WHEN $4::boolean THEN 'done' ELSE 'pending' END,
                    completed_at = CASE WHEN $4::boolean THEN coalesce(completed_at, now()) END
              WHERE company_id = $1 AND id = $2`,
            [companyId, requestId, JSON.stringify(next.services), next.done],
          );
          const request = await this.queries.findOne(companyId, requestId);
          await this.events.emit(ErasureRequestUpdated, {
            companyId,
            key: requestId,
            causationId: event.id,
            data: request,
          });
        });
        return;
      }
      default:
        return assertUnreachable(event);
    }
  }
}
