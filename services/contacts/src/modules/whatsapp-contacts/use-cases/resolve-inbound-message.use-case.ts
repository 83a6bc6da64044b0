import type { EventOf } from '@cs/proto/common';
import { Injectable } from '@nestjs/common';
import { asCompanyId } from '@cs/proto/common';
import { InboundMessageResolved, type ResolvedSource, WhatsappInboundMessageTopic } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';
import { ContactResolver } from '../contact-resolver.js';

type InboundEvent = EventOf<(typeof WhatsappInboundMessageTopic.events)[number]>;

/**
 * The hot inbound path (ADR 0003): upserts the contact (and the group contact) of a
 * `whatsapp.inbound-message.v1` event and publishes `contacts.inbound-message.resolved` with the original event
 * and the contact snapshots, keyed `connectionId:chatJid` like its source so per-chat order holds. Runs inside
 * the consumer's inbox transaction: one transaction, indexed lookups, exactly one effect per event.
 */
@Injectable()
export class ResolveInboundMessageUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly resolver: ContactResolver,
    private readonly events: EventPublisher,
  ) {}

  async execute(event: InboundEvent): Promise<void> {
    const companyId = asCompanyId(event.companyId);
    const data = event.data;
    const fromMe = 'fromMe' in data && data.fromMe;
    await this.transactions.run(async () => {
      const groupContact = data.isGroup
        ? await this.resolver.group(
            companyId,
            data.chatJid,
            { connectionId: data.connectionId, name: data.groupName },
            event.id,
          )
        : null;
      // A message we sent from the phone names the recipient with our own push name: never use it then.
      const contact = await this.resolver.person(
        companyId,
        data.contact,
        { connectionId: data.connectionId, name: fromMe ? null : data.contact.pushName },
        event.id,
      );
      await this.events.emit(InboundMessageResolved, {
        companyId,
        key: `${data.connectionId}:${data.chatJid}`,
        causationId: event.id,
        data: {
          sourceEventId: event.id,
          source: { type: event.type, data } as ResolvedSource,
          contact,
          groupContact,
        },
      });
    });
  }
}
