/**
 * Identity's announcement images in an S3-compatible bucket (`MEDIA_S3_*`), against `FakeS3` (S3's REST shape, every
 * request's SigV4 signature verified), through the gateway: the platform's super user uploads an image, it becomes
 * the object `announcements/<uuid>.png` of the bucket with its type, everyone fetches it back at its public URL with
 * the same bytes, and removing it deletes the object; the local folder is never written.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { runMigrations } from '@cs/platform/database';
import { createDatabase, dropDatabase, FakeS3, testRun, testServerUrl } from '@cs/platform/testing';
import { createIdentityDataSource } from '../../src/database/data-source.js';
import { seedIdentity } from '../../src/database/seed.js';
import { call, logIn, type Stack, startStack } from '../../../../gateway/test/support/stack.js';

const database = `cs_media_${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const { topicPrefix } = testRun();
const ACCESS_KEY = 'AKIAFAKEIDENTITY0001';
const SECRET = 'identity/secret+Key0123456789abcdefghijk';
const MEDIA_DIR = `/tmp/cs-identity-s3-unused-${process.pid}`;
/** A PNG's signature and whole header chunk. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d494844520000000100000001080600000000000000', 'hex');

const s3 = new FakeS3('avisos', ACCESS_KEY, SECRET);
let stack: Stack;

beforeAll(async () => {
  const databaseUrl = await createDatabase(testServerUrl(), database);
  const dataSource = createIdentityDataSource({ DATABASE_URL: databaseUrl });
  await runMigrations(dataSource);
  await seedIdentity(dataSource, { NODE_ENV: 'development' });
  await dataSource.destroy();
  await s3.start();
  stack = await startStack({
    databaseUrl,
    topicPrefix,
    identityEnv: {
      MEDIA_DIR,
      MEDIA_S3_BUCKET: 'avisos',
      MEDIA_S3_ENDPOINT: s3.url,
      MEDIA_S3_ACCESS_KEY_ID: ACCESS_KEY,
      MEDIA_S3_SECRET_ACCESS_KEY: SECRET,
    },
  });
});

afterAll(async () => {
  await stack?.close();
  await s3.stop();
  await dropDatabase(testServerUrl(), database);
});

it('stores an announcement image in the bucket, serves it to everyone, and deletes it when removed', async () => {
  const su = await logIn(stack.gatewayUrl, 'super@plataforma.local', 'super12345');
  const created = await call<{ id: number }>(stack.gatewayUrl, 'POST', '/announcements', {
    token: su.token,
    body: { title: 'Nova versão', text: 'Com imagem', priority: 1 },
  });
  expect(created.status).toBe(200);
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'novidade.png');
  const upload = await fetch(`${stack.gatewayUrl}/announcements/${created.body.id}/media-upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${su.token}` },
    body: form,
  });
  expect(upload.status).toBe(200);
  const { mediaPath } = (await upload.json()) as { mediaPath: string };
  expect(mediaPath).toMatch(/^[0-9a-f-]{36}\.png$/);

  expect(s3.object(`announcements/${mediaPath}`)).toMatchObject({ contentType: 'image/png', data: PNG });
  expect(existsSync(MEDIA_DIR)).toBe(false);

  // public: an <img> sends no token
  const image = await fetch(`${stack.gatewayUrl}/announcements/media/${mediaPath}`);
  expect(image.status).toBe(200);
  expect(image.headers.get('content-type')).toBe('image/png');
  expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);

  const removed = await call(stack.gatewayUrl, 'DELETE', `/announcements/${created.body.id}/media-upload`, {
    token: su.token,
  });
  expect(removed.body).toMatchObject({ mediaPath: null });
  expect(s3.object(`announcements/${mediaPath}`)).toBeUndefined();
  expect((await fetch(`${stack.gatewayUrl}/announcements/media/${mediaPath}`)).status).toBe(404);
});
