import type { EventOf } from '@cs/proto/common';
import { Controller } from '@nestjs/common';
import { WhatsappInboundMessageTopic } from '@cs/proto/events';
import { EventPattern, Payload } from '@cs/platform/events';
import { ResolveInboundMessageUseCase } from './use-cases/resolve-inbound-message.use-case.js';

@Controller()
export class InboundMessagesConsumer {
  constructor(private readonly resolve: ResolveInboundMessageUseCase) {}

  /** Every type on the topic carries a chat and a contact: each is resolved and republished in order. */
  @EventPattern(WhatsappInboundMessageTopic.name)
  async handle(@Payload() payload: object): Promise<void> {
    // The event server has parsed the envelope with the topic's schema before calling.
    await this.resolve.execute(payload as EventOf<(typeof WhatsappInboundMessageTopic.events)[number]>);
  }
}
