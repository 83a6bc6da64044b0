/**
 * The connector with its media in an S3-compatible bucket (a local fake that checks every request's SigV4
 * signature): a simulated contact's image becomes an object of the bucket (key `<company>/<connection>/<uuid>-<name>`,
 * its type set), the URL in the inbound event is served by `/media/whatsapp/...` with the same bytes and type
 * (ranges passed through, 404 for a missing object, path checks kept), nothing is written to the local folder; and
 * when the bucket refuses the configured secret the message still arrives, without its media, with a clear error log.
 */
import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { runMigrations } from '@cs/platform/database';
import { createLogger } from '@cs/platform/logging';
import { type RunningApp, startServiceApp } from '@cs/platform/bootstrap';
import { FakeS3, nextCompanyId, serviceTestEnv, TEST_INTERNAL_TOKEN, testRun } from '@cs/platform/testing';
import { whatsappConnectorService } from '../../src/app.js';
import { createWhatsappDataSource } from '../../src/database/data-source.js';
import { HEADERS, KafkaProbe } from '../support/kafka-probe.js';

const ACCESS_KEY = 'AKIAMEDIATEST0000001';
const SECRET = `s3/${randomUUID()}`;

let app: RunningApp<typeof whatsappConnectorService.envSchema>;
let probe: KafkaProbe;
let s3: FakeS3;
let company: number;
let connectionId: number;
const mediaDir = `/tmp/wa-s3-unused-${randomUUID()}`;
const logLines: string[] = [];

