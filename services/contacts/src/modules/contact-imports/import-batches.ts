import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import type { ContactListItemSnapshot } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { ContactEvents } from '../contacts/contact-events.js';
import type { ContactEntity } from '../contacts/contact.entity.js';
import { ContactsRepository } from '../contacts/contacts.repository.js';
import { ContactListEvents } from '../contact-lists/contact-list-events.js';
import { CHECK_BATCH, NumberChecksService } from '../number-checks/number-checks.service.js';
import type { ParsedRow } from './import-rows.js';

type ValidRow = Extract<ParsedRow, { kind: 'valid' }>;

export interface BatchOutcome {
  readonly imported: number;
  readonly merged: number;
}

/** Rows with the same number in one batch become one (first name given wins, first e-mail given wins). */
export function mergeDuplicates(rows: readonly ValidRow[]): ValidRow[] {
  const byNumber = new Map<string, ValidRow>();
  for (const row of rows) {
    const seen = byNumber.get(row.number);
    if (!seen) byNumber.set(row.number, row);
    else {
      byNumber.set(row.number, {
        ...seen,
        name: seen.nameGiven ? seen.name : row.name,
        nameGiven: seen.nameGiven || row.nameGiven,
        email: seen.email || row.email,
      });
    }
  }
  return [...byNumber.values()];
}

interface ContactRow {
  id: number;
  company_id: number;
  name: string;
  number: string;
  email: string;
  profile_pic_url: string | null;
  is_group: boolean;
  lid: string | null;
  whatsapp_id: number | null;
  whatsapp_status: ContactEntity['whatsappStatus'];
  whatsapp_jid: string | null;
  created_at: Date;
  updated_at: Date;
  inserted: boolean;
}

const toEntity = (row: ContactRow): ContactEntity =>
  ({
    id: row.id,
    companyId: row.company_id,
    name: row.name,
    number: row.number,
    email: row.email,
    profilePicUrl: row.profile_pic_url,
    isGroup: row.is_group,
    lid: row.lid,
    whatsappId: row.whatsapp_id,
    whatsappStatus: row.whatsapp_status,
    whatsappJid: row.whatsapp_jid,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }) as ContactEntity;

/**
 * Writes one batch of valid rows, set-based (one statement per batch), with their events, in the caller's
 * transaction. Existing contacts/items are merged, never doubled: a contact keeps a name a person gave it
 * and its e-mail, and only fills what it lacked.
 */
@Injectable()
export class ImportBatches {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly contacts: ContactsRepository,
    private readonly contactEvents: ContactEvents,
    private readonly listEvents: ContactListEvents,
    private readonly checks: NumberChecksService,
  ) {}

  async intoContacts(companyId: CompanyId, rows: readonly ValidRow[]): Promise<BatchOutcome> {
    const unique = mergeDuplicates(rows);
    if (unique.length === 0) return { imported: 0, merged: rows.length };
    const written = await this.transactions.manager.query<ContactRow[]>(
      `INSERT INTO contacts AS c (company_id, name, number, email, name_locked, whatsapp_status)
       SELECT $1, t.name, t.number, t.email, t.locked, 'unknown'
       FROM unnest($2::text[], $3::text[], $4::text[], $5::boolean[]) AS t(name, number, email, locked)
       ON CONFLICT (company_id, number) WHERE number <> '' DO UPDATE SET
         name = CASE WHEN NOT c.name_locked AND EXCLUDED.name_locked THEN EXCLUDED.name ELSE c.name END,
         name_locked = c.name_locked OR EXCLUDED.name_locked,
         email = CASE WHEN c.email = '' THEN EXCLUDED.email ELSE c.email END,
         updated_at = now()
       WHERE (NOT c.name_locked AND EXCLUDED.name_locked AND c.name <> EXCLUDED.name)
          OR (c.email = '' AND EXCLUDED.email <> '')
       RETURNING c.*, (xmax = 0) AS inserted`,
      [
        companyId,
        unique.map((row) => row.name),
        unique.map((row) => row.number),
        unique.map((row) => row.email),
        unique.map((row) => row.nameGiven),
      ],
    );
    const created = written.filter((row) => row.inserted).map(toEntity);
    const updated = written.filter((row) => !row.inserted).map(toEntity);
    if (created.length > 0)
      await this.contactEvents.created(companyId, await this.contacts.snapshotsOf(companyId, created));
    if (updated.length > 0)
      await this.contactEvents.updated(companyId, await this.contacts.snapshotsOf(companyId, updated));
    return { imported: created.length, merged: rows.length - created.length };
  }

  async intoList(companyId: CompanyId, contactListId: number, rows: readonly ValidRow[]): Promise<BatchOutcome> {
    const unique = mergeDuplicates(rows);
    if (unique.length === 0) return { imported: 0, merged: rows.length };
    const manager = this.transactions.manager;
    const written = await manager.query<Array<ContactListItemSnapshot & { inserted: boolean }>>(
      `INSERT INTO contact_list_items AS i (company_id, contact_list_id, name, number, email)
       SELECT $1, $2, t.name, t.number, t.email FROM unnest($3::text[], $4::text[], $5::text[]) AS t(name, number, email)
       ON CONFLICT (company_id, contact_list_id, number) DO UPDATE SET
         email = CASE WHEN i.email = '' THEN EXCLUDED.email ELSE i.email END, updated_at = now()
       WHERE i.email = '' AND EXCLUDED.email <> ''
       RETURNING i.id, i.company_id AS "companyId", i.contact_list_id AS "contactListId", i.name, i.number, i.email,
                 i.is_whatsapp_valid AS "isWhatsappValid",
                 to_char(i.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
                 to_char(i.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", (xmax = 0) AS inserted`,
      [
        companyId,
        contactListId,
        unique.map((row) => row.name),
        unique.map((row) => row.number),
        unique.map((row) => row.email),
      ],
    );
    const created = written.filter((row) => row.inserted);
    for (let start = 0; start < created.length; start += CHECK_BATCH) {
      const chunk = created.slice(start, start + CHECK_BATCH);
      const commandId = await this.checks.request(
        companyId,
        'list-items',
        chunk.map((item) => item.number),
      );
      await manager.query(
        'UPDATE contact_list_items SET whatsapp_check_id = $3 WHERE company_id = $1 AND id = ANY($2::int[])',
        [companyId, chunk.map((item) => item.id), commandId],
      );
    }
    const strip = ({ inserted: _inserted, ...item }: ContactListItemSnapshot & { inserted: boolean }) => item;
    if (created.length > 0) await this.listEvents.items(companyId, created.map(strip), 'created');
    const updated = written.filter((row) => !row.inserted);
    if (updated.length > 0) await this.listEvents.items(companyId, updated.map(strip), 'updated');
    if (created.length > 0) await this.listEvents.listCountChanged(companyId, contactListId);
    return { imported: created.length, merged: rows.length - created.length };
  }
}
