/**
 * Campaign media and file-list files in an S3-compatible bucket (`MEDIA_S3_*`), against a local fake
 * bucket that speaks S3's REST shape and verifies every request's SigV4 `Authorization` header: an upload lands
 * as an object under the usual path with its type, is served back at `/files/media/...` (the URL the connector is
 * given in the send command), is deleted from the bucket when removed, never touches the local folder; a secret
 * the bucket refuses fails the upload clearly without storing anything.
 */
import { existsSync } from 'node:fs';
import pg from 'pg';
import { type RunningApp, startServiceApp } from '@cs/platform/bootstrap';
import { runMigrations } from '@cs/platform/database';

import { expectEventually, FakeS3, nextCompanyId, serviceTestEnv, testRun } from '@cs/platform/testing';
import { campaignsService } from '../../src/app.js';
import { createCampaignsDataSource } from '../../src/database/data-source.js';
import { utcToZoned } from '../../src/modules/campaigns/zoned-time.js';
import { Parties, TEST_HEADERS } from '../support/parties.js';

const ACCESS_KEY = 'AKIAFAKECAMPAIGNS001';
const SECRET = 'campaigns/secret+Key0123456789abcdefghijk';
const MEDIA_DIR = `/tmp/cs-campaigns-s3-unused-${process.pid}`;
/** A real PNG header: what a campaign image starts with. */
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
  Buffer.from('campaign-image-bytes'),
]);

let s3: FakeS3;
let app: RunningApp<typeof campaignsService.envSchema>;
let parties: Parties;
let db: pg.Client;

