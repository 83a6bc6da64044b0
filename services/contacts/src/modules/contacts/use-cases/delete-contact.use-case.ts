import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { ContactEvents } from '../contact-events.js';
import { ContactEntity } from '../contact.entity.js';

/** `DELETE /contacts/{id}` (admin: `contacts-page:deleteContact`); its extra info goes with it. */
@Injectable()
export class DeleteContactUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly contactEvents: ContactEvents,
  ) {}

  async execute(companyId: CompanyId, id: number): Promise<void> {
    await this.transactions.run(async (manager) => {
      const { affected } = await manager.delete(ContactEntity, { companyId, id });
      if (!affected) throw new DomainError('ERR_NO_CONTACT_FOUND');
      await this.contactEvents.deleted(companyId, id);
    });
  }
}
