/**
 * The campaigns service on real PostgreSQL and Kafka, with identity, contacts and the connector played over
 * Kafka (test/support/parties.ts): routes, validation and editability, the plan flag and `campaignsEnabled`,
 * another company's 404s, file lists, settings, and the dispatch engine (variants, variables, pacing,
 * exactly-once sends, failures, confirmation, cancel and restart, live counts).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { APP_CONFIG } from '@cs/platform/config';
import { runMigrations, TransactionHost } from '@cs/platform/database';
import { type RunningApp, startServiceApp } from '@cs/platform/bootstrap';
import { expectEventually, nextCompanyId, serviceTestEnv, testRun, upstreamGaps } from '@cs/platform/testing';
import { jest } from '@jest/globals';
import { type HttpMethod, PUBLIC_API } from '@cs/proto/http';
import { campaignsService } from '../../src/app.js';
import type { CampaignsConfig } from '../../src/config/env.js';
import { createCampaignsDataSource } from '../../src/database/data-source.js';
import { utcToZoned } from '../../src/modules/campaigns/zoned-time.js';
import { Clock } from '../../src/modules/dispatch/clock.js';
import { ProjectionsRepository } from '../../src/modules/projections/projections.repository.js';
import { Parties, TEST_HEADERS } from '../support/parties.js';

let app: RunningApp<typeof campaignsService.envSchema>;
let parties: Parties;
let db: pg.Client;
let ids = 0;
const nextId = (): number => (ids += 1);

const json = async <T = Record<string, unknown>>(response: Response): Promise<T> => (await response.json()) as T;

const call = (companyId: number, method: string, path: string, body?: unknown): Promise<Response> =>
  fetch(`${app.url}${path}`, {
    method,
    headers: {
      ...TEST_HEADERS(companyId),
      ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
  });

interface Campaign {
  id: number;
  name: string;
  status: string;
  confirmation: boolean;
  scheduledAt: string | null;
  completedAt: string | null;
  whatsappId: number;
  contactListId: number | null;
  mediaName: string | null;
  counts: { valid: number; delivered: number; failed: number; confirmationRequested: number; confirmed: number };
  contactList: { id: number; name: string } | null;
  whatsapp: { id: number; name: string } | null;
}

const local = (offsetMs: number): string => utcToZoned(new Date(Date.now() + offsetMs), 'America/Sao_Paulo');

let numberSeq = 10_000_000 + Math.floor(Math.random() * 80_000_000);
const mobile = (): string => {
  numberSeq += 1;
  return `5521${9}${String(numberSeq).padStart(8, '0').slice(-8)}`;
};

/** A company known to the service, with a connection and a list of valid items (plus an invalid one). */
async function setup(
  size: number,
  options: { useCampaigns?: boolean; campaignsEnabled?: boolean; invalid?: number; withoutEmail?: number[] } = {},
): Promise<{ companyId: number; connectionId: number; listId: number; numbers: string[]; invalid: string[] }> {
  const companyId = await nextCompanyId();
  const connectionId = companyId * 10 + nextId();
  const listId = companyId * 10 + nextId();
  await parties.company(companyId, options);
  await parties.connection(companyId, connectionId, `Conexão ${connectionId}`);
  const numbers = Array.from({ length: size }, mobile);
  const invalid = Array.from({ length: options.invalid ?? 0 }, mobile);
  await parties.list(companyId, listId, `Lista ${listId}`, [
    ...numbers.map((number, index) => ({
      id: companyId * 100 + index,
      name: `Contato ${index + 1}`,
      number,
      email: options.withoutEmail?.includes(index) ? '' : `c${index + 1}@exemplo.com`,
    })),
    ...invalid.map((number, index) => ({ id: companyId * 100 + 90 + index, name: 'Inválido', number, valid: false })),
  ]);
  await expectEventually(async () => {
    const items = await db.query(
      'SELECT count(*)::int AS n FROM campaigns.contact_list_items WHERE contact_list_id = $1',
      [listId],
    );
    const company = await db.query('SELECT 1 FROM campaigns.companies WHERE id = $1', [companyId]);
    const connection = await db.query('SELECT 1 FROM campaigns.connections WHERE id = $1', [connectionId]);
    expect([items.rows[0].n, company.rowCount, connection.rowCount]).toEqual([size + invalid.length, 1, 1]);
  });
  return { companyId, connectionId, listId, numbers, invalid };
}

const campaignBody = (connectionId: number, listId: number, extra: Record<string, unknown> = {}) => ({
  name: 'Black Friday',
  whatsappId: connectionId,
  contactListId: listId,
  tagListId: 'Nenhuma',
  fileListId: '',
  confirmation: false,
  message1: 'Olá {nome}, oferta para {numero}!',
  message2: 'Oi {nome} ({email}), {cupom}',
  message3: '',
  scheduledAt: '',
  ...extra,
});

/** A template campaign created to start at once (its messages empty). */
async function startTemplate(
  companyId: number,
  connectionId: number,
  listId: number,
  template: Record<string, unknown>,
): Promise<Campaign & { template: unknown }> {
  const created = await call(
    companyId,
    'POST',
    '/campaigns',
    campaignBody(connectionId, listId, { message1: '', message2: '', template, scheduledAt: local(0) }),
  );
  expect(created.status).toBe(200);
  return json<Campaign & { template: unknown }>(created);
}

/** Waits until the campaign is FINALIZADA with `counts`. */
async function finishes(companyId: number, campaignId: number, counts: Partial<Campaign['counts']>): Promise<void> {
  await expectEventually(
    async () => {
      const current = await json<Campaign>(await call(companyId, 'GET', `/campaigns/${campaignId}`));
      expect(current.status).toBe('FINALIZADA');
      expect(current.counts).toMatchObject(counts);
    },
    { timeoutMs: 30_000 },
  );
}

/**
 * The engine's clock, stopped an hour in the past (so every job it queues at a paced time is already due for
 * pg-boss, which runs on the database's real clock) and moved only by the test.
 */
function useFakeClock(): { start: number; set(at: number): void; advance(ms: number): void; restore(): void } {
  const start = Math.floor((Date.now() - 3_600_000) / 1_000) * 1_000;
  let now = start;
  const spy = jest.spyOn(app.app.get(Clock), 'now').mockImplementation(() => new Date(now));
  return {
    start,
    set: (at) => void (now = at),
    advance: (ms) => void (now += ms),
    restore: () => spy.mockRestore(),
  };
}

