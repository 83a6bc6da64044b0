/**
 * Inbound messages resolved in batches (issue 22), on real PostgreSQL and Kafka: contacts runs with
 * `EVENTS_BATCH_SIZE=50`, and the events of a test are published in one request on one partition, so that the
 * consumer hands them to `ResolveInboundMessageUseCase.executeMany` together. The usual case (a known contact that
 * the message changes nothing of) costs one lookup and one outbox write for the whole batch; new and changed
 * contacts in the same batch are resolved in order, as one at a time would.
 */
import { DataSource } from 'typeorm';
import { runMigrations } from '@cs/platform/database';
import { type RunningApp, startServiceApp } from '@cs/platform/bootstrap';
import { expectEventually, nextCompanyId, serviceTestEnv, StatementLog, testRun } from '@cs/platform/testing';
import type { EventData } from '@cs/proto/common';
import { InboundMessageResolved } from '@cs/proto/events';
import { contactsService } from '../../src/app.js';
import { createContactsDataSource } from '../../src/database/data-source.js';
import { FakeConnector, TEST_HEADERS } from '../support/fake-connector.js';

let app: RunningApp<typeof contactsService.envSchema>;
let connector: FakeConnector;
let company: number;

beforeAll(async () => {
  const dataSource = createContactsDataSource({ DATABASE_URL: testRun().databaseUrl });
  await runMigrations(dataSource);
  await dataSource.destroy();
  connector = new FakeConnector({ invalid: () => false, failing: () => false, silent: () => false });
  await connector.start();
  app = await startServiceApp(contactsService, serviceTestEnv({ EVENTS_BATCH_SIZE: '50' }), { port: 0 });
  company = await nextCompanyId();
});

afterAll(async () => {
  await app?.close();
  await connector?.stop();
});

let sequence = Math.floor(Math.random() * 1_000_000);
const party = (pushName: string, lid: string | null = null) => {
  sequence += 1;
  const number = `55219${String(80_000_000 + sequence).padStart(8, '0')}`;
  return { jid: `${number}@s.whatsapp.net`, number, lid, pushName };
};
type Party = ReturnType<typeof party>;

const message = (from: Party, body = 'Olá') => ({
  type: 'whatsapp.message.received',
  companyId: company,
  data: {
    connectionId: 1,
    chatJid: from.jid,
    isGroup: false,
    groupName: null,
    contact: from,
    messageId: `MSG${Math.random().toString(36).slice(2)}`,
    fromMe: false,
    timestamp: new Date().toISOString(),
    kind: 'text',
    body,
    media: null,
    location: null,
    vcards: [],
    quotedMessageId: null,
    isOffline: false,
  },
});

type Resolved = EventData<typeof InboundMessageResolved>;

/** The resolved event of each source event, once all of them are out. */
async function resolvedAll(ids: readonly string[]): Promise<Array<Resolved & { key: string }>> {
  return expectEventually(
    () => {
      const all = connector
        .events('contacts.inbound-message.v1', 'contacts.inbound-message.resolved')
        .map((entry) => ({ key: entry.key, ...InboundMessageResolved.data.parse(entry.envelope.data) }));
      return ids.map((id) => {
        const found = all.filter((entry) => entry.sourceEventId === id);
        if (found.length !== 1) throw new Error(`${id}: resolved ${found.length} times`);
        return found[0] as Resolved & { key: string };
      });
    },
    { timeoutMs: 30_000 },
  );
}

/** Publishes single messages (one at a time) so their contacts exist, and resolves with the contacts. */
async function known(...parties: Party[]) {
  const ids: string[] = [];
  for (const from of parties) {
    const [id] = await connector.publishMany('whatsapp.inbound-message.v1', `1:${from.jid}`, [message(from)]);
    ids.push(id as string);
  }
  return (await resolvedAll(ids)).map((resolved) => resolved.contact);
}

