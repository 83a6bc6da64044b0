import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { CONTACT_MESSAGES, type ContactListItemBody } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError, validationError } from '@cs/platform/errors';
import { isUniqueViolation } from '../../contacts/contacts.repository.js';
import { normalizePhoneNumber } from '../../contacts/phone-number.js';
import { NumberChecksService } from '../../number-checks/number-checks.service.js';
import { ContactListEntity } from '../contact-list.entity.js';
import { ContactListItemEntity } from '../contact-list-item.entity.js';
import { ContactListEvents } from '../contact-list-events.js';
import {
  type ContactListItemResponse,
  toContactListItemResponse,
  toContactListItemSnapshot,
} from '../contact-lists.mapper.js';

/**
 * `POST /contact-list-items` and `PUT /contact-list-items/{id}`. The number is normalised (one item per
 * person in a list: ERR_DUPLICATED_CONTACT) and its WhatsApp validity is asked of the connector; the answer
 * fills `isWhatsappValid` later (an item update event the page shows live).
 */
@Injectable()
export class SaveContactListItemUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly listEvents: ContactListEvents,
    private readonly checks: NumberChecksService,
  ) {}

  async create(companyId: CompanyId, input: ContactListItemBody): Promise<ContactListItemResponse> {
    const number = normalize(input.number);
    return this.guard(() =>
      this.transactions.run(async (manager) => {
        const list = await manager.findOne(ContactListEntity, { where: { companyId, id: input.contactListId } });
        if (!list) throw new DomainError('ERR_NO_CONTACT_LIST_FOUND');
        const item = manager.create(ContactListItemEntity, {
          companyId,
          contactListId: list.id,
          name: input.name,
          number,
          email: input.email,
          isWhatsappValid: null,
          whatsappJid: null,
          whatsappCheckId: await this.checks.request(companyId, 'list-items', [number]),
        });
        await manager.save(item);
        await this.listEvents.items(companyId, [toContactListItemSnapshot(item)], 'created');
        await this.listEvents.listCountChanged(companyId, list.id);
        return toContactListItemResponse(item);
      }),
    );
  }

  async update(companyId: CompanyId, id: number, input: ContactListItemBody): Promise<ContactListItemResponse> {
    const number = normalize(input.number);
    return this.guard(() =>
      this.transactions.run(async (manager) => {
        const item = await manager.findOne(ContactListItemEntity, { where: { companyId, id } });
        if (!item) throw new DomainError('ERR_NO_CONTACT_LIST_ITEM_FOUND');
        if (number !== item.number) {
          item.number = number;
          item.isWhatsappValid = null;
          item.whatsappJid = null;
          item.whatsappCheckId = await this.checks.request(companyId, 'list-items', [number]);
        }
        item.name = input.name;
        item.email = input.email;
        item.updatedAt = new Date();
        await manager.save(item);
        await this.listEvents.items(companyId, [toContactListItemSnapshot(item)], 'updated');
        return toContactListItemResponse(item);
      }),
    );
  }

  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('ERR_DUPLICATED_CONTACT');
      throw error;
    }
  }
}

function normalize(raw: string): string {
  const number = normalizePhoneNumber(raw);
  if (!number) throw validationError([{ path: 'number', message: CONTACT_MESSAGES.invalidNumber }]);
  return number;
}
