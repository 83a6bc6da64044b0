import { Module } from '@nestjs/common';
import { NumberChecksModule } from '../number-checks/number-checks.module.js';
import { ContactListEvents } from './contact-list-events.js';
import { ContactListItemsController } from './contact-list-items.controller.js';
import { ContactListsController } from './contact-lists.controller.js';
import { ContactListsQueries } from './contact-lists.queries.js';
import { DeleteContactListItemUseCase } from './use-cases/delete-contact-list-item.use-case.js';
import { DeleteContactListUseCase } from './use-cases/delete-contact-list.use-case.js';
import { SaveContactListItemUseCase } from './use-cases/save-contact-list-item.use-case.js';
import { SaveContactListUseCase } from './use-cases/save-contact-list.use-case.js';

@Module({
  imports: [NumberChecksModule],
  controllers: [ContactListsController, ContactListItemsController],
  providers: [
    ContactListsQueries,
    ContactListEvents,
    SaveContactListUseCase,
    DeleteContactListUseCase,
    SaveContactListItemUseCase,
    DeleteContactListItemUseCase,
  ],
  exports: [ContactListEvents, ContactListsQueries],
})
export class ContactListsModule {}
