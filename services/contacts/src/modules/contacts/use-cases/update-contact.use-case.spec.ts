import { asCompanyId } from '@cs/proto/common';
import { InMemoryContacts } from '../../../../test/support/in-memory-contacts.js';
import { UpdateContactUseCase } from './update-contact.use-case.js';

const COMPANY = asCompanyId(3);

function setup() {
  const store = new InMemoryContacts();
  const update = new UpdateContactUseCase(store.transactions, store.contacts, store.contactEvents, store.checks);
  const ana = store.contact({
    companyId: COMPANY,
    name: 'Ana',
    number: '5521998765432',
    whatsappStatus: 'valid',
    whatsappJid: '552198765432@s.whatsapp.net',
  });
  return { store, update, ana };
}

describe('editing a contact', () => {
  it('checks a new number on WhatsApp again and forgets the old number’s WhatsApp id', async () => {
    const { store, update, ana } = setup();

    const saved = await update.execute(COMPANY, ana.id, { name: 'Ana', number: '(11) 3456-7890', email: '' });

    expect(saved).toMatchObject({ number: '551134567890', whatsappStatus: 'checking', whatsappJid: null });
    expect(store.checkRequests).toEqual([{ companyId: 3, purpose: 'contacts', numbers: ['551134567890'] }]);
    expect(ana.whatsappCheckId).toBe('check-1');
    expect(store.emitted).toEqual([
      {
        type: 'contact.updated',
        companyId: 3,
        data: [expect.objectContaining({ id: ana.id, number: '551134567890' })],
      },
    ]);
  });

  it('keeps the WhatsApp validity when the number is only spelled differently', async () => {
    const { store, update, ana } = setup();

    const saved = await update.execute(COMPANY, ana.id, { name: 'Ana', number: '+55 (21) 9876-5432', email: '' });

    expect(saved).toMatchObject({ number: '5521998765432', whatsappStatus: 'valid' });
    expect(store.checkRequests).toEqual([]);
  });

  it('locks a name a person typed, so WhatsApp push names no longer replace it', async () => {
    const { update, ana } = setup();
    expect(ana.nameLocked).toBe(false);

    await update.execute(COMPANY, ana.id, { name: 'Ana Souza', number: '5521998765432', email: 'ana@example.com' });

    expect(ana).toMatchObject({ name: 'Ana Souza', nameLocked: true, email: 'ana@example.com' });
  });

  it('leaves the name unlocked when only the e-mail changes', async () => {
    const { update, ana } = setup();

    await update.execute(COMPANY, ana.id, { name: 'Ana', number: '5521998765432', email: 'ana@example.com' });

    expect(ana.nameLocked).toBe(false);
  });

  it('refuses the number of another contact of the company', async () => {
    const { store, update, ana } = setup();
    store.contact({ companyId: COMPANY, number: '551134567890' });

    await expect(
      update.execute(COMPANY, ana.id, { name: 'Ana', number: '11 3456-7890', email: '' }),
    ).rejects.toMatchObject({ code: 'ERR_DUPLICATED_CONTACT' });
    expect(ana.number).toBe('5521998765432');
    expect(store.emitted).toEqual([]);
  });

  it('keeps a group’s id as typed, without a number check', async () => {
    const { store, update } = setup();
    const group = store.contact({ companyId: COMPANY, number: '120363000000000001', isGroup: true });

    const saved = await update.execute(COMPANY, group.id, {
      name: 'Equipe',
      number: ' 120363000000000002 ',
      email: '',
    });

    expect(saved.number).toBe('120363000000000002');
    expect(store.checkRequests).toEqual([]);
  });

  it('finds no contact of another company', async () => {
    const { store, update, ana } = setup();

    await expect(
      update.execute(asCompanyId(4), ana.id, { name: 'Outra', number: '5521998765432', email: '' }),
    ).rejects.toMatchObject({ code: 'ERR_NO_CONTACT_FOUND', status: 404 });
    expect(ana.name).toBe('Ana');
    expect(store.emitted).toEqual([]);
  });

  it('refuses a number that is no phone number', async () => {
    const { update, ana } = setup();

    await expect(update.execute(COMPANY, ana.id, { name: 'Ana', number: 'abc', email: '' })).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
    });
  });
});
