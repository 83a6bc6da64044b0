import { Module } from '@nestjs/common';
import { assertVerifiedVersions } from '@cs/platform/config';
import { ContactListsModule } from '../contact-lists/contact-lists.module.js';
import { ContactsModule } from '../contacts/contacts.module.js';
import { NumberChecksModule } from '../number-checks/number-checks.module.js';
import { ContactImportsController } from './contact-imports.controller.js';
import { ContactImportsJobs } from './contact-imports.jobs.js';
import { ImportBatches } from './import-batches.js';
import { ImportRunner } from './import-runner.js';
import { PhoneImportUseCase } from './use-cases/phone-import.use-case.js';
import { StartSpreadsheetImportUseCase } from './use-cases/start-spreadsheet-import.use-case.js';
import { EXCELJS_WORKBOOK_MODEL, exceljsVersionOf } from './xlsx-stream.js';

@Module({
  imports: [ContactsModule, ContactListsModule, NumberChecksModule],
  controllers: [ContactImportsController],
  providers: [ImportBatches, ImportRunner, StartSpreadsheetImportUseCase, PhoneImportUseCase, ContactImportsJobs],
  exports: [PhoneImportUseCase],
})
export class ContactImportsModule {
  constructor() {
    // the .xlsx reader reaches into exceljs (ADR 0013): the service refuses to start on an exceljs it was not verified
    // against, not at a customer's first spreadsheet
    assertVerifiedVersions(EXCELJS_WORKBOOK_MODEL, exceljsVersionOf);
  }
}
