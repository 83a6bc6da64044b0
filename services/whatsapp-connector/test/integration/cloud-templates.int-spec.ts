/**
 * Cloud API message templates on the deployed connector, against the fake Graph API: a connection's templates
 * synced from Meta's `message_templates` (every page), listed per connection (another company: 404), their status
 * followed from Meta's signed `message_template_status_update` webhook, and a template send command carried out as
 * Meta's exact `type: template` payload (or refused by Meta with a clear outcome).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runMigrations } from '@cs/platform/database';
import { type RunningApp, startServiceApp } from '@cs/platform/bootstrap';
import { expectEventually, nextCompanyId, serviceTestEnv, TEST_INTERNAL_TOKEN, testRun } from '@cs/platform/testing';
import { whatsappConnectorService } from '../../src/app.js';
import { createWhatsappDataSource } from '../../src/database/data-source.js';
import { signatureOf } from '../../src/providers/cloud-api/webhook.signature.js';
import { FakeGraph, mediaTemplate, recordedTemplates } from '../../src/fake-graph/index.js';
import { fixture, metaWireBody } from '../cloud-api/support/fixtures.js';
import { companySnapshot, HEADERS, KafkaProbe } from '../support/kafka-probe.js';

const VERSION = 'v23.0';
const PHONE_NUMBER_ID = '106540352242922';
const BUSINESS_ACCOUNT_ID = '102290129340398';
const ACCESS_TOKEN = `EAAG${randomUUID().replaceAll('-', '')}`;
const APP_SECRET = randomUUID();
const CHAT = '5511987654321@s.whatsapp.net';

interface Template {
  name: string;
  language: string;
  status: string;
  category: string;
  variables: { header: number; body: number };
  components: Array<Record<string, unknown>>;
}

const MEDIA_DIR = `/tmp/wa-templates-${randomUUID()}`;
/** The smallest PNG: a file the media store reads back by its type. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let app: RunningApp<typeof whatsappConnectorService.envSchema>;
let graph: FakeGraph;
let probe: KafkaProbe;
let company: number;
let other: number;
let connectionId: number;

const call = (companyId: number, method: string, path: string, body?: unknown, profile?: 'admin' | 'user') =>
  fetch(`${app.url}${path}`, {
    method,
    headers: { ...HEADERS(companyId, profile), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const templatesOf = async (companyId: number, id: number): Promise<Template[]> => {
  const response = await call(companyId, 'GET', `/whatsapp/${id}/templates`, undefined, 'user');
  expect(response.status).toBe(200);
  return ((await response.json()) as { templates: Template[] }).templates;
};

beforeAll(async () => {
  const dataSource = createWhatsappDataSource({ DATABASE_URL: testRun().databaseUrl });
  await runMigrations(dataSource);
  await dataSource.destroy();
  graph = await new FakeGraph(VERSION, PHONE_NUMBER_ID, ACCESS_TOKEN).start();
  graph.businessAccountId = BUSINESS_ACCOUNT_ID;
  graph.templates = recordedTemplates();
  // two templates a page, so the sync has to follow the cursor
  graph.templatePageSize = 2;
  probe = new KafkaProbe();
  await probe.start();
  app = await startServiceApp(
    whatsappConnectorService,
    serviceTestEnv({
      CONNECTOR_HEARTBEAT_MS: '200',
      CONNECTOR_LEASE_TTL_MS: '3000',
      MEDIA_DIR,
      PUBLIC_URL: 'http://gateway.test',
      WHATSAPP_GRAPH_URL: graph.url,
      WHATSAPP_GRAPH_VERSION: VERSION,
    }),
    { port: 0 },
  );
  company = await nextCompanyId();
  other = await nextCompanyId();
  for (const id of [company, other]) {
    await probe.publish('identity.company.v1', String(id), 'identity.company.created', id, companySnapshot(id, 10), {
      producer: 'identity',
    });
  }
  const created = await expectEventually(
    async () => {
      const response = await call(company, 'POST', '/whatsapp', {
        name: 'Cloud API',
        provider: 'cloud-api',
        isDefault: true,
        cloudPhoneNumberId: PHONE_NUMBER_ID,
        cloudAccessToken: ACCESS_TOKEN,
        cloudAppSecret: APP_SECRET,
        cloudVerifyToken: 'verify',
        cloudBusinessAccountId: BUSINESS_ACCOUNT_ID,
      });
      expect(response.status).toBe(200); // the company projection may still be on its way
      return (await response.json()) as { id: number; cloudBusinessAccountId: string };
    },
    { timeoutMs: 20_000 },
  );
  expect(created.cloudBusinessAccountId).toBe(BUSINESS_ACCOUNT_ID);
  connectionId = created.id;
  await expectEventually(
    async () => {
      const connection = (await (await call(company, 'GET', `/whatsapp/${connectionId}`)).json()) as {
        status: string;
      };
      expect(connection.status).toBe('CONNECTED');
    },
    { timeoutMs: 20_000 },
  );
});

afterAll(async () => {
  await app?.close();
  await probe?.stop();
  await graph?.stop();
});

describe('Cloud API message templates', () => {
  it("syncs every page of Meta's templates, with their components and variable counts", async () => {
    expect(await templatesOf(company, connectionId)).toEqual([]);
    const response = await call(company, 'POST', `/whatsapp/${connectionId}/templates/sync`);
    expect(response.status).toBe(200);
    const { templates } = (await response.json()) as { templates: Template[] };
    expect(templates.map(({ name, status, category, variables }) => ({ name, status, category, variables }))).toEqual([
      { name: 'pedido_enviado', status: 'APPROVED', category: 'UTILITY', variables: { header: 1, body: 2 } },
      { name: 'promocao_black_friday', status: 'PENDING', category: 'MARKETING', variables: { header: 0, body: 1 } },
      { name: 'retomar_conversa', status: 'APPROVED', category: 'UTILITY', variables: { header: 0, body: 1 } },
    ]);
    expect(templates[0]?.components.map((component) => component['type'])).toEqual([
      'HEADER',
      'BODY',
      'FOOTER',
      'BUTTONS',
    ]);
    const pages = graph.to(`/${BUSINESS_ACCOUNT_ID}/message_templates`, 'GET');
    expect(pages).toHaveLength(2);
    expect(pages[1]?.query.get('after')).toBeTruthy();
    expect(await templatesOf(company, connectionId)).toHaveLength(3);
  });

  it("answers 404 for another company's connection, and only admins sync", async () => {
    for (const [method, path] of [
      ['GET', `/whatsapp/${connectionId}/templates`],
      ['POST', `/whatsapp/${connectionId}/templates/sync`],
    ] as const) {
      const response = await call(other, method, path);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: 'ERR_NO_WAPP_FOUND' });
    }
    const asUser = await call(company, 'POST', `/whatsapp/${connectionId}/templates/sync`, undefined, 'user');
    expect(asUser.status).toBe(403);
  });

  it('refuses a sync without a business account id, or of a connection that is not Cloud API', async () => {
    const simulator = await expectEventually(async () => {
      const response = await call(other, 'POST', '/whatsapp', { name: 'Simulado', provider: 'simulator' });
      expect(response.status).toBe(200);
      return (await response.json()) as { id: number };
    });
    const refused = await call(other, 'POST', `/whatsapp/${simulator.id}/templates/sync`);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'ERR_VALIDATION' });
    expect(await templatesOf(other, simulator.id)).toEqual([]);

    const bad = await call(company, 'PUT', `/whatsapp/${connectionId}`, { cloudBusinessAccountId: 'not-a-number' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'ERR_VALIDATION' });
  });

  it("follows Meta's signed template status webhook", async () => {
    await call(company, 'POST', `/whatsapp/${connectionId}/templates/sync`);
    const raw = metaWireBody(fixture('template-status-rejected.json'));
    const delivered = await fetch(`${app.url}/webhooks/whatsapp/${connectionId}`, {
      method: 'POST',
      headers: {
        'x-internal-token': TEST_INTERNAL_TOKEN,
        'content-type': 'application/json',
        'x-hub-signature-256': signatureOf(APP_SECRET, raw),
      },
      body: raw,
    });
    expect(delivered.status).toBe(200);
    const templates = await templatesOf(company, connectionId);
    expect(templates.find((template) => template.name === 'retomar_conversa')?.status).toBe('REJECTED');
    expect(templates.find((template) => template.name === 'pedido_enviado')?.status).toBe('APPROVED');
  });

  it("sends a template command as Meta's exact template payload, and reports Meta's refusal", async () => {
    const template = {
      name: 'pedido_enviado',
      language: { code: 'pt_BR' },
      components: [
        { type: 'header' as const, parameters: [{ type: 'text' as const, text: '#4521' }] },
        {
          type: 'body' as const,
          parameters: [
            { type: 'text' as const, text: 'Maria' },
            { type: 'text' as const, text: 'amanhã' },
          ],
        },
      ],
    };
    const send = async (content: Record<string, unknown>): Promise<string> => {
      const commandId = randomUUID();
      await probe.publish('whatsapp.message.commands.v1', String(connectionId), 'whatsapp.message.send', company, {
        commandId,
        clientMessageId: `client-${commandId}`,
        connectionId,
        chatJid: CHAT,
        content,
        quotedMessageId: null,
      });
      return commandId;
    };
    const outcome = (commandId: string) =>
      probe.next(
        'whatsapp.message-ack.v1',
        (entry) => (entry.envelope.data as { commandId?: string }).commandId === commandId,
        20_000,
      );

    const sent = await send({ kind: 'text', body: '*Pedido #4521*\n\nOlá Maria, ...', template });
    expect((await outcome(sent)).envelope.type).toBe('whatsapp.message.sent');
    expect(graph.to(`/${PHONE_NUMBER_ID}/messages`, 'POST').at(-1)?.json).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511987654321',
      biz_opaque_callback_data: `cmd-${sent}`,
      type: 'template',
      template,
    });

    const wrong = await send({
      kind: 'text',
      body: 'Olá',
      template: { ...template, components: [template.components[1]] },
    });
    const failed = await outcome(wrong);
    expect(failed.envelope.type).toBe('whatsapp.message.send-failed');
    expect(failed.envelope.data).toMatchObject({ error: 'ERR_SENDING_WAPP_MSG' });
  });

  it("sends a media header and a URL button suffix as Meta's payload; refuses what Meta refuses", async () => {
    graph.templates = [...recordedTemplates(), mediaTemplate()];
    const send = async (template: Record<string, unknown>): Promise<string> => {
      const commandId = randomUUID();
      await probe.publish('whatsapp.message.commands.v1', String(connectionId), 'whatsapp.message.send', company, {
        commandId,
        clientMessageId: `client-${commandId}`,
        connectionId,
        chatJid: CHAT,
        content: { kind: 'text', body: 'Olá Maria, sua entrega está agendada.', template },
        quotedMessageId: null,
      });
      return commandId;
    };
    const outcome = (commandId: string) =>
      probe.next(
        'whatsapp.message-ack.v1',
        (entry) => (entry.envelope.data as { commandId?: string }).commandId === commandId,
        20_000,
      );
    const body = { type: 'body', parameters: [{ type: 'text', text: 'Maria' }] };
    const button = { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: 'PED-4521' }] };
    const withHeader = (parameter: Record<string, unknown>) => ({
      name: 'entrega_agendada',
      language: { code: 'pt_BR' },
      components: [{ type: 'header', parameters: [parameter] }, body, button],
    });

    // a link Meta fetches itself goes as given
    const linked = withHeader({ type: 'image', image: { link: 'https://cdn.example.com/entrega.jpg' } });
    const byLink = await send(linked);
    expect((await outcome(byLink)).envelope.type).toBe('whatsapp.message.sent');
    expect(graph.to(`/${PHONE_NUMBER_ID}/messages`, 'POST').at(-1)?.json).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511987654321',
      biz_opaque_callback_data: `cmd-${byLink}`,
      type: 'template',
      template: linked,
    });

    // one of the platform's own files is uploaded to Meta and sent by its media id
    const key = `${company}/${connectionId}/${randomUUID()}-entrega.png`;
    mkdirSync(join(MEDIA_DIR, String(company), String(connectionId)), { recursive: true });
    writeFileSync(join(MEDIA_DIR, key), PNG);
    const uploadsBefore = graph.uploads.size;
    const byUpload = await send(
      withHeader({ type: 'image', image: { link: `http://gateway.test/media/whatsapp/${key}` } }),
    );
    expect((await outcome(byUpload)).envelope.type).toBe('whatsapp.message.sent');
    expect(graph.uploads.size).toBe(uploadsBefore + 1);
    const [mediaId, uploaded] = [...graph.uploads.entries()].at(-1) ?? [];
    expect(uploaded?.data.equals(PNG)).toBe(true);
    expect((graph.to(`/${PHONE_NUMBER_ID}/messages`, 'POST').at(-1)?.json as { template: unknown }).template).toEqual(
      withHeader({ type: 'image', image: { id: mediaId } }),
    );

    // Meta refuses a header of another kind than the template's, and a missing button suffix
    const metaAnswer = async (template: Record<string, unknown>) => {
      const response = await fetch(`${graph.url}/${VERSION}/${PHONE_NUMBER_ID}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ACCESS_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ messaging_product: 'whatsapp', to: '5511987654321', type: 'template', template }),
      });
      return { status: response.status, code: ((await response.json()) as { error?: { code?: number } }).error?.code };
    };
    const video = withHeader({ type: 'video', video: { link: 'https://cdn.example.com/entrega.mp4' } });
    const noButton = { ...linked, components: [linked.components[0], body] };
    expect(await metaAnswer(video)).toEqual({ status: 400, code: 132012 });
    expect(await metaAnswer(noButton)).toEqual({ status: 400, code: 132000 });
    expect(await metaAnswer(withHeader({ type: 'image', image: { id: '999' } }))).toEqual({ status: 400, code: 100 });
    for (const refused of [video, noButton]) {
      const failed = await outcome(await send(refused));
      expect(failed.envelope.type).toBe('whatsapp.message.send-failed');
      expect(failed.envelope.data).toMatchObject({ error: 'ERR_SENDING_WAPP_MSG' });
    }
  });
});