/** Waits until `runs` more dispatch jobs of the campaign have completed (the engine looked at the clock). */
async function dispatchRuns(campaignId: number, runs: number): Promise<void> {
  const completed = async (): Promise<number> => {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM campaigns_jobs.job WHERE name = 'campaign.dispatch'
        AND data->>'campaignId' = $1 AND state = 'completed'`,
      [String(campaignId)],
    );
    return rows[0]!.n;
  };
  const before = await completed();
  await expectEventually(async () => expect(await completed()).toBeGreaterThanOrEqual(before + runs), {
    timeoutMs: 15_000,
  });
}

/** The snapshots a campaign's created and updated events carried, in order. */
const campaignUpdates = (id: number) =>
  parties.campaignEvents.flatMap((event) =>
    event.type !== 'campaigns.campaign.deleted' && event.data.id === id ? [event.data] : [],
  );

const saveSettings = async (companyId: number, settings: Record<string, unknown>): Promise<void> => {
  const response = await call(companyId, 'POST', '/campaign-settings', { settings });
  expect(response.status).toBe(200);
};

beforeAll(async () => {
  const dataSource = createCampaignsDataSource({ DATABASE_URL: testRun().databaseUrl });
  await runMigrations(dataSource);
  await dataSource.destroy();
  db = new pg.Client({ connectionString: testRun().databaseUrl });
  await db.connect();
  parties = new Parties();
  await parties.start();
  app = await startServiceApp(
    campaignsService,
    serviceTestEnv({
      CAMPAIGNS_CONFIRMATION_WINDOW_HOURS: '0.003',
      MEDIA_DIR: `/tmp/cs-campaigns-media-${process.pid}`,
    }),
    { port: 0 },
  );
}, 60_000);

afterAll(async () => {
  await app?.close();
  await parties?.stop();
  await db?.end();
});

describe('campaign routes', () => {
  it('validates with clear texts and keeps the editability rules', async () => {
    const { companyId, connectionId, listId } = await setup(2);
    const invalid = await call(companyId, 'POST', '/campaigns', { name: '', whatsappId: '', confirmation: true });
    expect(invalid.status).toBe(400);
    const body = await json<{ error: string; details: Array<{ path: string; message: string }> }>(invalid);
    expect(body.error).toBe('ERR_VALIDATION');
    expect(body.details).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Required' },
        { path: 'whatsappId', message: 'Required' },
      ]),
    );
    const noAudience = await json<{ details: Array<{ path: string; message: string }> }>(
      await call(companyId, 'POST', '/campaigns', {
        name: 'X1',
        whatsappId: connectionId,
        confirmation: true,
        message1: '',
        scheduledAt: '24/12/2026 10:00',
      }),
    );
    expect(noAudience.details).toEqual(
      expect.arrayContaining([
        { path: 'contactListId', message: 'Escolha uma lista de contatos ou uma tag' },
        { path: 'message1', message: 'Escreva ao menos uma mensagem' },
        { path: 'confirmationMessage1', message: 'Escreva ao menos uma mensagem de confirmação' },
        { path: 'scheduledAt', message: 'Use o formato AAAA-MM-DD HH:mm:ss' },
      ]),
    );
    const unknownConnection = await call(companyId, 'POST', '/campaigns', campaignBody(999_999_999, listId));
    expect(unknownConnection.status).toBe(404);
    expect((await json(unknownConnection)).error).toBe('ERR_NO_WAPP_FOUND');

    // inactive without a date; scheduled (in the company's time zone) with one
    const inactive = await json<Campaign>(
      await call(companyId, 'POST', '/campaigns', campaignBody(connectionId, listId)),
    );
    expect(inactive).toMatchObject({
      status: 'INATIVA',
      scheduledAt: null,
      contactList: { id: listId },
      whatsapp: { id: connectionId, name: `Conexão ${connectionId}` },
      counts: { valid: 2, delivered: 0 },
    });
    const inTwoHours = local(2 * 3_600_000);
    const scheduled = await json<Campaign>(
      await call(
        companyId,
        'POST',
        '/campaigns',
        campaignBody(connectionId, listId, { name: 'Natal', scheduledAt: inTwoHours }),
      ),
    );
    expect(scheduled.status).toBe('PROGRAMADA');
    expect(utcToZoned(new Date(scheduled.scheduledAt!), 'America/Sao_Paulo')).toBe(inTwoHours);

    // more than one hour ahead: editable; within the hour: read-only
    const edited = await call(
      companyId,
      'PUT',
      `/campaigns/${scheduled.id}`,
      campaignBody(connectionId, listId, { name: 'Natal 2', scheduledAt: local(30 * 60_000) }),
    );
    expect(edited.status).toBe(200);
    expect((await json<Campaign>(edited)).name).toBe('Natal 2');
    const locked = await call(companyId, 'PUT', `/campaigns/${scheduled.id}`, campaignBody(connectionId, listId));
    expect(locked.status).toBe(400);
    expect(await json(locked)).toMatchObject({
      error: 'ERR_CAMPAIGN_NOT_EDITABLE',
      message: 'Só é permitido alterar campanha Inativa e Programada',
    });

    // cancel and restart need the right status
    expect((await json(await call(companyId, 'POST', `/campaigns/${inactive.id}/cancel`))).error).toBe(
      'ERR_CAMPAIGN_NOT_RUNNING',
    );
    expect((await json(await call(companyId, 'POST', `/campaigns/${inactive.id}/restart`))).error).toBe(
      'ERR_CAMPAIGN_NOT_CANCELLED',
    );

    // list with search and pagination
    const all = await json<{ records: Campaign[]; count: number; hasMore: boolean }>(
      await call(companyId, 'GET', '/campaigns?pageNumber=1'),
    );
    expect(all).toMatchObject({ count: 2, hasMore: false });
    expect(all.records.map((record) => record.name)).toEqual(['Natal 2', 'Black Friday']);
    const search = await json<{ records: Campaign[]; count: number }>(
      await call(companyId, 'GET', '/campaigns?searchParam=natal'),
    );
    expect(search.records.map((record) => record.id)).toEqual([scheduled.id]);

    // media attach and remove
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.4 test')], { type: 'application/pdf' }), 'oferta especial.pdf');
    const attached = await json<Campaign>(
      await call(companyId, 'POST', `/campaigns/${inactive.id}/media-upload`, form),
    );
    expect(attached.mediaName).toBe('oferta_especial.pdf');
    const removed = await json<Campaign>(await call(companyId, 'DELETE', `/campaigns/${inactive.id}/media-upload`));
    expect(removed.mediaName).toBeNull();

    expect((await call(companyId, 'DELETE', `/campaigns/${inactive.id}`)).status).toBe(200);
    expect((await call(companyId, 'GET', `/campaigns/${inactive.id}`)).status).toBe(404);
    await expectEventually(() =>
      expect(parties.campaignEvents.filter((event) => event.data.id === inactive.id).map((e) => e.type)).toEqual(
        expect.arrayContaining([
          'campaigns.campaign.created',
          'campaigns.campaign.updated',
          'campaigns.campaign.deleted',
        ]),
      ),
    );
  });

  it('saves a campaign sent right after its connection and contact list were created, while their events travel', async () => {
    const { companyId } = await setup(0);
    const connectionId = companyId * 10 + nextId();
    const listId = companyId * 10 + nextId();
    // the admin created both a moment ago: their events reach this service after the campaign's request does
    const waiting = jest.spyOn(app.app.get(ProjectionsRepository), 'awaitReference');
    const created = call(companyId, 'POST', '/campaigns', campaignBody(connectionId, listId));
    // the request is waiting for the connection's projection before the events are published
    await expectEventually(() => expect(waiting).toHaveBeenCalledWith('connections', connectionId));
    waiting.mockRestore();
    await parties.connection(companyId, connectionId, 'Conexão recém-criada');
    await parties.list(companyId, listId, 'Lista recém-criada', []);
    const response = await created;
    expect(response.status).toBe(200);
    expect(await json<Campaign>(response)).toMatchObject({
      whatsapp: { id: connectionId, name: 'Conexão recém-criada' },
      contactList: { id: listId, name: 'Lista recém-criada' },
    });
    // another company's connection and list exist here: refused at once, without waiting for a projection (a wait
    // looks for the row again and again; a row of any company ends it at the first look)
    const other = await setup(0);
    const looks = jest.spyOn(app.app.get(TransactionHost).dataSource, 'query');
    const refused = await call(other.companyId, 'POST', '/campaigns', campaignBody(other.connectionId, listId));
    const looksFor = (table: string, id: number) =>
      looks.mock.calls.filter(
        ([sql, parameters]) =>
          sql.startsWith(`SELECT 1 FROM ${table} `) && Array.isArray(parameters) && parameters[0] === id,
      ).length;
    const counted = [looksFor('connections', other.connectionId), looksFor('contact_lists', listId)];
    looks.mockRestore();
    expect([refused.status, (await json(refused)).error]).toEqual([404, 'ERR_NO_CONTACT_LIST_FOUND']);
    expect(counted).toEqual([1, 1]);
  });

  it('announces created and updated campaigns as the REST record, with the contact list and the connection', async () => {
    const { companyId, connectionId, listId } = await setup(1);
    const scheduledAt = local(3 * 3_600_000);
    const response = await call(companyId, 'POST', '/campaigns', campaignBody(connectionId, listId, { scheduledAt }));
    expect(response.status).toBe(200);
    const created = await json<Campaign & Record<string, unknown>>(response);
    const body = campaignBody(connectionId, listId, { name: 'Natal', scheduledAt });
    const updated = await call(companyId, 'PUT', `/campaigns/${created.id}`, body);
    expect(updated.status).toBe(200);
    const record = await json<Campaign & Record<string, unknown>>(updated);
    await expectEventually(() => expect(campaignUpdates(created.id)).toHaveLength(2));
    const [onCreate, onUpdate] = campaignUpdates(created.id);
    // the established Campaigns page replaces its row with the frame's record and reads these names at once
    expect(onCreate).toEqual(created);
    expect(onUpdate).toEqual(record);
    expect(onCreate).toMatchObject({
      contactList: { id: listId, name: `Lista ${listId}` },
      whatsapp: { id: connectionId, name: `Conexão ${connectionId}` },
    });
    expect(upstreamGaps('frame.company-campaign.create', { action: 'create', record: onCreate })).toEqual([]);
  });

  it("refuses another company's tag as a campaign's audience with 404, and stores nothing", async () => {
    const owner = await setup(0);
    const { companyId, connectionId } = await setup(0);
    const foreignTag = owner.companyId * 10 + nextId();
    const ownTag = companyId * 10 + nextId();
    await parties.tag(owner.companyId, foreignTag, 'VIP da outra empresa');
    await parties.tag(companyId, ownTag, 'VIP');
    await expectEventually(async () => {
      const { rowCount } = await db.query('SELECT 1 FROM campaigns.tags WHERE id = ANY($1)', [[foreignTag, ownTag]]);
      expect(rowCount).toBe(2);
    });
    const byTag = (tagListId: number) =>
      campaignBody(connectionId, null as unknown as number, { contactListId: null, tagListId });
    const refused = await call(companyId, 'POST', '/campaigns', byTag(foreignTag));
    expect([refused.status, (await json(refused)).error]).toEqual([404, 'ERR_NO_TAG_FOUND']);
    const created = await call(companyId, 'POST', '/campaigns', byTag(ownTag));
    expect(created.status).toBe(200);
    const campaign = await json<Campaign & { tagListId: number | null }>(created);
    const changed = await call(companyId, 'PUT', `/campaigns/${campaign.id}`, byTag(foreignTag));
    expect([changed.status, (await json(changed)).error]).toEqual([404, 'ERR_NO_TAG_FOUND']);
    const { rows } = await db.query('SELECT tag_list_id FROM campaigns.campaigns WHERE company_id = $1', [companyId]);
    expect(rows).toEqual([{ tag_list_id: ownTag }]);
  });

  it('answers in the shapes its @cs/proto/http contract documents, and refuses bodies outside it', async () => {
    const { companyId, connectionId, listId } = await setup(1);
    /** The answer, parsed with the catalogue's response schema: it conforms and has no undocumented field. */
    const documented = async <T = Record<string, unknown>>(
      method: HttpMethod,
      route: string,
      response: Response,
    ): Promise<T> => {
      const schema = PUBLIC_API.find((entry) => entry.method === method && entry.path === route)?.response;
      expect([method, route, response.status, schema !== undefined]).toEqual([method, route, 200, true]);
      const body = await json(response);
      const parsed = schema!.safeParse(body);
      expect([method, route, parsed.error?.issues ?? []]).toEqual([method, route, []]);
      expect(parsed.data).toEqual(body);
      return body as T;
    };
    const campaign = await documented<Campaign>(
      'POST',
      '/campaigns',
      await call(
        companyId,
        'POST',
        '/campaigns',
        campaignBody(connectionId, listId, { confirmation: 'enabled', confirmationMessage1: 'Confirma?' }),
      ),
    );
    await documented('GET', '/campaigns', await call(companyId, 'GET', '/campaigns?searchParam=black&pageNumber=1'));
    await documented('GET', '/campaigns/list', await call(companyId, 'GET', '/campaigns/list'));
    await documented('GET', '/campaigns/{id}', await call(companyId, 'GET', `/campaigns/${campaign.id}`));
    await documented(
      'PUT',
      '/campaigns/{id}',
      await call(companyId, 'PUT', `/campaigns/${campaign.id}`, campaignBody(connectionId, listId, { name: 'Natal' })),
    );
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.4 test')], { type: 'application/pdf' }), 'oferta.pdf');
    await documented(
      'POST',
      '/campaigns/{id}/media-upload',
      await call(companyId, 'POST', `/campaigns/${campaign.id}/media-upload`, form),
    );
    await documented(
      'DELETE',
      '/campaigns/{id}/media-upload',
      await call(companyId, 'DELETE', `/campaigns/${campaign.id}/media-upload`),
    );
    await documented(
      'POST',
      '/campaign-settings',
      await call(companyId, 'POST', '/campaign-settings', { settings: { variables: [{ key: 'cupom', value: 'X' }] } }),
    );
    await documented('GET', '/campaign-settings', await call(companyId, 'GET', '/campaign-settings'));
    const file = await documented<{ id: number; options: Array<{ id: number }> }>(
      'POST',
      '/files',
      await call(companyId, 'POST', '/files', { name: 'Catálogo', message: 'Veja', options: [{ name: 'PDF' }] }),
    );
    const upload = new FormData();
    upload.append('files', new Blob([Buffer.from('%PDF-1.4')], { type: 'application/pdf' }), 'a.pdf');
    upload.append('id', String(file.options[0]!.id));
    await documented(
      'POST',
      '/files/uploadList/{id}',
      await call(companyId, 'POST', `/files/uploadList/${file.id}`, upload),
    );
    await documented('GET', '/files', await call(companyId, 'GET', '/files?pageNumber=1'));
    await documented('GET', '/files/list', await call(companyId, 'GET', '/files/list'));
    await documented('GET', '/files/{id}', await call(companyId, 'GET', `/files/${file.id}`));
    await documented(
      'PUT',
      '/files/{id}',
      await call(companyId, 'PUT', `/files/${file.id}`, { name: 'Catálogo 2', message: 'Veja', options: [] }),
    );
    await documented('DELETE', '/files/{id}', await call(companyId, 'DELETE', `/files/${file.id}`));
    await documented('DELETE', '/campaigns/{id}', await call(companyId, 'DELETE', `/campaigns/${campaign.id}`));

    // bodies the contract refuses: 400 ERR_VALIDATION with the field's path
    const refused: Array<[string, string, unknown, string]> = [
      ['POST', '/campaigns', campaignBody(connectionId, listId, { whatsappId: 'x' }), 'whatsappId'],
      ['POST', '/campaigns', campaignBody(connectionId, listId, { message1: 'a'.repeat(10_001) }), 'message1'],
      ['POST', '/campaign-settings', { settings: { unknownSetting: 1 } }, 'settings'],
      [
        'POST',
        '/campaign-settings',
        { settings: { variables: [{ key: 'com espaço', value: '' }] } },
        'settings.variables.0.key',
      ],
      ['POST', '/files', { name: 'Catálogo', message: 'Veja', options: [{ name: '' }] }, 'options.0.name'],
    ];
    for (const [method, path, body, field] of refused) {
      const response = await call(companyId, method, path, body);
      const answer = await json<{ error: string; details: Array<{ path: string }> }>(response);
      expect([method, path, response.status, answer.error]).toEqual([method, path, 400, 'ERR_VALIDATION']);
      expect(answer.details.map((detail) => detail.path)).toContain(field);
    }
  });

  it('answers 404 to another company on every route, and 403 without the plan flag or campaignsEnabled', async () => {
    const { companyId, connectionId, listId } = await setup(1);
    const other = await nextCompanyId();
    const campaign = await json<Campaign>(
      await call(companyId, 'POST', '/campaigns', campaignBody(connectionId, listId)),
    );
    const file = await json<{ id: number }>(
      await call(companyId, 'POST', '/files', { name: 'Catálogo', message: 'Veja', options: [{ name: 'PDF' }] }),
    );
    const form = (field = 'files'): FormData => {
      const data = new FormData();
      data.append(field, new Blob([Buffer.from('%PDF-1.4')], { type: 'application/pdf' }), 'a.pdf');
      return data;
    };
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/campaigns/${campaign.id}`],
      ['GET', `/campaigns/${campaign.id}/failures`],
      ['PUT', `/campaigns/${campaign.id}`, campaignBody(connectionId, listId)],
      ['DELETE', `/campaigns/${campaign.id}`],
      ['POST', `/campaigns/${campaign.id}/cancel`],
      ['POST', `/campaigns/${campaign.id}/restart`],
      ['POST', `/campaigns/${campaign.id}/media-upload`, form('file')],
      ['DELETE', `/campaigns/${campaign.id}/media-upload`],
      ['GET', `/files/${file.id}`],
      ['PUT', `/files/${file.id}`, { name: 'Catálogo', message: 'Veja' }],
      ['DELETE', `/files/${file.id}`],
      ['POST', `/files/uploadList/${file.id}`, form()],
    ];
    for (const [method, path, body] of calls) {
      const response = await call(other, method, path, body);
      expect([method, path, response.status]).toEqual([method, path, 404]);
    }
    // lists and settings are the caller's own
    expect(await json(await call(other, 'GET', '/campaigns'))).toMatchObject({ records: [], count: 0 });
    expect(await json(await call(other, 'GET', '/files'))).toMatchObject({ files: [], count: 0 });
    expect((await call(companyId, 'GET', `/campaigns/${campaign.id}`)).status).toBe(200);

    const noPlan = await setup(0, { useCampaigns: false });
    const denied = await call(noPlan.companyId, 'GET', '/campaigns');
    expect(denied.status).toBe(403);
    expect((await json(denied)).error).toBe('ERR_NO_PERMISSION');
    expect((await call(noPlan.companyId, 'GET', '/campaign-settings')).status).toBe(403);
    const disabled = await setup(0, { campaignsEnabled: false });
    expect((await json(await call(disabled.companyId, 'POST', '/campaigns', {}))).error).toBe('ERR_CAMPAIGNS_DISABLED');
  });

  it('gates file lists like campaigns: the plan flag and campaignsEnabled', async () => {
    const noPlan = await setup(0, { useCampaigns: false });
    const disabled = await setup(0, { campaignsEnabled: false });
    const body = { name: 'Catálogo', message: 'Veja', options: [{ name: 'PDF' }] };
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/files'],
      ['GET', '/files/list'],
      ['GET', '/files/1'],
      ['POST', '/files', body],
      ['PUT', '/files/1', body],
      ['DELETE', '/files/1'],
    ];
    for (const [method, path, payload] of calls) {
      const denied = await call(noPlan.companyId, method, path, payload);
      expect([method, path, denied.status, (await json(denied)).error]).toEqual([
        method,
        path,
        403,
        'ERR_NO_PERMISSION',
      ]);
      const off = await call(disabled.companyId, method, path, payload);
      expect([method, path, (await json(off)).error]).toEqual([method, path, 'ERR_CAMPAIGNS_DISABLED']);
    }
    const { rows } = await db.query('SELECT 1 FROM campaigns.file_lists WHERE company_id = ANY($1)', [
      [noPlan.companyId, disabled.companyId],
    ]);
    expect(rows).toEqual([]);
  });

  it('saves the campaign settings with the spec options, defaults and unique variable shortcuts', async () => {
    const companyId = await nextCompanyId();
    const defaults = await json<Array<{ key: string; value: unknown }>>(
      await call(companyId, 'GET', '/campaign-settings'),
    );
    // values travel as JSON text, as the established back end stores them (its settings page JSON.parses each)
    expect(defaults).toEqual([
      { key: 'messageInterval', value: '20' },
      { key: 'longerIntervalAfter', value: '20' },
      { key: 'greaterInterval', value: '60' },
      { key: 'variables', value: '[]' },
    ]);
    const wrong = await call(companyId, 'POST', '/campaign-settings', {
      settings: {
        messageInterval: 7,
        variables: [
          { key: 'a', value: '1' },
          { key: 'a', value: '2' },
        ],
      },
    });
    expect(wrong.status).toBe(400);
    expect((await json<{ details: Array<{ path: string }> }>(wrong)).details.map((detail) => detail.path)).toEqual(
      expect.arrayContaining(['settings.messageInterval', 'settings.variables']),
    );
    await saveSettings(companyId, {
      messageInterval: 5,
      greaterInterval: 120,
      variables: [{ key: 'cupom', value: 'BF10' }],
    });
    const saved = await json<Array<{ key: string; value: string }>>(await call(companyId, 'GET', '/campaign-settings'));
    expect(upstreamGaps('http.get-campaign-settings', saved)).toEqual([]);
    expect(saved.map((entry) => [entry.key, JSON.parse(entry.value) as unknown])).toEqual([
      ['messageInterval', 5],
      ['longerIntervalAfter', 20],
      ['greaterInterval', 120],
      ['variables', [{ key: 'cupom', value: 'BF10' }]],
    ]);
  });

  it('saves the settings as the established client sends them and answers values it can JSON.parse', async () => {
    const companyId = await nextCompanyId();
    const answer = await call(companyId, 'POST', '/campaign-settings', {
      settings: { messageInterval: '10', longerIntervalAfter: 5, greaterInterval: '30', variables: [] },
    });
    expect(answer.status).toBe(200);
    const entries = await json<Array<{ key: string; value: string }>>(answer);
    expect(Object.fromEntries(entries.map((entry) => [entry.key, JSON.parse(entry.value)]))).toEqual({
      messageInterval: 10,
      longerIntervalAfter: 5,
      greaterInterval: 30,
      variables: [],
    });
  });

  it('keeps file lists with options and their uploaded files', async () => {
    const companyId = await nextCompanyId();
    const short = await call(companyId, 'POST', '/files', { name: 'ab', message: '' });
    expect((await json<{ details: unknown[] }>(short)).details).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'nome muito curto' },
        { path: 'message', message: 'Required' },
      ]),
    );
    const created = await json<{ id: number; options: Array<{ id: number; name: string; path: string | null }> }>(
      await call(companyId, 'POST', '/files', {
        name: 'Catálogo',
        message: 'Nossos produtos',
        options: [{ name: 'Tabela' }, { name: 'Foto' }],
      }),
    );
    expect(created.options.map((option) => option.name)).toEqual(['Tabela', 'Foto']);
    const form = new FormData();
    form.append('fileId', String(created.id));
    form.append('typeArch', 'fileList');
    form.append('files', new Blob([Buffer.from('%PDF-1.4')], { type: 'application/pdf' }), 'tabela.pdf');
    form.append('id', String(created.options[0]!.id));
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    form.append('files', new Blob([png], { type: 'image/png' }), 'foto.png');
    form.append('id', String(created.options[1]!.id));
    const uploaded = await json<{ options: Array<{ path: string; mediaType: string; url: string }> }>(
      await call(companyId, 'POST', `/files/uploadList/${created.id}`, form),
    );
    expect(uploaded.options.map((option) => option.mediaType)).toEqual(['application/pdf', 'image/png']);
    const served = await fetch(`${app.url}/files/media/${uploaded.options[0]!.path}`, {
      headers: { 'x-internal-token': TEST_HEADERS(companyId)['x-internal-token'] },
    });
    expect(served.status).toBe(200);
    expect(await served.text()).toBe('%PDF-1.4');
    const refused = new FormData();
    refused.append('files', new Blob([Buffer.from('<html>')], { type: 'text/html' }), 'pagina.html');
    const unsupported = await call(companyId, 'POST', `/files/uploadList/${created.id}`, refused);
    expect(unsupported.status).toBe(415);

    const page = await json<{ files: Array<{ id: number }>; count: number; hasMore: boolean }>(
      await call(companyId, 'GET', '/files?searchParam=catál'),
    );
    expect(page).toMatchObject({ count: 1, hasMore: false, files: [{ id: created.id }] });
    const renamed = await json<{ name: string; options: unknown[] }>(
      await call(companyId, 'PUT', `/files/${created.id}`, {
        name: 'Catálogo 2',
        message: 'Nossos produtos',
        options: [{ id: created.options[0]!.id, name: 'Tabela' }],
      }),
    );
    expect(renamed).toMatchObject({ name: 'Catálogo 2', options: [{ name: 'Tabela' }] });
    // a partial update: absent options keep every option (with its file), an absent message keeps the message
    const tabela = { name: 'Tabela', path: uploaded.options[0]!.path };
    const withoutOptions = await call(companyId, 'PUT', `/files/${created.id}`, {
      name: 'Catálogo 3',
      message: 'Nossos produtos',
    });
    expect(withoutOptions.status).toBe(200);
    expect(await json(withoutOptions)).toMatchObject({ name: 'Catálogo 3', options: [tabela] });
    const nameOnly = await call(companyId, 'PUT', `/files/${created.id}`, { name: 'Catálogo 4' });
    expect(nameOnly.status).toBe(200);
    const kept = { name: 'Catálogo 4', message: 'Nossos produtos', options: [tabela] };
    expect(await json(nameOnly)).toMatchObject(kept);
    expect(await json(await call(companyId, 'GET', `/files/${created.id}`))).toMatchObject(kept);
    expect((await call(companyId, 'DELETE', `/files/${created.id}`)).status).toBe(200);
    await expectEventually(() =>
      expect(parties.fileEvents.filter((event) => event.data.id === created.id).map((e) => e.type)).toEqual(
        expect.arrayContaining([
          'campaigns.file-list.created',
          'campaigns.file-list.updated',
          'campaigns.file-list.deleted',
        ]),
      ),
    );
  });
});

