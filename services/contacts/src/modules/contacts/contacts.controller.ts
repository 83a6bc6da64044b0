import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { CompanyId } from '@cs/proto/common';
import {
  type CreateContactInput,
  CreateContactSchema,
  type ListContactsQuery,
  ListContactsQuerySchema,
  type UpdateContactInput,
  UpdateContactSchema,
} from '@cs/proto/http';
import { IdPipe, ZodPipe } from '@cs/platform/http';
import { CompanyIdParam, Roles } from '@cs/platform/tenancy';
import { CSV_BOM, CSV_HEADER, csvLine } from './contacts-csv.js';
import type { ContactResponse } from './contacts.mapper.js';
import { ContactsQueries } from './contacts.queries.js';
import { CreateContactUseCase } from './use-cases/create-contact.use-case.js';
import { DeleteContactUseCase } from './use-cases/delete-contact.use-case.js';
import { UpdateContactUseCase } from './use-cases/update-contact.use-case.js';

@Controller('contacts')
export class ContactsController {
  constructor(
    private readonly queries: ContactsQueries,
    private readonly createContact: CreateContactUseCase,
    private readonly updateContact: UpdateContactUseCase,
    private readonly deleteContact: DeleteContactUseCase,
  ) {}

  /** `GET /contacts` and `GET /contacts/` (searchParam, pageNumber) → `{contacts, count, hasMore}`. */
  @Get()
  list(
    @CompanyIdParam() companyId: CompanyId,
    @Query(new ZodPipe(ListContactsQuerySchema)) query: ListContactsQuery,
  ): Promise<{ contacts: ContactResponse[]; count: number; hasMore: boolean }> {
    return this.queries.list(companyId, query);
  }

  /** `GET /contacts/list`: the company's contacts as a plain array (the company comes from the session only). */
  @Get('list')
  simpleList(@CompanyIdParam() companyId: CompanyId, @Query('name') name?: string): Promise<ContactResponse[]> {
    return this.queries.simpleList(companyId, typeof name === 'string' ? name : undefined);
  }

  /** `GET /contacts/export`: every contact as CSV (name;number;email, UTF-8 with BOM), streamed. */
  @Get('export')
  async export(@CompanyIdParam() companyId: CompanyId, @Res() response: Response): Promise<void> {
    response.setHeader('content-type', 'text/csv; charset=utf-8');
    response.setHeader('content-disposition', 'attachment; filename="contatos.csv"');
    response.setHeader('cache-control', 'no-store');
    response.write(CSV_BOM + csvLine(CSV_HEADER));
    for await (const batch of this.queries.exportBatches(companyId)) {
      const chunk = batch.map((contact) => csvLine([contact.name, contact.number, contact.email])).join('');
      if (!response.write(chunk)) await new Promise((resolve) => response.once('drain', resolve));
    }
    response.end();
  }

  @Get(':contactId')
  show(
    @CompanyIdParam() companyId: CompanyId,
    @Param('contactId', new IdPipe('ERR_NO_CONTACT_FOUND')) id: number,
  ): Promise<ContactResponse> {
    return this.queries.findOne(companyId, id);
  }

  @Post()
  @HttpCode(200)
  create(
    @CompanyIdParam() companyId: CompanyId,
    @Body(new ZodPipe(CreateContactSchema)) body: CreateContactInput,
  ): Promise<ContactResponse> {
    return this.createContact.execute(companyId, body);
  }

  @Put(':contactId')
  update(
    @CompanyIdParam() companyId: CompanyId,
    @Param('contactId', new IdPipe('ERR_NO_CONTACT_FOUND')) id: number,
    @Body(new ZodPipe(UpdateContactSchema)) body: UpdateContactInput,
  ): Promise<ContactResponse> {
    return this.updateContact.execute(companyId, id, body);
  }

  /** Gated by `contacts-page:deleteContact`, which only admins hold. */
  @Roles('admin')
  @Delete(':contactId')
  async remove(
    @CompanyIdParam() companyId: CompanyId,
    @Param('contactId', new IdPipe('ERR_NO_CONTACT_FOUND')) id: number,
  ): Promise<{ message: string }> {
    await this.deleteContact.execute(companyId, id);
    return { message: 'Contact deleted' };
  }
}
