import type { EventOf } from '@cs/proto/common';
import type { ContactUpserted } from '@cs/proto/events';
import { InMemoryContacts } from '../../../../test/support/in-memory-contacts.js';
import type { ContactResolver } from '../contact-resolver.js';
import { UpsertWhatsappContactUseCase } from './upsert-whatsapp-contact.use-case.js';

type Upserted = EventOf<typeof ContactUpserted>;

const upserted = (data: Partial<Upserted['data']>): Upserted =>
  ({
    id: 'evt-1',
    companyId: 3,
    data: {
      connectionId: 2,
      contact: { jid: '5521998765432@s.whatsapp.net', pushName: 'Aninha' },
      isGroup: false,
      name: null,
      profilePicUrl: null,
      ...data,
    },
  }) as unknown as Upserted;

function setup() {
  const store = new InMemoryContacts();
  const calls: Array<[string, ...unknown[]]> = [];
  const resolver = {
    person: (...args: unknown[]) => (calls.push(['person', ...args]), Promise.resolve({})),
    group: (...args: unknown[]) => (calls.push(['group', ...args]), Promise.resolve({})),
  } as unknown as ContactResolver;
  return { calls, upsert: new UpsertWhatsappContactUseCase(store.transactions, resolver) };
}

describe("WhatsApp's news about a contact", () => {
  it('names a person by the address-book name, else by the push name', async () => {
    const { calls, upsert } = setup();

    await upsert.execute(upserted({ name: 'Ana Souza' }));
    await upsert.execute(upserted({ name: null, profilePicUrl: 'https://pps.example/ana.jpg' }));

    expect(calls).toEqual([
      [
        'person',
        3,
        expect.objectContaining({ jid: '5521998765432@s.whatsapp.net' }),
        { connectionId: 2, name: 'Ana Souza', profilePicUrl: null },
        'evt-1',
      ],
      [
        'person',
        3,
        expect.anything(),
        { connectionId: 2, name: 'Aninha', profilePicUrl: 'https://pps.example/ana.jpg' },
        'evt-1',
      ],
    ]);
  });

  it('keeps a group apart from people, by its chat id', async () => {
    const { calls, upsert } = setup();

    await upsert.execute(
      upserted({ isGroup: true, name: 'Equipe', contact: { jid: '120363000000000001@g.us' } as never }),
    );

    expect(calls).toEqual([
      ['group', 3, '120363000000000001@g.us', expect.objectContaining({ name: 'Equipe' }), 'evt-1'],
    ]);
  });
});
