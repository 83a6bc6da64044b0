import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { returningRows, type SqlRow, TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { ContactEvents } from '../contact-events.js';

/** `DELETE /contacts/{id}` (admin: `contacts-page:deleteContact`); its extra info goes with it. */
@Injectable()
export class DeleteContactUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly contactEvents: ContactEvents,
  ) {}

  async execute(companyId: CompanyId, id: number): Promise<void> {
    await this.transactions.run(async (manager) => {
      const deleted = await returningRows<SqlRow>(
        manager,
        'DELETE FROM contacts WHERE company_id = $1 AND id = $2 RETURNING id',
        [companyId, id],
      );
      if (deleted.length === 0) throw new DomainError('ERR_NO_CONTACT_FOUND');
      await this.contactEvents.deleted(companyId, id);
    });
  }
}
