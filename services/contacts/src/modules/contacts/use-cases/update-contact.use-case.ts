import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { CONTACT_MESSAGES, type UpdateContactInput } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError, validationError } from '@cs/platform/errors';
import { NumberChecksService } from '../../number-checks/number-checks.service.js';
import { ContactEntity } from '../contact.entity.js';
import { ContactEvents } from '../contact-events.js';
import { type ContactResponse, toContactResponse } from '../contacts.mapper.js';
import { ContactsRepository, isUniqueViolation } from '../contacts.repository.js';
import { normalizePhoneNumber } from '../phone-number.js';

/**
 * `PUT /contacts/{id}`: name, number, email and extra info. A name a person sets is never replaced by a
 * WhatsApp push name afterwards. A new number is normalised, must not belong to another contact
 * (ERR_DUPLICATED_CONTACT) and is checked on WhatsApp in the background (`whatsappStatus: 'checking'`).
 */
@Injectable()
export class UpdateContactUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly contacts: ContactsRepository,
    private readonly contactEvents: ContactEvents,
    private readonly checks: NumberChecksService,
  ) {}

  async execute(companyId: CompanyId, id: number, input: UpdateContactInput): Promise<ContactResponse> {
    try {
      return await this.transactions.run(async (manager) => {
        const contact = await manager.findOne(ContactEntity, {
          where: { companyId, id },
          lock: { mode: 'pessimistic_write' },
        });
        if (!contact) throw new DomainError('ERR_NO_CONTACT_FOUND');
        const number = contact.isGroup ? input.number.trim() : normalizePhoneNumber(input.number);
        if (!number) throw validationError([{ path: 'number', message: CONTACT_MESSAGES.invalidNumber }]);
        if (number !== contact.number) {
          const owner = await this.contacts.findByNumber(companyId, number);
          if (owner && owner.id !== contact.id) throw new DomainError('ERR_DUPLICATED_CONTACT');
          contact.number = number;
          if (!contact.isGroup) {
            contact.whatsappStatus = 'checking';
            contact.whatsappJid = null;
            contact.whatsappCheckId = await this.checks.request(companyId, 'contacts', [number]);
          }
        }
        if (input.name !== contact.name) {
          contact.name = input.name;
          contact.nameLocked = true;
        }
        contact.email = input.email;
        contact.updatedAt = new Date();
        await manager.save(contact);
        if (input.extraInfo) await this.contacts.replaceExtraInfo(companyId, contact.id, input.extraInfo);
        const snapshot = await this.contacts.snapshotOf(companyId, contact);
        await this.contactEvents.updated(companyId, [snapshot]);
        return toContactResponse(snapshot, contact);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('ERR_DUPLICATED_CONTACT');
      throw error;
    }
  }
}
