import { Controller } from '@nestjs/common';
import { asCompanyId, assertUnreachable } from '@cs/proto/common';
import { ErasureConfirmed, PrivacyErasureTopic, type TypedEvent } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';
import { OnTopic } from '@cs/platform/events/transport';
import { MediaStoreService } from '../media/media-store.js';

/** The jids a person is known by: their jid, their number's jid and their LID's. */
export function personJids(data: { number: string; lid: string | null; whatsappJid: string | null }): string[] {
  const jids = new Set<string>();
  if (data.whatsappJid) jids.add(data.whatsappJid);
  if (data.number) jids.add(`${data.number}@s.whatsapp.net`);
  if (data.lid) jids.add(data.lid.includes('@') ? data.lid : `${data.lid}@lid`);
  return [...jids];
}

/** The numbers a person is known by: their number and their WhatsApp jid's (a device suffix left out). */
export function personNumbers(data: { number: string; whatsappJid: string | null }): string[] {
  const numbers = new Set<string>();
  if (data.number) numbers.add(data.number);
  const ofJid = data.whatsappJid?.endsWith('@s.whatsapp.net') ? data.whatsappJid.split('@')[0]!.split(':')[0]! : '';
  if (ofJid) numbers.add(ofJid);
  return [...numbers];
}

/**
 * LGPD erasure in the connector, in the transaction of each event's inbox row:
 * - `privacy.erasure.requested`: drops the provider's caches for the person (Baileys' contacts and stored messages
 *   of their chats, by jid, number or LID), the commands naming them, pending or finished (sends and the other
 *   commands on their chats, every provider's, the Cloud API's included, with the recipient and the content;
 *   profile pictures of their jid; number checks of their number), and the simulated phone's traffic with them
 *   (what it received in their chats, what they sent from it, delivered or not). A finished command is deleted; a
 *   pending one is failed as `erased` with its payload emptied, so its session never carries it out and its id
 *   stays to refuse the same command published again; one being carried out right now holds its row lock, so the
 *   erasure waits for it and then deletes it as finished;
 * - tickets' `privacy.erasure.confirmed`: deletes the stored media of the person's messages it lists, then
 *   confirms for the connector (its part is done once the caches and the media are gone).
 * - `privacy.erasure.retention-applied` (tickets' message retention): deletes the stored media it lists.
 * Each finds nothing left when applied again.
 */
@Controller()
export class ErasureConsumer {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly events: EventPublisher,
    private readonly media: MediaStoreService,
  ) {}

  @OnTopic(PrivacyErasureTopic)
  async handle(event: TypedEvent<typeof PrivacyErasureTopic>): Promise<void> {
    const companyId = asCompanyId(event.companyId);
    switch (event.type) {
      case 'privacy.erasure.requested': {
        const jids = personJids(event.data);
        const numbers = personNumbers(event.data);
        await this.transactions.run(async (manager) => {
          // the commands first: a session carrying one out holds its row lock, and what it writes after the send
          // (the caches below) must not wait for rows this transaction already locked
          const theirs = `(payload->>'chatJid' = ANY($2::text[]) OR payload->>'jid' = ANY($2::text[])
                           OR payload->'numbers' ?| $3::text[])`;
          await manager.query(
            `UPDATE session_commands SET status = 'failed', payload = '{}', outcome = '"erased"', done_at = now()
              WHERE company_id = $1 AND status = 'pending' AND ${theirs}`,
            [companyId, jids, numbers],
          );
          await manager.query(
            `DELETE FROM session_commands WHERE company_id = $1 AND status <> 'pending' AND ${theirs}`,
            [companyId, jids, numbers],
          );
          await manager.query(
            `DELETE FROM baileys_contacts
              WHERE company_id = $1 AND (jid = ANY($2::text[]) OR number = ANY($3::text[]) OR lid = ANY($2::text[]))`,
            [companyId, jids, numbers],
          );
          await manager.query(
            `DELETE FROM baileys_messages
              WHERE company_id = $1 AND (chat_jid = ANY($2::text[]) OR participant = ANY($2::text[]))`,
            [companyId, jids],
          );
          await manager.query('DELETE FROM simulator_sent WHERE company_id = $1 AND chat_jid = ANY($2::text[])', [
            companyId,
            jids,
          ]);
          await manager.query(
            `DELETE FROM simulator_inbox WHERE company_id = $1 AND payload->'from'->>'number' = ANY($2::text[])`,
            [companyId, numbers],
          );
        });
        return;
      }
      case 'privacy.erasure.confirmed': {
        if (event.data.service !== 'tickets') return;
        const { requestId, contactId } = event.data;
        await this.transactions.run(async () => {
          const media = await this.media.deleteStored(event.data.mediaUrls ?? []);
          await this.events.emit(ErasureConfirmed, {
            companyId,
            key: requestId,
            causationId: event.id,
            data: { requestId, contactId, service: 'whatsapp-connector', removed: { media } },
          });
        });
        return;
      }
      case 'privacy.erasure.retention-applied':
        await this.media.deleteStored(event.data.mediaUrls);
        return;
      default:
        return assertUnreachable(event);
    }
  }
}
