import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { CompanyId } from '@cs/proto/common';
import { type ContactVcardQuery, ContactVcardQuerySchema } from '@cs/proto/http';
import { ZodPipe } from '@cs/platform/http';
import { CompanyIdParam } from '@cs/platform/tenancy';
import { contactVcard } from './contact-vcard.js';
import { ContactsQueries } from './contacts.queries.js';

/** `GET /contact` (upstream's `getContactVcard`): a contact of the caller's company as a vCard. */
@Controller('contact')
export class ContactVcardController {
  constructor(private readonly queries: ContactsQueries) {}

  /** `?number=<digits>&name=`: 404 ERR_NO_CONTACT_FOUND when the company has no such contact (nothing is created). */
  @Get()
  async show(
    @CompanyIdParam() companyId: CompanyId,
    @Query(new ZodPipe(ContactVcardQuerySchema)) query: ContactVcardQuery,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const contact = await this.queries.findByNumber(companyId, query.number);
    response.setHeader('content-type', 'text/vcard; charset=utf-8');
    response.setHeader('cache-control', 'no-store');
    return contactVcard(contact.name || query.name || contact.number, contact.number);
  }
}
