/**
 * Campaign media (`POST /campaigns/{id}/media-upload`) and file-list options (`POST /files/uploadList/{id}`) on
 * real PostgreSQL and Kafka, with the local media folder: the bytes decide the type (an HTML, SVG or XHTML page
 * renamed `.png` and declared `image/png` is refused with 415 and nothing is stored; a real PNG declared as
 * something else is stored as `image/png`), an upload over `CAMPAIGNS_MEDIA_MAX_BYTES` is refused while it
 * streams, files are served back with the user-file headers (attachment unless a sniffed image/audio/video/PDF,
 * `nosniff`, a sandboxing CSP), and another company gets 404 on both routes.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { type RunningApp, startServiceApp } from '@cs/platform/bootstrap';
import { runMigrations } from '@cs/platform/database';
import { expectEventually, nextCompanyId, serviceTestEnv, testRun } from '@cs/platform/testing';
import { campaignsService } from '../../src/app.js';
import { createCampaignsDataSource } from '../../src/database/data-source.js';
import { Parties, TEST_HEADERS } from '../support/parties.js';

const MEDIA_DIR = `/tmp/cs-campaigns-uploads-${process.pid}`;
/** The configured limit of this app: 1 MiB. */
const MAX_BYTES = 1024 * 1024;
/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** Pages a browser would render (and run) under the app's origin if they were served as they claim. */
const PAGES: Array<[string, string]> = [
  ['html', '<!DOCTYPE html><html><body><script>fetch("/auth/refresh_token")</script></body></html>'],
  ['svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><circle r="4"/></svg>'],
  ['xhtml', '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>'],
];

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

/** A media URL as the gateway forwards it (public: the internal token proves it came through the gateway). */
const media = (path: string): Promise<Response> =>
  fetch(`${app.url}/files/media/${path}`, { headers: { 'x-internal-token': TEST_HEADERS(0)['x-internal-token'] } });

const json = async <T = Record<string, unknown>>(response: Response): Promise<T> => (await response.json()) as T;

const form = (field: string, files: Array<[Buffer | string, string, string]>, ids: number[] = []): FormData => {
  const data = new FormData();
  for (const [index, [bytes, name, type]] of files.entries()) {
    data.append(field, new Blob([typeof bytes === 'string' ? Buffer.from(bytes) : bytes], { type }), name);
    if (ids[index] !== undefined) data.append('id', String(ids[index]));
  }
  return data;
};

/** Every file stored for a company in the media folder. */
const storedFiles = (companyId: number): string[] => {
  const dir = join(MEDIA_DIR, String(companyId));
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
};

interface Campaign {
  id: number;
  mediaPath: string | null;
  mediaName: string | null;
}

interface FileList {
  id: number;
  options: Array<{ id: number; name: string; path: string | null; mediaType: string | null; url: string | null }>;
}

/** A company known to the service (plan flag on), with a campaign and a file list of two options. */
async function company(): Promise<{ companyId: number; campaign: Campaign; list: FileList }> {
  const companyId = await nextCompanyId();
  const connectionId = companyId * 10 + 1;
  const listId = companyId * 10 + 2;
  await parties.company(companyId);
  await parties.connection(companyId, connectionId, 'Conexão');
  await parties.list(companyId, listId, 'Lista', [
    { id: companyId * 100, name: 'Ana', number: `55219${String(10_000_000 + (companyId % 80_000_000)).slice(-8)}` },
  ]);
  await expectEventually(async () => {
    const items = await db.query('SELECT 1 FROM campaigns.contact_list_items WHERE contact_list_id = $1', [listId]);
    const connection = await db.query('SELECT 1 FROM campaigns.connections WHERE id = $1', [connectionId]);
    const known = await db.query('SELECT 1 FROM campaigns.companies WHERE id = $1', [companyId]);
    expect([items.rowCount, connection.rowCount, known.rowCount]).toEqual([1, 1, 1]);
  });
  const created = await call(companyId, 'POST', '/campaigns', {
    name: 'Campanha',
    whatsappId: connectionId,
    contactListId: listId,
    tagListId: 'Nenhuma',
    fileListId: '',
    confirmation: false,
    message1: 'Olá {nome}',
    scheduledAt: '',
  });
  expect(created.status).toBe(200);
  const list = await call(companyId, 'POST', '/files', {
    name: 'Catálogo',
    message: 'Veja',
    options: [{ name: 'Foto' }, { name: 'Tabela' }],
  });
  expect(list.status).toBe(200);
  return { companyId, campaign: await json<Campaign>(created), list: await json<FileList>(list) };
}

