import { asCompanyId } from '@cs/proto/common';
import { InMemoryContacts } from '../../../../test/support/in-memory-contacts.js';
import { ContactListItemEntity } from '../contact-list-item.entity.js';
import { ContactListEntity } from '../contact-list.entity.js';
import { DeleteContactListItemUseCase } from './delete-contact-list-item.use-case.js';
import { DeleteContactListUseCase } from './delete-contact-list.use-case.js';

const COMPANY = asCompanyId(3);
const OTHER = asCompanyId(4);

/** The company's list with two numbers, in memory. */
async function setup() {
  const store = new InMemoryContacts();
  const list = store.list({ companyId: COMPANY });
  const items: ContactListItemEntity[] = [];
  for (const number of ['5521998765432', '5511912345678']) {
    items.push(
      await store.manager.save(
        Object.assign(new ContactListItemEntity(), { companyId: COMPANY, contactListId: list.id, number }),
      ),
    );
  }
  return {
    store,
    list,
    items,
    deleteList: (companyId: typeof COMPANY, id: number) =>
      new DeleteContactListUseCase(store.transactions, store.listEvents).execute(companyId, id),
    deleteItem: (companyId: typeof COMPANY, id: number) =>
      new DeleteContactListItemUseCase(store.transactions, store.listEvents).execute(companyId, id),
    lists: () => store.manager.find(ContactListEntity, { where: { companyId: COMPANY } }),
    itemsLeft: () => store.manager.find(ContactListItemEntity, { where: { contactListId: list.id } }),
  };
}

describe('deleting a contact list or one of its numbers', () => {
  it('deletes a list and announces it', async () => {
    const { store, list, deleteList, lists } = await setup();
    await deleteList(COMPANY, list.id);
    expect(await lists()).toEqual([]);
    expect(store.emitted.at(-1)).toEqual({ type: 'list.deleted', companyId: 3, data: list.id });
  });

  it('deletes a number, announcing it and the list’s new count', async () => {
    const { store, list, items, deleteItem, itemsLeft } = await setup();
    await deleteItem(COMPANY, items[0]!.id);
    expect(await itemsLeft()).toEqual([items[1]]);
    expect(store.emitted).toEqual([
      { type: 'list-item.deleted', companyId: 3, data: { id: items[0]!.id, contactListId: list.id } },
      { type: 'list.count-changed', companyId: 3, data: list.id },
    ]);
  });

  it('finds neither the list nor its numbers for another company, which deletes nothing', async () => {
    const { store, list, items, deleteList, deleteItem, lists, itemsLeft } = await setup();
    await expect(deleteList(OTHER, list.id)).rejects.toMatchObject({ code: 'ERR_NO_CONTACT_LIST_FOUND' });
    await expect(deleteItem(OTHER, items[0]!.id)).rejects.toMatchObject({ code: 'ERR_NO_CONTACT_LIST_ITEM_FOUND' });
    expect(await lists()).toEqual([list]);
    expect(await itemsLeft()).toHaveLength(2);
    expect(store.emitted).toEqual([]);
  });
});
