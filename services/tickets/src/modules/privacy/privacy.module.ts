import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module.js';
import { ContactExport } from './contact-export.js';
import { ContactExportController } from './contact-export.controller.js';
import { ErasureConsumer } from './erasure.consumer.js';

/** LGPD: the person's data tickets holds, exported as one archive and erased on request. */
@Module({
  imports: [MediaModule],
  controllers: [ErasureConsumer, ContactExportController],
  providers: [ContactExport],
})
export class PrivacyModule {}
