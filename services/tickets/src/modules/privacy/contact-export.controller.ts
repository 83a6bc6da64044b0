import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { CompanyId } from '@cs/proto/common';
import { AuditTrail } from '@cs/platform/audit';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { IdPipe } from '@cs/platform/http';
import { CompanyIdParam, Roles } from '@cs/platform/tenancy';
import { ContactExport } from './contact-export.js';

/** LGPD export: one zip of everything held about a contact, streamed (admins; audited as `contact.exported`). */
@Roles('admin')
@Controller('privacy/contact-exports')
export class ContactExportController {
  constructor(
    private readonly exporter: ContactExport,
    private readonly transactions: TransactionHost,
    private readonly audit: AuditTrail,
  ) {}

  @Get(':contactId')
  async download(
    @CompanyIdParam() companyId: CompanyId,
    @Param('contactId', new IdPipe('ERR_NO_CONTACT_FOUND')) contactId: number,
    @Res() response: Response,
  ): Promise<void> {
    const contact = await this.exporter.contactOf(companyId, contactId);
    if (!contact) throw new DomainError('ERR_NO_CONTACT_FOUND');
    await this.transactions.run(() =>
      this.audit.record({ action: 'contact.exported', target: { type: 'contact', id: contactId } }),
    );
    response.setHeader('content-type', 'application/zip');
    response.setHeader('content-disposition', `attachment; filename="contato-${contactId}.zip"`);
    response.setHeader('cache-control', 'no-store');
    try {
      await this.exporter.write(companyId, contact, response);
    } catch (error) {
      // the archive is cut short: the client sees a broken download rather than a complete-looking one
      response.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
