import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import {
  ContactListDeleted,
  ContactListItemCreated,
  ContactListItemDeleted,
  type ContactListItemSnapshot,
  ContactListItemUpdated,
  ContactListUpdated,
  ContactListCreated,
} from '@cs/proto/events';
import { mapRows, type SqlRow, TransactionHost } from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';
import { ContactListEntity } from './contact-list.entity.js';
import { toContactListSnapshot } from './contact-lists.mapper.js';

/** Writes `contacts.contact-list.v1` events (keyed by list id) to the outbox of the current transaction. */
@Injectable()
export class ContactListEvents {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly events: EventPublisher,
  ) {}

  async countOf(companyId: CompanyId, listId: number): Promise<number> {
    const rows = await this.transactions.manager.query<SqlRow[]>(
      'SELECT count(*)::int AS count FROM contact_list_items WHERE company_id = $1 AND contact_list_id = $2',
      [companyId, listId],
    );
    return mapRows(rows, (r) => r.int('count'))[0] ?? 0;
  }

  /** The list's snapshot with its current count, as `created` or `updated`. */
  async list(companyId: CompanyId, list: ContactListEntity, kind: 'created' | 'updated'): Promise<number> {
    const count = await this.countOf(companyId, list.id);
    await this.events.emit(kind === 'created' ? ContactListCreated : ContactListUpdated, {
      companyId,
      key: list.id,
      data: toContactListSnapshot(list, count),
    });
    return count;
  }

  /** Re-announces a list whose items changed (its `contactsCount`). */
  async listCountChanged(companyId: CompanyId, listId: number): Promise<void> {
    const list = await this.transactions.manager.findOne(ContactListEntity, { where: { companyId, id: listId } });
    if (list) await this.list(companyId, list, 'updated');
  }

  async listDeleted(companyId: CompanyId, id: number): Promise<void> {
    await this.events.emit(ContactListDeleted, { companyId, key: id, data: { id } });
  }

  async items(
    companyId: CompanyId,
    items: readonly ContactListItemSnapshot[],
    kind: 'created' | 'updated',
  ): Promise<void> {
    const definition = kind === 'created' ? ContactListItemCreated : ContactListItemUpdated;
    await this.events.emitAll(
      items.map((data) => ({ definition, input: { companyId, key: data.contactListId, data } })),
    );
  }

  async itemDeleted(companyId: CompanyId, id: number, contactListId: number): Promise<void> {
    await this.events.emit(ContactListItemDeleted, { companyId, key: contactListId, data: { id, contactListId } });
  }
}
