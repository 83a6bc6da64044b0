import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@cs/platform/events';
import type { ConsumedEvent } from '../consumed-event.js';
import { asCompanyId, type EventData } from '@cs/proto/common';
import { ContactsInboundMessageTopic, InboundMessageResolved, WhatsappMessageAckTopic } from '@cs/proto/events';
import { ApplySendResultUseCase } from './use-cases/apply-send-result.use-case.js';
import { ReceiveInboundUseCase } from './use-cases/receive-inbound.use-case.js';

/** Inbound WhatsApp events (after contact resolution, ADR 0003) and the results of our sends. */
@Controller()
export class MessagesConsumer {
  constructor(
    private readonly receive: ReceiveInboundUseCase,
    private readonly sendResults: ApplySendResultUseCase,
  ) {}

  @EventPattern<string>(ContactsInboundMessageTopic.name)
  async onInbound(@Payload() event: ConsumedEvent): Promise<void> {
    if (event.type !== InboundMessageResolved.type) return;
    await this.receive.execute(asCompanyId(event.companyId), event.data as EventData<typeof InboundMessageResolved>);
  }

  @EventPattern<string>(WhatsappMessageAckTopic.name)
  async onSendResult(@Payload() event: ConsumedEvent): Promise<void> {
    await this.sendResults.execute(asCompanyId(event.companyId), event);
  }
}
