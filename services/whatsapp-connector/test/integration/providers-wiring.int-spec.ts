/**
 * The connector as it is deployed, with every provider registered: a Cloud API connection created through
 * `/whatsapp` connects against (a local stand-in for) Meta's Graph API, its webhook URL answers Meta's subscription
 * check, and a signed message webhook becomes one `whatsapp.inbound-message.v1` event. (Baileys is registered the
 * same way; its sessions are tested through a fake socket in test/baileys: a test never opens a real one.)
 */
import { randomUUID } from 'node:crypto';
import { runMigrations } from '@cs/platform/database';
import { type RunningApp, startServiceApp } from '@cs/platform/bootstrap';
import { expectEventually, nextCompanyId, serviceTestEnv, TEST_INTERNAL_TOKEN, testRun } from '@cs/platform/testing';
import { whatsappConnectorService } from '../../src/app.js';
import { createWhatsappDataSource } from '../../src/database/data-source.js';
import { signatureOf } from '../../src/providers/cloud-api/webhook.signature.js';
import { FakeGraph } from '../../src/fake-graph/index.js';
import { fixture, metaWireBody } from '../cloud-api/support/fixtures.js';
import { companySnapshot, HEADERS, KafkaProbe } from '../support/kafka-probe.js';

const VERSION = 'v23.0';
const PHONE_NUMBER_ID = '106540352242922';
const ACCESS_TOKEN = `EAAG${randomUUID().replaceAll('-', '')}`;
const APP_SECRET = randomUUID();
const VERIFY_TOKEN = randomUUID();

let app: RunningApp<typeof whatsappConnectorService.envSchema>;
let graph: FakeGraph;
let probe: KafkaProbe;
let company: number;

beforeAll(async () => {
  const dataSource = createWhatsappDataSource({ DATABASE_URL: testRun().databaseUrl });
  await runMigrations(dataSource);
  await dataSource.destroy();
  graph = await new FakeGraph(VERSION, PHONE_NUMBER_ID, ACCESS_TOKEN).start();
  probe = new KafkaProbe();
  await probe.start();
  app = await startServiceApp(
    whatsappConnectorService,
    serviceTestEnv({
      CONNECTOR_HEARTBEAT_MS: '200',
      CONNECTOR_LEASE_TTL_MS: '3000',
      MEDIA_DIR: `/tmp/wa-wiring-${randomUUID()}`,
      PUBLIC_URL: 'http://gateway.test',
      WHATSAPP_GRAPH_URL: graph.url,
      WHATSAPP_GRAPH_VERSION: VERSION,
    }),
    { port: 0 },
  );
  company = await nextCompanyId();
  await probe.publish(
    'identity.company.v1',
    String(company),
    'identity.company.created',
    company,
    companySnapshot(company, 10),
    {
      producer: 'identity',
    },
  );
});

afterAll(async () => {
  await app?.close();
  await probe?.stop();
  await graph?.stop();
});

const call = (method: string, path: string, body?: unknown): Promise<Response> =>
  fetch(`${app.url}${path}`, {
    method,
    headers: { ...HEADERS(company), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

it('runs a Cloud API connection end to end: connected, subscription check, signed webhook → one inbound event', async () => {
  const created = await expectEventually(
    async () => {
      const response = await call('POST', '/whatsapp', {
        name: 'Cloud API',
        provider: 'cloud-api',
        isDefault: true,
        cloudPhoneNumberId: PHONE_NUMBER_ID,
        cloudAccessToken: ACCESS_TOKEN,
        cloudAppSecret: APP_SECRET,
        cloudVerifyToken: VERIFY_TOKEN,
      });
      expect(response.status).toBe(200); // the company projection may still be on its way
      return (await response.json()) as { id: number; webhookUrl: string };
    },
    { timeoutMs: 20_000 },
  );
  expect(created.webhookUrl).toBe(`http://gateway.test/webhooks/whatsapp/${created.id}`);

  // the session checks the credentials at Meta and reports the number
  await expectEventually(
    async () => {
      const connection = (await (await call('GET', `/whatsapp/${created.id}`)).json()) as Record<string, unknown>;
      expect(connection).toMatchObject({ status: 'CONNECTED', number: '551140031234' });
      expect(JSON.stringify(connection)).not.toContain(ACCESS_TOKEN);
      expect(JSON.stringify(connection)).not.toContain(APP_SECRET);
    },
    { timeoutMs: 20_000 },
  );

  // Meta's calls, as the gateway forwards them (public there; the gateway adds its internal token)
  const webhook = `${app.url}/webhooks/whatsapp/${created.id}`;
  const internal = { 'x-internal-token': TEST_INTERNAL_TOKEN };
  const challenge = await fetch(
    `${webhook}?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
    { headers: internal },
  );
  expect(challenge.status).toBe(200);
  expect(await challenge.text()).toBe('1158201444');
  const wrong = await fetch(`${webhook}?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1`, {
    headers: internal,
  });
  expect(wrong.status).toBe(403);

  const raw = metaWireBody(fixture('message-text.json'));
  const post = (signature: string) =>
    fetch(webhook, {
      method: 'POST',
      headers: { ...internal, 'content-type': 'application/json', 'x-hub-signature-256': signature },
      body: raw,
    });
  expect((await post(signatureOf('not-the-secret', raw))).status).toBe(401);
  expect((await post(signatureOf(APP_SECRET, raw))).status).toBe(200);
  expect((await post(signatureOf(APP_SECRET, raw))).status).toBe(200); // Meta redelivers

  const inbound = () =>
    probe.events(
      'whatsapp.inbound-message.v1',
      (entry) => entry.envelope.companyId === company && entry.envelope.data['connectionId'] === created.id,
    );
  await expectEventually(
    () => {
      expect(inbound().map((entry) => entry.envelope.data)).toEqual([
        expect.objectContaining({ kind: 'text', body: 'Olá, vocês entregam em Campinas?', fromMe: false }),
      ]);
    },
    { timeoutMs: 20_000 },
  );
});
