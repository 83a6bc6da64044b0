import type { EventOf } from '@cs/proto/common';
import { asCompanyId } from '@cs/proto/common';
import { NumberChecked } from '@cs/proto/events';
import { InMemoryContacts } from '../../../../test/support/in-memory-contacts.js';
import { ApplyNumberCheckUseCase } from './apply-number-check.use-case.js';

const COMPANY = asCompanyId(3);
const COMMAND = '0190f000-0000-7000-8000-000000000001';

type Answer = EventOf<typeof NumberChecked>['data'];

const checked = (data: Pick<Answer, 'results' | 'error'>): EventOf<typeof NumberChecked> =>
  NumberChecked.schema.parse({
    id: '0190f000-0000-7000-8000-0000000000aa',
    type: NumberChecked.type,
    schemaVersion: NumberChecked.schemaVersion,
    occurredAt: new Date().toISOString(),
    companyId: COMPANY,
    producer: 'whatsapp-connector',
    correlationId: COMMAND,
    data: { commandId: COMMAND, connectionId: 1, ...data },
  });

function setup() {
  const store = new InMemoryContacts();
  const apply = new ApplyNumberCheckUseCase(
    store.transactions,
    store.checks,
    store.contacts,
    store.contactEvents,
    store.listEvents,
  );
  store.pendingChecks.set(COMMAND, 'contacts');
  const asked = (number: string, status: 'checking' | 'valid' = 'checking') =>
    store.contact({ companyId: COMPANY, number, whatsappStatus: status, whatsappCheckId: COMMAND });
  return { store, apply, asked };
}

describe("WhatsApp's answer to a number check", () => {
  it('marks the asked contacts valid (with WhatsApp’s jid) or invalid, and tells the pages', async () => {
    const { store, apply, asked } = setup();
    const ana = asked('5521998765432');
    const bia = asked('551134567890');

    await apply.execute(
      checked({
        results: [
          { number: '5521998765432', exists: true, jid: '552198765432@s.whatsapp.net' },
          { number: '551134567890', exists: false, jid: null },
        ],
        error: null,
      }),
    );

    expect(ana).toMatchObject({ whatsappStatus: 'valid', whatsappJid: '552198765432@s.whatsapp.net' });
    expect(bia).toMatchObject({ whatsappStatus: 'invalid', whatsappJid: null });
    expect(store.emitted).toEqual([
      {
        type: 'contact.updated',
        companyId: 3,
        data: [expect.objectContaining({ id: ana.id }), expect.objectContaining({ id: bia.id })],
      },
    ]);
  });

  it('leaves the status unknown when the check failed or did not answer for a number', async () => {
    const { apply, asked } = setup();
    const ana = asked('5521998765432');

    await apply.execute(checked({ results: [], error: 'ERR_WAPP_NOT_INITIALIZED' }));

    expect(ana.whatsappStatus).toBe('unknown');
  });

  it('publishes nothing for contacts whose status the answer does not change', async () => {
    const { store, apply, asked } = setup();
    asked('5521998765432', 'valid');

    await apply.execute(checked({ results: [{ number: '5521998765432', exists: true, jid: null }], error: null }));

    expect(store.emitted).toEqual([]);
  });

  it('applies an answer delivered twice only once', async () => {
    const { store, apply, asked } = setup();
    const ana = asked('5521998765432');
    const answer = checked({ results: [{ number: '5521998765432', exists: true, jid: null }], error: null });

    await apply.execute(answer);
    ana.whatsappStatus = 'checking'; // had the second delivery been applied, it would be valid again
    await apply.execute(answer);

    expect(ana.whatsappStatus).toBe('checking');
    expect(store.emitted).toHaveLength(1);
  });

  it('does not touch contacts of another company that share the check id', async () => {
    const { store, apply } = setup();
    const theirs = store.contact({
      companyId: asCompanyId(4),
      number: '5521998765432',
      whatsappStatus: 'checking',
      whatsappCheckId: COMMAND,
    });

    await apply.execute(checked({ results: [{ number: '5521998765432', exists: true, jid: null }], error: null }));

    expect(theirs.whatsappStatus).toBe('checking');
  });

  it('leaves list items as they are when the check failed', async () => {
    const { store, apply } = setup();
    store.pendingChecks.set(COMMAND, 'list-items');

    // a failed check writes nothing: the in-memory manager runs no SQL, so a statement would throw here
    await expect(apply.execute(checked({ results: [], error: 'ERR_NO_DEF_WAPP_FOUND' }))).resolves.toBeUndefined();
    expect(store.emitted).toEqual([]);
  });
});
