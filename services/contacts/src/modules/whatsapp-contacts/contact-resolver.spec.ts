import { asCompanyId } from '@cs/proto/common';
import type { ContactSnapshot, Party } from '@cs/proto/events';
import type { TransactionHost } from '@cs/platform/database';
import type { EventPublisher } from '@cs/platform/events';
import type { ContactEvents } from '../contacts/contact-events.js';
import type { ContactEntity } from '../contacts/contact.entity.js';
import type { ContactsRepository } from '../contacts/contacts.repository.js';
import { ContactResolver } from './contact-resolver.js';

const COMPANY = asCompanyId(5);

/** The contacts table, the repository and the publishers of the resolver, in memory. */
function setup() {
  const contacts: ContactEntity[] = [];
  const published: Array<{
    kind: 'created' | 'updated';
    id: number;
    name: string;
    number: string;
    lid: string | null;
  }> = [];
  const pictureRequests: string[] = [];
  let nextId = 1;
  const snapshot = (contact: ContactEntity) => ({ ...contact }) as unknown as ContactSnapshot;
  const manager = {
    query: () => Promise.resolve([]),
    create: (_: unknown, fields: Partial<ContactEntity>) => ({ ...fields }) as ContactEntity,
    save: (contact: ContactEntity) => {
      if (contact.id === undefined) {
        contact.id = nextId++;
        contacts.push(contact);
      }
      return Promise.resolve(contact);
    },
  };
  const repository = {
    findByNumberOrLid: (_: unknown, number: string, lid: string | null) =>
      Promise.resolve({
        byNumber: (number && contacts.find((contact) => contact.number === number)) || null,
        byLid: (lid && contacts.find((contact) => contact.lid === lid)) || null,
      }),
    snapshotOf: (_: unknown, contact: ContactEntity) => Promise.resolve(snapshot(contact)),
  };
  const record =
    (kind: 'created' | 'updated') =>
    (_: unknown, snapshots: readonly ContactSnapshot[]): Promise<void> => {
      for (const s of snapshots) {
        const contact = s as unknown as ContactEntity;
        published.push({ kind, id: contact.id, name: contact.name, number: contact.number, lid: contact.lid });
      }
      return Promise.resolve();
    };
  const resolver = new ContactResolver(
    { manager } as unknown as TransactionHost,
    repository as unknown as ContactsRepository,
    { created: record('created'), updated: record('updated') } as unknown as ContactEvents,
    {
      emit: (_: unknown, input: { data: { jid: string } }) => (pictureRequests.push(input.data.jid), Promise.resolve()),
    } as unknown as EventPublisher,
  );
  return { resolver, contacts, published, pictureRequests };
}

const pn = (number: string, pushName: string | null = null, lid: string | null = null): Party => ({
  jid: `${number}@s.whatsapp.net`,
  number,
  lid,
  pushName,
});
const lidOnly = (lid: string, pushName: string | null = null): Party => ({ jid: lid, number: null, lid, pushName });
const facts = (name: string | null, connectionId = 1) => ({ connectionId, name });

describe('contacts from WhatsApp', () => {
  it('are one contact for both spellings of a Brazilian mobile’s ninth digit', async () => {
    const { resolver, contacts } = setup();
    const first = await resolver.person(COMPANY, pn('5521998765432'), facts('Ana'));
    const second = await resolver.person(COMPANY, pn('552198765432'), facts('Ana'));
    expect(second.id).toBe(first.id);
    expect(contacts.map((contact) => contact.number)).toEqual(['5521998765432']);
  });

  it('merge a contact first known by its LID into the number’s contact once both are seen together', async () => {
    const { resolver, contacts, published } = setup();
    const byNumber = await resolver.person(COMPANY, pn('5521998765432'), facts('Ana'));
    const byLid = await resolver.person(COMPANY, lidOnly('123@lid'), facts('Ana (LID)'));
    expect(byLid.id).not.toBe(byNumber.id);

    const both = await resolver.person(COMPANY, pn('5521998765432', 'Ana', '123@lid'), facts('Ana'));

    expect(both.id).toBe(byNumber.id);
    expect(contacts.find((contact) => contact.id === byNumber.id)!.lid).toBe('123@lid');
    expect(contacts.find((contact) => contact.id === byLid.id)!.lid).toBeNull();
    // a later message from the LID alone reaches the number's contact
    expect((await resolver.person(COMPANY, lidOnly('123@lid'), facts('Ana'))).id).toBe(byNumber.id);
    expect(published.filter((event) => event.kind === 'updated').map((event) => event.id)).toContain(byLid.id);
  });

  it('give a contact known only by its LID the number when it arrives, without a second contact', async () => {
    const { resolver, contacts } = setup();
    const byLid = await resolver.person(COMPANY, lidOnly('777@lid'), facts('Caio'));
    const later = await resolver.person(COMPANY, pn('5511987654321', 'Caio', '777@lid'), facts('Caio'));
    expect(later.id).toBe(byLid.id);
    expect(contacts).toHaveLength(1);
    expect(contacts[0]!.number).toBe('5511987654321');
  });

  it('keep a name a person gave, and take WhatsApp’s name otherwise', async () => {
    const { resolver, contacts } = setup();
    await resolver.person(COMPANY, pn('5521998765432'), facts('Ana'));
    await resolver.person(COMPANY, pn('5521998765432'), facts('Ana Paula'));
    expect(contacts[0]!.name).toBe('Ana Paula');

    contacts[0]!.nameLocked = true;
    await resolver.person(COMPANY, pn('5521998765432'), facts('Apelido do WhatsApp'));
    expect(contacts[0]!.name).toBe('Ana Paula');
  });

  it('announce a new contact once and a contact that did not change not at all', async () => {
    const { resolver, published, pictureRequests } = setup();
    await resolver.person(COMPANY, pn('5521998765432'), facts('Ana'));
    await resolver.person(COMPANY, pn('5521998765432'), facts('Ana'));
    await resolver.person(COMPANY, pn('5521998765432'), facts('Ana'));
    expect(published.map((event) => event.kind)).toEqual(['created']);
    // the picture is asked of the connector once a day, not on every message
    expect(pictureRequests).toEqual(['5521998765432@s.whatsapp.net']);
  });

  it('name a new contact after its number when WhatsApp gives no name', async () => {
    const { resolver } = setup();
    expect((await resolver.person(COMPANY, pn('5521998765432'), facts(null))).name).toBe('5521998765432');
  });
});
