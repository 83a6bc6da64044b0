import { Controller } from '@nestjs/common';
import { InBatches, OnTopic, OnTopicBatches } from '@cs/platform/events/transport';
import { asCompanyId } from '@cs/proto/common';
import { ContactsInboundMessageTopic, type TypedEvent, WhatsappMessageAckTopic } from '@cs/proto/events';
import { ApplySendResultUseCase } from './use-cases/apply-send-result.use-case.js';
import { ReceiveInboundBatchUseCase } from './use-cases/receive-inbound-batch.use-case.js';

/** Inbound WhatsApp events (after contact resolution, ADR 0003) and the results of our sends. */
@Controller()
export class MessagesConsumer {
  constructor(
    private readonly receive: ReceiveInboundBatchUseCase,
    private readonly sendResults: ApplySendResultUseCase,
  ) {}

  /** A partition's batch at once: the usual message costs a share of a few statements (ReceiveInboundBatchUseCase). */
  @OnTopicBatches(ContactsInboundMessageTopic)
  async onInbound(events: ReadonlyArray<TypedEvent<typeof ContactsInboundMessageTopic>>): Promise<void> {
    await this.receive.execute(events);
  }

  @OnTopic(WhatsappMessageAckTopic)
  @InBatches()
  async onSendResult(event: TypedEvent<typeof WhatsappMessageAckTopic>): Promise<void> {
    await this.sendResults.execute(asCompanyId(event.companyId), event);
  }
}
