import { Module } from '@nestjs/common';
import { ContactListsModule } from '../contact-lists/contact-lists.module.js';
import { ContactsModule } from '../contacts/contacts.module.js';
import { ErasureConfirmationsConsumer } from './erasure-confirmations.consumer.js';
import { ErasureRequestsController } from './erasure-requests.controller.js';
import { ErasureRequestsQueries } from './erasure-requests.queries.js';
import { RequestErasureUseCase } from './request-erasure.use-case.js';

/** LGPD requests about a person: erasure across the holding services, followed until each confirmed. */
@Module({
  imports: [ContactsModule, ContactListsModule],
  controllers: [ErasureRequestsController, ErasureConfirmationsConsumer],
  providers: [ErasureRequestsQueries, RequestErasureUseCase],
})
export class PrivacyModule {}
