import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { hasMorePages } from '@cs/proto/common';
import { type ListContactListsQuery, type ListItemsQuery } from '@cs/proto/http';
import { mapRows, type SqlRow, TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { normalizePhoneNumber } from '../contacts/phone-number.js';
import { ContactListEntity } from './contact-list.entity.js';
import { ContactListItemEntity } from './contact-list-item.entity.js';
import {
  type ContactListItemResponse,
  type ContactListResponse,
  toContactListItemResponse,
  toContactListResponse,
} from './contact-lists.mapper.js';

export const CONTACT_LISTS_PAGE_SIZE = 20;
export const CONTACT_LIST_ITEMS_PAGE_SIZE = 20;

const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (char) => `\\${char}`);

@Injectable()
export class ContactListsQueries {
  constructor(private readonly transactions: TransactionHost) {}

  private get manager() {
    return this.transactions.manager;
  }

  /** `GET /contact-lists/` → `{records, count, hasMore}` with each list's `contactsCount`. */
  async listLists(
    companyId: CompanyId,
    query: ListContactListsQuery,
  ): Promise<{ records: ContactListResponse[]; count: number; hasMore: boolean }> {
    const builder = this.manager
      .createQueryBuilder(ContactListEntity, 'list')
      .where('list.company_id = :companyId', { companyId });
    if (query.searchParam) {
      builder.andWhere("lower(list.name) LIKE :name ESCAPE '\\'", { name: `%${escapeLike(query.searchParam)}%` });
    }
    const offset = CONTACT_LISTS_PAGE_SIZE * (query.pageNumber - 1);
    const [lists, count] = await builder
      .orderBy('lower(list.name)', 'ASC')
      .addOrderBy('list.id', 'ASC')
      .offset(offset)
      .limit(CONTACT_LISTS_PAGE_SIZE)
      .getManyAndCount();
    const records = await this.withCounts(companyId, lists);
    return { records, count, hasMore: hasMorePages(count, offset, records.length) };
  }

  /** `GET /contact-lists/list`: every list of the company (plain array). */
  async allLists(companyId: CompanyId): Promise<ContactListResponse[]> {
    const lists = await this.manager
      .createQueryBuilder(ContactListEntity, 'list')
      .where('list.company_id = :companyId', { companyId })
      .orderBy('lower(list.name)', 'ASC')
      .addOrderBy('list.id', 'ASC')
      .getMany();
    return this.withCounts(companyId, lists);
  }

  async findList(companyId: CompanyId, id: number): Promise<ContactListResponse> {
    const list = await this.manager.findOne(ContactListEntity, { where: { companyId, id } });
    if (!list) throw new DomainError('ERR_NO_CONTACT_LIST_FOUND');
    const [response] = await this.withCounts(companyId, [list]);
    return response as ContactListResponse;
  }

  async assertListExists(companyId: CompanyId, id: number): Promise<void> {
    if (!(await this.manager.exists(ContactListEntity, { where: { companyId, id } }))) {
      throw new DomainError('ERR_NO_CONTACT_LIST_FOUND');
    }
  }

  /** `GET /contact-list-items` (searchParam, pageNumber, contactListId) → `{contacts, count, hasMore}`. */
  async listItems(
    companyId: CompanyId,
    query: ListItemsQuery,
  ): Promise<{ contacts: ContactListItemResponse[]; count: number; hasMore: boolean }> {
    const builder = this.itemsOf(companyId, query.contactListId);
    if (query.searchParam) {
      const digits = query.searchParam.replace(/\D/g, '');
      const canonical = normalizePhoneNumber(query.searchParam);
      const conditions = ["lower(item.name) LIKE :name ESCAPE '\\'"];
      if (digits) conditions.push("item.number LIKE :digits ESCAPE '\\'");
      if (canonical) conditions.push('item.number = :canonical');
      builder.andWhere(`(${conditions.join(' OR ')})`, {
        name: `%${escapeLike(query.searchParam)}%`,
        digits: `%${digits}%`,
        canonical,
      });
    }
    const offset = CONTACT_LIST_ITEMS_PAGE_SIZE * (query.pageNumber - 1);
    const [items, count] = await builder.offset(offset).limit(CONTACT_LIST_ITEMS_PAGE_SIZE).getManyAndCount();
    const contacts = items.map(toContactListItemResponse);
    return { contacts, count, hasMore: hasMorePages(count, offset, contacts.length) };
  }

  /** `GET /contact-list-items/list` (contactListId): the items as a plain array. */
  async allItems(companyId: CompanyId, contactListId: number | undefined): Promise<ContactListItemResponse[]> {
    return (await this.itemsOf(companyId, contactListId).getMany()).map(toContactListItemResponse);
  }

  async findItem(companyId: CompanyId, id: number): Promise<ContactListItemResponse> {
    const item = await this.manager.findOne(ContactListItemEntity, { where: { companyId, id } });
    if (!item) throw new DomainError('ERR_NO_CONTACT_LIST_ITEM_FOUND');
    return toContactListItemResponse(item);
  }

  private itemsOf(companyId: CompanyId, contactListId: number | undefined) {
    const builder = this.manager
      .createQueryBuilder(ContactListItemEntity, 'item')
      .where('item.company_id = :companyId', { companyId });
    if (contactListId !== undefined) builder.andWhere('item.contact_list_id = :contactListId', { contactListId });
    return builder.orderBy('lower(item.name)', 'ASC').addOrderBy('item.id', 'ASC');
  }

  private async withCounts(companyId: CompanyId, lists: readonly ContactListEntity[]): Promise<ContactListResponse[]> {
    if (lists.length === 0) return [];
    const rows = await this.manager.query<SqlRow[]>(
      `SELECT contact_list_id, count(*)::int AS count FROM contact_list_items
       WHERE company_id = $1 AND contact_list_id = ANY($2::int[]) GROUP BY contact_list_id`,
      [companyId, lists.map((list) => list.id)],
    );
    const counts = new Map(mapRows(rows, (r) => [r.int('contact_list_id'), r.int('count')] as const));
    return lists.map((list) => toContactListResponse(list, counts.get(list.id) ?? 0));
  }
}
