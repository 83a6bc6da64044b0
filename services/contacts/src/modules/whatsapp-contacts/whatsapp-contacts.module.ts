import { Module } from '@nestjs/common';
import { ContactImportsModule } from '../contact-imports/contact-imports.module.js';
import { ContactListsModule } from '../contact-lists/contact-lists.module.js';
import { ContactsModule } from '../contacts/contacts.module.js';
import { NumberChecksModule } from '../number-checks/number-checks.module.js';
import { ContactCommandsConsumer } from './contact-commands.consumer.js';
import { ContactResolver } from './contact-resolver.js';
import { InboundMessagesConsumer } from './inbound-messages.consumer.js';
import { ApplyNumberCheckUseCase } from './use-cases/apply-number-check.use-case.js';
import { ResolveInboundMessageUseCase } from './use-cases/resolve-inbound-message.use-case.js';
import { UpsertWhatsappContactUseCase } from './use-cases/upsert-whatsapp-contact.use-case.js';
import { WhatsappContactsConsumer } from './whatsapp-contacts.consumer.js';

/** What WhatsApp tells about contacts: inbound messages, contact upserts, number checks, phone exports. */
@Module({
  imports: [ContactsModule, ContactListsModule, NumberChecksModule, ContactImportsModule],
  controllers: [InboundMessagesConsumer, WhatsappContactsConsumer, ContactCommandsConsumer],
  providers: [ContactResolver, ResolveInboundMessageUseCase, UpsertWhatsappContactUseCase, ApplyNumberCheckUseCase],
})
export class WhatsappContactsModule {}
