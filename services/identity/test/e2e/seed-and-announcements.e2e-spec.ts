/**
 * The seed on a database of its own (so the platform company really is id 1 and the demo company id 2): it is
 * idempotent, its logins work through the gateway, and the platform's super user runs announcements (with an
 * image) that every company reads.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { runMigrations } from '@cs/platform/database';
import { chunkedUpload, testRun } from '@cs/platform/testing';
import { createIdentityDataSource } from '../../src/database/data-source.js';
import { seedIdentity } from '../../src/database/seed.js';
import { call, logIn, type Session, type Stack, startStack } from '../../../../gateway/test/support/stack.js';

const database = `cs_seed_${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const databaseUrl = testRun().databaseUrl.replace(/\/[^/?]+(\?.*)?$/, `/${database}$1`);
// the file's own topics (services/platform/test/setup/isolation.ts): no other file's events reach this stack
const { topicPrefix } = testRun();
const mediaDir = mkdtempSync(join(tmpdir(), 'identity-media-'));
let stack: Stack;

/** The announcement images in the media folder, temporary files included. */
const storedImages = (): string[] => {
  const dir = join(mediaDir, 'announcements');
  return existsSync(dir) ? readdirSync(dir) : [];
};

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testRun().databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await admin((client) => client.query(`CREATE DATABASE ${database}`));
  const dataSource = createIdentityDataSource({ DATABASE_URL: databaseUrl });
  await runMigrations(dataSource);
  await seedIdentity(dataSource, { NODE_ENV: 'development' });
  await seedIdentity(dataSource, { NODE_ENV: 'development' });
  await dataSource.destroy();
  stack = await startStack({ databaseUrl, topicPrefix, identityEnv: { MEDIA_DIR: mediaDir } });
});

afterAll(async () => {
  await stack?.close();
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
  rmSync(mediaDir, { recursive: true, force: true });
});

describe('the seed', () => {
  it('creates the platform (id 1) with its super user and the demo company (id 2) with its admin and agent, once', async () => {
    const su = await logIn(stack.gatewayUrl, 'super@plataforma.local', 'super12345');
    expect(su.user).toMatchObject({ super: true, companyId: 1, company: { name: 'Plataforma' } });
    const demoAdmin = await logIn(stack.gatewayUrl, 'admin@demo.local', 'demo12345');
    expect(demoAdmin.user).toMatchObject({
      profile: 'admin',
      companyId: 2,
      company: { name: 'Empresa Demo', plan: { name: 'Profissional' } },
    });
    const agent = await logIn(stack.gatewayUrl, 'agente@demo.local', 'demo12345');
    expect(agent.user).toMatchObject({
      profile: 'user',
      companyId: 2,
      queues: [
        { id: 1, name: 'Vendas', color: '#2196f3' },
        { id: 2, name: 'Suporte', color: '#4caf50' },
      ],
    });
    const counts = await admin(async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const result = await client.query<{ companies: number; users: number; plans: number }>(
        `SELECT (SELECT count(*)::int FROM identity.companies) AS companies, (SELECT count(*)::int FROM identity.users) AS users,
                (SELECT count(*)::int FROM identity.plans) AS plans`,
      );
      await client.end();
      return result.rows[0];
    });
    expect(counts).toEqual({ companies: 2, users: 3, plans: 3 });
  });

  it('refuses to seed production without SUPER_USER_PASSWORD', async () => {
    const dataSource = createIdentityDataSource({ DATABASE_URL: databaseUrl });
    await dataSource.initialize();
    try {
      await expect(seedIdentity(dataSource, { NODE_ENV: 'production' })).rejects.toThrow('SUPER_USER_PASSWORD');
    } finally {
      await dataSource.destroy();
    }
  });
});

