/**
 * In-memory stand-ins for the contacts use-cases' ports in unit specs: an entity manager over arrays (the
 * entities the use-cases load and save, `(company_id, number)` unique as in the tables), the repository's
 * reads, the number-check service with scripted answers, and event writers that record what they were given.
 */
import type { ContactListItemSnapshot, ContactSnapshot } from '@cs/proto/events';
import type { TransactionHost } from '@cs/platform/database';
import type { EventPublisher } from '@cs/platform/events';
import type { ContactsRepository } from '../../src/modules/contacts/contacts.repository.js';
import type { ContactEvents } from '../../src/modules/contacts/contact-events.js';
import { ContactEntity } from '../../src/modules/contacts/contact.entity.js';
import { toContactSnapshot } from '../../src/modules/contacts/contacts.mapper.js';
import type { ContactListEvents } from '../../src/modules/contact-lists/contact-list-events.js';
import { ContactListEntity } from '../../src/modules/contact-lists/contact-list.entity.js';
import { ContactListItemEntity } from '../../src/modules/contact-lists/contact-list-item.entity.js';
import { ContactImportEntity } from '../../src/modules/contact-imports/contact-import.entity.js';
import type {
  CheckPurpose,
  NumberCheckAnswer,
  NumberChecksService,
} from '../../src/modules/number-checks/number-checks.service.js';

type Stored = ContactEntity | ContactListEntity | ContactListItemEntity | ContactImportEntity;
type EntityClass = new () => Stored;

/** What an event writer was asked to publish, in order. */
export interface Emitted {
  readonly type: string;
  readonly companyId: number;
  readonly data: unknown;
}

const UNIQUE_NUMBER: Partial<Record<string, readonly string[]>> = {
  ContactEntity: ['companyId', 'number'],
  ContactListItemEntity: ['companyId', 'contactListId', 'number'],
};

const matches = (row: object, where: object): boolean =>
  Object.entries(where).every(([key, value]) => (row as Record<string, unknown>)[key] === value);

export class InMemoryContacts {
  readonly tables = new Map<EntityClass, Stored[]>([
    [ContactEntity, []],
    [ContactListEntity, []],
    [ContactListItemEntity, []],
    [ContactImportEntity, []],
  ]);
  readonly emitted: Emitted[] = [];
  /** Number checks asked of the connector (the command id is `check-<n>`). */
  readonly checkRequests: Array<{ companyId: number; purpose: CheckPurpose; numbers: readonly string[] }> = [];
  /** The connector's answer to the next check (null: it does not answer within the wait). */
  answer: NumberCheckAnswer | null = null;
  /** Checks asked and not yet answered, by command id (an answer is recorded once). */
  readonly pendingChecks = new Map<string, CheckPurpose>();
  /** Saves fail with PostgreSQL's unique violation (another request wrote the same number first). */
  raceOnSave = false;
  private nextId = 1;

  private table<T extends Stored>(type: new () => T): T[] {
    const rows = this.tables.get(type);
    if (!rows) throw new Error(`InMemoryContacts keeps no ${type.name}`);
    return rows as T[];
  }

  readonly manager = {
    create: <T extends Stored>(type: new () => T, values: Partial<T>): T => Object.assign(new type(), values),
    findOne: <T extends Stored>(type: new () => T, options: { where: Partial<T> }): Promise<T | null> =>
      Promise.resolve(this.table(type).find((row) => matches(row, options.where)) ?? null),
    find: <T extends Stored>(type: new () => T, options: { where: Partial<T> }): Promise<T[]> =>
      Promise.resolve(this.table(type).filter((row) => matches(row, options.where))),
    insert: <T extends Stored>(type: new () => T, values: Partial<T>): Promise<void> =>
      this.manager.save(this.manager.create(type, values)).then(() => undefined),
    delete: <T extends Stored>(type: new () => T, where: Partial<T>): Promise<{ affected: number }> => {
      const rows = this.table(type);
      const kept = rows.filter((row) => !matches(row, where));
      const affected = rows.length - kept.length;
      rows.splice(0, rows.length, ...kept);
      return Promise.resolve({ affected });
    },
    findOneByOrFail: <T extends Stored>(type: new () => T, where: Partial<T>): Promise<T> => {
      const found = this.table(type).find((row) => matches(row, where));
      return found ? Promise.resolve(found) : Promise.reject(new Error(`no ${type.name} found`));
    },
    save: <T extends Stored>(entity: T): Promise<T> => {
      const rows = this.table(entity.constructor as new () => T);
      const unique = UNIQUE_NUMBER[entity.constructor.name];
      const clash =
        unique &&
        rows.some((row) => row !== entity && unique.every((key) => (row as never)[key] === (entity as never)[key]));
      if (this.raceOnSave || clash) return Promise.reject(Object.assign(new Error('duplicate key'), { code: '23505' }));
      const now = new Date('2026-03-01T12:00:00.000Z');
      const stored = entity as { id?: number | string; createdAt?: Date; updatedAt?: Date };
      stored.id ??= this.nextId++;
      stored.createdAt ??= now;
      stored.updatedAt ??= now;
      if (!rows.includes(entity)) rows.push(entity);
      return Promise.resolve(entity);
    },
  };

  /** The transaction host: a unit of work runs against the same tables. */
  readonly transactions = {
    manager: this.manager,
    run: <T>(work: (manager: InMemoryContacts['manager']) => Promise<T>): Promise<T> => work(this.manager),
  } as unknown as TransactionHost;