describe('dispatch engine', () => {
  it('sends each valid contact exactly once, variants round-robin with variables, and finishes from delivery results', async () => {
    const { companyId, connectionId, listId, numbers, invalid } = await setup(5, { invalid: 1 });
    await saveSettings(companyId, {
      messageInterval: 0,
      greaterInterval: 0,
      variables: [{ key: 'cupom', value: 'BF10' }],
    });
    parties.failing.add(numbers[4]!);
    const campaign = await json<Campaign>(
      await call(companyId, 'POST', '/campaigns', campaignBody(connectionId, listId, { scheduledAt: local(0) })),
    );
    expect(campaign.status).toBe('PROGRAMADA');
    const finished = await expectEventually(
      async () => {
        const current = await json<Campaign>(await call(companyId, 'GET', `/campaigns/${campaign.id}`));
        expect(current.status).toBe('FINALIZADA');
        return current;
      },
      { timeoutMs: 30_000 },
    );
    expect(finished.counts).toEqual({ valid: 5, delivered: 4, failed: 1, confirmationRequested: 0, confirmed: 0 });
    expect(finished.completedAt).not.toBeNull();
    expect(parties.sendsTo(invalid[0]!)).toHaveLength(0);
    const bodies = numbers.map((number) => {
      const sends = parties.sendsTo(number);
      expect(sends).toHaveLength(1);
      expect(sends[0]!.connectionId).toBe(connectionId);
      return sends[0]!.content.kind === 'text' ? sends[0]!.content.body : '';
    });
    expect(bodies).toEqual([
      `Olá Contato 1, oferta para ${numbers[0]}!`,
      'Oi Contato 2 (c2@exemplo.com), BF10',
      `Olá Contato 3, oferta para ${numbers[2]}!`,
      'Oi Contato 4 (c4@exemplo.com), BF10',
      `Olá Contato 5, oferta para ${numbers[4]}!`,
    ]);
    // live updates carried the counts as they grew
    await expectEventually(() => {
      const updates = campaignUpdates(campaign.id);
      expect(updates.at(-1)).toMatchObject({ status: 'FINALIZADA', counts: { delivered: 4 } });
      expect(updates.some((update) => update.status === 'EM_ANDAMENTO')).toBe(true);
    });
    // ADR 0006: each message WhatsApp accepted is published once for the contact's history, the failed one is not
    const delivered = await expectEventually(() => {
      const events = parties.deliveredEvents.filter((event) => event.data.campaignId === campaign.id);
      expect(events).toHaveLength(4);
      return events;
    });
    for (const [index, number] of numbers.slice(0, 4).entries()) {
      const send = parties.sendsTo(number)[0]!;
      const event = delivered.find((entry) => entry.data.number === number);
      expect(event?.companyId).toBe(companyId);
      expect(event?.data).toEqual({
        campaignId: campaign.id,
        campaignName: campaign.name,
        shippingId: expect.stringMatching(/^\d+$/),
        part: 'main',
        connectionId,
        chatJid: `${number}@s.whatsapp.net`,
        number,
        content: { kind: 'text', body: bodies[index] },
        messageId: parties.waIds.get(send.clientMessageId),
        sentAt: expect.any(String),
      });
    }
    // a restart of a finished campaign is refused, deleting it is allowed
    expect((await call(companyId, 'POST', `/campaigns/${campaign.id}/restart`)).status).toBe(409);
  }, 60_000);

  it('sends a Cloud API template with each contact’s values, and reports the contacts Meta refused and why', async () => {
    const { companyId, connectionId, listId, numbers } = await setup(3);
    await saveSettings(companyId, { messageInterval: 0, greaterInterval: 0 });
    parties.failing.add(numbers[2]!);
    const template = {
      name: 'pedido_enviado',
      language: 'pt_BR',
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Pedido {{1}}' },
        { type: 'BODY', text: 'Olá {{1}}, seu pedido chega em {{2}}.' },
      ],
      values: { header: ['{numero}'], body: ['{nome}', 'amanhã'] },
    };
    const campaign = await startTemplate(companyId, connectionId, listId, template);
    expect(campaign.template).toEqual({ ...template, values: { ...template.values, headerMedia: null, buttons: [] } });
    await finishes(companyId, campaign.id, { valid: 3, delivered: 2, failed: 1 });
    for (const [index, number] of numbers.entries()) {
      expect(parties.sendsTo(number).map((send) => send.content)).toEqual([
        {
          kind: 'text',
          body: `*Pedido ${number}*\n\nOlá Contato ${index + 1}, seu pedido chega em amanhã.`,
          template: {
            name: 'pedido_enviado',
            language: { code: 'pt_BR' },
            components: [
              { type: 'header', parameters: [{ type: 'text', text: number }] },
              {
                type: 'body',
                parameters: [
                  { type: 'text', text: `Contato ${index + 1}` },
                  { type: 'text', text: 'amanhã' },
                ],
              },
            ],
          },
        },
      ]);
    }
    const report = await call(companyId, 'GET', `/campaigns/${campaign.id}/failures`);
    expect(report.status).toBe(200);
    expect(await json(report)).toEqual({
      failures: [
        {
          name: 'Contato 3',
          number: numbers[2],
          error: 'ERR_SENDING_WAPP_MSG',
          reason: 'the template was refused: (#132001) Template name does not exist in the translation',
          failedAt: expect.any(String),
        },
      ],
    });
  }, 60_000);

  it('sends a template’s media header by its link and its URL button suffix with each contact’s values', async () => {
    const { companyId, connectionId, listId, numbers } = await setup(2);
    await saveSettings(companyId, { messageInterval: 0, greaterInterval: 0 });
    const template = {
      name: 'entrega_agendada',
      language: 'pt_BR',
      components: [
        { type: 'HEADER', format: 'VIDEO' },
        { type: 'BODY', text: 'Olá {{1}}, sua entrega está agendada.' },
        { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Acompanhar', url: 'https://loja.example.com/p/{{1}}' }] },
      ],
      values: { body: ['{nome}'], headerMedia: 'https://cdn.example.com/entrega.mp4', buttons: ['{numero}'] },
    };
    const incomplete = await call(
      companyId,
      'POST',
      '/campaigns',
      campaignBody(connectionId, listId, {
        message1: '',
        message2: '',
        template: { ...template, values: { body: ['{nome}'] } },
        scheduledAt: local(0),
      }),
    );
    expect(incomplete.status).toBe(400);
    expect(await json(incomplete)).toMatchObject({
      error: 'ERR_VALIDATION',
      details: expect.arrayContaining([
        expect.objectContaining({ path: 'template.values.headerMedia' }),
        expect.objectContaining({ path: 'template.values.buttons' }),
      ]),
    });
    const campaign = await startTemplate(companyId, connectionId, listId, template);
    await finishes(companyId, campaign.id, { valid: 2, delivered: 2 });
    for (const [index, number] of numbers.entries()) {
      expect(parties.sendsTo(number).map((send) => send.content)).toEqual([
        {
          kind: 'text',
          body: `Olá Contato ${index + 1}, sua entrega está agendada.\n\n[Acompanhar]`,
          template: {
            name: 'entrega_agendada',
            language: { code: 'pt_BR' },
            components: [
              {
                type: 'header',
                parameters: [{ type: 'video', video: { link: 'https://cdn.example.com/entrega.mp4' } }],
              },
              { type: 'body', parameters: [{ type: 'text', text: `Contato ${index + 1}` }] },
              { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: number }] },
            ],
          },
        },
      ]);
    }
  }, 60_000);

  it('refuses a media header naming another company’s stored file; its own file and a link are kept, never fetched', async () => {
    const { companyId, connectionId, listId, numbers } = await setup(1);
    await saveSettings(companyId, { messageInterval: 0, greaterInterval: 0 });
    const publicUrl = app.app.get<CampaignsConfig>(APP_CONFIG).PUBLIC_URL.replace(/\/+$/, '');
    const stored = (company: number): string =>
      `${publicUrl}/media/tickets/${company}/templates/0f8e0e5c-1111-4222-8333-944445555666-banner.png`;
    const hits: string[] = [];
    const linkServer = createServer((request, response) => {
      hits.push(request.url ?? '');
      response.writeHead(200, { 'content-type': 'image/png' }).end();
    });
    await new Promise<void>((resolve) => linkServer.listen(0, '127.0.0.1', resolve));
    const link = `http://127.0.0.1:${(linkServer.address() as AddressInfo).port}/banner.png`;
    try {
      const template = (headerMedia: string) => ({
        name: 'promocao',
        language: 'pt_BR',
        components: [
          { type: 'HEADER', format: 'IMAGE' },
          { type: 'BODY', text: 'Olá {{1}}!' },
        ],
        values: { body: ['{nome}'], headerMedia },
      });
      const body = (headerMedia: string, scheduledAt = '') =>
        campaignBody(connectionId, listId, {
          message1: '',
          message2: '',
          template: template(headerMedia),
          scheduledAt,
        });
      const refusal = {
        error: 'ERR_VALIDATION',
        message: 'template.values.headerMedia: Arquivo não encontrado.',
        details: [{ path: 'template.values.headerMedia', message: 'Arquivo não encontrado.' }],
      };
      const before = await db.query('SELECT count(*)::int AS n FROM campaigns.campaigns WHERE company_id = $1', [
        companyId,
      ]);
      for (const foreign of [stored(companyId + 1), stored(companyId + 1).replace('/media/', '/x/../media/')]) {
        const created = await call(companyId, 'POST', '/campaigns', body(foreign));
        expect(created.status).toBe(400);
        expect(await json(created)).toMatchObject(refusal);
      }
      const after = await db.query('SELECT count(*)::int AS n FROM campaigns.campaigns WHERE company_id = $1', [
        companyId,
      ]);
      expect(after.rows[0].n).toBe(before.rows[0].n);

      const own = await call(companyId, 'POST', '/campaigns', body(stored(companyId)));
      expect(own.status).toBe(200);
      const campaign = await json<Campaign & { template: { values: { headerMedia: string } } }>(own);
      expect(campaign.template.values.headerMedia).toBe(stored(companyId));
      const moved = await call(companyId, 'PUT', `/campaigns/${campaign.id}`, body(stored(companyId + 1)));
      expect(moved.status).toBe(400);
      expect(await json(moved)).toMatchObject(refusal);
      const kept = await json<{ template: { values: { headerMedia: string } } }>(
        await call(companyId, 'GET', `/campaigns/${campaign.id}`),
      );
      expect(kept.template.values.headerMedia).toBe(stored(companyId));

      const linked = await call(companyId, 'PUT', `/campaigns/${campaign.id}`, body(link, local(0)));
      expect(linked.status).toBe(200);
      await finishes(companyId, campaign.id, { valid: 1, delivered: 1 });
      // the link goes to the connector as given; the campaigns service never requested it
      expect(parties.sendsTo(numbers[0]!).map((send) => send.content)).toMatchObject([
        {
          kind: 'text',
          template: {
            components: [
              { type: 'header', parameters: [{ type: 'image', image: { link } }] },
              { type: 'body', parameters: [{ type: 'text', text: 'Contato 1' }] },
            ],
          },
        },
      ]);
      expect(hits).toEqual([]);
    } finally {
      await new Promise((resolve) => linkServer.close(resolve));
    }
  }, 60_000);

  it('fails a contact whose template values are blank, with the reason in the failures report, and sends the rest', async () => {
    const { companyId, connectionId, listId, numbers } = await setup(3, { withoutEmail: [1] });
    await saveSettings(companyId, { messageInterval: 0, greaterInterval: 0 });
    const template = {
      name: 'cupom',
      language: 'pt_BR',
      components: [
        { type: 'BODY', text: 'Olá {{1}}, seu cupom chegou.' },
        { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Ver cupom', url: 'https://loja.example.com/c/{{1}}' }] },
      ],
      values: { body: ['{nome}'], buttons: ['{email}'] },
    };
    const campaign = await startTemplate(companyId, connectionId, listId, template);
    await finishes(companyId, campaign.id, { valid: 3, delivered: 2, failed: 1 });
    expect(parties.sendsTo(numbers[1]!)).toEqual([]);
    expect(parties.sendsTo(numbers[0]!)).toHaveLength(1);
    expect(parties.sendsTo(numbers[2]!)).toHaveLength(1);
    const report = await call(companyId, 'GET', `/campaigns/${campaign.id}/failures`);
    expect(report.status).toBe(200);
    expect(await json(report)).toEqual({
      failures: [
        {
          name: 'Contato 2',
          number: numbers[1],
          error: 'ERR_SENDING_WAPP_MSG',
          reason: "the template's values are missing: values.buttons[0] is blank for this contact",
          failedAt: expect.any(String),
        },
      ],
    });
  }, 60_000);

  it('paces per connection on the clock: messageInterval between sends, greaterInterval after every longerIntervalAfter', async () => {
    const { companyId, connectionId, listId, numbers } = await setup(11);
    await saveSettings(companyId, { messageInterval: 5, longerIntervalAfter: 5, greaterInterval: 20 });
    const clock = useFakeClock();
    try {
      const campaign = await json<Campaign>(
        await call(companyId, 'POST', '/campaigns', campaignBody(connectionId, listId, { scheduledAt: local(0) })),
      );
      // 5 s after each message, 20 s after the 5th and the 10th
      const schedule = [0, 5, 10, 15, 20, 40, 45, 50, 55, 60, 80].map((seconds) => clock.start + seconds * 1_000);
      const sentSoFar = (): number => numbers.filter((number) => parties.sendsTo(number).length > 0).length;
      for (const [index, due] of schedule.entries()) {
        if (index > 0) {
          // a millisecond early: the engine looks (a dispatch run completes on this clock) and sends nothing
          clock.set(due - 1);
          await dispatchRuns(campaign.id, 2);
          expect(sentSoFar()).toBe(index);
          clock.set(due);
        }
        await expectEventually(() => expect(sentSoFar()).toBe(index + 1), { timeoutMs: 15_000 });
        expect(parties.sendsTo(numbers[index]!)).toHaveLength(1);
      }
      const { rows } = await db.query<{ sent_at: Date }>(
        'SELECT sent_at FROM campaigns.campaign_shippings WHERE campaign_id = $1 ORDER BY position',
        [campaign.id],
      );
      expect(rows.map((row) => row.sent_at.getTime())).toEqual(schedule);
      const [pacing] = (
        await db.query<{ next_at: Date; sent: number }>(
          'SELECT next_at, sent FROM campaigns.connection_pacing WHERE connection_id = $1',
          [connectionId],
        )
      ).rows;
      expect([pacing?.next_at.getTime(), pacing?.sent]).toEqual([schedule[10]! + 5_000, 11]);
      await expectEventually(
        async () =>
          expect((await json<Campaign>(await call(companyId, 'GET', `/campaigns/${campaign.id}`))).status).toBe(
            'FINALIZADA',
          ),
        { timeoutMs: 30_000 },
      );
      expect(numbers.map((number) => parties.sendsTo(number).length)).toEqual(numbers.map(() => 1));
    } finally {
      clock.restore();
    }
  }, 120_000);

  it('cancels at once and restarts only what was not sent', async () => {
    const { companyId, connectionId, listId, numbers } = await setup(7);
    await saveSettings(companyId, { messageInterval: 0, longerIntervalAfter: 5, greaterInterval: 5 });
    const clock = useFakeClock();
    try {
      const campaign = await json<Campaign>(
        await call(companyId, 'POST', '/campaigns', campaignBody(connectionId, listId, { scheduledAt: local(0) })),
      );
      // five at once, then the connection pauses for greaterInterval
      await expectEventually(
        () => expect(numbers.slice(0, 5).map((n) => parties.sendsTo(n).length)).toEqual([1, 1, 1, 1, 1]),
        { timeoutMs: 15_000 },
      );
      expect((await call(companyId, 'DELETE', `/campaigns/${campaign.id}`)).status).toBe(409);
      expect((await call(companyId, 'POST', `/campaigns/${campaign.id}/cancel`)).status).toBe(204);
      const cancelled = await json<Campaign>(await call(companyId, 'GET', `/campaigns/${campaign.id}`));
      expect(cancelled.status).toBe('CANCELADA');
      // nothing more goes out while cancelled, even past the pause: the chain's jobs run out doing nothing
      clock.advance(60_000);
      await expectEventually(
        async () => {
          const { rows } = await db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM campaigns_jobs.job WHERE name = 'campaign.dispatch'
              AND data->>'campaignId' = $1 AND state IN ('created', 'retry', 'active')`,
            [String(campaign.id)],
          );
          expect(rows[0]!.n).toBe(0);
        },
        { timeoutMs: 15_000 },
      );
      expect(parties.sendsTo(numbers[5]!)).toHaveLength(0);
      // a cancelled campaign can be saved and restarted
      expect(
        (
          await call(
            companyId,
            'PUT',
            `/campaigns/${campaign.id}`,
            campaignBody(connectionId, listId, { name: 'Retomada' }),
          )
        ).status,
      ).toBe(200);
      expect((await call(companyId, 'POST', `/campaigns/${campaign.id}/restart`)).status).toBe(204);
      await expectEventually(
        async () =>
          expect((await json<Campaign>(await call(companyId, 'GET', `/campaigns/${campaign.id}`))).status).toBe(
            'FINALIZADA',
          ),
        { timeoutMs: 30_000 },
      );
      expect(numbers.map((number) => parties.sendsTo(number).length)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    } finally {
      clock.restore();
    }
  }, 90_000);

  it('sends the main message to contacts who reply to the confirmation request, and finishes when the window lapses', async () => {
    const { companyId, connectionId, listId, numbers } = await setup(2);
    await saveSettings(companyId, { messageInterval: 0, greaterInterval: 0 });
    const campaign = await json<Campaign>(
      await call(
        companyId,
        'POST',
        '/campaigns',
        campaignBody(connectionId, listId, {
          confirmation: true,
          confirmationMessage1: 'Podemos enviar a oferta, {nome}? Responda SIM',
          scheduledAt: local(0),
        }),
      ),
    );
    await expectEventually(() => expect(numbers.map((number) => parties.sendsTo(number).length)).toEqual([1, 1]), {
      timeoutMs: 15_000,
    });
    expect(parties.sendsTo(numbers[0]!)[0]!.content).toEqual({
      kind: 'text',
      body: 'Podemos enviar a oferta, Contato 1? Responda SIM',
    });
    // a reply on another connection confirms nothing; on the campaign's connection it does
    await parties.reply(companyId, connectionId + 100_000, numbers[0]!);
    await parties.reply(companyId, connectionId, numbers[0]!);
    await expectEventually(() => expect(parties.sendsTo(numbers[0]!)).toHaveLength(2), { timeoutMs: 15_000 });
    expect(parties.sendsTo(numbers[0]!)[1]!.content).toEqual({
      kind: 'text',
      body: `Olá Contato 1, oferta para ${numbers[0]}!`,
    });
    const running = await json<Campaign>(await call(companyId, 'GET', `/campaigns/${campaign.id}`));
    expect(running.status).toBe('EM_ANDAMENTO');
    // the report follows live while the campaign runs: the delivery of that main message is announced
    await expectEventually(() => {
      const latest = campaignUpdates(campaign.id).at(-1);
      expect(latest).toMatchObject({ status: 'EM_ANDAMENTO', counts: { delivered: 1, confirmed: 1 } });
    });
    // the second contact never answers: the campaign finishes when the (shortened) window lapses
    const finished = await expectEventually(
      async () => {
        const current = await json<Campaign>(await call(companyId, 'GET', `/campaigns/${campaign.id}`));
        expect(current.status).toBe('FINALIZADA');
        return current;
      },
      { timeoutMs: 30_000 },
    );
    expect(finished.counts).toMatchObject({ valid: 2, delivered: 1, confirmationRequested: 2, confirmed: 1 });
    expect(parties.sendsTo(numbers[1]!)).toHaveLength(1);
  }, 60_000);

  it('reaches the contacts of tickets carrying a tag', async () => {
    const { companyId, connectionId } = await setup(0);
    const tagId = nextId() + 7_000;
    const [a, b, c] = [mobile(), mobile(), mobile()];
    await parties.ticket(companyId, {
      id: companyId * 100 + 1,
      contactId: 1,
      name: 'Ana',
      number: a,
      tagIds: [tagId],
    });
    await parties.ticket(companyId, {
      id: companyId * 100 + 2,
      contactId: 2,
      name: 'Bia',
      number: b,
      tagIds: [tagId, 3],
    });
    await parties.ticket(companyId, { id: companyId * 100 + 3, contactId: 3, name: 'Caio', number: c, tagIds: [3] });
    await saveSettings(companyId, { messageInterval: 0 });
    await expectEventually(async () => {
      const { rowCount } = await db.query('SELECT 1 FROM campaigns.ticket_audience WHERE company_id = $1', [companyId]);
      expect(rowCount).toBe(3);
    });
    const campaign = await json<Campaign>(
      await call(
        companyId,
        'POST',
        '/campaigns',
        campaignBody(connectionId, null as unknown as number, {
          contactListId: null,
          tagListId: tagId,
          scheduledAt: local(0),
        }),
      ),
    );
    await expectEventually(
      async () =>
        expect((await json<Campaign>(await call(companyId, 'GET', `/campaigns/${campaign.id}`))).status).toBe(
          'FINALIZADA',
        ),
      { timeoutMs: 30_000 },
    );
    expect([a, b, c].map((number) => parties.sendsTo(number).length)).toEqual([1, 1, 0]);
  }, 60_000);

  it('shares a campaign between two pods without sending any contact twice or skipping one', async () => {
    const second = await startServiceApp(
      campaignsService,
      serviceTestEnv({ MEDIA_DIR: `/tmp/cs-campaigns-media-${process.pid}` }),
      { port: 0 },
    );
    try {
      const { companyId, connectionId, listId, numbers } = await setup(60);
      await saveSettings(companyId, { messageInterval: 0, greaterInterval: 0 });
      // a duplicated start (a second request for the same schedule) must not double the dispatch either
      const campaign = await json<Campaign>(
        await call(companyId, 'POST', '/campaigns', campaignBody(connectionId, listId, { scheduledAt: local(0) })),
      );
      await db.query(
        `INSERT INTO campaigns_jobs.job (name, data) SELECT name, data FROM campaigns_jobs.job
          WHERE name = 'campaign.start' AND data->>'campaignId' = $1`,
        [String(campaign.id)],
      );
      await expectEventually(
        async () =>
          expect((await json<Campaign>(await call(companyId, 'GET', `/campaigns/${campaign.id}`))).status).toBe(
            'FINALIZADA',
          ),
        { timeoutMs: 60_000 },
      );
      expect(numbers.map((number) => parties.sendsTo(number).length)).toEqual(numbers.map(() => 1));
      const finished = await json<Campaign>(await call(companyId, 'GET', `/campaigns/${campaign.id}`));
      expect(finished.counts).toMatchObject({ valid: 60, delivered: 60, failed: 0 });
      // the report's live counts: the last update has every delivery, and deliveries are announced together (at
      // most once a second per pod), not one event (and one count of the shipping rows) per delivery
      const updates = await expectEventually(() => {
        const events = campaignUpdates(campaign.id);
        expect(events.at(-1)?.counts.delivered).toBe(60);
        return events;
      });
      expect(updates.length).toBeLessThan(60);
    } finally {
      await second.close();
    }
  }, 120_000);

  it('resumes a campaign whose dispatch chain was lost (a pod killed mid-run) without resending', async () => {
    const { companyId, connectionId, listId, numbers } = await setup(3);
    await saveSettings(companyId, { messageInterval: 0, longerIntervalAfter: 1, greaterInterval: 120 });
    const campaign = await json<Campaign>(
      await call(companyId, 'POST', '/campaigns', campaignBody(connectionId, listId, { scheduledAt: local(0) })),
    );
    await expectEventually(() => expect(parties.sendsTo(numbers[0]!)).toHaveLength(1), { timeoutMs: 15_000 });
    // the pod running the chain dies: no live job, the last send long ago, the connection free to send
    await db.query(
      `UPDATE campaigns.campaigns SET dispatch_token = gen_random_uuid(), updated_at = now() - interval '5 minutes'
        WHERE id = $1`,
      [campaign.id],
    );
    await db.query(
      `UPDATE campaigns.campaign_shippings SET sent_at = sent_at - interval '5 minutes' WHERE campaign_id = $1`,
      [campaign.id],
    );
    await db.query(
      `UPDATE campaigns.connection_pacing SET next_at = now() - interval '5 minutes' WHERE connection_id = $1`,
      [connectionId],
    );
    await expectEventually(() => expect(parties.sendsTo(numbers[1]!)).toHaveLength(1), { timeoutMs: 150_000 });
    expect(parties.sendsTo(numbers[0]!)).toHaveLength(1);
    // the pacing still holds: the third waits for greaterInterval
    expect(parties.sendsTo(numbers[2]!)).toHaveLength(0);
  }, 200_000);
});
