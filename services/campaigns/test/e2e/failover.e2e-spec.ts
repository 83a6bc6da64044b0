/**
 * A 2,000-contact campaign through real processes on the run's PostgreSQL and Kafka: two campaigns processes
 * (the service's `main.ts`, as deployed) and the WhatsApp connector with its simulator as the phone network.
 * Mid-run the campaigns process that is inside a dispatch transaction is killed with SIGKILL and started again,
 * and the connector is killed and started again once. Identity and contacts are played over Kafka
 * (test/support/parties.ts). The outcome is read from the simulator's record of what each phone received
 * (`whatsapp.simulator_sent`), not from the campaigns service's own rows: every contact got its message once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { runMigrations } from '@cs/platform/database';
import {
  type ChildHandle,
  expectEventually,
  freePort,
  nextCompanyId,
  serviceTestEnv,
  spawnTs,
  testRun,
  waitForHttp,
} from '@cs/platform/testing';
import { createCampaignsDataSource } from '../../src/database/data-source.js';
import { utcToZoned } from '../../src/modules/campaigns/zoned-time.js';
import { Parties, TEST_HEADERS } from '../support/parties.js';

const CONTACTS = 2_000;
const CAMPAIGNS_ENTRY = 'services/campaigns/src/main.ts';
const CONNECTOR_MIGRATE_ENTRY = 'services/whatsapp-connector/src/database/migrate.ts';
const CONNECTOR_ENTRY = 'services/whatsapp-connector/src/main.ts';

interface Running {
  readonly name: string;
  readonly url: string;
  readonly child: ChildHandle;
}

let db: pg.Client;
let parties: Parties;
let mediaDir: string;
const running = new Map<string, Running>();

/** A campaigns process; its database sessions carry its name (pg_stat_activity tells which one is dispatching). */
async function startCampaigns(name: string): Promise<Running> {
  const port = await freePort();
  const databaseUrl = new URL(testRun().databaseUrl);
  databaseUrl.searchParams.set('application_name', name);
  const child = spawnTs(
    CAMPAIGNS_ENTRY,
    serviceTestEnv({
      DATABASE_URL: databaseUrl.toString(),
      CAMPAIGNS_PORT: String(port),
      MEDIA_DIR: join(mediaDir, 'campaigns'),
      // a chain that died with a killed process is restarted after 10 s without a send (60 s in production)
      CAMPAIGNS_STALLED_AFTER_SECONDS: '10',
    }),
    name,
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/health/ready`, { child, timeoutMs: 90_000 });
  const process = { name, url, child };
  running.set(name, process);
  return process;
}

async function startConnector(name: string): Promise<Running> {
  const port = await freePort();
  const child = spawnTs(
    CONNECTOR_ENTRY,
    serviceTestEnv({
      CONNECTOR_PORT: String(port),
      SIMULATOR_ENABLED: 'true',
      SIMULATOR_AUTO_SCAN_MS: '0',
      SIMULATOR_POLL_MS: '100',
      CONNECTOR_COMMAND_POLL_MS: '100',
      MEDIA_DIR: join(mediaDir, 'whatsapp'),
    }),
    name,
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/health/ready`, { child, timeoutMs: 90_000 });
  const process = { name, url, child };
  running.set(name, process);
  return process;
}

async function kill(name: string): Promise<void> {
  const process = running.get(name)!;
  running.delete(name);
  await process.child.kill('SIGKILL');
}

