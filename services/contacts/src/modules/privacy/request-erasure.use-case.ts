import { Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import type { CompanyId } from '@cs/proto/common';
import { ErasureRequested, ErasureRequestUpdated } from '@cs/proto/events';
import { ERASED_CONTACT_NAME, type ErasureRequest } from '@cs/proto/http';
import { AuditTrail } from '@cs/platform/audit';
import { returningRows, TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { EventPublisher } from '@cs/platform/events';
import { ContactListEvents } from '../contact-lists/contact-list-events.js';
import { ContactEntity } from '../contacts/contact.entity.js';
import { ContactEvents } from '../contacts/contact-events.js';
import { ContactsRepository } from '../contacts/contacts.repository.js';
import { ErasureRequestsQueries } from './erasure-requests.queries.js';
import { newRequestServices } from './erasure-status.js';

/**
 * `POST /contacts/{id}/erasure` (admin): in one transaction, contacts anonymises the contact (name
 * `ERASED_CONTACT_NAME`; number, e-mail, picture, LID and WhatsApp jid cleared; extra info deleted), deletes the
 * contact-list items with its number and drops its number from the number checks' answers, records the request
 * (contacts confirmed, the other holding services pending), publishes `privacy.erasure.requested` with the
 * identifiers the others look the person up by and `privacy.erasure-request.updated` (the new request, for the
 * admins' live list), and audits `contact.erased`. Asking again while a request for the
 * contact is pending answers that request.
 */
@Injectable()
export class RequestErasureUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly contacts: ContactsRepository,
    private readonly contactEvents: ContactEvents,
    private readonly listEvents: ContactListEvents,
    private readonly events: EventPublisher,
    private readonly audit: AuditTrail,
    private readonly queries: ErasureRequestsQueries,
  ) {}

  async execute(companyId: CompanyId, contactId: number, requestedBy: number): Promise<ErasureRequest> {
    return this.transactions.run(async (manager) => {
      const contact = await manager.findOne(ContactEntity, {
        where: { companyId, id: contactId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!contact) throw new DomainError('ERR_NO_CONTACT_FOUND');
      const [pending] = await manager.query<Array<{ id: string }>>(
        `SELECT id FROM erasure_requests WHERE company_id = $1 AND contact_id = $2 AND status = 'pending'
          ORDER BY created_at DESC LIMIT 1`,
        [companyId, contactId],
      );
      if (pending) return this.queries.findOne(companyId, pending.id);

      const identifiers = { number: contact.number, lid: contact.lid, whatsappJid: contact.whatsappJid };
      const extraInfo = await returningRows<{ id: number }>(
        manager,
        'DELETE FROM contact_extra_info WHERE company_id = $1 AND contact_id = $2 RETURNING id',
        [companyId, contactId],
      );
      const items =
        contact.number === ''
          ? []
          : await returningRows<{ id: number; contact_list_id: number }>(
              manager,
              'DELETE FROM contact_list_items WHERE company_id = $1 AND number = $2 RETURNING id, contact_list_id',
              [companyId, contact.number],
            );
      const numberChecks =
        contact.number === ''
          ? []
          : await returningRows<{ command_id: string }>(
              manager,
              `UPDATE number_checks
                  SET results = (SELECT coalesce(jsonb_agg(result), '[]'::jsonb)
                                   FROM jsonb_array_elements(results) AS result
                                  WHERE result->>'number' <> $2)
                WHERE company_id = $1 AND results @> jsonb_build_array(jsonb_build_object('number', $2::text))
                RETURNING command_id`,
              [companyId, contact.number],
            );
      contact.name = ERASED_CONTACT_NAME;
      contact.nameLocked = true;
      contact.number = '';
      contact.email = '';
      contact.profilePicUrl = null;
      contact.lid = null;
      contact.whatsappJid = null;
      contact.whatsappStatus = 'unknown';
      contact.whatsappCheckId = null;
      contact.updatedAt = new Date();
      await manager.save(contact);
      await this.contactEvents.updated(companyId, [await this.contacts.snapshotOf(companyId, contact)]);
      for (const item of items) await this.listEvents.itemDeleted(companyId, item.id, item.contact_list_id);
      for (const listId of new Set(items.map((item) => item.contact_list_id))) {
        await this.listEvents.listCountChanged(companyId, listId);
      }

      const requestId = uuidv7();
      const now = new Date();
      const services = newRequestServices(
        {
          contacts: 1,
          extraInfo: extraInfo.length,
          contactListItems: items.length,
          numberChecks: numberChecks.length,
        },
        now,
      );
      await manager.query(
        `INSERT INTO erasure_requests (id, company_id, contact_id, requested_by, status, services, created_at, updated_at)
         VALUES ($1, $2, $3, $4, 'pending', $5::jsonb, $6, $6)`,
        [requestId, companyId, contactId, requestedBy, JSON.stringify(services), now],
      );
      await this.events.emit(ErasureRequested, {
        companyId,
        key: requestId,
        data: { requestId, contactId, ...identifiers },
      });
      await this.audit.record({
        action: 'contact.erased',
        target: { type: 'contact', id: contactId },
        after: { requestId },
      });
      const request = await this.queries.findOne(companyId, requestId);
      await this.events.emit(ErasureRequestUpdated, { companyId, key: requestId, data: request });
      return request;
    });
  }
}