/** What the database holds for the campaign's media and the list's options. */
async function storedRows(campaignId: number, listId: number): Promise<unknown[]> {
  const campaign = await db.query<Record<string, unknown>>(
    'SELECT media_path, media_type FROM campaigns.campaigns WHERE id = $1',
    [campaignId],
  );
  const options = await db.query<Record<string, unknown>>(
    'SELECT path, media_type FROM campaigns.file_list_options WHERE file_list_id = $1 ORDER BY id',
    [listId],
  );
  return [...campaign.rows, ...options.rows];
}

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
    serviceTestEnv({ MEDIA_DIR: MEDIA_DIR, CAMPAIGNS_MEDIA_MAX_BYTES: String(MAX_BYTES) }),
    { port: 0 },
  );
}, 60_000);

afterAll(async () => {
  await app?.close();
  await parties?.stop();
  await db?.end();
  rmSync(MEDIA_DIR, { recursive: true, force: true });
});

it('refuses HTML, SVG and XHTML renamed .png with 415 on both routes, storing nothing', async () => {
  const { companyId, campaign, list } = await company();
  const [foto, tabela] = list.options.map((option) => option.id);
  for (const [kind, page] of PAGES) {
    const attached = await call(
      companyId,
      'POST',
      `/campaigns/${campaign.id}/media-upload`,
      form('file', [[page, `oferta-${kind}.png`, 'image/png']]),
    );
    expect([kind, attached.status, (await json(attached)).error]).toEqual([kind, 415, 'ERR_UNSUPPORTED_MEDIA_TYPE']);
    // a real PNG first and the page second: the whole upload is refused, the PNG is not kept either
    const uploaded = await call(
      companyId,
      'POST',
      `/files/uploadList/${list.id}`,
      form(
        'files',
        [
          [PNG, 'foto.png', 'image/png'],
          [page, `tabela-${kind}.png`, 'image/png'],
        ],
        [foto!, tabela!],
      ),
    );
    expect([kind, uploaded.status, (await json(uploaded)).error]).toEqual([kind, 415, 'ERR_UNSUPPORTED_MEDIA_TYPE']);
  }
  expect(storedFiles(companyId)).toEqual([]);
  expect(await storedRows(campaign.id, list.id)).toEqual([
    { media_path: null, media_type: null },
    { path: null, media_type: null },
    { path: null, media_type: null },
  ]);
});

it('stores a real PNG (and PDF) with the sniffed type, whatever type and name the browser declared', async () => {
  const { companyId, campaign, list } = await company();
  const attached = await call(
    companyId,
    'POST',
    `/campaigns/${campaign.id}/media-upload`,
    form('file', [[PNG, 'oferta.bin', 'application/octet-stream']]),
  );
  expect(attached.status).toBe(200);
  const withMedia = await json<Campaign>(attached);
  expect(withMedia.mediaName).toBe('oferta.bin');
  const uploadList = form(
    'files',
    [
      [PNG, 'foto.png', 'application/pdf'],
      [Buffer.from('%PDF-1.4 tabela'), 'tabela.pdf', 'image/png'],
    ],
    list.options.map((option) => option.id),
  );
  uploadList.append('mediaType', 'application/pdf');
  uploadList.append('mediaType', 'image/png');
  const uploaded = await call(companyId, 'POST', `/files/uploadList/${list.id}`, uploadList);
  expect(uploaded.status).toBe(200);
  const options = (await json<FileList>(uploaded)).options;
  expect(options.map((option) => option.mediaType)).toEqual(['image/png', 'application/pdf']);
  expect(await storedRows(campaign.id, list.id)).toEqual([
    { media_path: withMedia.mediaPath, media_type: 'image/png' },
    { path: options[0]!.path, media_type: 'image/png' },
    { path: options[1]!.path, media_type: 'application/pdf' },
  ]);
  expect(storedFiles(companyId)).toHaveLength(3);
});

