/**
 * The connector on real PostgreSQL and Kafka, with tickets', contacts' and identity's parts played over Kafka:
 * connections CRUD and its rules, tenancy, session lifecycle through the simulator (QR, scan, pairing code,
 * TIMEOUT, logout), inbound messages exactly once, send commands carried out once, receipts, number checks,
 * groups, media.
 */
import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import { runMigrations } from '@cs/platform/database';
import { type RunningApp, startServiceApp } from '@cs/platform/bootstrap';
import { expectEventually, nextCompanyId, serviceTestEnv, TEST_INTERNAL_TOKEN, testRun } from '@cs/platform/testing';
import { whatsappConnectorService } from '../../src/app.js';
import { createWhatsappDataSource } from '../../src/database/data-source.js';
import { republishConnectionSnapshots } from '../../src/database/republish.js';
import { ConnectionAnnouncer } from '../../src/modules/connections/connection-announcer.js';
import { companySnapshot, HEADERS, KafkaProbe, queueSnapshot, type Recorded } from '../support/kafka-probe.js';

let app: RunningApp<typeof whatsappConnectorService.envSchema>;
let probe: KafkaProbe;
let db: pg.Client;
let companyA: number;
let companyB: number;
let mediaDir: string;

interface Connection {
  id: number;
  name: string;
  status: string;
  qrcode: string;
  isDefault: boolean;
  number: string | null;
  pairingCode?: string | null;
  queues: Array<{ id: number; name: string; color: string }>;
  queueIds: number[];
  token?: string;
  hasToken: boolean;
  tokenWeak: boolean;
  webhookUrl?: string;
  cloudPhoneNumberId?: string | null;
  [key: string]: unknown;
}

/** A typed token that passes the strength rule (what a password manager would produce). */
const STRONG_TOKEN = 'Xk9mQ2vL7pR4tW8zN3bF6hJ1yC5eA0sD';
const isUpdate = (entry: Recorded): boolean => entry.envelope.type === 'whatsapp.connection.updated';
const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

const json = async <T = Record<string, unknown>>(response: Response): Promise<T> => (await response.json()) as T;

