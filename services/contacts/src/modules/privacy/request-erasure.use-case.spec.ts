import { ErasureRequested, ErasureRequestUpdated } from '@cs/proto/events';
import { ERASED_CONTACT_NAME, type ErasureRequest } from '@cs/proto/http';
import type { AuditTrail } from '@cs/platform/audit';
import { InMemoryContacts } from '../../../test/support/in-memory-contacts.js';
import { ContactListItemEntity } from '../contact-lists/contact-list-item.entity.js';
import { ContactEntity } from '../contacts/contact.entity.js';
import type { ErasureRequestsQueries } from './erasure-requests.queries.js';
import { RequestErasureUseCase } from './request-erasure.use-case.js';

const COMPANY = 2;
const ADMIN = 1;
const NUMBER = '5511999990000';

interface StoredRequest {
  readonly id: string;
  readonly contactId: number;
  readonly requestedBy: number;
  readonly status: string;
  readonly services: Record<string, { status: string; removed: Record<string, number> }>;
}

/**
 * Maria's contact (number, e-mail, picture, LID and jid, two extra fields), a list item with her number in each of
 * two lists and a number check that answered for her and another number, in memory; the erasure statements the
 * use-case runs are applied to them as PostgreSQL would. Records the requests stored, the audit and the list events.
 */
function withMaria() {
  const store = new InMemoryContacts();
  const maria = store.contact({
    companyId: COMPANY,
    number: NUMBER,
    name: 'Maria Souza',
    email: 'maria@example.com',
    profilePicUrl: 'https://pps.whatsapp.net/maria.jpg',
    lid: '123456789@lid',
    whatsappJid: `${NUMBER}@s.whatsapp.net`,
  });
  const clients = store.list({ companyId: COMPANY, name: 'Clientes' });
  const leads = store.list({ companyId: COMPANY, name: 'Leads' });
  store.item({ companyId: COMPANY, contactListId: clients.id, number: NUMBER });
  store.item({ companyId: COMPANY, contactListId: leads.id, number: NUMBER });
  store.item({ companyId: COMPANY, contactListId: leads.id, number: '5511988887777', name: 'João' });
  let extraInfo = [maria.id, maria.id];
  let checkResults = [{ number: NUMBER }, { number: '5511988887777' }];
  const requests: StoredRequest[] = [];
  const items = store.tables.get(ContactListItemEntity) as ContactListItemEntity[];

  Object.assign(store.manager, {
    query: async (sql: string, params: unknown[]) => {
      if (sql.includes('FROM erasure_requests')) {
        const [, contactId] = params;
        return requests.filter((r) => r.contactId === contactId && r.status === 'pending').map(({ id }) => ({ id }));
      }
      if (sql.startsWith('DELETE FROM contact_extra_info')) {
        const removed = extraInfo.filter((contactId) => contactId === params[1]);
        extraInfo = extraInfo.filter((contactId) => contactId !== params[1]);
        return [removed.map((_, i) => ({ id: i + 1 })), removed.length];
      }
      if (sql.startsWith('DELETE FROM contact_list_items')) {
        const removed = items.filter((item) => item.companyId === params[0] && item.number === params[1]);
        items.splice(0, Infinity, ...items.filter((item) => !removed.includes(item)));
        const rows = removed.map((item) => ({ id: item.id, contact_list_id: item.contactListId }));
        return [rows, rows.length];
      }
      if (sql.includes('UPDATE number_checks')) {
        const answered = checkResults.some((result) => result.number === params[1]);
        checkResults = checkResults.filter((result) => result.number !== params[1]);
        return [answered ? [{ command_id: 'check-1' }] : [], answered ? 1 : 0];
      }
      if (sql.includes('INSERT INTO erasure_requests')) {
        const [id, , contactId, requestedBy, services] = params as [string, number, number, number, string];
        requests.push({ id, contactId, requestedBy, status: 'pending', services: JSON.parse(services) as never });
        return [];
      }
      throw new Error(`unexpected statement: ${sql}`);
    },
  });
  const deletedItems: number[] = [];
  Object.assign(store.listEvents, {
    itemDeleted: async (_companyId: number, id: number) => void deletedItems.push(id),
  });
  const audited: Array<{ action: string; target: unknown }> = [];
  const audit = {
    record: async ({ action, target }: { action: string; target: unknown }) => void audited.push({ action, target }),
  } as unknown as AuditTrail;
  const queries = {
    findOne: async (_companyId: number, id: string) => requests.find((request) => request.id === id) as never,
  } as unknown as ErasureRequestsQueries;
  const useCase = new RequestErasureUseCase(
    store.transactions,
    store.contacts,
    store.contactEvents,
    store.listEvents,
    store.events,
    audit,
    queries,
  );
  return {
    store,
    maria,
    requests,
    items,
    deletedItems,
    audited,
    extraInfo: () => extraInfo,
    checkResults: () => checkResults,
    erase: (contactId: number, companyId = COMPANY) =>
      useCase.execute(companyId as never, contactId, ADMIN) as Promise<ErasureRequest & StoredRequest>,
  };
}