const call = (method: string, path: string, body?: unknown): Promise<Response> =>
  fetch(`${app.url}${path}`, {
    method,
    headers: { ...HEADERS(company), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/** Waits for the connection's own status event (however long a busy machine takes), then checks the API agrees. */
const statusOf = async (status: string): Promise<void> => {
  await probe.next(
    'whatsapp.connection.v1',
    (entry) => entry.envelope.data['id'] === connectionId && entry.envelope.data['status'] === status,
  );
  const connection = (await (await call('GET', `/whatsapp/${connectionId}`)).json()) as { status: string };
  expect(connection.status).toBe(status);
};

const inbound = (messageId: string) =>
  probe.events('whatsapp.inbound-message.v1', (entry) => entry.envelope.data['messageId'] === messageId);

/** Waits for the message's inbound event itself. */
const arrived = (messageId: string) =>
  probe.next('whatsapp.inbound-message.v1', (entry) => entry.envelope.data['messageId'] === messageId);

const send = async (body: Record<string, unknown>): Promise<string> => {
  const response = await call('POST', `/simulator/connections/${connectionId}/messages`, body);
  expect(response.status).toBe(202);
  return ((await response.json()) as { messageId: string }).messageId;
};

// public behind the gateway, which adds only its internal token
const served = (path: string, headers: Record<string, string> = {}): Promise<Response> =>
  fetch(`${app.url}${path}`, { headers: { 'x-internal-token': TEST_INTERNAL_TOKEN, ...headers } });

beforeAll(async () => {
  const dataSource = createWhatsappDataSource({ DATABASE_URL: testRun().databaseUrl });
  await runMigrations(dataSource);
  await dataSource.destroy();
  s3 = await new FakeS3('whatsapp-media', ACCESS_KEY, SECRET, 'sa-east-1').start();
  probe = new KafkaProbe();
  await probe.start();
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  app = await startServiceApp(
    whatsappConnectorService,
    serviceTestEnv({
      CONNECTOR_HEARTBEAT_MS: '200',
      CONNECTOR_LEASE_TTL_MS: '3000',
      SIMULATOR_ENABLED: 'true',
      SIMULATOR_AUTO_SCAN_MS: '0',
      MEDIA_DIR: mediaDir,
      MEDIA_MAX_BYTES: '4096',
      PUBLIC_URL: 'http://gateway.test',
      MEDIA_S3_BUCKET: 'whatsapp-media',
      MEDIA_S3_ENDPOINT: s3.url,
      MEDIA_S3_REGION: 'sa-east-1',
      MEDIA_S3_ACCESS_KEY_ID: ACCESS_KEY,
      MEDIA_S3_SECRET_ACCESS_KEY: SECRET,
    }),
    { port: 0, logger: createLogger({ service: 'whatsapp-connector', level: 'warn', destination }) },
  );
  company = await nextCompanyId();
  const created = await call('POST', '/whatsapp', { name: 'Mídia S3', provider: 'simulator', isDefault: true });
  expect(created.status).toBe(200);
  connectionId = ((await created.json()) as { id: number }).id;
  await statusOf('qrcode');
  expect((await call('POST', `/simulator/connections/${connectionId}/scan`, {})).status).toBe(202);
  await statusOf('CONNECTED');
});

afterAll(async () => {
  await app?.close();
  await probe?.stop();
  await s3?.stop();
});

it('stores an inbound image as an S3 object and serves it back at its URL with the same bytes and type', async () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d494844520000000100000001', 'hex');
  const messageId = await send({
    from: { number: '5511987650001', name: 'Cliente' },
    kind: 'image',
    body: 'foto do bolo',
    media: { base64: png.toString('base64'), mimeType: 'image/png', fileName: 'bolo de fubá.png' },
  });
  await arrived(messageId);
  expect(inbound(messageId)).toHaveLength(1);
  const media = inbound(messageId)[0]?.envelope.data['media'] as { url: string; mimeType: string; size: number };
  expect(media).toMatchObject({ mimeType: 'image/png', fileName: 'bolo_de_fubá.png', size: png.length });
  const prefix = `http://gateway.test/media/whatsapp/${company}/${connectionId}/`;
  expect(media.url.startsWith(prefix)).toBe(true);

  // the object in the bucket, under the same key layout, with its type
  const key = decodeURIComponent(new URL(media.url).pathname.slice('/media/whatsapp/'.length));
  expect(key).toMatch(new RegExp(`^${company}/${connectionId}/[0-9a-f-]{36}-bolo_de_fubá\\.png$`));
  expect(s3.object(key)).toMatchObject({ data: png, contentType: 'image/png' });
  expect(existsSync(mediaDir)).toBe(false);

  const whole = await served(new URL(media.url).pathname);
  expect(whole.status).toBe(200);
  expect(whole.headers.get('content-type')).toBe('image/png');
  expect(Buffer.from(await whole.arrayBuffer())).toEqual(png);

  const part = await served(new URL(media.url).pathname, { range: 'bytes=0-7' });
  expect(part.status).toBe(206);
  expect(part.headers.get('content-range')).toBe(`bytes 0-7/${png.length}`);
  expect(Buffer.from(await part.arrayBuffer())).toEqual(png.subarray(0, 8));

  const missing = await served(`/media/whatsapp/${company}/${connectionId}/${randomUUID()}-nada.png`);
  expect(missing.status).toBe(404);
  expect(await missing.json()).toMatchObject({ error: 'ERR_NOT_FOUND' });
  const asked = s3.requests.length;
  expect((await served('/media/whatsapp/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  expect((await served(`/media/whatsapp/${company}/.hidden`)).status).toBe(404);
  expect(s3.requests).toHaveLength(asked); // refused before reaching the bucket
});

it('keeps the size and type checks: refused files never reach the bucket, the caption still arrives', async () => {
  const objects = s3.objects.size;
  const big = await send({
    from: { number: '5511987650002' },
    kind: 'document',
    body: 'grande demais',
    media: { base64: Buffer.alloc(5000).toString('base64'), mimeType: 'application/pdf', fileName: 'a.pdf' },
  });
  const exe = await send({
    from: { number: '5511987650002' },
    kind: 'document',
    body: 'programa',
    media: { base64: 'TVqQAAMAAAAEAAAA', mimeType: 'application/x-msdownload', fileName: 'a.exe' },
  });
  expect((await arrived(big)).envelope.data).toMatchObject({ media: null, body: 'grande demais' });
  expect((await arrived(exe)).envelope.data).toMatchObject({ media: null, body: 'programa' });
  expect(s3.objects.size).toBe(objects);
});

it('delivers the message without its media, and logs why, when the bucket refuses the configured secret', async () => {
  s3.secretAccessKey = 'the-bucket-now-wants-another-secret';
  const objects = s3.objects.size;
  const messageId = await send({
    from: { number: '5511987650003' },
    kind: 'image',
    body: 'olha isso',
    media: { base64: Buffer.from('imagem').toString('base64'), mimeType: 'image/jpeg', fileName: 'x.jpg' },
  });
  await arrived(messageId);
  expect(inbound(messageId)).toHaveLength(1);
  expect(inbound(messageId)[0]?.envelope.data).toMatchObject({ media: null, body: 'olha isso', kind: 'image' });
  expect(s3.objects.size).toBe(objects);
  expect(s3.requests.at(-1)).toMatchObject({ method: 'PUT', status: 403, code: 'SignatureDoesNotMatch' });
  const errors = logLines
    .map((line) => JSON.parse(line) as { level: string; component?: string; msg: string; code?: string })
    .filter((line) => line.level === 'error' && line.component === 'media');
  expect(errors).toEqual([
    expect.objectContaining({
      code: 'SignatureDoesNotMatch',
      msg: expect.stringContaining('check the MEDIA_S3_* settings'),
    }),
  ]);
  expect(logLines.join('')).not.toContain(SECRET);
  s3.secretAccessKey = SECRET;
});