const call = (companyId: number, method: string, path: string, body?: unknown): Promise<Response> =>
  fetch(`${app.url}${path}`, {
    method,
    headers: {
      ...TEST_HEADERS(companyId),
      ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
  });

/** A public media URL as the gateway forwards it (the internal token proves it came through the gateway). */
const media = (path: string, headers: Record<string, string> = {}): Promise<Response> =>
  fetch(`${app.url}${path}`, { headers: { 'x-internal-token': TEST_HEADERS(0)['x-internal-token'], ...headers } });

const json = async <T = Record<string, unknown>>(response: Response): Promise<T> => (await response.json()) as T;

interface Campaign {
  id: number;
  status: string;
  mediaPath: string | null;
  mediaName: string | null;
}

async function company(): Promise<{ companyId: number; connectionId: number; listId: number; number: string }> {
  const companyId = await nextCompanyId();
  const connectionId = companyId * 10 + 1;
  const listId = companyId * 10 + 2;
  const number = `55219${String(10_000_000 + (companyId % 80_000_000)).slice(-8)}`;
  await parties.company(companyId);
  await parties.connection(companyId, connectionId, 'Conexão S3');
  await parties.list(companyId, listId, 'Lista S3', [{ id: companyId * 100, name: 'Ana', number, email: '' }]);
  await expectEventually(async () => {
    const items = await db.query('SELECT 1 FROM campaigns.contact_list_items WHERE contact_list_id = $1', [listId]);
    const connection = await db.query('SELECT 1 FROM campaigns.connections WHERE id = $1', [connectionId]);
    const known = await db.query('SELECT 1 FROM campaigns.companies WHERE id = $1', [companyId]);
    expect([items.rowCount, connection.rowCount, known.rowCount]).toEqual([1, 1, 1]);
  });
  return { companyId, connectionId, listId, number };
}

const imageForm = (field: string, name = 'oferta da semana.png'): FormData => {
  const form = new FormData();
  form.append(field, new Blob([PNG], { type: 'image/png' }), name);
  return form;
};

beforeAll(async () => {
  const dataSource = createCampaignsDataSource({ DATABASE_URL: testRun().databaseUrl });
  await runMigrations(dataSource);
  await dataSource.destroy();
  db = new pg.Client({ connectionString: testRun().databaseUrl });
  await db.connect();
  s3 = await new FakeS3('campanhas', ACCESS_KEY, SECRET).start();
  parties = new Parties();
  await parties.start();
  app = await startServiceApp(
    campaignsService,
    serviceTestEnv({
      MEDIA_DIR: MEDIA_DIR,
      MEDIA_S3_BUCKET: 'campanhas',
      MEDIA_S3_ENDPOINT: s3.url,
      MEDIA_S3_REGION: 'us-east-1',
      MEDIA_S3_ACCESS_KEY_ID: ACCESS_KEY,
      MEDIA_S3_SECRET_ACCESS_KEY: SECRET,
    }),
    { port: 0 },
  );
}, 60_000);

afterAll(async () => {
  await app?.close();
  await parties?.stop();
  await s3?.stop();
  await db?.end();
});

afterEach(() => {
  s3.secretAccessKey = SECRET;
});

it('stores a campaign’s media in the bucket, serves it back at the URL the connector is sent, and deletes it', async () => {
  const { companyId, connectionId, listId, number } = await company();
  await call(companyId, 'POST', '/campaign-settings', { settings: { messageInterval: 0, greaterInterval: 0 } });
  const campaign = await json<Campaign>(
    await call(companyId, 'POST', '/campaigns', {
      name: 'Campanha com imagem',
      whatsappId: connectionId,
      contactListId: listId,
      tagListId: 'Nenhuma',
      fileListId: '',
      confirmation: false,
      message1: 'Olá {nome}, veja a oferta',
      scheduledAt: '',
    }),
  );
  const attached = await call(companyId, 'POST', `/campaigns/${campaign.id}/media-upload`, imageForm('file'));
  expect(attached.status).toBe(200);
  const withMedia = await json<Campaign>(attached);
  expect(withMedia.mediaName).toBe('oferta_da_semana.png');
  const path = withMedia.mediaPath!;
  expect(path).toMatch(new RegExp(`^${companyId}/campaign/${campaign.id}/[0-9a-f-]{36}-oferta_da_semana\\.png$`));

  // the object is in the bucket under that path, with its type; the signed PUT was accepted
  expect(s3.object(path)?.data.equals(PNG)).toBe(true);
  expect(s3.object(path)?.contentType).toBe('image/png');
  expect(s3.requests.filter((request) => request.status >= 400)).toEqual([]);
  expect(existsSync(MEDIA_DIR)).toBe(false);

  // served back from the bucket (whole and by range)
  const served = await media(`/files/media/${path}`);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/png');
  expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  const part = await media(`/files/media/${path}`, { range: 'bytes=0-7' });
  expect(part.status).toBe(206);
  expect(Buffer.from(await part.arrayBuffer()).equals(PNG.subarray(0, 8))).toBe(true);
  expect((await media(`/files/media/${companyId}/campaign/${campaign.id}/nada.png`)).status).toBe(404);
  expect((await media(`/files/media/${companyId}/campaign/../../outro.png`)).status).toBe(404);

  // the campaign runs: the send command carries a URL that serves those bytes (what the connector downloads)
  const scheduledAt = utcToZoned(new Date(), 'America/Sao_Paulo');
  const saved = await call(companyId, 'PUT', `/campaigns/${campaign.id}`, {
    name: 'Campanha com imagem',
    whatsappId: connectionId,
    contactListId: listId,
    tagListId: 'Nenhuma',
    fileListId: '',
    confirmation: false,
    message1: 'Olá {nome}, veja a oferta',
    scheduledAt,
  });
  expect(saved.status).toBe(200);
  const send = await expectEventually(
    () => {
      const found = parties.sendsTo(number)[0];
      if (!found) throw new Error('no send yet');
      return found;
    },
    { timeoutMs: 30_000 },
  );
  expect(send.content).toMatchObject({ kind: 'media', mediaType: 'image', caption: 'Olá Ana, veja a oferta' });
  const url = new URL((send.content as { url: string }).url);
  expect(url.pathname).toBe(`/files/media/${path}`);
  const downloaded = await media(url.pathname);
  expect(Buffer.from(await downloaded.arrayBuffer()).equals(PNG)).toBe(true);

  // a second campaign's media removed: its object leaves the bucket
  const second = await json<Campaign>(
    await call(companyId, 'POST', '/campaigns', {
      name: 'Outra',
      whatsappId: connectionId,
      contactListId: listId,
      tagListId: 'Nenhuma',
      fileListId: '',
      confirmation: false,
      message1: 'Oi',
      scheduledAt: '',
    }),
  );
  const secondPath = (
    await json<Campaign>(await call(companyId, 'POST', `/campaigns/${second.id}/media-upload`, imageForm('file')))
  ).mediaPath!;
  expect(s3.object(secondPath)).toBeDefined();
  expect((await call(companyId, 'DELETE', `/campaigns/${second.id}/media-upload`)).status).toBe(200);
  expect(s3.object(secondPath)).toBeUndefined();
  expect((await media(`/files/media/${secondPath}`)).status).toBe(404);
}, 60_000);

it('stores file-list uploads in the bucket and serves them back', async () => {
  const { companyId } = await company();
  const created = await json<{ id: number; options: Array<{ id: number }> }>(
    await call(companyId, 'POST', '/files', { name: 'Catálogo S3', message: 'Veja', options: [{ name: 'Foto' }] }),
  );
  const form = imageForm('files', 'produto.png');
  form.append('id', String(created.options[0]!.id));
  const uploaded = await call(companyId, 'POST', `/files/uploadList/${created.id}`, form);
  expect(uploaded.status).toBe(200);
  const list = await json<{ options: Array<{ path: string; mediaType: string }> }>(uploaded);
  const path = list.options[0]!.path;
  expect(path).toMatch(new RegExp(`^${companyId}/fileList/${created.id}/[0-9a-f-]{36}-produto\\.png$`));
  expect(s3.object(path)?.data.equals(PNG)).toBe(true);
  const served = await media(`/files/media/${path}`);
  expect(served.status).toBe(200);
  expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  expect(served.headers.get('content-disposition')).toMatch(/^inline; filename="produto\.png"/);
  expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  expect(served.headers.get('content-security-policy')).toContain('sandbox');
  // a page renamed .png is refused before it reaches the bucket
  const before = s3.objects.size;
  const page = new FormData();
  page.append('files', new Blob(['<html><script>alert(1)</script></html>'], { type: 'image/png' }), 'pagina.png');
  page.append('id', String(created.options[0]!.id));
  const refused = await call(companyId, 'POST', `/files/uploadList/${created.id}`, page);
  expect(refused.status).toBe(415);
  expect(s3.objects.size).toBe(before);
  // deleting the list removes its objects
  expect((await call(companyId, 'DELETE', `/files/${created.id}`)).status).toBe(200);
  await expectEventually(() => expect(s3.object(path)).toBeUndefined());
});

it('fails an upload the bucket refuses (a wrong secret) without storing anything, and never shows the secret', async () => {
  const { companyId, connectionId, listId } = await company();
  const campaign = await json<Campaign>(
    await call(companyId, 'POST', '/campaigns', {
      name: 'Sem bucket',
      whatsappId: connectionId,
      contactListId: listId,
      tagListId: 'Nenhuma',
      fileListId: '',
      confirmation: false,
      message1: 'Oi',
      scheduledAt: '',
    }),
  );
  s3.secretAccessKey = 'a-different-secret-the-bucket-now-wants';
  const before = s3.objects.size;
  const refused = await call(companyId, 'POST', `/campaigns/${campaign.id}/media-upload`, imageForm('file'));
  expect(refused.status).toBe(503);
  const text = await refused.text();
  expect(text).toContain('ERR_SERVICE_UNAVAILABLE');
  expect(text).not.toContain(SECRET);
  expect(s3.requests.at(-1)).toMatchObject({ method: 'PUT', status: 403, code: 'SignatureDoesNotMatch' });
  expect(s3.objects.size).toBe(before);
  const current = await json<Campaign>(await call(companyId, 'GET', `/campaigns/${campaign.id}`));
  expect(current.mediaPath).toBeNull();
});
