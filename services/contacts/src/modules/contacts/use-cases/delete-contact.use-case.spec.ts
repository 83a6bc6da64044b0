import { asCompanyId } from '@cs/proto/common';
import { InMemoryContacts } from '../../../../test/support/in-memory-contacts.js';
import { ContactEntity } from '../contact.entity.js';
import { DeleteContactUseCase } from './delete-contact.use-case.js';

const COMPANY = asCompanyId(3);
const OTHER = asCompanyId(4);

describe('deleting a contact', () => {
  it('deletes the company’s contact and announces it', async () => {
    const store = new InMemoryContacts();
    const ana = store.contact({ companyId: COMPANY, number: '5521998765432' });
    const bruno = store.contact({ companyId: COMPANY, number: '5511912345678', name: 'Bruno' });

    await new DeleteContactUseCase(store.transactions, store.contactEvents).execute(COMPANY, ana.id);

    expect(await store.manager.find(ContactEntity, { where: { companyId: COMPANY } })).toEqual([bruno]);
    expect(store.emitted).toEqual([{ type: 'contact.deleted', companyId: 3, data: ana.id }]);
  });

  it('is not found by another company, which deletes nothing', async () => {
    const store = new InMemoryContacts();
    const ana = store.contact({ companyId: COMPANY, number: '5521998765432' });

    await expect(
      new DeleteContactUseCase(store.transactions, store.contactEvents).execute(OTHER, ana.id),
    ).rejects.toMatchObject({ code: 'ERR_NO_CONTACT_FOUND' });
    expect(await store.manager.find(ContactEntity, { where: { companyId: COMPANY } })).toEqual([ana]);
    expect(store.emitted).toEqual([]);
  });
});
