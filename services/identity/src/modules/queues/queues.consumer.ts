import { Controller } from '@nestjs/common';
import { TicketsQueueTopic, type TypedEvent } from '@cs/proto/events';
import { OnTopic } from '@cs/platform/events/transport';
import { ApplyQueueChangeUseCase } from './use-cases/apply-queue-change.use-case.js';

@Controller()
export class QueuesConsumer {
  constructor(private readonly applyQueueChange: ApplyQueueChangeUseCase) {}

  @OnTopic(TicketsQueueTopic)
  async onQueue(event: TypedEvent<typeof TicketsQueueTopic>): Promise<void> {
    await this.applyQueueChange.execute(event);
  }
}
