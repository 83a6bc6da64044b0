import { Controller } from '@nestjs/common';
import { asCompanyId, assertUnreachable } from '@cs/proto/common';
import { ContactsInboundMessageTopic, type TypedEvent, WhatsappMessageAckTopic } from '@cs/proto/events';
import { OnTopic, OnTopicBatches } from '@cs/platform/events/transport';
import { parseCampaignMessageId } from './dispatch-commands.js';
import { DispatchEngine } from './dispatch-engine.js';

/** Replies that confirm a campaign's request (resolved to a contact number) and the connector's send results. */
@Controller()
export class DispatchConsumer {
  constructor(private readonly engine: DispatchEngine) {}

  /** Every inbound message of every company, a partition's batch at once: one statement confirms the replies. */
  @OnTopicBatches(ContactsInboundMessageTopic)
  async onInbound(events: ReadonlyArray<TypedEvent<typeof ContactsInboundMessageTopic>>): Promise<void> {
    const replies = events.flatMap(({ companyId, data }) => {
      if (data.source.type !== 'whatsapp.message.received') return [];
      const message = data.source.data;
      if (message.fromMe || message.isGroup || !data.contact.number) return [];
      return [{ companyId: asCompanyId(companyId), connectionId: message.connectionId, number: data.contact.number }];
    });
    await this.engine.confirmAll(replies);
  }

  @OnTopic(WhatsappMessageAckTopic)
  async onResult(event: TypedEvent<typeof WhatsappMessageAckTopic>): Promise<void> {
    switch (event.type) {
      case 'whatsapp.message.sent': {
        const { data } = event;
        const parsed = parseCampaignMessageId(data.clientMessageId);
        if (parsed)
          await this.engine.result(asCompanyId(event.companyId), parsed.shippingId, parsed.part, {
            error: null,
            sent: {
              connectionId: data.connectionId,
              chatJid: data.chatJid,
              messageId: data.messageId,
              timestamp: data.timestamp,
            },
          });
        return;
      }
      case 'whatsapp.message.send-failed': {
        const parsed = parseCampaignMessageId(event.data.clientMessageId);
        if (parsed) {
          await this.engine.result(asCompanyId(event.companyId), parsed.shippingId, parsed.part, {
            error: event.data.error,
            reason: event.data.reason,
          });
        }
        return;
      }
      case 'whatsapp.message.ack':
      case 'whatsapp.message.edit-failed':
        return;
      default:
        assertUnreachable(event);
    }
  }
}
