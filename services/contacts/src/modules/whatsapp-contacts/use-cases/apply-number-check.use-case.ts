import type { EventOf } from '@cs/proto/common';
import { Injectable } from '@nestjs/common';
import { asCompanyId, type CompanyId } from '@cs/proto/common';
import type { NumberChecked } from '@cs/proto/events';
import { mapRows, returningRows, type SqlRow, TransactionHost } from '@cs/platform/database';
import { ContactEntity } from '../../contacts/contact.entity.js';
import { ContactEvents } from '../../contacts/contact-events.js';
import { ContactsRepository } from '../../contacts/contacts.repository.js';
import { ContactListEvents } from '../../contact-lists/contact-list-events.js';
import { CONTACT_LIST_ITEM_COLUMNS, readContactListItem } from '../../contact-lists/contact-list-item.rows.js';
import { NumberChecksService, type NumberCheckResult } from '../../number-checks/number-checks.service.js';

/**
 * `whatsapp.number.checked`: records the connector's answer (a waiting `POST /contacts` sees it) and fills the
 * WhatsApp validity of the contacts and list items that asked (`whatsappStatus`, `isWhatsappValid`), with
 * their update events so pages show it live.
 */
@Injectable()
export class ApplyNumberCheckUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly checks: NumberChecksService,
    private readonly contacts: ContactsRepository,
    private readonly contactEvents: ContactEvents,
    private readonly listEvents: ContactListEvents,
  ) {}

  async execute(event: EventOf<typeof NumberChecked>): Promise<void> {
    const companyId = asCompanyId(event.companyId);
    const { commandId, results, error } = event.data;
    await this.transactions.run(async () => {
      const purpose = await this.checks.recordAnswer(companyId, commandId, { results, error });
      if (!purpose) return;
      if (purpose === 'list-items') await this.applyToItems(companyId, commandId, results, error);
      else await this.applyToContacts(companyId, commandId, results, error);
    });
  }

  private async applyToContacts(
    companyId: CompanyId,
    commandId: string,
    results: readonly NumberCheckResult[],
    error: string | null,
  ): Promise<void> {
    const manager = this.transactions.manager;
    const asked = await manager.find(ContactEntity, { where: { companyId, whatsappCheckId: commandId } });
    const changed: ContactEntity[] = [];
    for (const contact of asked) {
      const result = results.find((entry) => entry.number === contact.number);
      const status = error || !result ? 'unknown' : result.exists ? 'valid' : 'invalid';
      const jid = result?.exists ? result.jid : null;
      if (contact.whatsappStatus === status && contact.whatsappJid === jid) continue;
      contact.whatsappStatus = status;
      contact.whatsappJid = jid;
      contact.updatedAt = new Date();
      await manager.save(contact);
      changed.push(contact);
    }
    if (changed.length > 0)
      await this.contactEvents.updated(companyId, await this.contacts.snapshotsOf(companyId, changed));
  }

  private async applyToItems(
    companyId: CompanyId,
    commandId: string,
    results: readonly NumberCheckResult[],
    error: string | null,
  ): Promise<void> {
    if (error) return;
    const rows = await returningRows<SqlRow>(
      this.transactions.manager,
      `UPDATE contact_list_items AS i SET is_whatsapp_valid = r.exists, whatsapp_jid = r.jid, updated_at = now()
       FROM unnest($3::text[], $4::boolean[], $5::text[]) AS r(number, exists, jid)
       WHERE i.company_id = $1 AND i.whatsapp_check_id = $2 AND i.number = r.number
       RETURNING ${CONTACT_LIST_ITEM_COLUMNS}`,
      [
        companyId,
        commandId,
        results.map((entry) => entry.number),
        results.map((entry) => entry.exists),
        results.map((entry) => entry.jid),
      ],
    );
    const updated = mapRows(rows, readContactListItem);
    if (updated.length > 0) await this.listEvents.items(companyId, updated, 'updated');
  }
}
