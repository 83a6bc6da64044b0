import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { RowReader, type SqlRow, TransactionHost } from '@cs/platform/database';
import { ContactEvents } from '../contacts/contact-events.js';
import { readContactEntity } from '../contacts/contact.rows.js';
import { ContactsRepository } from '../contacts/contacts.repository.js';
import { ContactListEvents } from '../contact-lists/contact-list-events.js';
import { CONTACT_LIST_ITEM_COLUMNS, readContactListItem } from '../contact-lists/contact-list-item.rows.js';
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

/** The rows a batch's `RETURNING ..., (xmax = 0) AS inserted` wrote, split into the inserted and the merged. */
function splitWritten<T>(rows: readonly SqlRow[], read: (row: RowReader) => T): { created: T[]; updated: T[] } {
  const created: T[] = [];
  const updated: T[] = [];
  const reader = new RowReader({});
  for (const row of rows) {
    reader.next(row);
    (reader.boolean('inserted') ? created : updated).push(read(reader));
  }
  return { created, updated };
}

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
    const written = await this.transactions.manager.query<SqlRow[]>(
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
    const { created, updated } = splitWritten(written, readContactEntity);
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
    const written = await manager.query<SqlRow[]>(
      `INSERT INTO contact_list_items AS i (company_id, contact_list_id, name, number, email)
       SELECT $1, $2, t.name, t.number, t.email FROM unnest($3::text[], $4::text[], $5::text[]) AS t(name, number, email)
       ON CONFLICT (company_id, contact_list_id, number) DO UPDATE SET
         email = CASE WHEN i.email = '' THEN EXCLUDED.email ELSE i.email END, updated_at = now()
       WHERE i.email = '' AND EXCLUDED.email <> ''
       RETURNING ${CONTACT_LIST_ITEM_COLUMNS}, (xmax = 0) AS inserted`,
      [
        companyId,
        contactListId,
        unique.map((row) => row.name),
        unique.map((row) => row.number),
        unique.map((row) => row.email),
      ],
    );
    const { created, updated } = splitWritten(written, readContactListItem);
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
    if (created.length > 0) await this.listEvents.items(companyId, created, 'created');
    if (updated.length > 0) await this.listEvents.items(companyId, updated, 'updated');
    if (created.length > 0) await this.listEvents.listCountChanged(companyId, contactListId);
    return { imported: created.length, merged: rows.length - created.length };
  }
}
