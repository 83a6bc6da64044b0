import { Controller } from '@nestjs/common';
import type { EventOf } from '@cs/proto/common';
import type { ConnectionCreated, ConnectionDeleted, ConnectionUpdated, SessionUpdated } from '@cs/proto/events';
import { EventPattern, Payload } from '@cs/platform/events';
import { ApplyConnectionChangeUseCase } from './use-cases/apply-connection-change.use-case.js';

@Controller()
export class ConnectionsConsumer {
  constructor(private readonly applyConnectionChange: ApplyConnectionChangeUseCase) {}

  @EventPattern('whatsapp.connection.v1')
  async onConnection(
    @Payload()
    event:
      | EventOf<typeof ConnectionCreated>
      | EventOf<typeof ConnectionUpdated>
      | EventOf<typeof ConnectionDeleted>
      | EventOf<typeof SessionUpdated>,
  ): Promise<void> {
    await this.applyConnectionChange.execute(event);
  }
}
