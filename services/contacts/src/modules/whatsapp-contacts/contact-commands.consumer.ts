import { Controller } from '@nestjs/common';
import { asCompanyId } from '@cs/proto/common';
import { ContactsContactCommandsTopic, type TypedEvent } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { OnTopic } from '@cs/platform/events/transport';
import { ContactResolver } from './contact-resolver.js';

/**
 * `contacts.contact.ensure` (tickets' external send API writing to a number WhatsApp confirmed): finds or
 * creates the number's contact as an inbound message would, publishing `contacts.contact.created` when new.
 */
@Controller()
export class ContactCommandsConsumer {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly resolver: ContactResolver,
  ) {}

  @OnTopic(ContactsContactCommandsTopic)
  async handle(event: TypedEvent<typeof ContactsContactCommandsTopic>): Promise<void> {
    const { connectionId, jid, number } = event.data;
    await this.transactions.run(() =>
      this.resolver.person(
        asCompanyId(event.companyId),
        { jid, number, lid: null, pushName: null },
        { connectionId, name: null },
        event.id,
      ),
    );
  }
}