const call = async <T>(url: string, companyId: number, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { ...TEST_HEADERS(companyId), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
};

const count = async (sql: string, values: unknown[]): Promise<number> =>
  Number((await db.query<{ n: number }>(sql, values)).rows[0]?.n ?? 0);

beforeAll(async () => {
  const campaigns = createCampaignsDataSource({ DATABASE_URL: testRun().databaseUrl });
  await runMigrations(campaigns);
  await campaigns.destroy();
  // the connector's schema through its own migration step, as a deployment runs it (never its sources)
  const migrate = spawnTs(CONNECTOR_MIGRATE_ENTRY, serviceTestEnv({}), 'connector-migrate');
  const exit = await migrate.exited;
  if (exit !== 0) throw new Error(`connector migrations exited with ${exit}:\n${migrate.output()}`);
  db = new pg.Client({ connectionString: testRun().databaseUrl });
  await db.connect();
  mediaDir = mkdtempSync(join(tmpdir(), 'cs-campaigns-failover-'));
  parties = new Parties();
  // the real connector answers the sends here
  parties.answering = false;
  await parties.start();
}, 120_000);

afterAll(async () => {
  for (const name of [...running.keys()]) await running.get(name)!.child.kill('SIGTERM');
  await parties?.stop();
  await db?.end();
  if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
});

it('sends every contact of a 2,000-contact campaign exactly once through a SIGKILLed campaigns process and a connector restart', async () => {
  const companyId = await nextCompanyId();
  await parties.company(companyId);
  const connector = await startConnector('connector-1');
  const first = await startCampaigns('campaigns-a');
  await startCampaigns('campaigns-b');

  // a simulator connection, its phone linked, its session started
  const created = await call<{ id: number }>(connector.url, companyId, 'POST', '/whatsapp', {
    name: 'Campanhas',
    provider: 'simulator',
  });
  expect(created.status).toBe(200);
  const connectionId = created.body.id;
  await db.query(
    `INSERT INTO whatsapp.simulator_devices (connection_id, company_id, linked, number)
     VALUES ($1, $2, true, '5511900000001')
     ON CONFLICT (connection_id) DO UPDATE SET linked = true, number = EXCLUDED.number`,
    [connectionId, companyId],
  );
  expect((await call(connector.url, companyId, 'POST', `/whatsappsession/${connectionId}`, {})).status).toBe(201);

  // the list: 2,000 simulator numbers
  const listId = companyId * 10 + 1;
  const base = 21_900_000_000 + (companyId % 1_000) * 10_000;
  const numbers = Array.from({ length: CONTACTS }, (_, index) => `55${base + index}`);
  await parties.list(
    companyId,
    listId,
    'Lista grande',
    numbers.map((number, index) => ({
      id: (companyId % 100_000) * 10_000 + index + 1,
      name: `Contato ${index + 1}`,
      number,
    })),
  );
  await expectEventually(
    async () => {
      const session = await db.query<{ status: string }>('SELECT status FROM whatsapp.connections WHERE id = $1', [
        connectionId,
      ]);
      expect(session.rows[0]?.status).toBe('CONNECTED');
      expect(await count('SELECT count(*)::int AS n FROM campaigns.connections WHERE id = $1', [connectionId])).toBe(1);
      expect(
        // list ids are per company (another file's company may use the same one)
        await count(
          'SELECT count(*)::int AS n FROM campaigns.contact_list_items WHERE company_id = $1 AND contact_list_id = $2',
          [companyId, listId],
        ),
      ).toBe(CONTACTS);
    },
    { timeoutMs: 90_000, intervalMs: 250 },
  );

  expect(
    (
      await call(first.url, companyId, 'POST', '/campaign-settings', {
        // bursts of 100 a second apart: a run of ~20 s with a new dispatch job (either process) per burst
        settings: { messageInterval: 0, longerIntervalAfter: 100, greaterInterval: 1 },
      })
    ).status,
  ).toBe(200);
  const campaign = await call<{ id: number; status: string }>(first.url, companyId, 'POST', '/campaigns', {
    name: 'Failover',
    whatsappId: connectionId,
    contactListId: listId,
    tagListId: 'Nenhuma',
    fileListId: '',
    confirmation: false,
    message1: 'Oferta para {nome} ({numero})',
    scheduledAt: utcToZoned(new Date(), 'America/Sao_Paulo'),
  });
  expect([campaign.status, campaign.body.status]).toEqual([200, 'PROGRAMADA']);
  const campaignId = campaign.body.id;
  const received = (): Promise<number> =>
    count('SELECT count(*)::int AS n FROM whatsapp.simulator_sent WHERE connection_id = $1', [connectionId]);
  const handed = (): Promise<number> =>
    count(
      'SELECT count(*)::int AS n FROM campaigns.campaign_shippings WHERE campaign_id = $1 AND sent_at IS NOT NULL',
      [campaignId],
    );

  // the campaigns process inside a dispatch transaction (picking or marking rows) dies with it uncommitted
  await expectEventually(async () => expect(await handed()).toBeGreaterThanOrEqual(300), {
    timeoutMs: 90_000,
    intervalMs: 100,
  });
  const victim = await expectEventually(
    async () => {
      const { rows } = await db.query<{ application_name: string }>(
        `SELECT application_name FROM pg_stat_activity
          WHERE application_name IN ('campaigns-a', 'campaigns-b') AND state IN ('active', 'idle in transaction')
            AND (query ILIKE '%SKIP LOCKED%' OR query ILIKE '%SET sent_at%')`,
      );
      expect(rows.length).toBeGreaterThan(0);
      return rows[0]!.application_name;
    },
    { timeoutMs: 60_000, intervalMs: 10 },
  );
  await kill(victim);
  const handedAtKill = await handed();
  await startCampaigns(`${victim}-2`);

  // the phones are receiving; the connector dies and a new process takes its session over
  await expectEventually(async () => expect(await received()).toBeGreaterThanOrEqual(200), {
    timeoutMs: 90_000,
    intervalMs: 100,
  });
  await kill('connector-1');
  const receivedAtConnectorKill = await received();
  await startConnector('connector-2');

  // every phone got its message: from the survivor, or, when the dispatch chain died with the killed process
  // (its pg-boss job stays "active" for 15 minutes), from the watchdog's new chain after 10 s without a send
  await expectEventually(async () => expect(await received()).toBeGreaterThanOrEqual(CONTACTS), {
    timeoutMs: 420_000,
    intervalMs: 1_000,
  });
  const survivor = [...running.values()].find((process) => process.name.startsWith('campaigns'))!;
  await expectEventually(
    async () => {
      const current = await call<{ status: string; counts: { valid: number; delivered: number; failed: number } }>(
        survivor.url,
        companyId,
        'GET',
        `/campaigns/${campaignId}`,
      );
      expect(current.body).toMatchObject({
        status: 'FINALIZADA',
        counts: { valid: CONTACTS, delivered: CONTACTS, failed: 0 },
      });
    },
    { timeoutMs: 60_000, intervalMs: 500 },
  );

  // the phones' side: one message per contact, its own text, none twice, none skipped, nobody else
  const { rows } = await db.query<{ chat_jid: string; messages: number; bodies: string[] }>(
    `SELECT chat_jid, count(*)::int AS messages, array_agg(content->>'body') AS bodies
       FROM whatsapp.simulator_sent WHERE connection_id = $1 GROUP BY chat_jid`,
    [connectionId],
  );
  const byChat = new Map(rows.map((row) => [row.chat_jid, row]));
  const twice = rows.filter((row) => row.messages > 1).map((row) => row.chat_jid);
  const skipped = numbers.filter((number) => !byChat.has(`${number}@s.whatsapp.net`));
  const wrong = numbers.filter((number, index) => {
    const row = byChat.get(`${number}@s.whatsapp.net`);
    return row !== undefined && row.bodies[0] !== `Oferta para Contato ${index + 1} (${number})`;
  });
  expect({ chats: rows.length, twice, skipped, wrong }).toEqual({ chats: CONTACTS, twice: [], skipped: [], wrong: [] });
  // the faults happened mid-run
  expect(handedAtKill).toBeLessThan(CONTACTS);
  expect(receivedAtConnectorKill).toBeLessThan(CONTACTS);
}, 720_000);
