import { asCompanyId } from '@cs/proto/common';
import { InMemoryContacts } from '../../../../test/support/in-memory-contacts.js';
import { ContactListItemEntity } from '../contact-list-item.entity.js';
import { SaveContactListItemUseCase } from './save-contact-list-item.use-case.js';

const COMPANY = asCompanyId(3);

function setup() {
  const store = new InMemoryContacts();
  const save = new SaveContactListItemUseCase(store.transactions, store.listEvents, store.checks);
  const list = store.list({ companyId: COMPANY });
  return { store, save, list };
}

describe('a contact list item', () => {
  it('is added with its canonical number, its WhatsApp validity asked, and the list count refreshed', async () => {
    const { store, save, list } = setup();

    const item = await save.create(COMPANY, {
      contactListId: list.id,
      name: 'Ana',
      number: '(21) 99876-5432',
      email: 'ana@example.com',
    });

    expect(item).toMatchObject({ contactListId: list.id, number: '5521998765432', isWhatsappValid: null });
    expect(store.checkRequests).toEqual([{ companyId: 3, purpose: 'list-items', numbers: ['5521998765432'] }]);
    expect(store.emitted.map((event) => event.type)).toEqual(['list-item.created', 'list.count-changed']);
  });

  it('is not added twice to a list for the same person', async () => {
    const { store, save, list } = setup();
    store.item({ companyId: COMPANY, contactListId: list.id, number: '5521998765432' });

    await expect(
      save.create(COMPANY, { contactListId: list.id, name: 'Ana', number: '21 9876-5432', email: '' }),
    ).rejects.toMatchObject({ code: 'ERR_DUPLICATED_CONTACT' });
    expect(store.rows(ContactListItemEntity)).toHaveLength(1);
  });

  it('is not added to another company’s list', async () => {
    const { store, save } = setup();
    const theirs = store.list({ companyId: asCompanyId(4) });

    await expect(
      save.create(COMPANY, { contactListId: theirs.id, name: 'Ana', number: '21 99876-5432', email: '' }),
    ).rejects.toMatchObject({ code: 'ERR_NO_CONTACT_LIST_FOUND', status: 404 });
    expect(store.checkRequests).toEqual([]);
  });

  it('is refused with a number that is no phone number', async () => {
    const { save, list } = setup();

    await expect(
      save.create(COMPANY, { contactListId: list.id, name: 'Ana', number: '99', email: '' }),
    ).rejects.toMatchObject({ code: 'ERR_VALIDATION' });
  });

  it('loses its WhatsApp validity and is checked again when its number changes', async () => {
    const { store, save, list } = setup();
    const item = store.item({ companyId: COMPANY, contactListId: list.id, number: '5521998765432' });

    const saved = await save.update(COMPANY, item.id, {
      contactListId: list.id,
      name: 'Ana',
      number: '11 3456-7890',
      email: '',
    });

    expect(saved).toMatchObject({ number: '551134567890', isWhatsappValid: null });
    expect(store.checkRequests).toHaveLength(1);
    expect(store.emitted.map((event) => event.type)).toEqual(['list-item.updated']);
  });

  it('keeps its WhatsApp validity when only its name or e-mail changes', async () => {
    const { store, save, list } = setup();
    const item = store.item({ companyId: COMPANY, contactListId: list.id, number: '5521998765432' });

    const saved = await save.update(COMPANY, item.id, {
      contactListId: list.id,
      name: 'Ana Souza',
      number: '5521998765432',
      email: 'ana@example.com',
    });

    expect(saved).toMatchObject({ name: 'Ana Souza', email: 'ana@example.com', isWhatsappValid: true });
    expect(store.checkRequests).toEqual([]);
  });

  it('of another company is not found for an edit', async () => {
    const { store, save, list } = setup();
    const item = store.item({ companyId: asCompanyId(4), contactListId: list.id, number: '5521998765432' });

    await expect(
      save.update(COMPANY, item.id, { contactListId: list.id, name: 'X', number: '5521998765432', email: '' }),
    ).rejects.toMatchObject({ code: 'ERR_NO_CONTACT_LIST_ITEM_FOUND', status: 404 });
    expect(item.name).toBe('Ana');
  });
});
