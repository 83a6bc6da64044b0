import { Controller } from '@nestjs/common';
import { type TypedEvent, WhatsappConnectionTopic } from '@cs/proto/events';
import { OnTopic } from '@cs/platform/events/transport';
import { ApplyConnectionChangeUseCase } from './use-cases/apply-connection-change.use-case.js';

@Controller()
export class ConnectionsConsumer {
  constructor(private readonly applyConnectionChange: ApplyConnectionChangeUseCase) {}

  @OnTopic(WhatsappConnectionTopic)
  async onConnection(event: TypedEvent<typeof WhatsappConnectionTopic>): Promise<void> {
    await this.applyConnectionChange.execute(event);
  }
}