it('serves stored files with the safe headers: inline only for sniffed images/PDF, else an attachment', async () => {
  const { companyId, campaign, list } = await company();
  const [foto, tabela] = list.options.map((option) => option.id);
  const withMedia = await json<Campaign>(
    await call(
      companyId,
      'POST',
      `/campaigns/${campaign.id}/media-upload`,
      form('file', [[PNG, 'oferta.png', 'image/png']]),
    ),
  );
  const options = (
    await json<FileList>(
      await call(
        companyId,
        'POST',
        `/files/uploadList/${list.id}`,
        form(
          'files',
          [
            [Buffer.from('%PDF-1.4 tabela'), 'tabela.pdf', 'application/pdf'],
            // plain text named .html: stored as text, never served as a page
            [Buffer.from('preços: 10, 20, 30'), 'precos.html', 'text/html'],
          ],
          [foto!, tabela!],
        ),
      ),
    )
  ).options;

  const image = await media(withMedia.mediaPath!);
  expect(image.status).toBe(200);
  expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
  expect(image.headers.get('content-type')).toBe('image/png');
  expect(image.headers.get('content-disposition')).toMatch(/^inline; filename="oferta\.png"/);
  expect(image.headers.get('x-content-type-options')).toBe('nosniff');
  expect(image.headers.get('content-security-policy')).toContain('sandbox');

  const pdf = await media(options[0]!.path!);
  expect(pdf.status).toBe(200);
  expect(pdf.headers.get('content-type')).toBe('application/pdf');
  expect(pdf.headers.get('content-disposition')).toMatch(/^inline; filename="tabela\.pdf"/);
  expect(pdf.headers.get('x-content-type-options')).toBe('nosniff');
  expect(pdf.headers.get('content-security-policy')).toContain("default-src 'none'");

  expect(options[1]!.mediaType).toBe('text/plain');
  const text = await media(options[1]!.path!);
  expect(text.status).toBe(200);
  expect(await text.text()).toBe('preços: 10, 20, 30');
  expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  expect(text.headers.get('content-disposition')).toMatch(/^attachment; filename="precos\.html"/);
  expect(text.headers.get('x-content-type-options')).toBe('nosniff');
  expect(text.headers.get('content-security-policy')).toContain('sandbox');

  // a page stored before uploads were sniffed is served as an opaque attachment, never rendered
  const legacyDir = join(MEDIA_DIR, String(companyId), 'campaign', String(campaign.id));
  mkdirSync(legacyDir, { recursive: true });
  const legacyName = '0b7c6a52-3f0e-4d8e-9a51-2f9c1d7e8a10-pagina.png';
  writeFileSync(join(legacyDir, legacyName), PAGES[0]![1]);
  const legacy = await media(`${companyId}/campaign/${campaign.id}/${legacyName}`);
  expect(legacy.status).toBe(200);
  expect(legacy.headers.get('content-type')).toBe('application/octet-stream');
  expect(legacy.headers.get('content-disposition')).toMatch(/^attachment; filename="pagina\.png"/);
  expect(legacy.headers.get('x-content-type-options')).toBe('nosniff');
  expect(legacy.headers.get('content-security-policy')).toContain('sandbox');

  expect((await media(`${companyId}/campaign/${campaign.id}/nada.png`)).status).toBe(404);
  expect((await media(`${companyId}/campaign/../../outro.png`)).status).toBe(404);
});

/**
 * A chunked multipart upload of a `total`-byte file (no length announced), and the most memory the process's
 * Buffers took above the baseline while the service (running in this process) read it.
 */