describe('announcements', () => {
  let su: Session;
  let reader: Session;

  beforeAll(async () => {
    su = await logIn(stack.gatewayUrl, 'super@plataforma.local', 'super12345');
    reader = await logIn(stack.gatewayUrl, 'agente@demo.local', 'demo12345');
  });

  it('are written by the platform super user, read by everyone (active ones), with an image', async () => {
    const created = await call<{ id: number }>(stack.gatewayUrl, 'POST', '/announcements', {
      token: su.token,
      body: { title: 'Manutenção', text: 'Domingo às 22h', priority: 1 },
    });
    expect(created).toMatchObject({
      status: 200,
      body: { title: 'Manutenção', priority: 1, status: true, mediaPath: null },
    });
    const hidden = await call<{ id: number }>(stack.gatewayUrl, 'POST', '/announcements', {
      token: su.token,
      body: { title: 'Rascunho', text: 'ainda não', status: false },
    });

    // a PNG's signature and whole header chunk: the type served is sniffed from the stored bytes
    const png = Buffer.from('89504e470d0a1a0a0000000d494844520000000100000001080600000000000000', 'hex');
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'aviso.png');
    const upload = await fetch(`${stack.gatewayUrl}/announcements/${created.body.id}/media-upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${su.token}` },
      body: form,
    });
    expect(upload.status).toBe(200);
    const withImage = (await upload.json()) as { mediaPath: string; mediaName: string };
    expect(withImage.mediaName).toBe('aviso.png');
    const image = await fetch(`${stack.gatewayUrl}/announcements/media/${withImage.mediaPath}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);

    const notImage = new FormData();
    notImage.append('file', new Blob(['<svg onload="alert(1)"/>'], { type: 'image/png' }), 'x.png');
    const refused = await fetch(`${stack.gatewayUrl}/announcements/${created.body.id}/media-upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${su.token}` },
      body: notImage,
    });
    expect(refused.status).toBe(415);

    const list = await call<Array<{ id: number }>>(stack.gatewayUrl, 'GET', '/announcements/list', {
      token: reader.token,
    });
    expect(list.body.map((a) => a.id)).toEqual([created.body.id]);
    expect(
      (await call(stack.gatewayUrl, 'GET', `/announcements/${hidden.body.id}`, { token: reader.token })).status,
    ).toBe(404);
    expect(
      await call(stack.gatewayUrl, 'POST', '/announcements', { token: reader.token, body: { title: 'x', text: 'y' } }),
    ).toMatchObject({
      status: 403,
    });

    expect(
      (await call(stack.gatewayUrl, 'DELETE', `/announcements/${created.body.id}/media-upload`, { token: su.token }))
        .body,
    ).toMatchObject({
      mediaPath: null,
    });
    expect((await fetch(`${stack.gatewayUrl}/announcements/media/${withImage.mediaPath}`)).status).toBe(404);
    expect(
      (await call(stack.gatewayUrl, 'DELETE', `/announcements/${created.body.id}`, { token: su.token })).status,
    ).toBe(200);
    expect(
      (await call<unknown[]>(stack.gatewayUrl, 'GET', '/announcements/list', { token: reader.token })).body,
    ).toEqual([]);
  });
  it('decides on a streamed image as it arrives: 415 from its first bytes, 413 at the limit, nothing stored', async () => {
    const created = await call<{ id: number }>(stack.gatewayUrl, 'POST', '/announcements', {
      token: su.token,
      body: { title: 'Grande', text: 'imagem enorme' },
    });
    const MIB = 1024 * 1024;
    const boundary = 'limite-avisos';
    const png = Buffer.from('89504e470d0a1a0a0000000d494844520000000100000001080600000000000000', 'hex');
    const before = storedImages();
    const upload = (first: Buffer) =>
      chunkedUpload(`${stack.gatewayUrl}/announcements/${created.body.id}/media-upload`, {
        headers: { authorization: `Bearer ${su.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
        head: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="aviso.png"\r\n` +
              'Content-Type: image/png\r\n\r\n',
          ),
          first,
        ]),
        bodyBytes: 200 * MIB,
        tail: `\r\n--${boundary}--\r\n`,
      });
    // an SVG declared and named as a PNG, 200 MiB long: 415 from its first bytes, not the 5 MiB limit's 413
    const page = await upload(Buffer.from('<svg onload="alert(1)">'));
    expect(page.status).toBe(415);
    expect(JSON.parse(page.body)).toMatchObject({ error: 'ERR_UNSUPPORTED_MEDIA_TYPE' });
    expect(page.sent).toBeLessThan(200 * MIB);
    expect(page.arrayBuffersPeak).toBeLessThan(100 * MIB);
    // a PNG past the limit: 413 while it streams into the store, which keeps nothing of it
    const large = await upload(png);
    expect(large.status).toBe(413);
    expect(JSON.parse(large.body)).toMatchObject({ error: 'ERR_PAYLOAD_TOO_LARGE' });
    expect(large.sent).toBeLessThan(200 * MIB);
    expect(large.arrayBuffersPeak).toBeLessThan(100 * MIB);
    expect(storedImages()).toEqual(before);
    expect(
      (await call(stack.gatewayUrl, 'GET', `/announcements/${created.body.id}`, { token: su.token })).body,
    ).toMatchObject({ mediaPath: null });
  }, 60_000);
});
