import { Controller } from '@nestjs/common';
import { asCompanyId, assertUnreachable } from '@cs/proto/common';
import { ErasureConfirmed, PrivacyErasureTopic, type TypedEvent } from '@cs/proto/events';
import { returningRows, TransactionHost } from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';
import { OnTopic } from '@cs/platform/events/transport';

/** The shipping error of a person's shipping that was never sent when their data was erased. */
export const ERASED_SHIPPING_ERROR = 'ERASED';

/**
 * `privacy.erasure.requested`: in the transaction of its inbox row, campaigns anonymises the person's shippings
 * (matched by their number, or their WhatsApp jid's number): name, e-mail, message and confirmation text cleared,
 * the number replaced by `-<shipping id>` (a shipping's number is unique in its campaign), and a shipping not yet
 * sent failed with `ERASED` so no dispatch sends it; then confirms with `privacy.erasure.confirmed`. The contact-list
 * items follow contacts' own item events. Applying it again finds nothing left and confirms with zeros.
 */
@Controller()
export class ErasureConsumer {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly events: EventPublisher,
  ) {}

  @OnTopic(PrivacyErasureTopic)
  async handle(event: TypedEvent<typeof PrivacyErasureTopic>): Promise<void> {
    switch (event.type) {
      case 'privacy.erasure.confirmed':
      case 'privacy.erasure.retention-applied':
        return;
      case 'privacy.erasure.requested': {
        const companyId = asCompanyId(event.companyId);
        const { requestId, contactId, number, whatsappJid } = event.data;
        const numbers = [number, whatsappJid?.split('@')[0]?.split(':')[0] ?? ''].filter((value) => value !== '');
        await this.transactions.run(async (manager) => {
          const shippings =
            numbers.length === 0
              ? []
              : await returningRows<{ id: string }>(
                  manager,
                  `UPDATE campaign_shippings
                      SET number = '-' || id, name = '', email = '', message = '', confirmation_message = NULL,
                          failed_at = CASE WHEN sent_at IS NULL THEN coalesce(failed_at, now()) ELSE failed_at END,
                          error = CASE WHEN sent_at IS NULL AND failed_at IS NULL THEN $3 ELSE error END
                    WHERE company_id = $1 AND number = ANY($2::text[])
                    RETURNING id`,
                  [companyId, numbers, ERASED_SHIPPING_ERROR],
                );
          await this.events.emit(ErasureConfirmed, {
            companyId,
            key: requestId,
            causationId: event.id,
            data: { requestId, contactId, service: 'campaigns', removed: { shippings: shippings.length } },
          });
        });
        return;
      }
      default:
        return assertUnreachable(event);
    }
  }
}
