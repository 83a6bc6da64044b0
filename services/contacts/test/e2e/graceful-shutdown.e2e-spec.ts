/**
 * A consumer deployable stopped with SIGTERM in the middle of an inbound burst (contacts as its own process, as
 * deployed, on real PostgreSQL and Kafka): it answers the HTTP request it holds, finishes the messages it holds,
 * commits their offsets, leaves its consumer group and exits 0 before its deadline (SHUTDOWN_TIMEOUT_SECONDS: past
 * it the process exits 1). The group is then empty, so a new member gets the partitions at once instead of after the
 * old member's session timeout; it starts exactly where the first stopped, and after the restart every message has
 * been handled exactly once.
 */
import { request, type IncomingMessage } from 'node:http';
import { Kafka, logLevel } from 'kafkajs';
import pg from 'pg';
import { runMigrations } from '@cs/platform/database';
import {
  type ChildHandle,
  expectEventually,
  freePort,
  nextCompanyId,
  pollUntil,
  serviceTestEnv,
  spawnTs,
  testRun,
  waitForHttp,
} from '@cs/platform/testing';
import { InboundMessageResolved } from '@cs/proto/events';
import { createContactsDataSource } from '../../src/database/data-source.js';
import { FakeConnector, TEST_HEADERS } from '../support/fake-connector.js';

const INBOUND = 'whatsapp.inbound-message.v1';
const GROUP = 'contacts.main';
const BURST = 4_000;
const PARTIES = 40;

let connector: FakeConnector;
let company: number;
const children: ChildHandle[] = [];
const kafka = new Kafka({
  clientId: 'shutdown-test',
  brokers: testRun().brokers.split(','),
  logLevel: logLevel.NOTHING,
});
const admin = kafka.admin();
const database = new pg.Pool({ connectionString: testRun().databaseUrl, max: 2 });

beforeAll(async () => {
  const dataSource = createContactsDataSource({ DATABASE_URL: testRun().databaseUrl });
  await runMigrations(dataSource);
  await dataSource.destroy();
  connector = new FakeConnector({ invalid: () => false, failing: () => false, silent: () => false });
  await connector.start();
  await admin.connect();
  company = await nextCompanyId();
});

afterAll(async () => {
  await Promise.all(children.map((child) => child.kill('SIGKILL')));
  await connector?.stop();
  await admin.disconnect();
  await database.end();
});

/** contacts as its own process: one transaction per event, so the burst lasts; logs at info (its shutdown steps). */
async function startContacts(env: Record<string, string> = {}): Promise<{ child: ChildHandle; port: number }> {
  const port = await freePort();
  const child = spawnTs(
    'services/contacts/src/main.ts',
    serviceTestEnv({
      CONTACTS_PORT: String(port),
      EVENTS_BATCH_SIZE: '1',
      LOG_LEVEL: 'info',
      SHUTDOWN_TIMEOUT_SECONDS: '60',
      ...env,
    }),
    'contacts',
  );
  children.push(child);
  await waitForHttp(`http://127.0.0.1:${port}/health/ready`, { child, timeoutMs: 90_000 });
  return { child, port };
}

const inbound = (party: number, index: number) => {
  const number = `55219${String(company % 10_000).padStart(4, '0')}${String(party).padStart(4, '0')}`;
  return {
    type: 'whatsapp.message.received',
    companyId: company,
    data: {
      connectionId: 1,
      chatJid: `${number}@s.whatsapp.net`,
      isGroup: false,
      groupName: null,
      contact: { jid: `${number}@s.whatsapp.net`, number, lid: null, pushName: `Cliente ${party}` },
      messageId: `SHUTDOWN${party}x${index}`,
      fromMe: false,
      timestamp: new Date().toISOString(),
      kind: 'text',
      body: `mensagem ${index}`,
      media: null,
      location: null,
      vcards: [],
      quotedMessageId: null,
      isOffline: false,
    },
  };
};

/** How many of these events contacts has handled (its inbox). */
async function handled(ids: readonly string[]): Promise<number> {
  const result = await database.query<{ count: string }>(
    'SELECT count(*) AS count FROM contacts.inbox WHERE consumer = $1 AND event_id = ANY($2::uuid[])',
    [GROUP, ids],
  );
  return Number(result.rows[0]?.count ?? 0);
}

