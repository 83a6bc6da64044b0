import { asCompanyId, asUserId } from '@cs/proto/common';
import { InMemoryContacts } from '../../../../test/support/in-memory-contacts.js';
import { ContactImportEntity } from '../contact-import.entity.js';
import { PhoneImportUseCase } from './phone-import.use-case.js';

const COMPANY = asCompanyId(3);

function setup() {
  const store = new InMemoryContacts();
  const phone = new PhoneImportUseCase(store.transactions, store.events);
  return { store, phone };
}

describe('import from phone', () => {
  it('starts as a running import and asks the connector for the phone’s contacts', async () => {
    const { store, phone } = setup();

    const report = await phone.start(COMPANY, asUserId(9), 2);

    expect(report).toMatchObject({ status: 'running', processed: 0 });
    expect(store.rows(ContactImportEntity)).toEqual([
      expect.objectContaining({ companyId: 3, source: 'phone', target: 'contacts', createdBy: 9 }),
    ]);
    const [record] = store.rows(ContactImportEntity);
    expect(store.emitted).toEqual([
      { type: 'whatsapp.contacts.export', companyId: 3, data: { commandId: record!.id, connectionId: 2 } },
    ]);
  });

  it('is done with the count the connector published, and the progress bar closes', async () => {
    const { store, phone } = setup();
    const record = store.import({ id: 'imp-1', companyId: COMPANY });

    await phone.finish(COMPANY, 'imp-1', 42, null);

    expect(record).toMatchObject({ status: 'done', total: 42, processed: 42, imported: 42, error: null });
    expect(record.finishedAt).toBeInstanceOf(Date);
    expect(store.emitted).toEqual([
      {
        type: 'contacts.import.progressed',
        companyId: 3,
        data: expect.objectContaining({ jobId: 'imp-1', processed: 42, total: 42, done: true, error: null }),
      },
    ]);
  });

  it('fails with the connector’s error', async () => {
    const { phone, store } = setup();
    const record = store.import({ id: 'imp-1', companyId: COMPANY });

    await phone.finish(COMPANY, 'imp-1', 0, 'ERR_WAPP_NOT_INITIALIZED');

    expect(record).toMatchObject({ status: 'failed', error: 'ERR_WAPP_NOT_INITIALIZED' });
  });

  it('closes an import once: a second report leaves the first result', async () => {
    const { store, phone } = setup();
    const record = store.import({ id: 'imp-1', companyId: COMPANY });

    await phone.finish(COMPANY, 'imp-1', 42, null);
    await phone.finish(COMPANY, 'imp-1', 0, 'ERR_WAPP_NOT_INITIALIZED');

    expect(record).toMatchObject({ status: 'done', total: 42 });
    expect(store.emitted).toHaveLength(1);
  });

  it('leaves spreadsheet imports and other companies’ imports alone', async () => {
    const { store, phone } = setup();
    const sheet = store.import({ id: 'imp-1', companyId: COMPANY, source: 'spreadsheet' });
    const theirs = store.import({ id: 'imp-2', companyId: asCompanyId(4) });

    await phone.finish(COMPANY, 'imp-1', 5, null);
    await phone.finish(COMPANY, 'imp-2', 5, null);

    expect([sheet.status, theirs.status]).toEqual(['running', 'running']);
    expect(store.emitted).toEqual([]);
  });
});