  readonly contacts = {
    findByNumber: (companyId: number, number: string) =>
      Promise.resolve(this.table(ContactEntity).find((row) => row.companyId === companyId && row.number === number)),
    snapshotOf: (_companyId: number, contact: ContactEntity) => Promise.resolve(toContactSnapshot(contact)),
    snapshotsOf: (_companyId: number, contacts: readonly ContactEntity[]) =>
      Promise.resolve(contacts.map((contact) => toContactSnapshot(contact))),
    replaceExtraInfo: () => Promise.resolve(),
  } as unknown as ContactsRepository;

  readonly checks = {
    request: (companyId: number, purpose: CheckPurpose, numbers: readonly string[]) => {
      this.checkRequests.push({ companyId, purpose, numbers });
      return Promise.resolve(`check-${this.checkRequests.length}`);
    },
    waitForAnswer: () => Promise.resolve(this.answer),
    answerOf: () => Promise.resolve(this.answer),
    recordAnswer: (_companyId: number, commandId: string) => {
      const purpose = this.pendingChecks.get(commandId) ?? null;
      this.pendingChecks.delete(commandId);
      return Promise.resolve(purpose);
    },
  } as unknown as NumberChecksService;

  readonly contactEvents = {
    created: (companyId: number, snapshots: readonly ContactSnapshot[]) =>
      this.record('contact.created', companyId, snapshots),
    updated: (companyId: number, snapshots: readonly ContactSnapshot[]) =>
      this.record('contact.updated', companyId, snapshots),
    deleted: (companyId: number, id: number) => this.record('contact.deleted', companyId, id),
  } as unknown as ContactEvents;

  readonly listEvents = {
    list: (companyId: number, list: ContactListEntity, kind: 'created' | 'updated') => {
      const count = this.table(ContactListItemEntity).filter((item) => item.contactListId === list.id).length;
      return this.record(`list.${kind}`, companyId, { id: list.id, name: list.name, count }).then(() => count);
    },
    items: (companyId: number, items: readonly ContactListItemSnapshot[], kind: 'created' | 'updated') =>
      this.record(`list-item.${kind}`, companyId, items),
    listCountChanged: (companyId: number, contactListId: number) =>
      this.record('list.count-changed', companyId, contactListId),
    listDeleted: (companyId: number, id: number) => this.record('list.deleted', companyId, id),
    itemDeleted: (companyId: number, id: number, contactListId: number) =>
      this.record('list-item.deleted', companyId, { id, contactListId }),
  } as unknown as ContactListEvents;

  readonly events = {
    emit: (definition: { type: string }, input: { companyId: number; data: unknown }) =>
      this.record(definition.type, input.companyId, input.data),
  } as unknown as EventPublisher;

  contact(values: Partial<ContactEntity> & Pick<ContactEntity, 'companyId' | 'number'>): ContactEntity {
    const contact = Object.assign(new ContactEntity(), {
      id: this.nextId++,
      name: 'Ana',
      email: '',
      profilePicUrl: null,
      isGroup: false,
      lid: null,
      whatsappId: null,
      whatsappStatus: 'valid',
      whatsappJid: null,
      whatsappCheckId: null,
      nameLocked: false,
      pictureRequestedAt: null,
      createdAt: new Date('2026-01-01T00:00:00.000Z'),
      updatedAt: new Date('2026-01-01T00:00:00.000Z'),
      ...values,
    });
    this.table(ContactEntity).push(contact);
    return contact;
  }

  list(values: Pick<ContactListEntity, 'companyId'> & Partial<ContactListEntity>): ContactListEntity {
    const list = Object.assign(new ContactListEntity(), { id: this.nextId++, name: 'Clientes', ...values });
    this.table(ContactListEntity).push(list);
    return list;
  }

  item(
    values: Pick<ContactListItemEntity, 'companyId' | 'contactListId' | 'number'> & Partial<ContactListItemEntity>,
  ): ContactListItemEntity {
    const item = Object.assign(new ContactListItemEntity(), {
      id: this.nextId++,
      name: 'Ana',
      email: '',
      isWhatsappValid: true,
      whatsappJid: null,
      whatsappCheckId: null,
      createdAt: new Date('2026-01-01T00:00:00.000Z'),
      updatedAt: new Date('2026-01-01T00:00:00.000Z'),
      ...values,
    });
    this.table(ContactListItemEntity).push(item);
    return item;
  }

  import(values: Pick<ContactImportEntity, 'id' | 'companyId'> & Partial<ContactImportEntity>): ContactImportEntity {
    const record = Object.assign(new ContactImportEntity(), {
      target: 'contacts',
      contactListId: null,
      source: 'phone',
      fileName: null,
      fileFormat: null,
      status: 'running',
      total: 0,
      processed: 0,
      imported: 0,
      merged: 0,
      invalid: 0,
      invalidRows: [],
      error: null,
      createdBy: 1,
      createdAt: new Date('2026-01-01T00:00:00.000Z'),
      finishedAt: null,
      ...values,
    });
    this.table(ContactImportEntity).push(record);
    return record;
  }

  rows<T extends Stored>(type: new () => T): readonly T[] {
    return this.table(type);
  }

  private record(type: string, companyId: number, data: unknown): Promise<void> {
    this.emitted.push({ type, companyId, data });
    return Promise.resolve();
  }
}