/** The group's committed offsets on the inbound topic, summed over its partitions (each starts at 0 in this file). */
async function committed(): Promise<number> {
  const [topic] = await admin.fetchOffsets({
    groupId: `${testRun().topicPrefix}${GROUP}`,
    topics: [`${testRun().topicPrefix}${INBOUND}`],
  });
  return (topic?.partitions ?? []).reduce((sum, partition) => sum + Math.max(0, Number(partition.offset)), 0);
}

/**
 * A POST the server has started on (its headers arrived: `100 Continue` came back) but whose body is still to come:
 * a request in flight for as long as the test wants.
 */
async function openRequest(port: number, path: string, body: unknown) {
  const payload = JSON.stringify(body);
  const outgoing = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path,
    headers: {
      ...TEST_HEADERS(company),
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(payload),
      expect: '100-continue',
    },
  });
  const answered = new Promise<IncomingMessage & { text: string }>((resolve, reject) => {
    outgoing.once('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve(Object.assign(response, { text })));
    });
    outgoing.once('error', reject);
  });
  await new Promise<void>((resolve) => {
    outgoing.once('continue', resolve);
    outgoing.flushHeaders();
  });
  return { finish: () => outgoing.end(payload), answered };
}

it('stops during a burst: answers its request, finishes and commits its messages, leaves its group, exits 0', async () => {
  const first = await startContacts();
  const ids: string[] = [];
  for (let party = 0; party < PARTIES; party += 1) {
    const events = Array.from({ length: BURST / PARTIES }, (_, index) => inbound(party, index));
    ids.push(...(await connector.publishMany(INBOUND, `${company}:${party}`, events)));
  }
  await pollUntil(async () => (await handled(ids)) >= 100, { timeoutMs: 60_000, what: 'the burst to be under way' });

  // a request in flight, then SIGTERM: the process stops taking HTTP but answers it
  const inFlight = await openRequest(first.port, '/contact-lists', { name: 'Lista do desligamento' });
  void first.child.kill('SIGTERM');
  await expectEventually(() => expect(first.child.output()).toContain('"step":"http"'), { timeoutMs: 30_000 });
  // the listener is closed: nothing new gets in
  await expectEventually(() => expect(fetch(`http://127.0.0.1:${first.port}/health/live`)).rejects.toThrow());
  inFlight.finish();
  const response = await inFlight.answered;
  expect(response.statusCode).toBe(200);
  expect(response.headers.connection).toBe('close');
  const list = JSON.parse(response.text) as { id: number; name: string };
  expect(list.name).toBe('Lista do desligamento');

  expect(await first.child.exited).toBe(0);
  const handledByFirst = await handled(ids);
  // it stopped in the middle of the burst, with every message it handled committed and its group left
  expect(handledByFirst).toBeLessThan(BURST);
  expect(await committed()).toBe(handledByFirst);
  const [group] = (await admin.describeGroups([`${testRun().topicPrefix}${GROUP}`])).groups;
  expect(group?.members).toEqual([]);
  expect(group?.state).toBe('Empty');

  // a new process takes over where it stopped: every message handled once, each resolved once
  const second = await startContacts();
  await pollUntil(async () => (await handled(ids)) === BURST, { timeoutMs: 180_000, what: 'the whole burst handled' });
  await expectEventually(
    () => {
      const resolved = connector
        .events('contacts.inbound-message.v1', 'contacts.inbound-message.resolved')
        .map((entry) => InboundMessageResolved.data.parse(entry.envelope.data).sourceEventId)
        .filter((id) => ids.includes(id));
      expect(resolved.length).toBe(BURST);
      expect(new Set(resolved).size).toBe(BURST);
    },
    { timeoutMs: 60_000 },
  );
  const kept = await fetch(`http://127.0.0.1:${second.port}/contact-lists/${list.id}`, {
    headers: TEST_HEADERS(company),
  });
  expect(kept.status).toBe(200);
  expect(await second.child.kill('SIGTERM')).toBe(0);
}, 420_000);

it('exits 1 past its deadline, naming the step that had not ended', async () => {
  // a deadline no shutdown can meet: it passes before the steps are over, whichever one is running then
  const { child } = await startContacts({ SHUTDOWN_TIMEOUT_SECONDS: '0.001' });
  expect(await child.kill('SIGTERM')).toBe(1);
  expect(child.output()).toMatch(
    /"step":"(drain|http|work|publish|close)","timeoutMs":1,"msg":"shutdown deadline passed; exiting with work unfinished"/,
  );
}, 120_000);
