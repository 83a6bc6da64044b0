import { Controller } from '@nestjs/common';
import { asCompanyId, assertUnreachable } from '@cs/proto/common';
import { PrivacyExportTopic, type TypedEvent } from '@cs/proto/events';
import { OnTopic } from '@cs/platform/events/transport';
import { ContactExportRequests } from './contact-export-requests.js';

/** `privacy.export.part`: a holding service's rows for one of tickets' export requests, stored with it. */
@Controller()
export class ContactExportConsumer {
  constructor(private readonly requests: ContactExportRequests) {}

  @OnTopic(PrivacyExportTopic)
  async handle(event: TypedEvent<typeof PrivacyExportTopic>): Promise<void> {
    switch (event.type) {
      case 'privacy.export.requested':
        return;
      case 'privacy.export.part':
        await this.requests.store(asCompanyId(event.companyId), event.data);
        return;
      default:
        return assertUnreachable(event);
    }
  }
}
