import { Controller } from '@nestjs/common';
import { asCompanyId, type EventData } from '@cs/proto/common';
import {
  ContactsInboundMessageTopic,
  InboundMessageResolved,
  MessageSendFailed,
  MessageSent,
  WhatsappMessageAckTopic,
} from '@cs/proto/events';
import { EventPattern, Payload } from '@cs/platform/events';
import { parseCampaignMessageId } from './dispatch-commands.js';
import { DispatchEngine } from './dispatch-engine.js';

interface ConsumedEvent {
  readonly id: string;
  readonly type: string;
  readonly companyId: number;
  readonly data: unknown;
}

/** Replies that confirm a campaign's request (resolved to a contact number) and the connector's send results. */
@Controller()
export class DispatchConsumer {
  constructor(private readonly engine: DispatchEngine) {}

  @EventPattern<string>(ContactsInboundMessageTopic.name)
  async onInbound(@Payload() event: ConsumedEvent): Promise<void> {
    if (event.type !== InboundMessageResolved.type) return;
    const data = event.data as EventData<typeof InboundMessageResolved>;
    if (data.source.type !== 'whatsapp.message.received') return;
    const message = data.source.data;
    if (message.fromMe || message.isGroup || !data.contact.number) return;
    await this.engine.confirm(asCompanyId(event.companyId), message.connectionId, data.contact.number);
  }

  @EventPattern<string>(WhatsappMessageAckTopic.name)
  async onResult(@Payload() event: ConsumedEvent): Promise<void> {
    if (event.type === MessageSent.type) {
      const data = event.data as EventData<typeof MessageSent>;
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
    if (event.type === MessageSendFailed.type) {
      const data = event.data as EventData<typeof MessageSendFailed>;
      const parsed = parseCampaignMessageId(data.clientMessageId);
      if (parsed) {
        await this.engine.result(asCompanyId(event.companyId), parsed.shippingId, parsed.part, { error: data.error });
      }
    }
  }
}
