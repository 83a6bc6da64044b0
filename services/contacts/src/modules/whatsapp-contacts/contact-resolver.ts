import { Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import type { CompanyId } from '@cs/proto/common';
import { FetchProfilePicture, type ContactSnapshot, type Party } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';
import { ContactEntity } from '../contacts/contact.entity.js';
import { ContactEvents } from '../contacts/contact-events.js';
import { ContactsRepository } from '../contacts/contacts.repository.js';
import { groupIdOf, normalizePhoneNumber } from '../contacts/phone-number.js';

/** A contact's picture is asked of the connector again after this long (on the next message). */
const PICTURE_REFRESH_MS = 24 * 60 * 60 * 1000;

export interface WhatsappFacts {
  readonly connectionId: number;
  /** The name WhatsApp gave (push name, address-book name, group subject); null when none. */
  readonly name: string | null;
  /** A picture URL when WhatsApp told one (contact upserts); undefined when the event carries none. */
  readonly profilePicUrl?: string | null;
}

/** How a party is looked up: its canonical number ('' when none) and its LID. */
export function keysOf(party: Party): { number: string; lid: string | null } {
  return {
    number: party.number ? (normalizePhoneNumber(party.number) ?? party.number) : '',
    lid: party.lid ?? (party.jid.endsWith('@lid') ? party.jid : null),
  };
}

/**
 * Whether `person` would leave an existing contact, found by the party's number and holding its LID if it has one,
 * as it is (the same rules, in the same order).
 */
function writesNothing(existing: ContactEntity, party: Party, facts: WhatsappFacts): boolean {
  const name = facts.name?.trim();
  const pnJid = party.jid.endsWith('@s.whatsapp.net') ? party.jid : null;
  const lastPicture = existing.pictureRequestedAt ? new Date(existing.pictureRequestedAt).getTime() : 0;
  return (
    !(name && !existing.nameLocked && existing.name !== name.slice(0, 255)) &&
    (facts.profilePicUrl === undefined || existing.profilePicUrl === facts.profilePicUrl) &&
    existing.whatsappStatus === 'valid' &&
    (pnJid === null || existing.whatsappJid === pnJid) &&
    existing.whatsappId === facts.connectionId &&
    (facts.profilePicUrl !== undefined || Date.now() - lastPicture < PICTURE_REFRESH_MS)
  );
}

const lockKey = (companyId: CompanyId, kind: string, value: string): string => `contacts:${companyId}:${kind}:${value}`;

/**
 * Finds or creates the contact of a WhatsApp party in the current transaction, by canonical number (so the
 * ninth-digit spellings are one contact) or by LID, and keeps the LID mapped to the contact. New contacts get
 * WhatsApp's name; existing ones get their picture refreshed and their name only if no person ever set it.
 * Concurrent resolutions of the same number/LID are serialised by transaction-scoped advisory locks.
 */
@Injectable()
export class ContactResolver {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly contacts: ContactsRepository,
    private readonly contactEvents: ContactEvents,
    private readonly events: EventPublisher,
  ) {}

  /**
   * The usual case of a batch of inbound messages, in one lookup: for each party, the snapshot of its existing
   * contact when resolving it (`person`) would write nothing: found by its number, its LID (if any) already that
   * contact's, nothing WhatsApp told differing, the same connection, the picture asked recently. Null where
   * `person` has work to do (a new contact, a LID to map or merge, a name or status to update, a picture to ask).
   * Reads only: no lock is taken (what it reads is committed, and a contact changed meanwhile is announced by its
   * own update event after this one).
   */
  async unchangedPeople(
    companyId: CompanyId,
    requests: ReadonlyArray<{ readonly party: Party; readonly facts: WhatsappFacts }>,
  ): Promise<Array<ContactSnapshot | null>> {
    const keyed = requests.map(({ party, facts }) => ({ ...keysOf(party), party, facts }));
    const numbers = [...new Set(keyed.map((request) => request.number).filter(Boolean))];
    if (numbers.length === 0) return requests.map(() => null);
    const lids = [...new Set(keyed.flatMap((request) => (request.lid ? [request.lid] : [])))];
    const found = await this.contacts.findByNumbersOrLids(companyId, numbers, lids);
    const byNumber = new Map(found.filter((contact) => contact.number).map((contact) => [contact.number, contact]));
    const byLid = new Map(found.flatMap((contact) => (contact.lid ? [[contact.lid, contact] as const] : [])));
    const unchanged = keyed.map((request) => {
      const existing = request.number ? byNumber.get(request.number) : undefined;
      if (!existing) return null;
      if (request.lid && byLid.get(request.lid)?.id !== existing.id) return null;
      return writesNothing(existing, request.party, request.facts) ? existing : null;
    });
    const distinct = [...new Set(unchanged.filter((contact): contact is ContactEntity => contact !== null))];
    const snapshots = new Map(
      (await this.contacts.snapshotsOf(companyId, distinct)).map((snapshot) => [snapshot.id, snapshot]),
    );
    return unchanged.map((contact) => (contact ? (snapshots.get(contact.id) ?? null) : null));
  }

  async person(
    companyId: CompanyId,
    party: Party,
    facts: WhatsappFacts,
    causationId?: string,
  ): Promise<ContactSnapshot> {
    const { number, lid } = keysOf(party);
    await this.lock(
      companyId,
      ...(number ? [['number', number] as const] : []),
      ...(lid ? [['lid', lid] as const] : []),
    );
    const { byNumber, byLid } = await this.contacts.findByNumberOrLid(companyId, number, lid);
    const pnJid = party.jid.endsWith('@s.whatsapp.net') ? party.jid : null;

    if (byNumber && byLid && byNumber.id !== byLid.id) {
      // The LID was first seen without a number: the number's contact takes the LID over.
      byLid.lid = null;
      byLid.updatedAt = new Date();
      await this.transactions.manager.save(byLid);
      await this.contactEvents.updated(companyId, [await this.contacts.snapshotOf(companyId, byLid)], causationId);
    }
    const existing = byNumber ?? byLid;
    if (!existing) {
      const contact = this.transactions.manager.create(ContactEntity, {
        companyId,
        name: (facts.name?.trim() || number || lid || party.jid).slice(0, 255),
        number,
        email: '',
        profilePicUrl: facts.profilePicUrl ?? null,
        isGroup: false,
        lid,
        whatsappId: facts.connectionId,
        whatsappStatus: 'valid',
        whatsappJid: pnJid,
        whatsappCheckId: null,
        nameLocked: false,
        pictureRequestedAt: null,
      });
      await this.refreshPicture(companyId, contact, party.jid, facts);
      await this.transactions.manager.save(contact);
      const snapshot = await this.contacts.snapshotOf(companyId, contact);
      await this.contactEvents.created(companyId, [snapshot], causationId);
      return snapshot;
    }
    let changed = false;
    const set = <K extends keyof ContactEntity>(key: K, value: ContactEntity[K]): void => {
      if (existing[key] !== value) {
        existing[key] = value;
        changed = true;
      }
    };
    if (number && !existing.number) set('number', number);
    if (lid && !existing.lid) set('lid', lid);
    if (facts.name?.trim() && !existing.nameLocked) set('name', facts.name.trim().slice(0, 255));
    if (facts.profilePicUrl !== undefined) set('profilePicUrl', facts.profilePicUrl);
    set('whatsappStatus', 'valid');
    if (pnJid) set('whatsappJid', pnJid);
    const silent =
      existing.whatsappId !== facts.connectionId || (await this.refreshPicture(companyId, existing, party.jid, facts));
    existing.whatsappId = facts.connectionId;
    if (changed) existing.updatedAt = new Date();
    if (changed || silent) await this.transactions.manager.save(existing);
    const snapshot = await this.contacts.snapshotOf(companyId, existing);
    if (changed) await this.contactEvents.updated(companyId, [snapshot], causationId);
    return snapshot;
  }

  async group(
    companyId: CompanyId,
    chatJid: string,
    facts: WhatsappFacts,
    causationId?: string,
  ): Promise<ContactSnapshot> {
    const number = groupIdOf(chatJid);
    await this.lock(companyId, ['number', number]);
    const existing = await this.contacts.findByNumber(companyId, number);
    if (!existing) {
      const contact = this.transactions.manager.create(ContactEntity, {
        companyId,
        name: (facts.name?.trim() || number).slice(0, 255),
        number,
        email: '',
        profilePicUrl: facts.profilePicUrl ?? null,
        isGroup: true,
        lid: null,
        whatsappId: facts.connectionId,
        whatsappStatus: 'valid',
        whatsappJid: chatJid,
        whatsappCheckId: null,
        nameLocked: false,
        pictureRequestedAt: null,
      });
      await this.refreshPicture(companyId, contact, chatJid, facts);
      await this.transactions.manager.save(contact);
      const snapshot = await this.contacts.snapshotOf(companyId, contact);
      await this.contactEvents.created(companyId, [snapshot], causationId);
      return snapshot;
    }
    let changed = false;
    if (facts.name?.trim() && !existing.nameLocked && existing.name !== facts.name.trim()) {
      existing.name = facts.name.trim().slice(0, 255);
      changed = true;
    }
    if (facts.profilePicUrl !== undefined && existing.profilePicUrl !== facts.profilePicUrl) {
      existing.profilePicUrl = facts.profilePicUrl;
      changed = true;
    }
    const silent = await this.refreshPicture(companyId, existing, chatJid, facts);
    if (changed) existing.updatedAt = new Date();
    if (changed || silent) await this.transactions.manager.save(existing);
    const snapshot = await this.contacts.snapshotOf(companyId, existing);
    if (changed) await this.contactEvents.updated(companyId, [snapshot], causationId);
    return snapshot;
  }

  /**
   * Asks the connector for the picture (`whatsapp.profile-picture.fetch`, answered by a contact upsert) when
   * the event did not carry one and it was not asked recently. Returns whether the contact row changed.
   */
  private async refreshPicture(
    companyId: CompanyId,
    contact: ContactEntity,
    jid: string,
    facts: WhatsappFacts,
  ): Promise<boolean> {
    if (facts.profilePicUrl !== undefined) return false;
    const last = contact.pictureRequestedAt ? new Date(contact.pictureRequestedAt).getTime() : 0;
    if (Date.now() - last < PICTURE_REFRESH_MS) return false;
    contact.pictureRequestedAt = new Date();
    await this.events.emit(FetchProfilePicture, {
      companyId,
      key: companyId,
      data: { commandId: uuidv7(), connectionId: facts.connectionId, jid },
    });
    return true;
  }

  /** Takes the locks in the order given, in one statement. */
  private async lock(companyId: CompanyId, ...keys: ReadonlyArray<readonly [kind: string, value: string]>) {
    if (keys.length === 0) return;
    await this.transactions.manager.query(
      `SELECT ${keys.map((_, index) => `pg_advisory_xact_lock(hashtext($${index + 1}))`).join(', ')}`,
      keys.map(([kind, value]) => lockKey(companyId, kind, value)),
    );
  }
}
