import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import type { CompanyId } from '@cs/proto/common';
import type { ContactSnapshot } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { ContactEntity } from './contact.entity.js';
import { ContactExtraInfoEntity } from './contact-extra-info.entity.js';
import { toContactSnapshot } from './contacts.mapper.js';

export const UNIQUE_VIOLATION = '23505';
export const isUniqueViolation = (error: unknown): boolean =>
  (error as { driverError?: { code?: string }; code?: string })?.driverError?.code === UNIQUE_VIOLATION ||
  (error as { code?: string })?.code === UNIQUE_VIOLATION;

/** Company-scoped access to contacts; joins the current transaction when there is one. */
@Injectable()
export class ContactsRepository {
  constructor(private readonly transactions: TransactionHost) {}

  private get manager() {
    return this.transactions.manager;
  }

  findById(companyId: CompanyId, id: number): Promise<ContactEntity | null> {
    return this.manager.findOne(ContactEntity, { where: { companyId, id } });
  }

  findByNumber(companyId: CompanyId, number: string): Promise<ContactEntity | null> {
    if (!number) return Promise.resolve(null);
    return this.manager.findOne(ContactEntity, { where: { companyId, number } });
  }

  findByLid(companyId: CompanyId, lid: string): Promise<ContactEntity | null> {
    return this.manager.findOne(ContactEntity, { where: { companyId, lid } });
  }

  /** `findByNumber` and `findByLid` in one query (an empty number or a null LID finds nothing). */
  async findByNumberOrLid(
    companyId: CompanyId,
    number: string,
    lid: string | null,
  ): Promise<{ byNumber: ContactEntity | null; byLid: ContactEntity | null }> {
    const where = [...(number ? [{ companyId, number }] : []), ...(lid ? [{ companyId, lid }] : [])];
    if (where.length === 0) return { byNumber: null, byLid: null };
    const found = await this.manager.find(ContactEntity, { where });
    return {
      byNumber: (number && found.find((contact) => contact.number === number)) || null,
      byLid: (lid && found.find((contact) => contact.lid === lid)) || null,
    };
  }

  /**
   * The contacts having any of these numbers or LIDs, with their extra info, in one query (a batch of inbound
   * messages' parties): `snapshotsOf` then needs no second read.
   */
  findByNumbersOrLids(
    companyId: CompanyId,
    numbers: readonly string[],
    lids: readonly string[],
  ): Promise<ContactEntity[]> {
    const where = [
      ...(numbers.length > 0 ? [{ companyId, number: In([...numbers]) }] : []),
      ...(lids.length > 0 ? [{ companyId, lid: In([...lids]) }] : []),
    ];
    if (where.length === 0) return Promise.resolve([]);
    return this.manager.find(ContactEntity, {
      where,
      relations: { extraInfo: true },
      order: { id: 'ASC', extraInfo: { id: 'ASC' } },
    });
  }

  findByIds(companyId: CompanyId, ids: readonly number[]): Promise<ContactEntity[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.manager.find(ContactEntity, { where: { companyId, id: In([...ids]) } });
  }

  async extraInfoOf(
    companyId: CompanyId,
    contactIds: readonly number[],
  ): Promise<Map<number, ContactExtraInfoEntity[]>> {
    const byContact = new Map<number, ContactExtraInfoEntity[]>();
    if (contactIds.length === 0) return byContact;
    const rows = await this.manager.find(ContactExtraInfoEntity, {
      where: { companyId, contactId: In([...contactIds]) },
      order: { id: 'ASC' },
    });
    for (const row of rows) byContact.set(row.contactId, [...(byContact.get(row.contactId) ?? []), row]);
    return byContact;
  }

  /**
   * Snapshots of contacts, with their extra info, in the order given. The extra info of contacts read with it
   * (`findByNumbersOrLids`) is used as read; the others' is read in one query.
   */
  async snapshotsOf(companyId: CompanyId, contacts: readonly ContactEntity[]): Promise<ContactSnapshot[]> {
    const extra = await this.extraInfoOf(
      companyId,
      contacts.filter((contact) => contact.extraInfo === undefined).map((contact) => contact.id),
    );
    return contacts.map((contact) => toContactSnapshot(contact, contact.extraInfo ?? extra.get(contact.id) ?? []));
  }

  async snapshotOf(companyId: CompanyId, contact: ContactEntity): Promise<ContactSnapshot> {
    const [snapshot] = await this.snapshotsOf(companyId, [contact]);
    return snapshot as ContactSnapshot;
  }

  /** Replaces a contact's extra info with the given list, keeping the ids of entries sent back with their id. */
  async replaceExtraInfo(
    companyId: CompanyId,
    contactId: number,
    entries: ReadonlyArray<{ id?: number | undefined; name: string; value: string }>,
  ): Promise<void> {
    const existing = await this.manager.find(ContactExtraInfoEntity, { where: { companyId, contactId } });
    const keep = new Set<number>();
    for (const entry of entries) {
      const current = entry.id === undefined ? undefined : existing.find((row) => row.id === entry.id);
      if (current) {
        keep.add(current.id);
        if (current.name !== entry.name || current.value !== entry.value) {
          await this.manager.update(
            ContactExtraInfoEntity,
            { companyId, id: current.id },
            {
              name: entry.name,
              value: entry.value,
            },
          );
        }
      } else {
        await this.manager.insert(ContactExtraInfoEntity, {
          companyId,
          contactId,
          name: entry.name,
          value: entry.value,
        });
      }
    }
    const removed = existing.filter((row) => !keep.has(row.id)).map((row) => row.id);
    if (removed.length > 0) await this.manager.delete(ContactExtraInfoEntity, { companyId, id: In(removed) });
  }
}
