import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { ContactListEntity } from '../contact-list.entity.js';
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
      const { affected } = await manager.delete(ContactListEntity, { companyId, id });
      if (!affected) throw new DomainError('ERR_NO_CONTACT_LIST_FOUND');
      await this.listEvents.listDeleted(companyId, id);
    });
  }
}
