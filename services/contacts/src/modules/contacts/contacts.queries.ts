import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { hasMorePages } from '@cs/proto/common';
import { type ListContactsQuery } from '@cs/proto/http';
import { mapRows, type SqlRow, TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { ContactEntity } from './contact.entity.js';
import { type ContactResponse, toContactResponse, toContactSnapshot } from './contacts.mapper.js';
import { ContactsRepository } from './contacts.repository.js';
import { normalizePhoneNumber, numberSpellings } from './phone-number.js';

/** Contacts per page of `GET /contacts/` (upstream: 30, ordered by name). */
export const CONTACTS_PAGE_SIZE = 30;
const EXPORT_BATCH = 1_000;

const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Reads of contacts, always scoped by company. */
@Injectable()
export class ContactsQueries {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly contacts: ContactsRepository,
  ) {}

  /** `GET /contacts` and `GET /contacts/`: name or number contains the search, 30 per page by name. */
  async list(
    companyId: CompanyId,
    query: ListContactsQuery,
  ): Promise<{ contacts: ContactResponse[]; count: number; hasMore: boolean }> {
    const builder = this.transactions.manager
      .createQueryBuilder(ContactEntity, 'contact')
      .where('contact.company_id = :companyId', { companyId });
    if (query.searchParam) {
      const digits = query.searchParam.replace(/\D/g, '');
      const canonical = normalizePhoneNumber(query.searchParam);
      const conditions = ["lower(contact.name) LIKE :name ESCAPE '\\'"];
      if (digits.length > 0) conditions.push("contact.number LIKE :digits ESCAPE '\\'");
      if (canonical) conditions.push('contact.number = :canonical');
      builder.andWhere(`(${conditions.join(' OR ')})`, {
        name: `%${escapeLike(query.searchParam)}%`,
        digits: `%${digits}%`,
        canonical,
      });
    }
    const offset = CONTACTS_PAGE_SIZE * (query.pageNumber - 1);
    const [rows, count] = await builder
      .orderBy('lower(contact.name)', 'ASC')
      .addOrderBy('contact.id', 'ASC')
      .offset(offset)
      .limit(CONTACTS_PAGE_SIZE)
      .getManyAndCount();
    const contacts = await this.responses(companyId, rows);
    return { contacts, count, hasMore: hasMorePages(count, offset, contacts.length) };
  }

  /** `GET /contacts/list`: every contact of the company by name (the pickers' plain list). */
  async simpleList(companyId: CompanyId, name?: string): Promise<ContactResponse[]> {
    const builder = this.transactions.manager
      .createQueryBuilder(ContactEntity, 'contact')
      .where('contact.company_id = :companyId', { companyId });
    if (name)
      builder.andWhere("lower(contact.name) LIKE :name ESCAPE '\\'", { name: `%${escapeLike(name.toLowerCase())}%` });
    const rows = await builder.orderBy('lower(contact.name)', 'ASC').addOrderBy('contact.id', 'ASC').getMany();
    return rows.map((contact) => toContactResponse(toContactSnapshot(contact), contact));
  }

  async findOne(companyId: CompanyId, id: number): Promise<ContactResponse> {
    const contact = await this.contacts.findById(companyId, id);
    if (!contact) throw new DomainError('ERR_NO_CONTACT_FOUND');
    const [response] = await this.responses(companyId, [contact]);
    return response as ContactResponse;
  }

  /**
   * `GET /contact`: the company's contact with this number (digits), as stored or in canonical form; a Brazilian
   * mobile also matches with or without its ninth digit. Never creates one: none is ERR_NO_CONTACT_FOUND.
   */
  async findByNumber(companyId: CompanyId, number: string): Promise<ContactEntity> {
    const candidates = numberSpellings(number);
    const rows = await this.transactions.manager
      .createQueryBuilder(ContactEntity, 'contact')
      .where('contact.company_id = :companyId', { companyId })
      .andWhere('contact.number IN (:...candidates)', { candidates })
      .getMany();
    const contact = candidates.map((candidate) => rows.find((row) => row.number === candidate)).find(Boolean);
    if (!contact) throw new DomainError('ERR_NO_CONTACT_FOUND');
    return contact;
  }

  /** Every contact of the company by name, in batches (keyset pagination), for the CSV export. */
  async *exportBatches(companyId: CompanyId): AsyncGenerator<Array<Pick<ContactEntity, 'name' | 'number' | 'email'>>> {
    let after: { name: string; id: number } | undefined;
    for (;;) {
      const found = await this.transactions.manager.query<SqlRow[]>(
        `SELECT id, name, lower(name) AS lname, number, email FROM contacts
         WHERE company_id = $1 ${after ? 'AND (lower(name), id) > ($3, $4)' : ''}
         ORDER BY lower(name), id LIMIT $2`,
        after ? [companyId, EXPORT_BATCH, after.name, after.id] : [companyId, EXPORT_BATCH],
      );
      const rows = mapRows(found, (r) => ({
        id: r.int('id'),
        lname: r.string('lname'),
        name: r.string('name'),
        number: r.string('number'),
        email: r.string('email'),
      }));
      const last = rows.at(-1);
      if (!last) return;
      yield rows.map(({ name, number, email }) => ({ name, number, email }));
      after = { name: last.lname, id: last.id };
      if (rows.length < EXPORT_BATCH) return;
    }
  }

  private async responses(companyId: CompanyId, rows: readonly ContactEntity[]): Promise<ContactResponse[]> {
    const snapshots = await this.contacts.snapshotsOf(companyId, rows);
    return snapshots.map((snapshot, index) => toContactResponse(snapshot, rows[index] as ContactEntity));
  }
}
