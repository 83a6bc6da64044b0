import { Controller } from '@nestjs/common';
import { InBatches, OnTopic } from '@cs/platform/events';
import { asCompanyId } from '@cs/proto/common';
import { ContactsInboundMessageTopic, type TypedEvent, WhatsappMessageAckTopic } from '@cs/proto/events';
import { ApplySendResultUseCase } from './use-cases/apply-send-result.use-case.js';
import { ReceiveInboundUseCase } from './use-cases/receive-inbound.use-case.js';

/** Inbound WhatsApp events (after contact resolution, ADR 0003) and the results of our sends. */
@Controller()
export class MessagesConsumer {
  constructor(
    private readonly receive: ReceiveInboundUseCase,
    private readonly sendResults: ApplySendResultUseCase,
  ) {}

  @OnTopic(ContactsInboundMessageTopic)
  @InBatches()
  async onInbound(event: TypedEvent<typeof ContactsInboundMessageTopic>): Promise<void> {
    await this.receive.execute(asCompanyId(event.companyId), event.data);
  }

  @OnTopic(WhatsappMessageAckTopic)
  @InBatches()
  async onSendResult(event: TypedEvent<typeof WhatsappMessageAckTopic>): Promise<void> {
    await this.sendResults.execute(asCompanyId(event.companyId), event);
  }
}
