import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { CompanyId } from '@cs/proto/common';
import {
  type ContactExport as ContactExportRequest,
  type ContactExportBody,
  ContactExportBodySchema,
  ContactExportParamsSchema,
} from '@cs/proto/http';
import { AuditTrail } from '@cs/platform/audit';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { ZodPipe } from '@cs/platform/http';
import { CompanyIdParam, CurrentIdentity, type Identity, Roles } from '@cs/platform/tenancy';
import { ContactExport } from './contact-export.js';
import { ContactExportRequests } from './contact-export-requests.js';

/**
 * LGPD export (admins): a request gathers the person's rows other services hold (`POST`, then `GET .../status`
 * until `ready`), then one zip of everything held about the contact is streamed (`GET .../{id}`, audited as
 * `contact.exported`; 409 `ERR_EXPORT_NOT_READY` while pending).
 */
@Roles('admin')
@Controller('privacy/contact-exports')
export class ContactExportController {
  constructor(
    private readonly exporter: ContactExport,
    private readonly requests: ContactExportRequests,
    private readonly transactions: TransactionHost,
    private readonly audit: AuditTrail,
  ) {}

  @Post()
  @HttpCode(200)
  request(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() user: Identity,
    @Body(new ZodPipe(ContactExportBodySchema)) body: ContactExportBody,
  ): Promise<ContactExportRequest> {
    return this.requests.request(companyId, body.contactId, user.userId);
  }

  @Get(':id/status')
  status(
    @CompanyIdParam() companyId: CompanyId,
    @Param(new ZodPipe(ContactExportParamsSchema)) params: { id: string },
  ): Promise<ContactExportRequest> {
    return this.requests.find(companyId, params.id);
  }

  @Get(':id')
  async download(
    @CompanyIdParam() companyId: CompanyId,
    @Param(new ZodPipe(ContactExportParamsSchema)) params: { id: string },
    @Res() response: Response,
  ): Promise<void> {
    const request = await this.requests.find(companyId, params.id);
    if (request.status !== 'ready') throw new DomainError('ERR_EXPORT_NOT_READY');
    const contact = await this.exporter.contactOf(companyId, request.contactId);
    if (!contact) throw new DomainError('ERR_NO_CONTACT_FOUND');
    await this.transactions.run(() =>
      this.audit.record({ action: 'contact.exported', target: { type: 'contact', id: request.contactId } }),
    );
    response.setHeader('content-type', 'application/zip');
    response.setHeader('content-disposition', `attachment; filename="contato-${request.contactId}.zip"`);
    response.setHeader('cache-control', 'no-store');
    try {
      await this.exporter.write(companyId, contact, request.id, response);
    } catch (error) {
      // the archive is cut short: the client sees a broken download rather than a complete-looking one
      response.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