describe('a batch of inbound messages', () => {
  it('resolves known, new and changed contacts in order, each new contact created once', async () => {
    const ana = party('Ana');
    const bruno = party('Bruno');
    const [anaContact, brunoContact] = await known(ana, bruno);
    const carla = party('Carla');
    const renamed = { ...ana, pushName: 'Ana Paula' };
    const ids = await connector.publishMany('whatsapp.inbound-message.v1', 'batch-1', [
      message(ana, 'um'),
      message(bruno, 'dois'),
      message(carla, 'três'),
      message(carla, 'quatro'),
      message(renamed, 'cinco'),
      message(ana, 'seis'),
      message(bruno, 'sete'),
    ]);
    const resolved = await resolvedAll(ids);
    expect(resolved.map((entry) => [entry.contact.id, entry.contact.name])).toEqual([
      [anaContact?.id, 'Ana'],
      [brunoContact?.id, 'Bruno'],
      [expect.any(Number), 'Carla'],
      [resolved[2]?.contact.id, 'Carla'],
      [anaContact?.id, 'Ana Paula'],
      // each message's push name applies in order, as one event at a time would have it
      [anaContact?.id, 'Ana'],
      [brunoContact?.id, 'Bruno'],
    ]);
    expect(resolved.map((entry) => entry.key)).toEqual(
      [ana, bruno, carla, carla, ana, ana, bruno].map((from) => `1:${from.jid}`),
    );
    expect(resolved.map((entry) => (entry.source.data as { body: string }).body)).toEqual([
      'um',
      'dois',
      'três',
      'quatro',
      'cinco',
      'seis',
      'sete',
    ]);
    // one contact row per number
    const rows = await fetch(`${app.url}/contacts?searchParam=${carla.number}`, { headers: TEST_HEADERS(company) });
    expect(rows.status).toBe(200);
    const page = (await rows.json()) as { contacts: Array<{ number: string }> };
    expect(page.contacts.filter((contact) => contact.number === carla.number)).toHaveLength(1);
  });

  it('costs one lookup and one outbox write for a batch of known contacts, whatever its size', async () => {
    const parties = Array.from({ length: 12 }, (_, index) => party(`Cliente ${index}`));
    const contacts = await known(...parties);
    // one of them has extra info, which the same lookup reads
    const withInfo = contacts[3] as Resolved['contact'];
    const put = await fetch(`${app.url}/contacts/${withInfo.id}`, {
      method: 'PUT',
      headers: { ...TEST_HEADERS(company), 'content-type': 'application/json' },
      body: JSON.stringify({
        name: withInfo.name,
        number: withInfo.number,
        email: '',
        extraInfo: [
          { name: 'CPF', value: '123' },
          { name: 'Plano', value: 'Ouro' },
        ],
      }),
    });
    expect(put.status).toBe(200);
    const log = new StatementLog(app.app.get(DataSource));
    try {
      const ids = await connector.publishMany(
        'whatsapp.inbound-message.v1',
        'batch-2',
        parties.flatMap((from) => [message(from, 'a'), message(from, 'b')]),
      );
      const resolved = await resolvedAll(ids);
      expect(new Set(resolved.map((entry) => entry.contact.id)).size).toBe(12);
      for (const entry of resolved) {
        expect(entry.contact.extraInfo.map(({ name, value }) => [name, value])).toEqual(
          entry.contact.id === withInfo.id
            ? [
                ['CPF', '123'],
                ['Plano', 'Ouro'],
              ]
            : [],
        );
      }
      const transactions = await expectEventually(() => {
        const found = [...new Set(ids.map((id) => log.transactionOf(id)))];
        if (found.some((statements) => !statements?.some((statement) => statement.sql === 'COMMIT'))) {
          throw new Error('not committed yet');
        }
        return found as Array<NonNullable<(typeof found)[number]>>;
      });
      // however the consumer sliced the 24 events, each transaction is BEGIN, the inbox, the contacts with their
      // extra info, the outbox and COMMIT
      for (const statements of transactions) {
        expect(statements.map((statement) => statement.sql.split(' ').slice(0, 3).join(' '))).toEqual([
          'START TRANSACTION',
          'INSERT INTO inbox',
          expect.stringMatching(/^SELECT/),
          'INSERT INTO outbox',
          'COMMIT',
        ]);
      }
      expect(transactions.length).toBeLessThan(ids.length);
    } finally {
      log.stop();
    }
  });
});
