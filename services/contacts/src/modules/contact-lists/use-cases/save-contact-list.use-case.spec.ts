import { asCompanyId } from '@cs/proto/common';
import { InMemoryContacts } from '../../../../test/support/in-memory-contacts.js';
import { ContactListItemEntity } from '../contact-list-item.entity.js';
import { SaveContactListUseCase } from './save-contact-list.use-case.js';

const COMPANY = asCompanyId(3);
const OTHER = asCompanyId(4);

function setup() {
  const store = new InMemoryContacts();
  const save = new SaveContactListUseCase(store.transactions, store.listEvents);
  return { store, save };
}

describe('a contact list', () => {
  it('is created empty, answered and announced with its count', async () => {
    const { store, save } = setup();

    const list = await save.create(COMPANY, { name: 'Black Friday' });

    expect(list).toMatchObject({ companyId: 3, name: 'Black Friday', contactsCount: 0 });
    expect(store.emitted).toEqual([
      { type: 'list.created', companyId: 3, data: { id: list.id, name: 'Black Friday', count: 0 } },
    ]);
  });

  it('is renamed keeping its items, and announced with their count', async () => {
    const { store, save } = setup();
    const list = store.list({ companyId: COMPANY, name: 'Clientes' });
    for (const number of ['5521998765432', '5511912345678']) {
      await store.manager.save(
        Object.assign(new ContactListItemEntity(), { companyId: COMPANY, contactListId: list.id, number }),
      );
    }

    const renamed = await save.update(COMPANY, list.id, { name: 'Clientes VIP' });

    expect(renamed).toMatchObject({ id: list.id, name: 'Clientes VIP', contactsCount: 2 });
    expect(store.emitted).toEqual([
      { type: 'list.updated', companyId: 3, data: { id: list.id, name: 'Clientes VIP', count: 2 } },
    ]);
  });

  it('is not found by another company, which renames nothing', async () => {
    const { store, save } = setup();
    const list = store.list({ companyId: COMPANY, name: 'Clientes' });

    await expect(save.update(OTHER, list.id, { name: 'Roubada' })).rejects.toMatchObject({
      code: 'ERR_NO_CONTACT_LIST_FOUND',
    });
    expect(list.name).toBe('Clientes');
    expect(store.emitted).toEqual([]);
  });
});
