import { Module } from '@nestjs/common';
import { ContactListsModule } from '../contact-lists/contact-lists.module.js';
import { ContactsModule } from '../contacts/contacts.module.js';
import { NumberChecksModule } from '../number-checks/number-checks.module.js';
import { ContactImportsController } from './contact-imports.controller.js';
import { ContactImportsJobs } from './contact-imports.jobs.js';
import { ImportBatches } from './import-batches.js';
import { ImportRunner } from './import-runner.js';
import { PhoneImportUseCase } from './use-cases/phone-import.use-case.js';
import { StartSpreadsheetImportUseCase } from './use-cases/start-spreadsheet-import.use-case.js';

@Module({
  imports: [ContactsModule, ContactListsModule, NumberChecksModule],
  controllers: [ContactImportsController],
  providers: [ImportBatches, ImportRunner, StartSpreadsheetImportUseCase, PhoneImportUseCase, ContactImportsJobs],
  exports: [PhoneImportUseCase],
})
export class ContactImportsModule {}
