import { Controller } from '@nestjs/common';
import { type TypedEvent, WhatsappInboundMessageTopic } from '@cs/proto/events';
import { InBatches, OnTopic } from '@cs/platform/events';
import { ResolveInboundMessageUseCase } from './use-cases/resolve-inbound-message.use-case.js';

@Controller()
export class InboundMessagesConsumer {
  constructor(private readonly resolve: ResolveInboundMessageUseCase) {}

  /** Every type on the topic carries a chat and a contact: each is resolved and republished in order. */
  @OnTopic(WhatsappInboundMessageTopic)
  @InBatches()
  async handle(event: TypedEvent<typeof WhatsappInboundMessageTopic>): Promise<void> {
    await this.resolve.execute(event);
  }
}
