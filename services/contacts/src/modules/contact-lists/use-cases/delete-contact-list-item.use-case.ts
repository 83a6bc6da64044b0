import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { mapRow, returningRows, type SqlRow, TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
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
      const [deleted] = await returningRows<SqlRow>(
        manager,
        'DELETE FROM contact_list_items WHERE company_id = $1 AND id = $2 RETURNING id, contact_list_id',
        [companyId, id],
      );
      if (!deleted) throw new DomainError('ERR_NO_CONTACT_LIST_ITEM_FOUND');
      const listId = mapRow(deleted, (r) => r.int('contact_list_id'));
      await this.listEvents.itemDeleted(companyId, id, listId);
      await this.listEvents.listCountChanged(companyId, listId);
    });
  }
}
