import type { EventOf } from '@cs/proto/common';
import { Controller } from '@nestjs/common';
import { asCompanyId } from '@cs/proto/common';
import { WhatsappContactTopic } from '@cs/proto/events';
import { EventPattern, Payload } from '@cs/platform/events';
import { PhoneImportUseCase } from '../contact-imports/use-cases/phone-import.use-case.js';
import { ApplyNumberCheckUseCase } from './use-cases/apply-number-check.use-case.js';
import { UpsertWhatsappContactUseCase } from './use-cases/upsert-whatsapp-contact.use-case.js';

const assertUnreachable = (value: never): never => {
  throw new Error(`unhandled event type ${String(value)}`);
};

@Controller()
export class WhatsappContactsConsumer {
  constructor(
    private readonly upsert: UpsertWhatsappContactUseCase,
    private readonly applyCheck: ApplyNumberCheckUseCase,
    private readonly phoneImport: PhoneImportUseCase,
  ) {}

  @EventPattern(WhatsappContactTopic.name)
  async handle(@Payload() payload: object): Promise<void> {
    // The event server has parsed the envelope with the topic's schema before calling.
    const event = payload as EventOf<(typeof WhatsappContactTopic.events)[number]>;
    switch (event.type) {
      case 'whatsapp.contact.upserted':
        return this.upsert.execute(event);
      case 'whatsapp.number.checked':
        return this.applyCheck.execute(event);
      case 'whatsapp.contacts.exported':
        return this.phoneImport.finish(
          asCompanyId(event.companyId),
          event.data.commandId,
          event.data.count,
          event.data.error,
        );
      default:
        return assertUnreachable(event);
    }
  }
}
