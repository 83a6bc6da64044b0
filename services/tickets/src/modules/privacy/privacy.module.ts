import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module.js';
import { TicketsDataModule } from '../tickets/tickets-data.module.js';
import { ContactExport } from './contact-export.js';
import { ContactExportConsumer } from './contact-export.consumer.js';
import { ContactExportController } from './contact-export.controller.js';
import { ContactExportRequests } from './contact-export-requests.js';
import { ErasureConsumer } from './erasure.consumer.js';
import { MessageRetention } from './message-retention.js';

/**
 * LGPD: the person's data tickets holds, exported as one archive with the rows other services send for the request,
 * and erased on request; the messages of long-closed tickets erased by the company's retention setting.
 */
@Module({
  imports: [MediaModule, TicketsDataModule],
  controllers: [ErasureConsumer, ContactExportController, ContactExportConsumer],
  providers: [ContactExport, ContactExportRequests, MessageRetention],
})
export class PrivacyModule {}
