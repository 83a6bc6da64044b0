import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { CompanyId } from '@cs/proto/common';
import {
  type ContactListBody,
  ContactListBodySchema,
  type ListContactListsQuery,
  ListContactListsQuerySchema,
} from '@cs/proto/http';
import { IdPipe, ZodPipe } from '@cs/platform/http';
import { CompanyIdParam } from '@cs/platform/tenancy';
import type { ContactListResponse } from './contact-lists.mapper.js';
import { ContactListsQueries } from './contact-lists.queries.js';
import { exampleSpreadsheet } from './example-spreadsheet.js';
import { DeleteContactListUseCase } from './use-cases/delete-contact-list.use-case.js';
import { SaveContactListUseCase } from './use-cases/save-contact-list.use-case.js';

@Controller('contact-lists')
export class ContactListsController {
  constructor(
    private readonly queries: ContactListsQueries,
    private readonly saveList: SaveContactListUseCase,
    private readonly deleteList: DeleteContactListUseCase,
  ) {}

  @Get()
  list(
    @CompanyIdParam() companyId: CompanyId,
    @Query(new ZodPipe(ListContactListsQuerySchema)) query: ListContactListsQuery,
  ): Promise<{ records: ContactListResponse[]; count: number; hasMore: boolean }> {
    return this.queries.listLists(companyId, query);
  }

  @Get('list')
  all(@CompanyIdParam() companyId: CompanyId): Promise<ContactListResponse[]> {
    return this.queries.allLists(companyId);
  }

  /** The example spreadsheet to download (columns Nome, Número, Email). */
  @Get('example.xlsx')
  example(@Res() response: Response): void {
    response.setHeader('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    response.setHeader('content-disposition', 'attachment; filename="planilha-exemplo.xlsx"');
    response.end(exampleSpreadsheet());
  }

  @Get(':id')
  show(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_CONTACT_LIST_FOUND')) id: number,
  ): Promise<ContactListResponse> {
    return this.queries.findList(companyId, id);
  }

  @Post()
  @HttpCode(200)
  create(
    @CompanyIdParam() companyId: CompanyId,
    @Body(new ZodPipe(ContactListBodySchema)) body: ContactListBody,
  ): Promise<ContactListResponse> {
    return this.saveList.create(companyId, body);
  }

  @Put(':id')
  update(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_CONTACT_LIST_FOUND')) id: number,
    @Body(new ZodPipe(ContactListBodySchema)) body: ContactListBody,
  ): Promise<ContactListResponse> {
    return this.saveList.update(companyId, id, body);
  }

  @Delete(':id')
  async remove(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_CONTACT_LIST_FOUND')) id: number,
  ): Promise<{ message: string }> {
    await this.deleteList.execute(companyId, id);
    return { message: 'Contact list deleted' };
  }
}
