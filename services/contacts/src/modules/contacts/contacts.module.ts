import { Module } from '@nestjs/common';
import { NumberChecksModule } from '../number-checks/number-checks.module.js';
import { ContactEvents } from './contact-events.js';
import { ContactVcardController } from './contact-vcard.controller.js';
import { ContactsController } from './contacts.controller.js';
import { ContactsQueries } from './contacts.queries.js';
import { ContactsRepository } from './contacts.repository.js';
import { CreateContactUseCase } from './use-cases/create-contact.use-case.js';
import { DeleteContactUseCase } from './use-cases/delete-contact.use-case.js';
import { UpdateContactUseCase } from './use-cases/update-contact.use-case.js';

@Module({
  imports: [NumberChecksModule],
  controllers: [ContactsController, ContactVcardController],
  providers: [
    ContactsRepository,
    ContactsQueries,
    ContactEvents,
    CreateContactUseCase,
    UpdateContactUseCase,
    DeleteContactUseCase,
  ],
  exports: [ContactsRepository, ContactEvents],
})
export class ContactsModule {}
