import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { ContactListItemEntity } from '../contact-list-item.entity.js';
import { ContactListEvents } from '../contact-list-events.js';

/** `DELETE /contact-list-items/{id}` (admin: `contacts-page:deleteContact`). */
@Injectable()
export class DeleteContactListItemUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly listEvents: ContactListEvents,
  ) {}

  async execute(companyId: CompanyId, id: number): Promise<void> {
    await this.transactions.run(async (manager) => {
      const item = await manager.findOne(ContactListItemEntity, { where: { companyId, id } });
      // a delete of the same item at the same time found it too: only the one that deleted it goes on
      const deleted = item ? (await manager.delete(ContactListItemEntity, { companyId, id })).affected : 0;
      if (!item || !deleted) throw new DomainError('ERR_NO_CONTACT_LIST_ITEM_FOUND');
      const listId = item.contactListId;
      await this.listEvents.itemDeleted(companyId, id, listId);
      await this.listEvents.listCountChanged(companyId, listId);
    });
  }
}
