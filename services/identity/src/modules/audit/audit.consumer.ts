import { Controller } from '@nestjs/common';
import { AuditEntryTopic, type TypedEvent } from '@cs/proto/events';
import { OnTopic } from '@cs/platform/events/transport';
import { StoreAuditEntryUseCase } from './use-cases/store-audit-entry.use-case.js';

/** Every service's audit entries (`audit.entry.v1`), kept by identity. */
@Controller()
export class AuditConsumer {
  constructor(private readonly store: StoreAuditEntryUseCase) {}

  @OnTopic(AuditEntryTopic)
  async onEntry(event: TypedEvent<typeof AuditEntryTopic>): Promise<void> {
    switch (event.type) {
      case 'audit.entry.recorded':
        await this.store.execute(event);
        return;
    }
  }
}
