import { Inject, Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { CONTACT_MESSAGES, type CreateContactInput } from '@cs/proto/http';
import { APP_CONFIG } from '@cs/platform/config';
import { TransactionHost } from '@cs/platform/database';
import { DomainError, validationError } from '@cs/platform/errors';
import { NumberChecksService } from '../../number-checks/number-checks.service.js';
import { ContactEntity, type WhatsappStatus } from '../contact.entity.js';
import { ContactEvents } from '../contact-events.js';
import { type ContactResponse, toContactResponse } from '../contacts.mapper.js';
import { ContactsRepository, isUniqueViolation } from '../contacts.repository.js';
import { normalizePhoneNumber } from '../phone-number.js';

/**
 * `POST /contacts`. The number is normalised (one contact per person, whatever the spelling of Brazil's ninth
 * digit) and checked on WhatsApp through the connector: the check command goes out over Kafka and the request
 * waits up to CONTACTS_NUMBER_CHECK_WAIT_MS for the answer. "Not on WhatsApp" answers 400
 * ERR_WAPP_INVALID_CONTACT and a failed check (no connection, session down) 502 ERR_WAPP_CHECK_CONTACT, and
 * nothing is created, as upstream. When the connector has not answered in time, the contact is created with
 * `whatsappStatus: 'checking'`; the answer, when it comes, updates it (a `contacts.contact.updated` event the
 * page shows live).
 */
@Injectable()
export class CreateContactUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly contacts: ContactsRepository,
    private readonly contactEvents: ContactEvents,
    private readonly checks: NumberChecksService,
    @Inject(APP_CONFIG) private readonly config: { CONTACTS_NUMBER_CHECK_WAIT_MS: number },
  ) {}

  async execute(companyId: CompanyId, input: CreateContactInput): Promise<ContactResponse> {
    const number = normalizePhoneNumber(input.number);
    if (!number) throw validationError([{ path: 'number', message: CONTACT_MESSAGES.invalidNumber }]);
    if (await this.contacts.findByNumber(companyId, number)) throw new DomainError('ERR_DUPLICATED_CONTACT');

    const commandId = await this.transactions.run(() => this.checks.request(companyId, 'create', [number]));
    const answer = await this.checks.waitForAnswer(companyId, commandId, this.config.CONTACTS_NUMBER_CHECK_WAIT_MS);
    if (answer) assertOnWhatsapp(answer, number);

    try {
      return await this.transactions.run(async (manager) => {
        // Locks the check: an answer arriving now waits for this contact to commit, then finds it by check id.
        const settled = answer ?? (await this.checks.answerOf(companyId, commandId, { lock: true }));
        const result = settled?.error ? undefined : settled?.results.find((entry) => entry.number === number);
        const status: WhatsappStatus = !settled
          ? 'checking'
          : settled.error
            ? 'unknown'
            : result?.exists
              ? 'valid'
              : 'invalid';
        const contact = manager.create(ContactEntity, {
          companyId,
          name: input.name,
          number,
          email: input.email,
          profilePicUrl: null,
          isGroup: false,
          lid: null,
          whatsappId: null,
          whatsappStatus: status,
          whatsappJid: result?.exists ? result.jid : null,
          whatsappCheckId: commandId,
          nameLocked: true,
          pictureRequestedAt: null,
        });
        await manager.save(contact);
        if (input.extraInfo?.length) await this.contacts.replaceExtraInfo(companyId, contact.id, input.extraInfo);
        const snapshot = await this.contacts.snapshotOf(companyId, contact);
        await this.contactEvents.created(companyId, [snapshot]);
        return toContactResponse(snapshot, contact);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('ERR_DUPLICATED_CONTACT');
      throw error;
    }
  }
}

function assertOnWhatsapp(
  answer: { results: readonly { number: string; exists: boolean }[]; error: string | null },
  number: string,
): void {
  if (answer.error) throw new DomainError('ERR_WAPP_CHECK_CONTACT', { details: { reason: answer.error } });
  if (!answer.results.find((entry) => entry.number === number)?.exists)
    throw new DomainError('ERR_WAPP_INVALID_CONTACT');
}
