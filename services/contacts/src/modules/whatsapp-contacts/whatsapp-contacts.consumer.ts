import { Controller } from '@nestjs/common';
import { asCompanyId, assertUnreachable } from '@cs/proto/common';
import { type TypedEvent, WhatsappContactTopic } from '@cs/proto/events';
import { OnTopic } from '@cs/platform/events/transport';
import { PhoneImportUseCase } from '../contact-imports/use-cases/phone-import.use-case.js';
import { ApplyNumberCheckUseCase } from './use-cases/apply-number-check.use-case.js';
import { UpsertWhatsappContactUseCase } from './use-cases/upsert-whatsapp-contact.use-case.js';

@Controller()
export class WhatsappContactsConsumer {
  constructor(
    private readonly upsert: UpsertWhatsappContactUseCase,
    private readonly applyCheck: ApplyNumberCheckUseCase,
    private readonly phoneImport: PhoneImportUseCase,
  ) {}

  @OnTopic(WhatsappContactTopic)
  async handle(event: TypedEvent<typeof WhatsappContactTopic>): Promise<void> {
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
