import { Body, Controller, Get, HttpStatus, Param, Post, Res, UploadedFiles, UseInterceptors } from '@nestjs/common';
import type { Response } from 'express';
import type { CompanyId } from '@cs/proto/common';
import { PhoneImportBodySchema } from '@cs/proto/http';
import { DomainError, validationError } from '@cs/platform/errors';
import { IdPipe } from '@cs/platform/http';
import { CompanyIdParam, CurrentIdentity, type Identity } from '@cs/platform/tenancy';
import { TransactionHost } from '@cs/platform/database';
import { LimitedFilesInterceptor, UPLOAD_ALLOW_LISTS } from '@cs/platform/uploads';
import { ContactImportEntity } from './contact-import.entity.js';
import { type ImportReport, toImportReport } from './contact-imports.mapper.js';
import { PhoneImportUseCase } from './use-cases/phone-import.use-case.js';
import {
  StartSpreadsheetImportUseCase,
  type UploadedSpreadsheet,
} from './use-cases/start-spreadsheet-import.use-case.js';

/** The gateway's body limit; a larger spreadsheet is refused with 413. */
export const MAX_SPREADSHEET_BYTES = 25 * 1024 * 1024;
/**
 * One spreadsheet in any field, kept in memory for the importer: its type sniffed from its first bytes against the
 * shared allow-list of spreadsheets (415 at once, whatever the declared type or name), its size limited while it
 * streams (413 at once), bounded fields and parts.
 */
const upload = LimitedFilesInterceptor(null, 1, {
  maxBytes: () => MAX_SPREADSHEET_BYTES,
  allowed: UPLOAD_ALLOW_LISTS.spreadsheets,
  refusal: () => new DomainError('ERR_UNSUPPORTED_MEDIA_TYPE', { message: 'Envie uma planilha .xls ou .xlsx.' }),
});
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Controller()
export class ContactImportsController {
  constructor(
    private readonly spreadsheetImport: StartSpreadsheetImportUseCase,
    private readonly phoneImport: PhoneImportUseCase,
    private readonly transactions: TransactionHost,
  ) {}

  /**
   * `POST /contacts/import`: with a spreadsheet (multipart field `file`, .csv/.xls/.xlsx) imports it; without one,
   * imports the phone's contacts through the connector (optional `whatsappId`, else the default connection).
   */
  @Post('contacts/import')
  @UseInterceptors(upload)
  async importContacts(
    @CurrentIdentity() identity: Identity,
    @UploadedFiles() files: UploadedSpreadsheet[] | undefined,
    @Body() body: unknown,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ImportReport> {
    const file = files?.[0];
    if (!file) {
      const { whatsappId } = PhoneImportBodySchema.parse(body ?? {});
      return this.phoneImport.start(identity.companyId, identity.userId, whatsappId ?? null);
    }
    return this.spreadsheet(identity, 'contacts', null, file, response);
  }

  /** Upstream's spreadsheet route, kept for existing clients. */
  @Post('contacts/upload')
  @UseInterceptors(upload)
  async uploadContacts(
    @CurrentIdentity() identity: Identity,
    @UploadedFiles() files: UploadedSpreadsheet[] | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ImportReport> {
    return this.spreadsheet(identity, 'contacts', null, requireFile(files), response);
  }

  @Post('contact-lists/:id/upload')
  @UseInterceptors(upload)
  async uploadList(
    @CurrentIdentity() identity: Identity,
    @Param('id', new IdPipe('ERR_NO_CONTACT_LIST_FOUND')) id: number,
    @UploadedFiles() files: UploadedSpreadsheet[] | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ImportReport> {
    return this.spreadsheet(identity, 'contact-list', id, requireFile(files), response);
  }

  /** The report of an import: progress while it runs, then the counts and the invalid rows. */
  @Get('contacts/imports/:id')
  async report(@CompanyIdParam() companyId: CompanyId, @Param('id') id: string): Promise<ImportReport> {
    if (!UUID.test(id)) throw new DomainError('ERR_NO_IMPORT_FOUND');
    const record = await this.transactions.manager.findOne(ContactImportEntity, { where: { companyId, id } });
    if (!record) throw new DomainError('ERR_NO_IMPORT_FOUND');
    return toImportReport(record);
  }

  private async spreadsheet(
    identity: Identity,
    target: 'contacts' | 'contact-list',
    contactListId: number | null,
    file: UploadedSpreadsheet,
    response: Response,
  ): Promise<ImportReport> {
    const { report, inline } = await this.spreadsheetImport.execute({
      companyId: identity.companyId,
      userId: identity.userId,
      target,
      contactListId,
      file,
    });
    response.status(inline ? HttpStatus.OK : HttpStatus.ACCEPTED);
    return report;
  }
}

function requireFile(files: UploadedSpreadsheet[] | undefined): UploadedSpreadsheet {
  const file = files?.[0];
  if (!file) throw validationError([{ path: 'file', message: 'Selecione uma planilha .csv, .xls ou .xlsx' }]);
  return file;
}
