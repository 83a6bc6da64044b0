import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { type ContactListBody } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { ContactListEntity } from '../contact-list.entity.js';
import { ContactListEvents } from '../contact-list-events.js';
import { type ContactListResponse, toContactListResponse } from '../contact-lists.mapper.js';

/** `POST /contact-lists` and `PUT /contact-lists/{id}` (name 2 to 50). */
@Injectable()
export class SaveContactListUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly listEvents: ContactListEvents,
  ) {}

  async create(companyId: CompanyId, input: ContactListBody): Promise<ContactListResponse> {
    return this.transactions.run(async (manager) => {
      const list = manager.create(ContactListEntity, { companyId, name: input.name });
      await manager.save(list);
      const count = await this.listEvents.list(companyId, list, 'created');
      return toContactListResponse(list, count);
    });
  }

  async update(companyId: CompanyId, id: number, input: ContactListBody): Promise<ContactListResponse> {
    return this.transactions.run(async (manager) => {
      const list = await manager.findOne(ContactListEntity, { where: { companyId, id } });
      if (!list) throw new DomainError('ERR_NO_CONTACT_LIST_FOUND');
      list.name = input.name;
      list.updatedAt = new Date();
      await manager.save(list);
      const count = await this.listEvents.list(companyId, list, 'updated');
      return toContactListResponse(list, count);
    });
  }
}
