/**
 * Tickets' media in an S3-compatible bucket (`MEDIA_S3_*`), against `FakeS3` (S3's REST shape, every request's
 * SigV4 signature verified), on real PostgreSQL and Kafka: an agent's upload becomes an object of the bucket under
 * `<company>/<folder>/<uuid>-<name>` with its sniffed type, is served back at `/media/tickets/...` (the URL the
 * connector is sent) with the same bytes and safe headers, by range too, and is deleted from the bucket when
 * removed; the local folder is never written; objects outside tickets' layout are never served; a secret the bucket
 * refuses fails the upload with 503, storing nothing.
 */
import { existsSync } from 'node:fs';
import { FakeS3, nextCompanyId, TEST_INTERNAL_TOKEN } from '@cs/platform/testing';
import { type CompanySetup, Harness, PNG_BYTES, setupCompany, upload } from '../support/harness.js';

const ACCESS_KEY = 'AKIAFAKETICKETS00001';
const SECRET = 'tickets/secret+Key0123456789abcdefghijklm';

const s3 = new FakeS3('atendimento', ACCESS_KEY, SECRET);
let harness: Harness;
let setup: CompanySetup;

const serve = (url: string, headers: Record<string, string> = {}) =>
  fetch(`${harness.app.url}${new URL(url).pathname}`, {
    headers: { 'x-internal-token': TEST_INTERNAL_TOKEN, ...headers },
  });

const attach = (replyId: number, name: string, type: string, content: string | Uint8Array) =>
  harness.http(
    'POST',
    `/quick-messages/${replyId}/media-upload`,
    setup.agent,
    upload('file', name, type, content, { typeArch: 'quickMessage' }),
  );

const newReply = async (shortcode: string): Promise<number> => {
  const reply = await harness.http('POST', '/quick-messages', setup.agent, { shortcode, message: 'Segue o anexo' });
  expect(reply.status).toBe(200);
  return reply.body.id as number;
};

beforeAll(async () => {
  await s3.start();
  harness = new Harness({
    MEDIA_S3_BUCKET: 'atendimento',
    MEDIA_S3_ENDPOINT: s3.url,
    MEDIA_S3_REGION: 'us-east-1',
    MEDIA_S3_ACCESS_KEY_ID: ACCESS_KEY,
    MEDIA_S3_SECRET_ACCESS_KEY: SECRET,
  });
  await harness.start();
  setup = await setupCompany(harness, await nextCompanyId(), { agentQueueIds: [] });
});

afterAll(async () => {
  await harness?.stop();
  await s3.stop();
});

afterEach(() => {
  s3.secretAccessKey = SECRET;
});

it('stores an upload in the bucket, serves it back at its URL (by range too), and deletes it when removed', async () => {
  const replyId = await newReply('catalogo');
  const attached = await attach(replyId, 'catálogo da loja.png', 'application/octet-stream', PNG_BYTES);
  expect(attached.status).toBe(200);
  const url = String(attached.body.mediaPath);
  expect(url).toMatch(
    new RegExp(
      `^http://gateway\\.test/media/tickets/${setup.companyId}/quick-messages/[0-9a-f-]{36}-catálogo_da_loja\\.png$`,
    ),
  );
  const key = decodeURIComponent(new URL(url).pathname.slice('/media/tickets/'.length));

  // the object is in the bucket with the type sniffed from the bytes (the declared one was octet-stream)
  expect(s3.object(key)?.data.equals(PNG_BYTES)).toBe(true);
  expect(s3.object(key)?.contentType).toBe('image/png');
  expect(existsSync(harness.mediaDir)).toBe(false);

  const served = await serve(url);
  expect(served.status).toBe(200);
  expect(Buffer.from(await served.arrayBuffer()).equals(PNG_BYTES)).toBe(true);
  expect(served.headers.get('content-type')).toBe('image/png');
  expect(served.headers.get('content-disposition')).toMatch(/^inline; filename="cat_logo_da_loja\.png"/);
  expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  expect(served.headers.get('content-security-policy')).toContain('sandbox');

  const part = await serve(url, { range: 'bytes=0-7' });
  expect(part.status).toBe(206);
  expect(part.headers.get('content-range')).toBe(`bytes 0-7/${PNG_BYTES.length}`);
  expect(Buffer.from(await part.arrayBuffer()).equals(PNG_BYTES.subarray(0, 8))).toBe(true);

  const removed = await harness.http('DELETE', `/quick-messages/${replyId}/media-upload`, setup.agent);
  expect(removed.status).toBe(200);
  expect(s3.object(key)).toBeUndefined();
  expect((await serve(url)).status).toBe(404);
});

it('serves only keys of tickets’ layout: another service’s object in a shared bucket is not reachable here', async () => {
  const replyId = await newReply('campanha');
  const attached = await attach(replyId, 'foto.png', 'image/png', PNG_BYTES);
  const key = decodeURIComponent(new URL(String(attached.body.mediaPath)).pathname.slice('/media/tickets/'.length));
  // the same bytes under a campaigns key and a connector key of the same bucket
  const object = s3.object(key);
  if (!object) throw new Error('the upload was not stored');
  s3.objects.set(`${setup.companyId}/campaign/3/0f8e0e5c-1111-4222-8333-944445555666-foto.png`, object);
  s3.objects.set(`${setup.companyId}/7/0f8e0e5c-1111-4222-8333-944445555666-foto.png`, object);
  const before = s3.requests.length;
  for (const path of [
    `${setup.companyId}/campaign/3/0f8e0e5c-1111-4222-8333-944445555666-foto.png`,
    `${setup.companyId}/7/0f8e0e5c-1111-4222-8333-944445555666-foto.png`,
  ]) {
    const response = await serve(`http://gateway.test/media/tickets/${path}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'ERR_NOT_FOUND' });
  }
  expect(s3.requests).toHaveLength(before);
});

it('answers 503 when the bucket refuses the configured secret, storing nothing and keeping the reply as it was', async () => {
  const replyId = await newReply('recusado');
  s3.secretAccessKey = 'the-bucket-knows-another-secret';
  const objects = s3.objects.size;
  const refused = await attach(replyId, 'foto.png', 'image/png', PNG_BYTES);
  expect(refused.status).toBe(503);
  expect(refused.body).toMatchObject({ error: 'ERR_SERVICE_UNAVAILABLE' });
  expect(s3.objects.size).toBe(objects);
  expect(s3.requests.at(-1)).toMatchObject({ method: 'PUT', status: 403, code: 'SignatureDoesNotMatch' });
  const reply = await harness.http('GET', `/quick-messages/${replyId}`, setup.agent);
  expect(reply.body).toMatchObject({ isMedia: false, mediaPath: null });
});
