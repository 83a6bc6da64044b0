import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { returningRows, type SqlRow, TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { ContactListEvents } from '../contact-list-events.js';

/** `DELETE /contact-lists/{id}`: the list and its items (one `contacts.contact-list.deleted` event). */
@Injectable()
export class DeleteContactListUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly listEvents: ContactListEvents,
  ) {}

  async execute(companyId: CompanyId, id: number): Promise<void> {
    await this.transactions.run(async (manager) => {
      const deleted = await returningRows<SqlRow>(
        manager,
        'DELETE FROM contact_lists WHERE company_id = $1 AND id = $2 RETURNING id',
        [companyId, id],
      );
      if (deleted.length === 0) throw new DomainError('ERR_NO_CONTACT_LIST_FOUND');
      await this.listEvents.listDeleted(companyId, id);
    });
  }
}
