import { Controller } from '@nestjs/common';
import { asCompanyId, assertUnreachable } from '@cs/proto/common';
import { ErasureConfirmed, MessagesErased, PrivacyErasureTopic, type TypedEvent } from '@cs/proto/events';
import { ERASED_CONTACT_NAME } from '@cs/proto/http';
import { returningRows, TransactionHost } from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';
import { OnTopic } from '@cs/platform/events/transport';
import { numberSpellings } from '../external-api/send-external-message.use-case.js';
import { MediaStorage } from '../media/media.storage.js';
import { TicketEvents } from '../tickets/ticket-events.js';
import { ContactExportRequests } from './contact-export-requests.js';
import { storedMedia } from './stored-media.js';

/**
 * `privacy.erasure.requested`: in the transaction of its inbox row, tickets empties the bodies and media of the
 * person's messages (and the last message of their tickets), deletes the notes about them, their schedules and the
 * ratings they gave, the bot sessions of their tickets, their number's answers in the external API's number
 * checks and its `Idempotency-Key` records whose key spells their number, their export requests with the rows other
 * services sent for them, anonymises its contact projection, deletes the media files it stores itself, and confirms with
 * `privacy.erasure.confirmed` (the connector's media URLs listed, for the connector to delete). Applying it again
 * finds nothing left and confirms with zeros. Screens follow in the same transaction: each of the person's tickets is
 * published updated (the anonymised contact, the emptied last message) and, when some of its messages were emptied,
 * `tickets.message.erased` once for the ticket, whatever the count, so an open chat fetches its messages again.
 */
@Controller()
export class ErasureConsumer {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly events: EventPublisher,
    private readonly media: MediaStorage,
    private readonly exports: ContactExportRequests,
    private readonly ticketEvents: TicketEvents,
  ) {}

  @OnTopic(PrivacyErasureTopic)
  async handle(event: TypedEvent<typeof PrivacyErasureTopic>): Promise<void> {
    switch (event.type) {
      case 'privacy.erasure.confirmed':
      case 'privacy.erasure.retention-applied':
        return;
      case 'privacy.erasure.requested':
        await this.erase(
          asCompanyId(event.companyId),
          event.data.requestId,
          event.data.contactId,
          event.data.number,
          event.id,
        );
        return;
      default:
        return assertUnreachable(event);
    }
  }

  private async erase(
    companyId: number,
    requestId: string,
    contactId: number,
    number: string,
    causationId: string,
  ): Promise<void> {
    await this.transactions.run(async (manager) => {
      const tickets = `SELECT id FROM tickets WHERE company_id = $1 AND contact_id = $2`;
      const messages = await returningRows<{ media_url: string | null; ticket_id: number }>(
        manager,
        `WITH old AS (
           SELECT seq, media_url FROM messages
            WHERE company_id = $1 AND (ticket_id IN (${tickets}) OR contact_id = $2)
              AND (body <> '' OR media_url IS NOT NULL OR refused_media_name IS NOT NULL)
            FOR UPDATE)
         UPDATE messages m SET body = '', media_url = NULL, refused_media_name = NULL, updated_at = now()
           FROM old WHERE m.seq = old.seq
         RETURNING old.media_url, m.ticket_id`,
        [companyId, contactId],
      );
      const changedTickets = await returningRows<{ id: number }>(
        manager,
        `UPDATE tickets SET last_message = '' WHERE company_id = $1 AND contact_id = $2 RETURNING id`,
        [companyId, contactId],
      );
      const notes = await returningRows<{ id: number }>(
        manager,
        'DELETE FROM ticket_notes WHERE company_id = $1 AND contact_id = $2 RETURNING id',
        [companyId, contactId],
      );
      const schedules = await returningRows<{ media_path: string | null }>(
        manager,
        'DELETE FROM schedules WHERE company_id = $1 AND contact_id = $2 RETURNING media_path',
        [companyId, contactId],
      );
      const ratings = await returningRows<{ id: number }>(
        manager,
        `DELETE FROM user_ratings WHERE company_id = $1 AND ticket_id IN (${tickets}) RETURNING id`,
        [companyId, contactId],
      );
      const sessions = await returningRows<{ ticket_id: number }>(
        manager,
        `DELETE FROM integration_sessions WHERE company_id = $1 AND ticket_id IN (${tickets}) RETURNING ticket_id`,
        [companyId, contactId],
      );
      const numberChecks =
        number === ''
          ? []
          : await returningRows<{ command_id: string }>(
              manager,
              // the caller asked in any spelling: an answer is the person's by its number or its jid's
              `UPDATE external_number_checks
                  SET results = (SELECT coalesce(jsonb_agg(result), '[]'::jsonb)
                                   FROM jsonb_array_elements(results) AS result
                                  WHERE NOT (result->>'number' = ANY($2::text[])
                                             OR split_part(coalesce(result->>'jid', ''), '@', 1) = ANY($2::text[])))
                WHERE company_id = $1
                  AND EXISTS (SELECT 1 FROM jsonb_array_elements(results) AS result
                               WHERE result->>'number' = ANY($2::text[])
                                  OR split_part(coalesce(result->>'jid', ''), '@', 1) = ANY($2::text[]))
                RETURNING command_id`,
              [companyId, numberSpellings(number)],
            );
      // a caller's `Idempotency-Key` is its own text: a key that spells the person's number names them
      const idempotencyKeys =
        number === ''
          ? []
          : await returningRows<{ idempotency_key: string }>(
              manager,
              `DELETE FROM external_api_requests
                WHERE company_id = $1 AND EXISTS (SELECT 1 FROM unnest($2::text[]) AS spelling
                                                   WHERE strpos(idempotency_key, spelling) > 0)
                RETURNING idempotency_key`,
              [companyId, numberSpellings(number)],
            );
      const exportRequests = await this.exports.eraseOf(companyId, contactId);
      await manager.query(
        `UPDATE contacts SET name = $3, number = '', email = '', profile_pic_url = NULL, lid = NULL,
                extra_info = '[]'::jsonb
          WHERE company_id = $1 AND id = $2`,
        [companyId, contactId, ERASED_CONTACT_NAME],
      );

      // after the contact's anonymisation: the tickets' snapshots carry the anonymised contact
      for (const ticket of changedTickets) await this.ticketEvents.updated(asCompanyId(companyId), ticket.id, null);
      for (const ticketId of new Set(messages.map((row) => row.ticket_id))) {
        await this.events.emit(MessagesErased, { companyId, key: ticketId, causationId, data: { ticketId } });
      }

      const media = storedMedia(messages.map((row) => row.media_url));
      const connectorMedia = media.connector;
      const ownMedia = [
        ...media.own,
        ...schedules.map((row) => row.media_path).filter((path): path is string => path !== null),
      ];
      // before the commit: a failure rolls the rows back and the redelivery finds the same files (rm is idempotent)
      for (const path of ownMedia) await this.media.remove(path);

      await this.events.emit(ErasureConfirmed, {
        companyId,
        key: requestId,
        causationId,
        data: {
          requestId,
          contactId,
          service: 'tickets',
          removed: {
            messages: messages.length,
            notes: notes.length,
            schedules: schedules.length,
            ratings: ratings.length,
            media: ownMedia.length,
            integrationSessions: sessions.length,
            externalNumberChecks: numberChecks.length,
            idempotencyKeys: idempotencyKeys.length,
            exportRequests,
          },
          mediaUrls: connectorMedia,
        },
      });
    });
  }
}