const call = (
  companyId: number,
  method: string,
  path: string,
  body?: unknown,
  profile: 'admin' | 'user' = 'admin',
): Promise<Response> =>
  fetch(`${app.url}${path}`, {
    method,
    headers: { ...HEADERS(companyId, profile), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const create = async (companyId: number, body: Record<string, unknown>): Promise<Connection> => {
  const response = await call(companyId, 'POST', '/whatsapp', { provider: 'simulator', ...body });
  if (response.status !== 200) throw new Error(`create answered ${response.status}: ${await response.text()}`);
  return json<Connection>(response);
};

const show = (companyId: number, id: number): Promise<Connection> =>
  call(companyId, 'GET', `/whatsapp/${id}`).then((response) => json<Connection>(response));

const statusOf = async (companyId: number, id: number, status: string): Promise<Connection> =>
  expectEventually(
    async () => {
      const connection = await show(companyId, id);
      expect(connection.status).toBe(status);
      return connection;
    },
    { timeoutMs: 20_000 },
  );

/** A new simulator connection of the company, its QR scanned and the session CONNECTED. */
const scannedConnection = async (companyId: number, name: string): Promise<Connection> => {
  const connection = await create(companyId, { name: `${name} ${randomUUID().slice(0, 6)}` });
  await statusOf(companyId, connection.id, 'qrcode');
  await call(companyId, 'POST', `/simulator/connections/${connection.id}/scan`, {});
  await statusOf(companyId, connection.id, 'CONNECTED');
  return connection;
};

let numberSeq = Math.floor(Math.random() * 1_000_000);
const contactNumber = (): string => `55219${String((numberSeq += 1)).padStart(8, '7')}`;

beforeAll(async () => {
  const dataSource = createWhatsappDataSource({ DATABASE_URL: testRun().databaseUrl });
  await runMigrations(dataSource);
  await dataSource.destroy();
  db = new pg.Client({ connectionString: testRun().databaseUrl, options: '-c search_path=whatsapp' });
  await db.connect();
  probe = new KafkaProbe();
  await probe.start();
  mediaDir = `/tmp/wa-media-${randomUUID()}`;
  app = await startServiceApp(
    whatsappConnectorService,
    serviceTestEnv({
      CONNECTOR_HEARTBEAT_MS: '200',
      CONNECTOR_LEASE_TTL_MS: '3000',
      SIMULATOR_ENABLED: 'true',
      SIMULATOR_AUTO_SCAN_MS: '0',
      SIMULATOR_QR_REFRESH_MS: '1500',
      MEDIA_DIR: mediaDir,
      MEDIA_MAX_BYTES: '4096',
      PUBLIC_URL: 'http://gateway.test',
    }),
    { port: 0 },
  );
  companyA = await nextCompanyId();
  companyB = await nextCompanyId();
});

afterAll(async () => {
  await app?.close();
  await probe?.stop();
  await db?.end();
});

describe('connections (/whatsapp)', () => {
  it("validates the spec's fields", async () => {
    const response = await call(companyA, 'POST', '/whatsapp', { name: 'A', timeSendQueue: -1, expiresTicket: 1.5 });
    expect(response.status).toBe(400);
    const body = await json<{ error: string; details: Array<{ path: string }> }>(response);
    expect(body.error).toBe('ERR_VALIDATION');
    expect(body.details.map((detail) => detail.path).sort()).toEqual(['expiresTicket', 'name', 'timeSendQueue']);
    const long = await call(companyA, 'POST', '/whatsapp', { name: 'x'.repeat(51) });
    expect(await json(long)).toMatchObject({
      error: 'ERR_VALIDATION',
      details: [{ path: 'name', message: 'Too Long!' }],
    });
  });

  it('keeps one default per company, checks names, greetings and queues, and publishes every change', async () => {
    const company = await nextCompanyId();
    await probe.publish(
      'tickets.queue.v1',
      '901',
      'tickets.queue.created',
      company,
      queueSnapshot(company, 901, 'Vendas', '#111111'),
    );
    await probe.publish(
      'tickets.queue.v1',
      '902',
      'tickets.queue.created',
      company,
      queueSnapshot(company, 902, 'Suporte', '#222222'),
    );

    const first = await create(company, { name: 'Loja Centro', token: STRONG_TOKEN });
    // its session starts at once, as the spec's server does
    expect(first).toMatchObject({ isDefault: true, status: 'OPENING', token: STRONG_TOKEN, queues: [] });
    // the external API's token authenticates as the company: shown once, then to nobody (issue 49)
    const asUser = await json<Connection[]>(await call(company, 'GET', '/whatsapp', undefined, 'user'));
    expect(asUser.find((connection) => connection.id === first.id)).not.toHaveProperty('token');
    expect(await json(await call(company, 'GET', `/whatsapp/${first.id}`, undefined, 'user'))).not.toHaveProperty(
      'token',
    );
    expect(await show(company, first.id)).toMatchObject({ hasToken: true, tokenWeak: false });
    expect(await show(company, first.id)).not.toHaveProperty('token');

    // more than one queue needs a greeting
    const noGreeting = await call(company, 'PUT', `/whatsapp/${first.id}`, { queueIds: [901, 902] });
    expect(noGreeting.status).toBe(400);
    expect(await json(noGreeting)).toMatchObject({ error: 'ERR_WAPP_GREETING_REQUIRED' });
    // queues must be known (the projection of tickets' queues)
    const withQueues = await expectEventually(async () => {
      const response = await call(company, 'PUT', `/whatsapp/${first.id}`, {
        queueIds: [901, 902],
        greetingMessage: 'Olá! Escolha:',
      });
      expect(response.status).toBe(200);
      return json<Connection>(response);
    });
    expect(withQueues.queues).toEqual([
      { id: 901, name: 'Vendas', color: '#111111' },
      { id: 902, name: 'Suporte', color: '#222222' },
    ]);
    const unknownQueue = await call(company, 'PUT', `/whatsapp/${first.id}`, { queueIds: [999_999] });
    expect(await json(unknownQueue)).toMatchObject({ error: 'ERR_VALIDATION', details: [{ path: 'queueIds' }] });

    // duplicate name (case-insensitive) in the company
    const duplicate = await call(company, 'POST', '/whatsapp', { name: 'loja centro' });
    expect(duplicate.status).toBe(409);
    expect(await json(duplicate)).toMatchObject({ error: 'ERR_WAPP_NAME_ALREADY_EXISTS' });

    // the only default cannot stop being the default
    const undefault = await call(company, 'PUT', `/whatsapp/${first.id}`, { isDefault: false });
    expect(await json(undefault)).toMatchObject({ error: 'ERR_NO_OTHER_WHATSAPP' });

    // a new default clears the old one
    const second = await create(company, { name: 'Loja Norte', isDefault: true });
    expect(second.isDefault).toBe(true);
    expect((await show(company, first.id)).isDefault).toBe(false);
    // the default cannot be deleted while another connection exists
    const deleteDefault = await call(company, 'DELETE', `/whatsapp/${second.id}`);
    expect(await json(deleteDefault)).toMatchObject({ error: 'ERR_NO_OTHER_WHATSAPP' });
    expect((await call(company, 'DELETE', `/whatsapp/${first.id}`)).status).toBe(200);
    expect((await call(company, 'GET', `/whatsapp/${first.id}`)).status).toBe(404);

    const list = await json<Connection[]>(await call(company, 'GET', '/whatsapp/?session=0'));
    expect(list.map((connection) => connection.name)).toEqual(['Loja Norte']);

    await expectEventually(() => {
      const types = probe
        .events('whatsapp.connection.v1', (entry) => entry.envelope.companyId === company)
        .map((entry) => `${entry.envelope.type}:${String(entry.envelope.data['id'])}`);
      expect(types).toEqual(
        expect.arrayContaining([
          `whatsapp.connection.created:${first.id}`,
          `whatsapp.connection.updated:${first.id}`,
          `whatsapp.connection.created:${second.id}`,
          `whatsapp.connection.deleted:${first.id}`,
        ]),
      );
    });
  });

  it("publishes the digest of each connection's external-API token on its own topic, never the token", async () => {
    const company = await nextCompanyId();
    const typed = `${STRONG_TOKEN}-2`;
    const connection = await create(company, { name: 'Loja API', token: STRONG_TOKEN });
    await call(company, 'PUT', `/whatsapp/${connection.id}`, { token: typed });
    await call(company, 'PUT', `/whatsapp/${connection.id}`, { token: null });
    await expectEventually(() => {
      const digests = probe
        .events('whatsapp.connection-token.v2', (entry) => entry.envelope.companyId === company)
        .map((entry) => entry.envelope.data['tokenSha256']);
      expect(digests).toEqual([sha256(STRONG_TOKEN), sha256(typed), '']);
    });
    for (const topic of ['whatsapp.connection.v1', 'whatsapp.connection-token.v2']) {
      const events = probe.events(topic, (entry) => entry.envelope.companyId === company);
      expect(JSON.stringify(events)).not.toContain(STRONG_TOKEN);
    }
    const { rows } = await db.query('SELECT * FROM connections WHERE id = $1', [connection.id]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(STRONG_TOKEN);
  });

  it('refuses guessable typed tokens, generates one when left empty, and rotates it (shown once)', async () => {
    const company = await nextCompanyId();
    for (const weak of ['1', 'a', '   ', '137', 'a'.repeat(40)]) {
      const refused = await call(company, 'POST', '/whatsapp', { name: `Fraca ${weak.length}`, token: weak });
      expect(refused.status).toBe(400);
      expect(await json(refused)).toMatchObject({ error: 'ERR_VALIDATION', details: [{ path: 'token' }] });
    }
    const generated = await create(company, { name: 'Loja Gerada', token: '' });
    expect(generated.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(generated).toMatchObject({ hasToken: true, tokenWeak: false });
    const weakUpdate = await call(company, 'PUT', `/whatsapp/${generated.id}`, { token: 'curto' });
    expect(await json(weakUpdate)).toMatchObject({ error: 'ERR_VALIDATION', details: [{ path: 'token' }] });
    // an update that does not type a token keeps it, and does not show it
    const renamed = await json<Connection>(await call(company, 'PUT', `/whatsapp/${generated.id}`, { name: 'Loja R' }));
    expect(renamed).not.toHaveProperty('token');
    expect(renamed.hasToken).toBe(true);

    const rotated = await call(company, 'POST', `/whatsapp/${generated.id}/token`);
    expect(rotated.status).toBe(200);
    const { token } = await json<Connection>(rotated);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token).not.toBe(generated.token);
    expect(await show(company, generated.id)).not.toHaveProperty('token');
    expect((await call(company, 'POST', `/whatsapp/${generated.id}/token`, undefined, 'user')).status).toBe(403);
    expect((await call(await nextCompanyId(), 'POST', `/whatsapp/${generated.id}/token`)).status).toBe(404);
    await expectEventually(() => {
      const digests = probe
        .events('whatsapp.connection-token.v2', (entry) => entry.envelope.companyId === company)
        .map((entry) => entry.envelope.data['tokenSha256']);
      expect(digests.at(-1)).toBe(sha256(token ?? ''));
    });
  });

  it('announces at boot the digests a migration rewrote, weak tokens marked so the API refuses them', async () => {
    const company = await nextCompanyId();
    const connection = await create(company, { name: 'Loja Antiga' });
    // what migration 1765490000000 leaves for a connection whose typed token was '137'
    await db.query(
      'UPDATE connections SET token_sha256 = $2, token_weak = true, token_announced = false WHERE id = $1',
      [connection.id, sha256('137')],
    );
    await app.app.get(ConnectionAnnouncer).onApplicationBootstrap();
    await expectEventually(() => {
      const last = probe.events('whatsapp.connection-token.v2', (entry) => entry.envelope.companyId === company).at(-1);
      expect(last?.envelope.data).toEqual({ connectionId: connection.id, tokenSha256: sha256('137'), weak: true });
    });
    const { rows } = await db.query('SELECT token_announced FROM connections WHERE id = $1', [connection.id]);
    expect(rows).toEqual([{ token_announced: true }]);
    expect(await show(company, connection.id)).toMatchObject({ hasToken: true, tokenWeak: true });
  });

  it("announces at boot the snapshots a migration marked, provider included, with the token's digest", async () => {
    const company = await nextCompanyId();
    const cloud = await create(company, {
      name: 'Cloud Antiga',
      provider: 'cloud-api',
      cloudPhoneNumberId: '5550001',
      cloudAccessToken: 'EAAG-old-token',
      cloudAppSecret: 'old-secret',
      cloudVerifyToken: 'old-verify',
    });
    const announcedAt = Date.now();
    const since = (entry: Recorded) =>
      entry.envelope.companyId === company && Date.parse(entry.envelope.occurredAt) >= announcedAt;
    // what migration 1766730000000 leaves for every connection that existed before it
    const { rows: marked } = await db.query<{ token_sha256: string }>(
      'UPDATE connections SET snapshot_announced = false WHERE id = $1 RETURNING token_sha256',
      [cloud.id],
    );
    await app.app.get(ConnectionAnnouncer).onApplicationBootstrap();
    await expectEventually(() => {
      const updated = probe.events('whatsapp.connection.v1', since).filter(isUpdate);
      expect(updated.map((entry) => entry.envelope.data)).toEqual([
        expect.objectContaining({ id: cloud.id, provider: 'cloud-api', name: 'Cloud Antiga' }),
      ]);
      const digests = probe.events('whatsapp.connection-token.v2', since);
      expect(digests.map((entry) => entry.envelope.data)).toEqual([
        { connectionId: cloud.id, tokenSha256: marked[0]?.token_sha256, weak: false },
      ]);
    });
    const { rows } = await db.query('SELECT snapshot_announced FROM connections WHERE id = $1', [cloud.id]);
    expect(rows).toEqual([{ snapshot_announced: true }]);
  });

  it('`make replay-projections` republishes the snapshot of every connection of the company asked', async () => {
    const company = await nextCompanyId();
    const other = await nextCompanyId();
    const cloud = await create(company, {
      name: 'Cloud',
      provider: 'cloud-api',
      cloudPhoneNumberId: '5550002',
      cloudAccessToken: 'EAAG-token',
      cloudAppSecret: 'secret',
      cloudVerifyToken: 'verify',
    });
    const simulator = await create(company, { name: 'Simulador' });
    await create(other, { name: 'Outra' });
    const republishedAt = Date.now();
    const updates = (companyId: number) =>
      probe
        .events(
          'whatsapp.connection.v1',
          (entry) => entry.envelope.companyId === companyId && Date.parse(entry.envelope.occurredAt) >= republishedAt,
        )
        .filter(isUpdate);
    const dataSource = createWhatsappDataSource({ DATABASE_URL: testRun().databaseUrl });
    await dataSource.initialize();
    try {
      expect(await republishConnectionSnapshots(dataSource, { companyId: company })).toEqual({ connections: 2 });
    } finally {
      await dataSource.destroy();
    }
    await expectEventually(() => {
      const data = updates(company).map((entry) => entry.envelope.data);
      expect(data).toEqual([
        expect.objectContaining({ id: cloud.id, provider: 'cloud-api' }),
        expect.objectContaining({ id: simulator.id, provider: 'simulator' }),
      ]);
    });
    expect(updates(other)).toEqual([]);
  });

  it('stores Cloud API credentials but answers only the phone number id and the webhook URL', async () => {
    const company = await nextCompanyId();
    const cloud = await create(company, {
      name: 'Cloud',
      provider: 'cloud-api',
      cloudPhoneNumberId: '1234567890',
      cloudAccessToken: 'EAAG-secret-token',
      cloudAppSecret: 'app-secret',
      cloudVerifyToken: 'verify-me',
    });
    expect(cloud.cloudPhoneNumberId).toBe('1234567890');
    expect(cloud.webhookUrl).toBe(`http://gateway.test/webhooks/whatsapp/${cloud.id}`);
    const text = JSON.stringify(await show(company, cloud.id));
    for (const secret of ['EAAG-secret-token', 'app-secret', 'verify-me']) expect(text).not.toContain(secret);
  });

  it("enforces the plan's connection limit on create", async () => {
    const company = await nextCompanyId();
    await probe.publish(
      'identity.company.v1',
      String(company),
      'identity.company.created',
      company,
      companySnapshot(company, 1),
      {
        producer: 'identity',
      },
    );
    await create(company, { name: 'Única' });
    await expectEventually(async () => {
      const response = await call(company, 'POST', '/whatsapp', { name: 'Segunda' });
      expect(response.status).toBe(403);
      expect(await json(response)).toMatchObject({ error: 'ERR_PLAN_LIMIT_CONNECTIONS' });
    });
  });

  it('lets only admins write', async () => {
    const company = await nextCompanyId();
    const response = await call(company, 'POST', '/whatsapp', { name: 'Agente' }, 'user');
    expect(response.status).toBe(403);
  });

  it("answers the same list whatever upstream's ?session= says, and refuses a bad pairing request", async () => {
    const company = await nextCompanyId();
    const connection = await create(company, { name: `Lista ${randomUUID().slice(0, 6)}` });
    for (const query of ['', '?session=0', '?session=abc', '?session=0&session=1']) {
      const response = await call(company, 'GET', `/whatsapp/${query}`);
      expect([query, response.status]).toEqual([query, 200]);
      expect((await json<Connection[]>(response)).map((c) => c.id)).toEqual([connection.id]);
    }
    for (const body of [{ usePairingCode: true }, { usePairingCode: true, number: '123' }]) {
      const response = await call(company, 'POST', `/whatsappsession/${connection.id}`, body);
      expect(response.status).toBe(400);
      expect(await json(response)).toMatchObject({ error: 'ERR_VALIDATION', details: [{ path: 'number' }] });
    }
  });
});

describe('tenancy', () => {
  it("answers 404 for another company's connection on every route", async () => {
    const mine = await create(companyA, { name: `Minha ${randomUUID().slice(0, 6)}` });
    const routes: Array<[string, string, unknown?]> = [
      ['GET', `/whatsapp/${mine.id}`],
      ['PUT', `/whatsapp/${mine.id}`, { name: 'Outra' }],
      ['DELETE', `/whatsapp/${mine.id}`],
      ['POST', `/whatsappsession/${mine.id}`, {}],
      ['PUT', `/whatsappsession/${mine.id}`, {}],
      ['DELETE', `/whatsappsession/${mine.id}`],
      [
        'POST',
        `/simulator/connections/${mine.id}/messages`,
        { from: { number: '5511999990001' }, kind: 'text', body: 'x' },
      ],
      [
        'POST',
        `/simulator/connections/${mine.id}/messages/batch`,
        { messages: [{ from: { number: '5511999990001' }, kind: 'text', body: 'x' }] },
      ],
      [
        'POST',
        '/simulator/messages/batch',
        { messages: [{ connectionId: mine.id, from: { number: '5511999990001' }, kind: 'text', body: 'x' }] },
      ],
      [
        'POST',
        `/simulator/connections/${mine.id}/receipts`,
        { from: { number: '5511999990001' }, messageIds: ['a'], status: 'read' },
      ],
      [
        'POST',
        `/simulator/connections/${mine.id}/edits`,
        { from: { number: '5511999990001' }, messageId: 'a', body: 'y' },
      ],
      ['POST', `/simulator/connections/${mine.id}/revokes`, { from: { number: '5511999990001' }, messageId: 'a' }],
      [
        'POST',
        `/simulator/connections/${mine.id}/reactions`,
        { from: { number: '5511999990001' }, messageId: 'a', emoji: '👍' },
      ],
      ['POST', `/simulator/connections/${mine.id}/calls`, { from: { number: '5511999990001' } }],
      ['POST', `/simulator/connections/${mine.id}/scan`, {}],
      ['GET', `/simulator/connections/${mine.id}/sent?chat=5511999990001`],
      ['GET', `/simulator/connections/${mine.id}/log`],
    ];
    for (const [method, path, body] of routes) {
      const response = await call(companyB, method, path, body);
      expect([method, path, response.status]).toEqual([method, path, 404]);
      expect(await json(response)).toMatchObject({ error: 'ERR_NO_WAPP_FOUND' });
    }
    expect((await json<Connection[]>(await call(companyB, 'GET', '/whatsapp'))).map((c) => c.id)).not.toContain(
      mine.id,
    );
    expect((await show(companyA, mine.id)).name).toBe(mine.name);
  });
});

describe('sessions through the simulator', () => {
  it('goes OPENING → qrcode → (scan) CONNECTED → (logout) DISCONNECTED, emitting every state', async () => {
    // created: its session starts at once
    const connection = await create(companyA, { name: `Sessão ${randomUUID().slice(0, 6)}` });
    const withQr = await statusOf(companyA, connection.id, 'qrcode');
    expect(withQr.qrcode).toMatch(/^2@/);
    expect((await call(companyA, 'POST', `/simulator/connections/${connection.id}/scan`, {})).status).toBe(202);
    const connected = await statusOf(companyA, connection.id, 'CONNECTED');
    expect(connected).toMatchObject({ qrcode: '', number: expect.stringMatching(/^55\d+$/) });

    expect((await call(companyA, 'DELETE', `/whatsappsession/${connection.id}`)).status).toBe(200);
    await statusOf(companyA, connection.id, 'DISCONNECTED');

    await expectEventually(() => {
      const statuses = probe
        .events('whatsapp.connection.v1', (entry) => entry.envelope.type === 'whatsapp.session.updated')
        .filter((entry) => entry.envelope.data['id'] === connection.id)
        .map((entry) => String(entry.envelope.data['status']))
        // a QR refreshed before the scan repeats "qrcode"; the request and the session both say OPENING
        .filter((status, index, all) => status !== all[index - 1]);
      expect(statuses).toEqual(['OPENING', 'qrcode', 'CONNECTED', 'DISCONNECTED']);
    });
    // logged out: the simulated phone forgot the link, so the next start shows a QR again
    expect((await call(companyA, 'POST', `/whatsappsession/${connection.id}`, {})).status).toBe(201);
    await statusOf(companyA, connection.id, 'qrcode');
    await call(companyA, 'DELETE', `/whatsappsession/${connection.id}`);
    await statusOf(companyA, connection.id, 'DISCONNECTED');
  });

  it('ends as TIMEOUT after three QR codes nobody scanned', async () => {
    const connection = await create(companyA, { name: `Timeout ${randomUUID().slice(0, 6)}` });
    const seen = new Set<string>();
    await expectEventually(
      async () => {
        const current = await show(companyA, connection.id);
        if (current.qrcode) seen.add(current.qrcode);
        expect(current.status).toBe('TIMEOUT');
      },
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    expect(seen.size).toBe(3);
    expect((await show(companyA, connection.id)).qrcode).toBe('');
  });

  it('links by pairing code instead of a QR', async () => {
    const connection = await create(companyA, { name: `Pareamento ${randomUUID().slice(0, 6)}` });
    await call(companyA, 'POST', `/whatsappsession/${connection.id}`, {
      usePairingCode: true,
      number: '+55 (11) 98888-7777',
    });
    const pairing = await statusOf(companyA, connection.id, 'PAIRING');
    expect(pairing.pairingCode).toMatch(/^[A-Z0-9]{8}$/);
    await call(companyA, 'POST', `/simulator/connections/${connection.id}/scan`, {});
    const connected = await statusOf(companyA, connection.id, 'CONNECTED');
    expect(connected).toMatchObject({ number: '5511988887777', pairingCode: null });
    // a new QR forgets the link
    await call(companyA, 'PUT', `/whatsappsession/${connection.id}`, {});
    await statusOf(companyA, connection.id, 'qrcode');
    await call(companyA, 'DELETE', `/whatsappsession/${connection.id}`);
    await statusOf(companyA, connection.id, 'DISCONNECTED');
  });
});

describe('messages', () => {
  let connection: Connection;
  const simulator = (path: string, body: unknown): Promise<Response> =>
    call(companyA, 'POST', `/simulator/connections/${connection.id}${path}`, body);

  beforeAll(async () => {
    connection = await scannedConnection(companyA, 'Mensagens');
  });

  const inbound = (messageId: string) =>
    probe.events('whatsapp.inbound-message.v1', (entry) => entry.envelope.data['messageId'] === messageId);

  it('delivers a message from a contact as one whatsapp.inbound-message.v1 event, also when redelivered', async () => {
    const number = contactNumber();
    const response = await simulator('/messages', { from: { number, name: 'Dona Maria' }, kind: 'text', body: 'Oi!' });
    expect(response.status).toBe(202);
    const { messageId } = await json<{ messageId: string }>(response);
    await expectEventually(() => expect(inbound(messageId)).toHaveLength(1));
    const [event] = inbound(messageId);
    expect(event?.key).toBe(`${connection.id}:${number}@s.whatsapp.net`);
    expect(event?.envelope).toMatchObject({
      type: 'whatsapp.message.received',
      companyId: companyA,
      data: {
        connectionId: connection.id,
        chatJid: `${number}@s.whatsapp.net`,
        isGroup: false,
        contact: { number, pushName: 'Dona Maria' },
        kind: 'text',
        body: 'Oi!',
        fromMe: false,
      },
    });
    // the phone network hands the same message over again (as after a crash before it was marked delivered); an
    // UPDATE notifies nobody, so this is found by the session's fallback poll (SIMULATOR_POLL_MS, 5 s)
    await db.query('UPDATE simulator_inbox SET delivered_at = NULL WHERE message_id = $1', [messageId]);
    await expectEventually(async () => {
      const { rows } = await db.query('SELECT delivered_at FROM simulator_inbox WHERE message_id = $1', [messageId]);
      expect(rows[0].delivered_at).not.toBeNull();
    });
    const marker = await json<{ messageId: string }>(
      await simulator('/messages', { from: { number }, kind: 'text', body: 'depois' }),
    );
    await expectEventually(() => expect(inbound(marker.messageId)).toHaveLength(1));
    expect(inbound(messageId)).toHaveLength(1);
  });

  it('delivers a batch of messages from several contacts in order, each once', async () => {
    const [first, second] = [contactNumber(), contactNumber()];
    const response = await simulator('/messages/batch', {
      messages: [
        { from: { number: first, name: 'Ana' }, kind: 'text', body: 'um' },
        { from: { number: second, name: 'Bia' }, kind: 'text', body: 'dois' },
        { from: { number: first }, kind: 'text', body: 'três' },
      ],
    });
    expect(response.status).toBe(202);
    const { messageIds } = await json<{ messageIds: string[] }>(response);
    expect(messageIds).toHaveLength(3);
    await expectEventually(() => expect(messageIds.map((id) => inbound(id).length)).toEqual([1, 1, 1]));
    const bodies = (number: string) =>
      probe
        .events(
          'whatsapp.inbound-message.v1',
          (entry) => (entry.envelope.data['contact'] as { number: string }).number === number,
        )
        .map((entry) => entry.envelope.data['body']);
    expect(bodies(first)).toEqual(['um', 'três']);
    expect(bodies(second)).toEqual(['dois']);
    // an empty batch, or one over 200 messages, is refused whole
    expect((await simulator('/messages/batch', { messages: [] })).status).toBe(400);
    const tooMany = Array.from({ length: 201 }, () => ({ from: { number: first }, kind: 'text', body: 'x' }));
    expect((await simulator('/messages/batch', { messages: tooMany })).status).toBe(400);
  });

  it("hands messages to several of the company's connections in one request, in order per connection", async () => {
    const other = await scannedConnection(companyA, 'Rede');
    const [first, second] = [contactNumber(), contactNumber()];
    const network = (messages: unknown[]) => call(companyA, 'POST', '/simulator/messages/batch', { messages });
    const response = await network([
      { connectionId: connection.id, from: { number: first }, kind: 'text', body: 'a1' },
      { connectionId: other.id, from: { number: second }, kind: 'text', body: 'b1' },
      { connectionId: connection.id, from: { number: first }, kind: 'text', body: 'a2' },
      { connectionId: other.id, from: { number: second }, kind: 'text', body: 'b2' },
    ]);
    expect(response.status).toBe(202);
    const { messageIds } = await json<{ messageIds: string[] }>(response);
    expect(messageIds).toHaveLength(4);
    await expectEventually(() => expect(messageIds.map((id) => inbound(id).length)).toEqual([1, 1, 1, 1]));
    const received = (number: string) =>
      probe
        .events(
          'whatsapp.inbound-message.v1',
          (entry) => (entry.envelope.data['contact'] as { number: string }).number === number,
        )
        .map((entry) => [entry.envelope.data['connectionId'], entry.envelope.data['body']]);
    expect(received(first)).toEqual([
      [connection.id, 'a1'],
      [connection.id, 'a2'],
    ]);
    expect(received(second)).toEqual([
      [other.id, 'b1'],
      [other.id, 'b2'],
    ]);

    // a connection that is not the company's (or does not exist) refuses the whole batch: nothing is stored
    const [before] = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM simulator_inbox')).rows;
    for (const stranger of [2_000_000_000, (await create(companyB, { name: 'Alheia' })).id]) {
      const refused = await network([
        { connectionId: connection.id, from: { number: first }, kind: 'text', body: 'não' },
        { connectionId: stranger, from: { number: first }, kind: 'text', body: 'não' },
      ]);
      expect(refused.status).toBe(404);
      expect(await json(refused)).toMatchObject({ error: 'ERR_NO_WAPP_FOUND' });
    }
    const [after] = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM simulator_inbox')).rows;
    expect(after?.n).toBe(before?.n);
    // no connection, or over 1,000 messages: 400
    expect((await network([])).status).toBe(400);
    const tooMany = Array.from({ length: 1_001 }, () => ({
      connectionId: connection.id,
      from: { number: first },
      kind: 'text',
      body: 'x',
    }));
    expect((await network(tooMany)).status).toBe(400);
    expect((await network([{ from: { number: first }, kind: 'text', body: 'x' }])).status).toBe(400);
  });

  it("delivers a connection's messages when another's lease is lost at that moment, and the other's once it is back", async () => {
    const other = await scannedConnection(companyA, 'Tomada');
    const [first, second] = [contactNumber(), contactNumber()];
    // another process took the other connection's lease: this process may no longer write for it. Both sessions are
    // woken by the same request, so their reports go to the same transaction, which the other's fence breaks
    await db.query(
      `UPDATE session_leases SET owner = 'process-elsewhere', epoch = epoch + 1 WHERE connection_id = $1`,
      [other.id],
    );
    const response = await call(companyA, 'POST', '/simulator/messages/batch', {
      messages: [
        { connectionId: connection.id, from: { number: first }, kind: 'text', body: 'chega' },
        { connectionId: other.id, from: { number: second }, kind: 'text', body: 'espera' },
      ],
    });
    expect(response.status).toBe(202);
    const {
      messageIds: [delivered, waiting],
    } = await json<{ messageIds: [string, string] }>(response);
    await expectEventually(() => expect(inbound(delivered)).toHaveLength(1));
    expect(inbound(waiting)).toHaveLength(0);
    // the taken lease lapses (nobody renews it), this process claims the session again and delivers what waited, once
    await expectEventually(() => expect(inbound(waiting)).toHaveLength(1), { timeoutMs: 20_000 });
    const { rows } = await db.query<{ owner: string }>('SELECT owner FROM session_leases WHERE connection_id = $1', [
      other.id,
    ]);
    expect(rows[0]?.owner).not.toBe('process-elsewhere');
    expect(inbound(delivered)).toHaveLength(1);
  });

  it('sends a command from Kafka once, even when the command comes twice, and reports it', async () => {
    const number = contactNumber();
    const chatJid = `${number}@s.whatsapp.net`;
    const commandId = await probe.send(companyA, connection.id, chatJid, 'Olá, tudo bem?');
    await probe.send(companyA, connection.id, chatJid, 'Olá, tudo bem?', commandId);
    const sent = await expectEventually(async () => {
      const list = await json<Array<{ messageId: string; chatJid: string; content: unknown; deleted: boolean }>>(
        await call(companyA, 'GET', `/simulator/connections/${connection.id}/sent?chat=${number}`),
      );
      expect(list).toHaveLength(1);
      return list;
    });
    expect(sent[0]).toMatchObject({ chatJid, content: { kind: 'text', body: 'Olá, tudo bem?' }, deleted: false });
    const results = await expectEventually(() => {
      const events = probe.events('whatsapp.message-ack.v1', (entry) => entry.envelope.data['commandId'] === commandId);
      expect(events).toHaveLength(1);
      return events;
    });
    expect(results[0]?.envelope).toMatchObject({
      type: 'whatsapp.message.sent',
      data: {
        clientMessageId: `client-${commandId}`,
        connectionId: connection.id,
        chatJid,
        messageId: sent[0]?.messageId,
      },
    });
    // a later command is still carried out (the duplicate did not block the queue), and still only one of the first
    const later = await probe.send(companyA, connection.id, chatJid, 'Segunda');
    await expectEventually(() =>
      expect(
        probe.events('whatsapp.message-ack.v1', (entry) => entry.envelope.data['commandId'] === later),
      ).toHaveLength(1),
    );
    const list = await json<unknown[]>(
      await call(companyA, 'GET', `/simulator/connections/${connection.id}/sent?chat=${number}`),
    );
    expect(list).toHaveLength(2);
    expect(
      probe.events('whatsapp.message-ack.v1', (entry) => entry.envelope.data['commandId'] === commandId),
    ).toHaveLength(1);

    // receipts from the contact come back as acks 3 and 4
    const messageId = sent[0]?.messageId ?? '';
    // an oversized id is refused at the edge (400), never turned into an event every consumer would choke on
    for (const [path, body] of [
      ['/edits', { from: { number }, messageId: 'x'.repeat(129), body: 'editada' }],
      ['/receipts', { from: { number }, messageIds: ['x'.repeat(5_000)], status: 'read' }],
      ['/messages', { from: { number }, kind: 'text', body: 'oi', quotedMessageId: 'q'.repeat(129) }],
    ] as const) {
      expect((await simulator(path, body)).status).toBe(400);
    }
    await simulator('/receipts', { from: { number }, messageIds: [messageId], status: 'delivered' });
    await simulator('/receipts', { from: { number }, messageIds: [messageId], status: 'read' });
    await expectEventually(() => {
      const acks = probe
        .events('whatsapp.message-ack.v1', (entry) => entry.envelope.type === 'whatsapp.message.ack')
        .filter((entry) => entry.envelope.data['messageId'] === messageId)
        .map((entry) => entry.envelope.data['ack']);
      expect(acks).toEqual([3, 4]);
    });
  });

  it("edits a sent text so the contact's phone shows it, and reports an edit WhatsApp refuses", async () => {
    const number = contactNumber();
    const chatJid = `${number}@s.whatsapp.net`;
    const sendId = await probe.send(companyA, connection.id, chatJid, 'Chegamos às 9h');
    const sent = await expectEventually(() => {
      const [event] = probe.events('whatsapp.message-ack.v1', (entry) => entry.envelope.data['commandId'] === sendId);
      if (!event) throw new Error('not sent yet');
      return event.envelope.data as { messageId: string };
    });
    const edit = (messageId: string, body: string): Promise<string> => {
      const commandId = randomUUID();
      return probe
        .publish('whatsapp.message.commands.v1', String(connection.id), 'whatsapp.message.edit', companyA, {
          commandId,
          clientMessageId: `client-${commandId}`,
          connectionId: connection.id,
          chatJid,
          messageId,
          body,
          previous: { body: 'Chegamos às 9h', isEdited: false },
        })
        .then(() => commandId);
    };
    const phone = async () =>
      json<Array<{ messageId: string; content: { body?: string }; editedAt: string | null }>>(
        await call(companyA, 'GET', `/simulator/connections/${connection.id}/sent?chat=${number}`),
      );

    const done = await edit(sent.messageId, 'Chegamos às 10h');
    await expectEventually(async () => {
      const [message] = await phone();
      expect(message).toMatchObject({ messageId: sent.messageId, content: { kind: 'text', body: 'Chegamos às 10h' } });
      expect(message?.editedAt).not.toBeNull();
    });
    await expectEventually(async () => {
      const { rows } = await db.query('SELECT status FROM session_commands WHERE command_id = $1', [done]);
      expect(rows[0]?.status).toBe('done');
    });
    expect(probe.events('whatsapp.message-ack.v1', (entry) => entry.envelope.data['commandId'] === done)).toEqual([]);

    // WhatsApp allows edits for 15 minutes: later, the phone keeps the text and the sender hears of the failure
    await db.query(`UPDATE simulator_sent SET sent_at = now() - interval '16 minutes' WHERE message_id = $1`, [
      sent.messageId,
    ]);
    const refused = await edit(sent.messageId, 'Chegamos às 11h');
    await expectEventually(() =>
      expect(
        probe.events('whatsapp.message-ack.v1', (entry) => entry.envelope.data['commandId'] === refused),
      ).toMatchObject([
        {
          envelope: {
            type: 'whatsapp.message.edit-failed',
            data: {
              clientMessageId: `client-${refused}`,
              messageId: sent.messageId,
              body: 'Chegamos às 11h',
              previous: { body: 'Chegamos às 9h', isEdited: false },
              error: 'ERR_EDIT_WAPP_MSG',
            },
          },
        },
      ]),
    );
    expect((await phone())[0]?.content.body).toBe('Chegamos às 10h');
  });

  it('keeps a send accepted while the session is not connected, and sends it once the session is back', async () => {
    const waiting = await create(companyA, { name: `Espera ${randomUUID().slice(0, 6)}` });
    await statusOf(companyA, waiting.id, 'qrcode');
    const number = contactNumber();
    const commandId = await probe.send(companyA, waiting.id, `${number}@s.whatsapp.net`, 'assim que voltar');
    await expectEventually(async () => {
      const { rows } = await db.query('SELECT status FROM session_commands WHERE command_id = $1', [commandId]);
      expect(rows[0]?.status).toBe('pending');
    });
    expect(probe.events('whatsapp.message-ack.v1', (entry) => entry.envelope.data['commandId'] === commandId)).toEqual(
      [],
    );
    await call(companyA, 'POST', `/simulator/connections/${waiting.id}/scan`, {});
    await statusOf(companyA, waiting.id, 'CONNECTED');
    await expectEventually(() =>
      expect(
        probe.events('whatsapp.message-ack.v1', (entry) => entry.envelope.data['commandId'] === commandId),
      ).toMatchObject([{ envelope: { type: 'whatsapp.message.sent' } }]),
    );
    const sent = await json<unknown[]>(
      await call(companyA, 'GET', `/simulator/connections/${waiting.id}/sent?chat=${number}`),
    );
    expect(sent).toHaveLength(1);

    // deleting the connection fails what is still waiting for it, and stops its session
    await call(companyA, 'DELETE', `/whatsappsession/${waiting.id}`);
    await statusOf(companyA, waiting.id, 'DISCONNECTED');
    await call(companyA, 'POST', `/whatsappsession/${waiting.id}`, {});
    await statusOf(companyA, waiting.id, 'qrcode');
    const orphan = await probe.send(companyA, waiting.id, `${number}@s.whatsapp.net`, 'nunca');
    await expectEventually(async () => {
      const { rows } = await db.query('SELECT status FROM session_commands WHERE command_id = $1', [orphan]);
      expect(rows[0]?.status).toBe('pending');
    });
    expect((await call(companyA, 'DELETE', `/whatsapp/${waiting.id}`)).status).toBe(200);
    await expectEventually(() =>
      expect(
        probe.events('whatsapp.message-ack.v1', (entry) => entry.envelope.data['commandId'] === orphan),
      ).toMatchObject([
        { envelope: { type: 'whatsapp.message.send-failed', data: { error: 'ERR_WAPP_NOT_INITIALIZED' } } },
      ]),
    );
    await expectEventually(async () => {
      const { rows } = await db.query('SELECT 1 FROM session_leases WHERE connection_id = $1', [waiting.id]);
      expect(rows).toEqual([]);
      const log = await db.query(`SELECT event FROM simulator_log WHERE connection_id = $1 ORDER BY id`, [waiting.id]);
      expect(log.rows.at(-1)?.event).toBe('stop');
    });
  });

  it('fails a send for a connection without a session with ERR_WAPP_NOT_INITIALIZED', async () => {
    const idle = await create(companyA, { name: `Parada ${randomUUID().slice(0, 6)}` });
    await statusOf(companyA, idle.id, 'qrcode');
    await call(companyA, 'DELETE', `/whatsappsession/${idle.id}`);
    await statusOf(companyA, idle.id, 'DISCONNECTED');
    const commandId = await probe.send(companyA, idle.id, '5511999990000@s.whatsapp.net', 'oi');
    await expectEventually(() => {
      const [event] = probe.events(
        'whatsapp.message-ack.v1',
        (entry) => entry.envelope.data['commandId'] === commandId,
      );
      expect(event?.envelope).toMatchObject({
        type: 'whatsapp.message.send-failed',
        data: { connectionId: idle.id, error: 'ERR_WAPP_NOT_INITIALIZED' },
      });
    });
  });

  it('answers number checks through a connected connection, and ERR_WAPP_CHECK_CONTACT when there is none', async () => {
    const commandId = randomUUID();
    await probe.publish(
      'whatsapp.contact.commands.v1',
      String(companyA),
      'whatsapp.number.check',
      companyA,
      {
        commandId,
        connectionId: connection.id,
        numbers: ['5511987654321', '5511900000000'],
      },
      { producer: 'contacts' },
    );
    await expectEventually(() => {
      const [event] = probe.events('whatsapp.contact.v1', (entry) => entry.envelope.data['commandId'] === commandId);
      expect(event?.envelope).toMatchObject({
        type: 'whatsapp.number.checked',
        data: {
          connectionId: connection.id,
          error: null,
          results: [
            { number: '5511987654321', exists: true, jid: '5511987654321@s.whatsapp.net' },
            { number: '5511900000000', exists: false, jid: null },
          ],
        },
      });
    });
    const lonely = await nextCompanyId();
    const failing = randomUUID();
    await probe.publish(
      'whatsapp.contact.commands.v1',
      String(lonely),
      'whatsapp.number.check',
      lonely,
      {
        commandId: failing,
        connectionId: null,
        numbers: ['5511987654321'],
      },
      { producer: 'contacts' },
    );
    await expectEventually(() => {
      const [event] = probe.events('whatsapp.contact.v1', (entry) => entry.envelope.data['commandId'] === failing);
      expect(event?.envelope.data).toMatchObject({ connectionId: null, results: [], error: 'ERR_WAPP_CHECK_CONTACT' });
    });
  });

  it("exports the phone's contacts and refreshes a profile picture on request", async () => {
    const number = contactNumber();
    const said = await json<{ messageId: string }>(
      await simulator('/messages', { from: { number, name: 'Seu Jorge' }, kind: 'text', body: 'oi' }),
    );
    await expectEventually(() => expect(inbound(said.messageId)).toHaveLength(1));
    const commandId = randomUUID();
    await probe.publish(
      'whatsapp.contact.commands.v1',
      String(companyA),
      'whatsapp.contacts.export',
      companyA,
      { commandId, connectionId: connection.id },
      { producer: 'contacts' },
    );
    await expectEventually(() => {
      const [done] = probe.events('whatsapp.contact.v1', (entry) => entry.envelope.data['commandId'] === commandId);
      expect(done?.envelope).toMatchObject({
        type: 'whatsapp.contacts.exported',
        data: { connectionId: connection.id, error: null },
      });
      expect(Number(done?.envelope.data['count'])).toBeGreaterThanOrEqual(1);
      const upserts = probe.events(
        'whatsapp.contact.v1',
        (entry) =>
          entry.envelope.type === 'whatsapp.contact.upserted' &&
          entry.key === `${connection.id}:${number}@s.whatsapp.net`,
      );
      expect(upserts[0]?.envelope.data).toMatchObject({ contact: { number }, name: 'Seu Jorge', isGroup: false });
    });
    const pictureCommand = randomUUID();
    const jid = `${contactNumber()}@s.whatsapp.net`;
    await probe.publish(
      'whatsapp.contact.commands.v1',
      String(companyA),
      'whatsapp.profile-picture.fetch',
      companyA,
      { commandId: pictureCommand, connectionId: null, jid },
      { producer: 'contacts' },
    );
    await expectEventually(() => {
      const [picture] = probe.events('whatsapp.contact.v1', (entry) => entry.key === `${connection.id}:${jid}`);
      expect(picture?.envelope).toMatchObject({ type: 'whatsapp.contact.upserted', data: { profilePicUrl: null } });
    });
  });

  it('delivers group messages only when the CheckMsgIsGroup setting allows them', async () => {
    const group = { jid: `120363${Date.now()}@g.us`, name: 'Família' };
    const number = contactNumber();
    await probe.publish(
      'identity.settings.v1',
      String(companyA),
      'identity.setting.updated',
      companyA,
      {
        key: 'CheckMsgIsGroup',
        value: 'enabled',
      },
      { producer: 'identity' },
    );
    await expectEventually(async () => {
      const { rows } = await db.query(`SELECT settings->>'CheckMsgIsGroup' AS v FROM companies WHERE id = $1`, [
        companyA,
      ]);
      expect(rows[0]?.v).toBe('enabled');
    });
    const ignored = await json<{ messageId: string }>(
      await simulator('/messages', { from: { number }, kind: 'text', body: 'no grupo', group }),
    );
    const direct = await json<{ messageId: string }>(
      await simulator('/messages', { from: { number }, kind: 'text', body: 'direto' }),
    );
    await expectEventually(() => expect(inbound(direct.messageId)).toHaveLength(1));
    expect(inbound(ignored.messageId)).toHaveLength(0);

    await probe.publish(
      'identity.settings.v1',
      String(companyA),
      'identity.setting.updated',
      companyA,
      {
        key: 'CheckMsgIsGroup',
        value: 'disabled',
      },
      { producer: 'identity' },
    );
    await expectEventually(async () => {
      const { rows } = await db.query(`SELECT settings->>'CheckMsgIsGroup' AS v FROM companies WHERE id = $1`, [
        companyA,
      ]);
      expect(rows[0]?.v).toBe('disabled');
    });
    const delivered = await json<{ messageId: string }>(
      await simulator('/messages', { from: { number }, kind: 'text', body: 'no grupo de novo', group }),
    );
    await expectEventually(() => expect(inbound(delivered.messageId)).toHaveLength(1));
    expect(inbound(delivered.messageId)[0]?.envelope.data).toMatchObject({
      chatJid: group.jid,
      isGroup: true,
      groupName: 'Família',
      contact: { number },
    });
  });

  it('stores media once and serves it; refuses media too large or of a refused type but keeps the caption', async () => {
    const number = contactNumber();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const image = await json<{ messageId: string }>(
      await simulator('/messages', {
        from: { number },
        kind: 'image',
        body: 'foto do bolo',
        media: { base64: png.toString('base64'), mimeType: 'image/png', fileName: 'bolo.png' },
      }),
    );
    await expectEventually(() => expect(inbound(image.messageId)).toHaveLength(1));
    const media = inbound(image.messageId)[0]?.envelope.data['media'] as {
      url: string;
      size: number;
      fileName: string;
    };
    expect(media).toMatchObject({ mimeType: 'image/png', fileName: 'bolo.png', size: png.length });
    expect(media.url).toMatch(/^http:\/\/gateway\.test\/media\/whatsapp\/\d+\/\d+\/[0-9a-f-]{36}-bolo\.png$/);
    // public behind the gateway (which adds only its internal token)
    const token = { headers: { 'x-internal-token': TEST_INTERNAL_TOKEN } };
    const served = await fetch(`${app.url}${new URL(media.url).pathname}`, token);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-disposition')).toMatch(/^inline/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');

    // a contact's HTML document is downloaded, never rendered in the app's origin (issue 13)
    const page = await json<{ messageId: string }>(
      await simulator('/messages', {
        from: { number },
        kind: 'document',
        body: 'veja',
        media: {
          base64: Buffer.from('<html><script>alert(1)</script></html>').toString('base64'),
          mimeType: 'text/plain',
          fileName: 'pagina.html',
        },
      }),
    );
    await expectEventually(() => expect(inbound(page.messageId)).toHaveLength(1));
    const pageUrl = (inbound(page.messageId)[0]?.envelope.data['media'] as { url: string }).url;
    const servedPage = await fetch(`${app.url}${new URL(pageUrl).pathname}`, token);
    expect(servedPage.headers.get('content-type')).toBe('application/octet-stream');
    expect(servedPage.headers.get('content-disposition')).toMatch(/^attachment/);
    expect((await fetch(`${app.url}/media/whatsapp/..%2F..%2Fetc%2Fpasswd`, token)).status).toBe(404);
    expect((await fetch(`${app.url}/media/whatsapp/1/.hidden`, token)).status).toBe(404);

    const big = await json<{ messageId: string }>(
      await simulator('/messages', {
        from: { number },
        kind: 'document',
        body: 'grande demais',
        media: { base64: Buffer.alloc(5000).toString('base64'), mimeType: 'application/pdf', fileName: 'a.pdf' },
      }),
    );
    const exe = await json<{ messageId: string }>(
      await simulator('/messages', {
        from: { number },
        kind: 'document',
        body: 'programa',
        media: { base64: 'TVqQAAMAAAAEAAAA', mimeType: 'application/x-msdownload', fileName: 'a.exe' },
      }),
    );
    await expectEventually(() => {
      expect(inbound(big.messageId)[0]?.envelope.data).toMatchObject({
        media: null,
        body: 'grande demais',
        refusedMedia: { fileName: 'a.pdf', mimeType: 'application/pdf', reason: 'too-large' },
      });
      expect(inbound(exe.messageId)[0]?.envelope.data).toMatchObject({ media: null, body: 'programa' });
    });
  });

  it("names the customer's refused video (a webm) on the message: its file name, type and why", async () => {
    const webm = Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d', 'hex');
    const video = await json<{ messageId: string }>(
      await simulator('/messages', {
        from: { number: contactNumber() },
        kind: 'video',
        body: 'olha isso',
        media: { base64: webm.toString('base64'), mimeType: 'video/webm', fileName: 'clip.webm' },
      }),
    );
    await expectEventually(() => expect(inbound(video.messageId)).toHaveLength(1));
    expect(inbound(video.messageId)[0]?.envelope).toMatchObject({
      schemaVersion: 2,
      data: {
        kind: 'video',
        body: 'olha isso',
        media: null,
        refusedMedia: { fileName: 'clip.webm', mimeType: 'video/webm', reason: 'unsupported-type' },
      },
    });
  });

  it('refuses a malformed simulator body or query with 400 ERR_VALIDATION and enqueues nothing', async () => {
    const number = contactNumber();
    const bad = await simulator('/messages', { from: { number: 'abc' }, kind: 'fax', body: 'x' });
    expect(bad.status).toBe(400);
    const body = await json<{ error: string; details: Array<{ path: string }> }>(bad);
    expect(body.error).toBe('ERR_VALIDATION');
    expect(body.details.map((detail) => detail.path).sort()).toEqual(['from.number', 'kind']);
    for (const [path, payload] of [
      ['/receipts', { from: { number }, messageIds: [], status: 'read' }],
      ['/edits', { from: { number }, messageId: 'x'.repeat(129), body: 'y' }],
      ['/reactions', { from: { number }, emoji: '👍' }],
      ['/calls', { isVideo: true }],
    ] as const) {
      const response = await simulator(path, payload);
      expect([path, response.status]).toEqual([path, 400]);
      expect(await json(response)).toMatchObject({ error: 'ERR_VALIDATION' });
    }
    const sent = await call(companyA, 'GET', `/simulator/connections/${connection.id}/sent?chat=1&chat=2`);
    expect(sent.status).toBe(400);
    expect(await json(sent)).toMatchObject({ error: 'ERR_VALIDATION', details: [{ path: 'chat' }] });
    const { rows } = await db.query<{ count: string }>(
      'SELECT count(*) FROM simulator_inbox WHERE connection_id = $1 AND payload::text LIKE $2',
      [connection.id, `%${number}%`],
    );
    expect(Number(rows[0]?.count)).toBe(0);
  });

  it('reports edits, revokes, reactions and missed calls', async () => {
    const number = contactNumber();
    const original = await json<{ messageId: string }>(
      await simulator('/messages', { from: { number }, kind: 'text', body: 'antes' }),
    );
    await simulator('/edits', { from: { number }, messageId: original.messageId, body: 'depois' });
    await simulator('/reactions', { from: { number }, messageId: original.messageId, emoji: '❤️' });
    await simulator('/revokes', { from: { number }, messageId: original.messageId });
    await simulator('/calls', { from: { number }, isVideo: true });
    await expectEventually(() => {
      const types = probe
        .events('whatsapp.inbound-message.v1', (entry) => entry.key === `${connection.id}:${number}@s.whatsapp.net`)
        .map((entry) => entry.envelope.type);
      expect(types).toEqual([
        'whatsapp.message.received',
        'whatsapp.message.edited',
        'whatsapp.message.reacted',
        'whatsapp.message.revoked',
        'whatsapp.call.missed',
      ]);
    });
  });
});
