import { Controller } from '@nestjs/common';
import { asCompanyId, assertUnreachable } from '@cs/proto/common';
import {
  EXPORT_PART_ROWS,
  type ExportedShipping,
  ExportPart,
  PrivacyExportTopic,
  type TypedEvent,
} from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';
import { OnTopic } from '@cs/platform/events/transport';

/** The JSON size of one part's rows at most, well under the broker's message size (long campaign messages). */
export const EXPORT_PART_BYTES = 256 * 1024;

interface ShippingRow {
  id: string;
  campaignId: number;
  campaignName: string;
  name: string;
  number: string;
  email: string;
  message: string;
  confirmationMessage: string | null;
  confirmationRequestedAt: Date | null;
  confirmedAt: Date | null;
  sentAt: Date | null;
  deliveredAt: Date | null;
  failedAt: Date | null;
  error: string | null;
  createdAt: Date;
}

const iso = (value: Date | null): string | null => value?.toISOString() ?? null;

const exported = (row: ShippingRow): ExportedShipping => ({
  ...row,
  id: String(row.id),
  confirmationRequestedAt: iso(row.confirmationRequestedAt),
  confirmedAt: iso(row.confirmedAt),
  sentAt: iso(row.sentAt),
  deliveredAt: iso(row.deliveredAt),
  failedAt: iso(row.failedAt),
  createdAt: row.createdAt.toISOString(),
});

/**
 * `privacy.export.requested`: in the transaction of its inbox row, campaigns answers with the person's shippings of
 * the company (matched by the number) as `privacy.export.part` events numbered from 0, each of at most
 * `EXPORT_PART_ROWS` rows and `EXPORT_PART_BYTES` of JSON, the last one marked (one empty last part when there are
 * none). A redelivery answers the same parts again, which tickets stores over the first ones.
 */
@Controller()
export class ExportConsumer {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly events: EventPublisher,
  ) {}

  @OnTopic(PrivacyExportTopic)
  async handle(event: TypedEvent<typeof PrivacyExportTopic>): Promise<void> {
    switch (event.type) {
      case 'privacy.export.part':
        return;
      case 'privacy.export.requested': {
        const companyId = asCompanyId(event.companyId);
        const { requestId, number } = event.data;
        await this.transactions.run(async (manager) => {
          let part = 0;
          let chunk: ExportedShipping[] = [];
          let bytes = 0;
          const send = async (last: boolean): Promise<void> => {
            await this.events.emit(ExportPart, {
              companyId,
              key: requestId,
              causationId: event.id,
              data: { requestId, service: 'campaigns', part, last, shippings: chunk },
            });
            part += 1;
            chunk = [];
            bytes = 0;
          };
          let after = '0';
          for (;;) {
            const rows =
              number === ''
                ? []
                : await manager.query<ShippingRow[]>(
                    `SELECT s.id, s.campaign_id AS "campaignId", c.name AS "campaignName", s.name, s.number, s.email,
                            s.message, s.confirmation_message AS "confirmationMessage",
                            s.confirmation_requested_at AS "confirmationRequestedAt", s.confirmed_at AS "confirmedAt",
                            s.sent_at AS "sentAt", s.delivered_at AS "deliveredAt", s.failed_at AS "failedAt", s.error,
                            s.created_at AS "createdAt"
                       FROM campaign_shippings s
                       JOIN campaigns c ON c.company_id = s.company_id AND c.id = s.campaign_id
                      WHERE s.company_id = $1 AND s.number = $2 AND s.id > $3
                      ORDER BY s.id LIMIT $4`,
                    [companyId, number, after, EXPORT_PART_ROWS],
                  );
            for (const row of rows) {
              const shipping = exported(row);
              const size = JSON.stringify(shipping).length;
              if (chunk.length === EXPORT_PART_ROWS || (chunk.length > 0 && bytes + size > EXPORT_PART_BYTES)) {
                await send(false);
              }
              chunk.push(shipping);
              bytes += size;
            }
            if (rows.length < EXPORT_PART_ROWS) break;
            after = rows[rows.length - 1]!.id;
          }
          await send(true);
        });
        return;
      }
      default:
        return assertUnreachable(event);
    }
  }
}
