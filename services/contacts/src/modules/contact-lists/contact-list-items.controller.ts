import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import {
  type ContactListItemBody,
  ContactListItemBodySchema,
  type ListItemsQuery,
  ListItemsQuerySchema,
} from '@cs/proto/http';
import { IdPipe, ZodPipe } from '@cs/platform/http';
import { CompanyIdParam, Roles } from '@cs/platform/tenancy';
import type { ContactListItemResponse } from './contact-lists.mapper.js';
import { ContactListsQueries } from './contact-lists.queries.js';
import { DeleteContactListItemUseCase } from './use-cases/delete-contact-list-item.use-case.js';
import { SaveContactListItemUseCase } from './use-cases/save-contact-list-item.use-case.js';

@Controller('contact-list-items')
export class ContactListItemsController {
  constructor(
    private readonly queries: ContactListsQueries,
    private readonly saveItem: SaveContactListItemUseCase,
    private readonly deleteItem: DeleteContactListItemUseCase,
  ) {}

  @Get()
  list(
    @CompanyIdParam() companyId: CompanyId,
    @Query(new ZodPipe(ListItemsQuerySchema)) query: ListItemsQuery,
  ): Promise<{ contacts: ContactListItemResponse[]; count: number; hasMore: boolean }> {
    return this.queries.listItems(companyId, query);
  }

  @Get('list')
  all(
    @CompanyIdParam() companyId: CompanyId,
    @Query(new ZodPipe(ListItemsQuerySchema)) query: ListItemsQuery,
  ): Promise<ContactListItemResponse[]> {
    return this.queries.allItems(companyId, query.contactListId);
  }

  @Get(':id')
  show(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_CONTACT_LIST_ITEM_FOUND')) id: number,
  ): Promise<ContactListItemResponse> {
    return this.queries.findItem(companyId, id);
  }

  @Post()
  @HttpCode(200)
  create(
    @CompanyIdParam() companyId: CompanyId,
    @Body(new ZodPipe(ContactListItemBodySchema)) body: ContactListItemBody,
  ): Promise<ContactListItemResponse> {
    return this.saveItem.create(companyId, body);
  }

  @Put(':id')
  update(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_CONTACT_LIST_ITEM_FOUND')) id: number,
    @Body(new ZodPipe(ContactListItemBodySchema)) body: ContactListItemBody,
  ): Promise<ContactListItemResponse> {
    return this.saveItem.update(companyId, id, body);
  }

  /** Gated by `contacts-page:deleteContact`, which only admins hold. */
  @Roles('admin')
  @Delete(':id')
  async remove(
    @CompanyIdParam() companyId: CompanyId,
    @Param('id', new IdPipe('ERR_NO_CONTACT_LIST_ITEM_FOUND')) id: number,
  ): Promise<{ message: string }> {
    await this.deleteItem.execute(companyId, id);
    return { message: 'Contact deleted' };
  }
}
