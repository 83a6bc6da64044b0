import { Controller } from '@nestjs/common';
import { type TypedEvent, WhatsappInboundMessageTopic } from '@cs/proto/events';
import { OnTopicBatches } from '@cs/platform/events/transport';
import { ResolveInboundMessageUseCase } from './use-cases/resolve-inbound-message.use-case.js';

@Controller()
export class InboundMessagesConsumer {
  constructor(private readonly resolve: ResolveInboundMessageUseCase) {}

  /**
   * Every type on the topic carries a chat and a contact: each is resolved and republished in order, a batch of a
   * partition's events at once (the usual case costs one lookup and one outbox write for the whole batch).
   */
  @OnTopicBatches(WhatsappInboundMessageTopic)
  async handle(events: ReadonlyArray<TypedEvent<typeof WhatsappInboundMessageTopic>>): Promise<void> {
    await this.resolve.executeMany(events);
  }
}