async function streamUpload(
  companyId: number,
  path: string,
  field: string,
  total: number,
  first: Buffer = PNG,
): Promise<{ status: number; body: Record<string, unknown>; peak: number; sent: number }> {
  const boundary = 'xCampaignsUploadBoundary';
  const chunk = new Uint8Array(64 * 1024).fill(65);
  let sent = 0;
  let answered = false;
  const baseline = process.memoryUsage().arrayBuffers;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().arrayBuffers)), 10);
  const head = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="grande.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    first,
  ]);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head);
    },
    pull(controller) {
      if (answered || sent >= total) {
        controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
        controller.close();
        return;
      }
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
  try {
    const response = await fetch(`${app.url}${path}`, {
      method: 'POST',
      headers: { ...TEST_HEADERS(companyId), 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
    });
    return { status: response.status, body: await json(response), peak: peak - baseline, sent };
  } finally {
    answered = true;
    clearInterval(sampler);
  }
}

it('refuses an upload over the limit with 413 while it streams, on both routes, storing nothing', async () => {
  const { companyId, campaign, list } = await company();
  for (const [path, field] of [
    [`/campaigns/${campaign.id}/media-upload`, 'file'],
    [`/files/uploadList/${list.id}`, 'files'],
  ] as const) {
    // 200 MiB against a 1 MiB limit: busboy stops keeping bytes at the limit and drains the rest. V8 collects
    // drained Buffers only once about 64 MiB of them piled up, so a bounded upload peaks near that while a buffered
    // one holds all 200
    const refused = await streamUpload(companyId, path, field, 200 * 1024 * 1024);
    expect([path, refused.status, refused.body.error]).toEqual([path, 413, 'ERR_PAYLOAD_TOO_LARGE']);
    expect(refused.peak).toBeLessThan(100 * 1024 * 1024);
  }
  // one byte over the limit, sent whole: still refused
  const over = await call(
    companyId,
    'POST',
    `/campaigns/${campaign.id}/media-upload`,
    form('file', [[Buffer.concat([PNG, Buffer.alloc(MAX_BYTES + 1 - PNG.length)]), 'grande.png', 'image/png']]),
  );
  expect(over.status).toBe(413);
  expect(storedFiles(companyId)).toEqual([]);
  expect(await storedRows(campaign.id, list.id)).toEqual([
    { media_path: null, media_type: null },
    { path: null, media_type: null },
    { path: null, media_type: null },
  ]);
  // exactly the limit is accepted
  const atLimit = await call(
    companyId,
    'POST',
    `/campaigns/${campaign.id}/media-upload`,
    form('file', [[Buffer.concat([PNG, Buffer.alloc(MAX_BYTES - PNG.length)]), 'grande.png', 'image/png']]),
  );
  expect(atLimit.status).toBe(200);
}, 60_000);

it('refuses a page by its first bytes with 415 at once on both routes, the rest unread, storing nothing', async () => {
  const { companyId, campaign, list } = await company();
  for (const [path, field] of [
    [`/campaigns/${campaign.id}/media-upload`, 'file'],
    [`/files/uploadList/${list.id}`, 'files'],
  ] as const) {
    // a page declared and named as a PNG, 200 MiB long: 415 (not the limit's 413) is answered from its first bytes
    const refused = await streamUpload(companyId, path, field, 200 * 1024 * 1024, Buffer.from(PAGES[0]![1]));
    expect([path, refused.status, refused.body.error]).toEqual([path, 415, 'ERR_UNSUPPORTED_MEDIA_TYPE']);
    expect(refused.sent).toBeLessThan(200 * 1024 * 1024);
    expect(refused.peak).toBeLessThan(100 * 1024 * 1024);
  }
  expect(storedFiles(companyId)).toEqual([]);
  expect(await storedRows(campaign.id, list.id)).toEqual([
    { media_path: null, media_type: null },
    { path: null, media_type: null },
    { path: null, media_type: null },
  ]);
}, 60_000);

it('answers 404 to another company on both upload routes, storing nothing', async () => {
  const { companyId, campaign, list } = await company();
  const other = await company();
  // a page is refused by its first bytes (415) before the campaign or list is looked up: nothing is told either way
  for (const [bytes, status, campaignError, listError] of [
    [PNG, 404, 'ERR_NO_CAMPAIGN_FOUND', 'ERR_NO_FILE_LIST_FOUND'],
    [Buffer.from(PAGES[0]![1]), 415, 'ERR_UNSUPPORTED_MEDIA_TYPE', 'ERR_UNSUPPORTED_MEDIA_TYPE'],
  ] as const) {
    const attached = await call(
      other.companyId,
      'POST',
      `/campaigns/${campaign.id}/media-upload`,
      form('file', [[bytes, 'oferta.png', 'image/png']]),
    );
    expect(attached.status).toBe(status);
    expect((await json(attached)).error).toBe(campaignError);
    const uploaded = await call(
      other.companyId,
      'POST',
      `/files/uploadList/${list.id}`,
      form('files', [[bytes, 'foto.png', 'image/png']], [list.options[0]!.id]),
    );
    expect(uploaded.status).toBe(status);
    expect((await json(uploaded)).error).toBe(listError);
  }
  expect([...storedFiles(companyId), ...storedFiles(other.companyId)]).toEqual([]);
  expect(await storedRows(campaign.id, list.id)).toEqual([
    { media_path: null, media_type: null },
    { path: null, media_type: null },
    { path: null, media_type: null },
  ]);
  // the owner still can
  const own = await call(
    companyId,
    'POST',
    `/campaigns/${campaign.id}/media-upload`,
    form('file', [[PNG, 'oferta.png', 'image/png']]),
  );
  expect(own.status).toBe(200);
});