describe(RequestErasureUseCase.name, () => {
  it('anonymises the contact and announces it, keeping the record its tickets point to', async () => {
    const { store, maria, erase } = withMaria();
    await erase(maria.id);

    const stored = (store.tables.get(ContactEntity) as ContactEntity[])[0];
    expect(stored).toMatchObject({
      id: maria.id,
      name: ERASED_CONTACT_NAME,
      nameLocked: true,
      number: '',
      email: '',
      profilePicUrl: null,
      lid: null,
      whatsappJid: null,
      whatsappStatus: 'unknown',
    });
    expect(store.emitted.filter((event) => event.type === 'contact.updated')).toEqual([
      { type: 'contact.updated', companyId: COMPANY, data: [expect.objectContaining({ name: ERASED_CONTACT_NAME })] },
    ]);
  });

  it('removes the person from every list, her extra fields and the number checks, and counts what it removed', async () => {
    const { store, maria, items, deletedItems, extraInfo, checkResults, erase } = withMaria();
    const removedItems = items.filter((item) => item.number === NUMBER).map((item) => item.id);
    const request = await erase(maria.id);

    expect(items.map((item) => item.name)).toEqual(['João']);
    expect(deletedItems).toEqual(removedItems);
    expect(store.emitted.filter((event) => event.type === 'list.count-changed')).toHaveLength(2);
    expect(extraInfo()).toEqual([]);
    expect(checkResults()).toEqual([{ number: '5511988887777' }]);
    expect(request.services['contacts']).toMatchObject({
      status: 'confirmed',
      removed: { contacts: 1, extraInfo: 2, contactListItems: 2, numberChecks: 1 },
    });
    expect(request.services['tickets']).toMatchObject({ status: 'pending' });
  });

  it('tells the other services how to find the person, records who asked, and audits it', async () => {
    const { store, maria, audited, erase } = withMaria();
    const request = await erase(maria.id);

    expect(request).toMatchObject({ contactId: maria.id, requestedBy: ADMIN, status: 'pending' });
    expect(store.emitted.find((event) => event.type === ErasureRequested.type)?.data).toEqual({
      requestId: request.id,
      contactId: maria.id,
      number: NUMBER,
      lid: '123456789@lid',
      whatsappJid: `${NUMBER}@s.whatsapp.net`,
    });
    expect(store.emitted.at(-1)).toMatchObject({ type: ErasureRequestUpdated.type, data: { id: request.id } });
    expect(audited).toEqual([{ action: 'contact.erased', target: { type: 'contact', id: maria.id } }]);
  });

  it('answers the pending request when asked again, erasing and announcing nothing more', async () => {
    const { store, maria, requests, erase } = withMaria();
    const first = await erase(maria.id);
    const announced = store.emitted.length;
    const again = await erase(maria.id);

    expect(again.id).toBe(first.id);
    expect(requests).toHaveLength(1);
    expect(store.emitted).toHaveLength(announced);
  });

  it('refuses a contact the company does not have, changing nothing', async () => {
    const { store, maria, requests, items, erase } = withMaria();
    await expect(erase(maria.id, 3)).rejects.toMatchObject({ code: 'ERR_NO_CONTACT_FOUND' });
    await expect(erase(999)).rejects.toMatchObject({ code: 'ERR_NO_CONTACT_FOUND' });

    expect(requests).toEqual([]);
    expect(items).toHaveLength(3);
    expect(store.emitted).toEqual([]);
  });

  it('leaves lists and checks alone for a contact without a number', async () => {
    const { store, items, checkResults, erase } = withMaria();
    const group = store.contact({ companyId: COMPANY, number: '', name: 'Grupo da família', isGroup: true });
    const request = await erase(group.id);

    expect(items).toHaveLength(3);
    expect(checkResults()).toHaveLength(2);
    expect(request.services['contacts']?.removed).toEqual({
      contacts: 1,
      extraInfo: 0,
      contactListItems: 0,
      numberChecks: 0,
    });
  });
});
