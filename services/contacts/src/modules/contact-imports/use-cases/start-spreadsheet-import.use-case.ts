import { Inject, Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import type { CompanyId, UserId } from '@cs/proto/common';
import { APP_CONFIG } from '@cs/platform/config';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { JobsService } from '@cs/platform/jobs';
import { ContactListEntity } from '../../contact-lists/contact-list.entity.js';
import { ContactImportEntity, type ImportTarget } from '../contact-import.entity.js';
import { type ImportReport, toImportReport } from '../contact-imports.mapper.js';
import { ImportRunner } from '../import-runner.js';
import { detectFormat } from '../spreadsheet.js';

export const IMPORT_JOB = 'contacts.import';

export interface UploadedSpreadsheet {
  readonly originalname: string;
  readonly buffer: Buffer;
  readonly size: number;
}

/**
 * `POST /contacts/import` (and upstream's `/contacts/upload`) and `POST /contact-lists/{id}/upload`. A small
 * spreadsheet is imported during the request and the report answered at once (200); a larger one is stored
 * and imported by a pg-boss job (202 with the report so far), its progress published as
 * `contacts.import.progressed` events (the page's progress bar) and its report at `GET /contacts/imports/{id}`.
 */
@Injectable()
export class StartSpreadsheetImportUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly jobs: JobsService,
    private readonly runner: ImportRunner,
    @Inject(APP_CONFIG) private readonly config: { CONTACTS_IMPORT_INLINE_BYTES: number },
  ) {}

  async execute(input: {
    companyId: CompanyId;
    userId: UserId;
    target: ImportTarget;
    contactListId: number | null;
    file: UploadedSpreadsheet;
  }): Promise<{ report: ImportReport; inline: boolean }> {
    const format = detectFormat(input.file.buffer, input.file.originalname);
    if (!format) {
      throw new DomainError('ERR_UNSUPPORTED_MEDIA_TYPE', { message: 'Envie uma planilha .csv, .xls ou .xlsx.' });
    }
    const inline = input.file.size <= this.config.CONTACTS_IMPORT_INLINE_BYTES;
    const id = uuidv7();
    await this.transactions.run(async (manager) => {
      if (input.contactListId !== null) {
        const list = await manager.findOne(ContactListEntity, {
          where: { companyId: input.companyId, id: input.contactListId },
        });
        if (!list) throw new DomainError('ERR_NO_CONTACT_LIST_FOUND');
      }
      await manager.insert(ContactImportEntity, {
        id,
        companyId: input.companyId,
        target: input.target,
        contactListId: input.contactListId,
        source: 'spreadsheet',
        fileName: input.file.originalname.slice(0, 255),
        fileFormat: format,
        content: inline ? null : input.file.buffer,
        status: 'queued',
        total: 0,
        processed: 0,
        imported: 0,
        merged: 0,
        invalid: 0,
        invalidRows: [],
        error: null,
        createdBy: input.userId,
        finishedAt: null,
      });
      if (!inline) await this.jobs.send(IMPORT_JOB, { importId: id }, { singletonKey: id, retryLimit: 3 });
    });
    if (!inline) {
      const queued = await this.transactions.manager.findOneByOrFail(ContactImportEntity, { id });
      return { report: toImportReport(queued), inline };
    }
    const finished = await this.runner.run(id, input.file.buffer);
    if (finished.status === 'failed')
      throw new DomainError('ERR_IMPORT_INVALID_FILE', { details: toImportReport(finished) });
    return { report: toImportReport(finished), inline };
  }
}
