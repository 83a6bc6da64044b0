import { asCompanyId } from '@cs/proto/common';
import { InMemoryContacts } from '../../../../test/support/in-memory-contacts.js';
import { ContactEntity } from '../contact.entity.js';
import { CreateContactUseCase } from './create-contact.use-case.js';

const COMPANY = asCompanyId(3);
const OTHER_COMPANY = asCompanyId(4);

function setup() {
  const store = new InMemoryContacts();
  const create = new CreateContactUseCase(store.transactions, store.contacts, store.contactEvents, store.checks, {
    CONTACTS_NUMBER_CHECK_WAIT_MS: 0,
  });
  const input = (number: string) => ({ name: 'Ana Souza', number, email: 'ana@example.com' });
  return { store, create, input };
}

describe('creating a contact', () => {
  it('stores the number in its one canonical spelling, valid on WhatsApp, with the name locked', async () => {
    const { store, create, input } = setup();
    store.answer = {
      results: [{ number: '5521998765432', exists: true, jid: '552198765432@s.whatsapp.net' }],
      error: null,
    };

    const contact = await create.execute(COMPANY, input('(21) 99876-5432'));

    expect(contact).toMatchObject({
      number: '5521998765432',
      whatsappStatus: 'valid',
      whatsappJid: '552198765432@s.whatsapp.net',
      companyId: 3,
    });
    expect(store.checkRequests).toEqual([{ companyId: 3, purpose: 'create', numbers: ['5521998765432'] }]);
    expect(store.rows(ContactEntity)[0]).toMatchObject({ nameLocked: true, whatsappCheckId: 'check-1' });
    expect(store.emitted).toEqual([
      {
        type: 'contact.created',
        companyId: 3,
        data: [expect.objectContaining({ id: contact.id, number: '5521998765432' })],
      },
    ]);
  });

  it('refuses a number that is no phone number before asking WhatsApp', async () => {
    const { store, create, input } = setup();

    await expect(create.execute(COMPANY, input('12'))).rejects.toMatchObject({ code: 'ERR_VALIDATION', status: 400 });
    expect(store.checkRequests).toEqual([]);
    expect(store.rows(ContactEntity)).toEqual([]);
  });

  it('refuses a second contact for the same person, whatever the spelling of the ninth digit', async () => {
    const { store, create, input } = setup();
    store.contact({ companyId: COMPANY, number: '5521998765432' });

    await expect(create.execute(COMPANY, input('+55 21 9876-5432'))).rejects.toMatchObject({
      code: 'ERR_DUPLICATED_CONTACT',
    });
    expect(store.checkRequests).toEqual([]);
  });

  it('lets another company have a contact with a number this company already has', async () => {
    const { store, create, input } = setup();
    store.contact({ companyId: OTHER_COMPANY, number: '5521998765432' });
    store.answer = { results: [{ number: '5521998765432', exists: true, jid: null }], error: null };

    await expect(create.execute(COMPANY, input('21 99876-5432'))).resolves.toMatchObject({ companyId: 3 });
  });

  it('creates nothing when WhatsApp says the number is not on it', async () => {
    const { store, create, input } = setup();
    store.answer = { results: [{ number: '5521998765432', exists: false, jid: null }], error: null };

    await expect(create.execute(COMPANY, input('21 99876-5432'))).rejects.toMatchObject({
      code: 'ERR_WAPP_INVALID_CONTACT',
      status: 400,
    });
    expect(store.rows(ContactEntity)).toEqual([]);
    expect(store.emitted).toEqual([]);
  });

  it('creates nothing when the check itself failed, and says why', async () => {
    const { store, create, input } = setup();
    store.answer = { results: [], error: 'no connection' };

    await expect(create.execute(COMPANY, input('21 99876-5432'))).rejects.toMatchObject({
      code: 'ERR_WAPP_CHECK_CONTACT',
      details: { reason: 'no connection' },
    });
    expect(store.rows(ContactEntity)).toEqual([]);
  });

  it('creates the contact as still being checked when WhatsApp has not answered in time', async () => {
    const { store, create, input } = setup();
    store.answer = null;

    await expect(create.execute(COMPANY, input('21 99876-5432'))).resolves.toMatchObject({
      whatsappStatus: 'checking',
      whatsappJid: null,
    });
    expect(store.rows(ContactEntity)).toHaveLength(1);
  });

  it('answers a duplicate when another request created the same contact meanwhile', async () => {
    const { store, create, input } = setup();
    store.answer = { results: [{ number: '5521998765432', exists: true, jid: null }], error: null };
    store.raceOnSave = true;

    await expect(create.execute(COMPANY, input('21 99876-5432'))).rejects.toMatchObject({
      code: 'ERR_DUPLICATED_CONTACT',
    });
    expect(store.emitted).toEqual([]);
  });
});
