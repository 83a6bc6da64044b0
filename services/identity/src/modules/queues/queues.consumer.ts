import { Controller } from '@nestjs/common';
import type { EventOf } from '@cs/proto/common';
import type { QueueCreated, QueueDeleted, QueueUpdated } from '@cs/proto/events';
import { EventPattern, Payload } from '@cs/platform/events';
import { ApplyQueueChangeUseCase } from './use-cases/apply-queue-change.use-case.js';

@Controller()
export class QueuesConsumer {
  constructor(private readonly applyQueueChange: ApplyQueueChangeUseCase) {}

  @EventPattern('tickets.queue.v1')
  async onQueue(
    @Payload() event: EventOf<typeof QueueCreated> | EventOf<typeof QueueUpdated> | EventOf<typeof QueueDeleted>,
  ): Promise<void> {
    await this.applyQueueChange.execute(event);
  }
}
