/**
 * Meta's webhook calls against the real bootstrap (body parsing with `rawBody`, the global guard, the exception
 * filter) on a real HTTP port: the subscription check, the signature over the raw bytes, every message kind, media
 * downloaded from a fake Graph API into the media store, statuses, several entries in one delivery, redeliveries.
 */
import { type DynamicModule, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { PlatformModule, type RunningApp, type ServiceDefinition, startServiceApp } from '@cs/platform/bootstrap';
import { BaseEnvSchema } from '@cs/platform/config';
import { serviceTestEnv, TEST_INTERNAL_TOKEN } from '@cs/platform/testing';
import { CloudApiModule } from '../../src/providers/cloud-api/cloud-api.module.js';
import { cloudApiEnvShape } from '../../src/providers/cloud-api/cloud-api.config.js';
import { CLOUD_API_MEDIA_STORE } from '../../src/providers/cloud-api/cloud-api.webhooks.js';
import { signatureOf } from '../../src/providers/cloud-api/webhook.signature.js';
import { type InboundEvent, WEBHOOK_SINKS } from '../../src/providers/provider.port.js';
import { FakeGraph } from '../../src/fake-graph/index.js';
import {
  ACCESS_TOKEN,
  APP_SECRET,
  cloudConnection,
  FakeWebhookSinks,
  MemoryMediaStore,
  PHONE_NUMBER_ID,
  VERIFY_TOKEN,
} from './support/fakes.js';
import { fixture, metaWireBody } from './support/fixtures.js';
import { capturingLogger } from './support/logs.js';

const TestEnvSchema = BaseEnvSchema.extend(cloudApiEnvShape);

@Module({})
class WebhookTestAppModule {}

const OTHER_SECRET = '5d41402abc4b2a76b9719d911017c592';
const connections = [
  cloudConnection(),
  // another company's Cloud API number, with its own secrets
  cloudConnection({
    id: 42,
    companyId: 3,
    cloud: {
      phoneNumberId: '209876543210987',
      accessToken: 'EAAOtherCompanyToken',
      appSecret: OTHER_SECRET,
      verifyToken: 'other-verify',
      businessAccountId: null,
    },
  }),
  // a Baileys connection has no webhook
  cloudConnection({ id: 43, provider: 'baileys', cloud: null }),
];

describe('Cloud API webhooks (Nest app on a real port)', () => {
  let graph: FakeGraph;
  let app: RunningApp<typeof TestEnvSchema>;
  let sinks: FakeWebhookSinks;
  let media: MemoryMediaStore;
  let logs: { logger: Logger; text: () => string };

  beforeAll(async () => {
    graph = await new FakeGraph('v23.0', PHONE_NUMBER_ID, ACCESS_TOKEN).start();
    sinks = new FakeWebhookSinks(connections);
    media = new MemoryMediaStore(64 * 1024);
    logs = capturingLogger();
    const definition: ServiceDefinition<typeof TestEnvSchema> = {
      name: 'whatsapp-connector',
      envSchema: TestEnvSchema,
      rawBody: true,
      port: () => 0,
      rootModule: (config, logger): DynamicModule => ({
        module: WebhookTestAppModule,
        imports: [
          PlatformModule.forRoot({ service: 'whatsapp-connector', config, logger }),
          CloudApiModule.forRoot({
            env: config,
            providers: [
              { provide: WEBHOOK_SINKS, useValue: sinks },
              { provide: CLOUD_API_MEDIA_STORE, useValue: media },
            ],
          }),
        ],
      }),
    };
    app = await startServiceApp(
      definition,
      serviceTestEnv({ WHATSAPP_GRAPH_URL: graph.url, WHATSAPP_GRAPH_VERSION: 'v23.0' }),
      { logger: logs.logger, port: 0 },
    );
  });

  afterAll(async () => {
    await app?.close();
    await graph?.stop();
    // nothing secret reached the logs during the whole suite
    expect(logs.text()).not.toContain(ACCESS_TOKEN);
    expect(logs.text()).not.toContain(APP_SECRET);
    expect(logs.text()).not.toContain(VERIFY_TOKEN);
  });

  const sink = (id = 41) => sinks.sink(id);

  beforeEach(() => {
    for (const recording of sinks.sinks.values()) {
      recording.inbounds.length = 0;
      recording.acks.length = 0;
      recording.contacts.length = 0;
      recording.statuses.length = 0;
    }
  });

  /** What Meta sends: the gateway has added the internal token; the body is compact JSON with \u escapes. */
  const deliver = (connectionId: number, body: unknown, sign: string | null = APP_SECRET, raw = metaWireBody(body)) =>
    fetch(`${app.url}/webhooks/whatsapp/${connectionId}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-internal-token': TEST_INTERNAL_TOKEN,
        'user-agent': 'facebookexternalua',
        ...(sign === null ? {} : { 'x-hub-signature-256': signatureOf(sign, raw) }),
      },
      body: raw,
    });

  const verify = (connectionId: number | string, query: Record<string, string>) =>
    fetch(`${app.url}/webhooks/whatsapp/${connectionId}?${new URLSearchParams(query).toString()}`, {
      headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
    });

  const received = (id = 41) =>
    sink(id).inbounds.filter(
      (event): event is Extract<InboundEvent, { type: 'whatsapp.message.received' }> =>
        event.type === 'whatsapp.message.received',
    );

  describe('GET (subscription check)', () => {
    it('answers the challenge as plain text when the verify token is the connection’s', async () => {
      const response = await verify(41, {
        'hub.mode': 'subscribe',
        'hub.verify_token': VERIFY_TOKEN,
        'hub.challenge': '1158201444',
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await response.text()).toBe('1158201444');
    });

    it('answers 403 to a wrong token, another connection’s token or another mode', async () => {
      for (const query of [
        { 'hub.mode': 'subscribe', 'hub.verify_token': 'guess', 'hub.challenge': 'challenge-8472' },
        { 'hub.mode': 'subscribe', 'hub.verify_token': 'other-verify', 'hub.challenge': 'challenge-8472' },
        { 'hub.mode': 'unsubscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': 'challenge-8472' },
        { 'hub.mode': 'subscribe', 'hub.challenge': 'challenge-8472' },
      ]) {
        const response = await verify(41, query);
        expect(response.status).toBe(403);
        expect(await response.text()).not.toContain('challenge-8472');
      }
    });

    it('answers 403, not 400, when a parameter is repeated (the challenge is never echoed)', async () => {
      const response = await fetch(
        `${app.url}/webhooks/whatsapp/41?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(VERIFY_TOKEN)}` +
          '&hub.challenge=challenge-1&hub.challenge=challenge-2',
        { headers: { 'x-internal-token': TEST_INTERNAL_TOKEN } },
      );
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error: 'ERR_NO_PERMISSION' });
    });

    it('answers 404 for an unknown connection, a non-Cloud API connection or a bad id', async () => {
      const query = { 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '7' };
      for (const id of [999, 43, 'abc']) {
        const response = await verify(id, query);
        expect(response.status).toBe(404);
        expect(await response.json()).toMatchObject({ error: 'ERR_NO_WAPP_FOUND' });
      }
    });
  });

  describe('POST (signed deliveries)', () => {
    it('accepts a delivery signed over its raw bytes and reports the message and the profile name', async () => {
      const response = await deliver(41, fixture('message-text.json'));
      expect(response.status).toBe(200);
      expect(sink().contacts.map((update) => update.name)).toEqual(['Maria Souza']);
      expect(received()).toHaveLength(1);
      expect(received()[0]?.data).toMatchObject({
        connectionId: 41,
        chatJid: '5511987654321@s.whatsapp.net',
        kind: 'text',
        body: 'Olá, vocês entregam em Campinas?',
      });
    });

    it('refuses with 401 and processes nothing: wrong secret, missing header, altered body, another connection’s secret', async () => {
      const body = fixture('message-text.json');
      const raw = metaWireBody(body);
      const altered = raw.replace('Campinas', 'Santos');
      const attempts = [
        await deliver(41, body, 'not-the-app-secret'),
        await deliver(41, body, null),
        // signed, then altered in transit
        await fetch(`${app.url}/webhooks/whatsapp/41`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-internal-token': TEST_INTERNAL_TOKEN,
            'x-hub-signature-256': signatureOf(APP_SECRET, raw),
          },
          body: altered,
        }),
        // company 3's secret on company 2's connection
        await deliver(41, body, OTHER_SECRET),
        // company 2's secret on company 3's connection
        await deliver(42, body, APP_SECRET),
      ];
      for (const response of attempts) {
        expect(response.status).toBe(401);
        expect(await response.json()).toMatchObject({ error: 'ERR_INVALID_CREDENTIALS' });
      }
      expect(sink(41).nothing).toBe(true);
      expect(sink(42).nothing).toBe(true);
    });

    it('answers 404 for an unknown or non-Cloud API connection', async () => {
      expect((await deliver(999, fixture('message-text.json'))).status).toBe(404);
      expect((await deliver(43, fixture('message-text.json'))).status).toBe(404);
      expect(sink(43).nothing).toBe(true);
    });

    it('delivers every message kind as the right event', async () => {
      const cases: Array<[string, string, string]> = [
        ['message-reply.json', 'whatsapp.message.received', 'text'],
        ['message-location.json', 'whatsapp.message.received', 'location'],
        ['message-contacts.json', 'whatsapp.message.received', 'vcard'],
        ['message-button-reply.json', 'whatsapp.message.received', 'text'],
        ['message-list-reply.json', 'whatsapp.message.received', 'text'],
        ['message-template-button.json', 'whatsapp.message.received', 'text'],
        ['message-reaction.json', 'whatsapp.message.reacted', ''],
      ];
      for (const [name] of cases) expect((await deliver(41, fixture(name))).status).toBe(200);
      expect(
        sink().inbounds.map((event) => [event.type, event.type === 'whatsapp.message.received' ? event.data.kind : '']),
      ).toEqual(cases.map(([, type, kind]) => [type, kind]));
      expect(received()[0]?.data.quotedMessageId).toBe(
        'wamid.HBgNNTUxMTk4NzY1NDMyMRUCABEYEjQ0QjlCMDY2RkI3QjY2RDg5MwA=',
      );
    });

    it('acknowledges an unsupported message without reporting anything for it', async () => {
      expect((await deliver(41, fixture('message-unsupported.json'))).status).toBe(200);
      expect(sink().inbounds).toEqual([]);
    });

    it('reports statuses as acks', async () => {
      expect((await deliver(41, fixture('statuses.json'))).status).toBe(200);
      expect(sink().acks.map((ack) => ack.ack)).toEqual([2, 3, 4, 0]);
    });

    it('processes every entry and change of one delivery, and a redelivery once', async () => {
      expect((await deliver(41, fixture('multi-entry.json'))).status).toBe(200);
      expect((await deliver(41, fixture('multi-entry.json'))).status).toBe(200);
      expect(received().map((event) => [event.data.chatJid, event.data.body])).toEqual([
        ['5511987654321@s.whatsapp.net', 'Primeira'],
        ['5521998877665@s.whatsapp.net', 'Segunda'],
      ]);
      expect(sink().contacts.map((update) => update.name)).toEqual([
        'Maria Souza',
        'Carlos Lima',
        'Maria Souza',
        'Carlos Lima',
      ]);
    });

    it('answers 500 when the sink cannot persist, so Meta redelivers; the redelivery is processed once', async () => {
      const id = 'wamid.HBgNNTUxMTk4NzY1NDMyMRUCABIYFDNBU0lOS0ZBSUxTAA==';
      const body = fixture<{ entry: [{ changes: [{ value: { messages: [{ id: string }] } }] }] }>('message-text.json');
      body.entry[0].changes[0].value.messages[0].id = id;
      sink().failNextInbound = true;
      expect((await deliver(41, body)).status).toBe(500);
      expect(received().filter((event) => event.data.messageId === id)).toHaveLength(0);
      expect((await deliver(41, body)).status).toBe(200);
      expect((await deliver(41, body)).status).toBe(200);
      expect(received().filter((event) => event.data.messageId === id)).toHaveLength(1);
    });
  });

  describe('media', () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF produto com defeito')]);

    it('downloads a received image by id with the bearer token and stores its bytes and mime type', async () => {
      graph.media.set('1479537139650973', { data: jpeg, mimeType: 'image/jpeg' });
      graph.requests.length = 0;
      expect((await deliver(41, fixture('message-image.json'))).status).toBe(200);
      const [lookup, download] = graph.requests;
      expect(lookup?.path).toBe('/v23.0/1479537139650973');
      expect(download?.path).toBe('/whatsapp_business/attachments/');
      expect([lookup?.authorization, download?.authorization]).toEqual([
        `Bearer ${ACCESS_TOKEN}`,
        `Bearer ${ACCESS_TOKEN}`,
      ]);
      const event = received().at(-1);
      expect(event?.data).toMatchObject({ kind: 'image', body: 'Foto do produto com defeito' });
      const stored = media.stored.get(event?.data.media?.url ?? '');
      expect(stored?.data.equals(jpeg)).toBe(true);
      expect(stored).toMatchObject({ companyId: 2, connectionId: 41, mimeType: 'image/jpeg' });
      expect(event?.data.media).toMatchObject({ mimeType: 'image/jpeg', size: jpeg.length });
    });

    it('keeps a voice note as ptt and a document with its file name', async () => {
      graph.media.set('1005614461345874', { data: Buffer.from('OggS\0voice'), mimeType: 'audio/ogg' });
      graph.media.set('904516441768364', { data: Buffer.from('%PDF-1.7 comprovante'), mimeType: 'application/pdf' });
      expect((await deliver(41, fixture('message-voice.json'))).status).toBe(200);
      expect((await deliver(41, fixture('message-document.json'))).status).toBe(200);
      const [voice, document] = received().slice(-2);
      expect(voice?.data.media).toMatchObject({ mimeType: 'audio/ogg; codecs=opus', ptt: true });
      expect(document?.data.media).toMatchObject({ mimeType: 'application/pdf', fileName: 'comprovante-pix.pdf' });
      expect(document?.data.body).toBe('Segue o comprovante');
      expect(media.stored.get(document?.data.media?.url ?? '')?.data.toString()).toBe('%PDF-1.7 comprovante');
    });

    it('keeps the message without media when the store refuses the file, or Meta no longer has it', async () => {
      graph.media.set('1224542918873456', { data: Buffer.alloc(65 * 1024, 1), mimeType: 'video/mp4' });
      expect((await deliver(41, fixture('message-video.json'))).status).toBe(200);
      // the sticker's media id is unknown to Meta (expired): Graph answers 400 code 100
      expect((await deliver(41, fixture('message-sticker.json'))).status).toBe(200);
      const [video, sticker] = received().slice(-2);
      expect(video?.data).toMatchObject({
        kind: 'video',
        media: null,
        refusedMedia: { fileName: null, mimeType: 'video/mp4', reason: 'too-large' },
      });
      expect(sticker?.data).toMatchObject({
        kind: 'sticker',
        media: null,
        refusedMedia: { fileName: null, mimeType: 'image/webp', reason: 'download-failed' },
      });
    });

    it('answers 502 when Meta fails transiently, so it redelivers, and stores the file then', async () => {
      graph.media.set('1479537139650973', { data: jpeg, mimeType: 'image/jpeg' });
      const body = fixture<{ entry: [{ changes: [{ value: { messages: [{ id: string }] } }] }] }>('message-image.json');
      body.entry[0].changes[0].value.messages[0].id = 'wamid.HBgNNTUxMTk4NzY1NDMyMRUCABIYFDNBRETRYAA==';
      graph.failNext((request) => request.path === '/v23.0/1479537139650973', 503, {
        message: 'An unexpected error has occurred. Please retry your request later.',
        code: 2,
        is_transient: true,
      });
      const first = await deliver(41, body);
      expect(first.status).toBe(502);
      expect(await first.json()).toMatchObject({ error: 'ERR_WAPP_DOWNLOAD_MEDIA' });
      expect(
        received().some((event) => event.data.messageId === 'wamid.HBgNNTUxMTk4NzY1NDMyMRUCABIYFDNBRETRYAA=='),
      ).toBe(false);
      expect((await deliver(41, body)).status).toBe(200);
      const event = received().find(
        (candidate) => candidate.data.messageId === 'wamid.HBgNNTUxMTk4NzY1NDMyMRUCABIYFDNBRETRYAA==',
      );
      expect(media.stored.get(event?.data.media?.url ?? '')?.data.equals(jpeg)).toBe(true);
    });
  });
});

describe('Cloud API webhooks in a service created without rawBody', () => {
  it('refuses deliveries (500) rather than checking a signature over a re-serialised body', async () => {
    const sinks = new FakeWebhookSinks([cloudConnection()]);
    const app = await startServiceApp(
      {
        name: 'whatsapp-connector',
        envSchema: TestEnvSchema,
        port: () => 0,
        rootModule: (config, logger): DynamicModule => ({
          module: WebhookTestAppModule,
          imports: [
            PlatformModule.forRoot({ service: 'whatsapp-connector', config, logger }),
            CloudApiModule.forRoot({
              env: config,
              providers: [
                { provide: WEBHOOK_SINKS, useValue: sinks },
                { provide: CLOUD_API_MEDIA_STORE, useValue: new MemoryMediaStore() },
              ],
            }),
          ],
        }),
      },
      serviceTestEnv({ LOG_LEVEL: 'silent' }),
      { port: 0 },
    );
    try {
      const raw = metaWireBody(fixture('message-text.json'));
      const response = await fetch(`${app.url}/webhooks/whatsapp/41`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-internal-token': TEST_INTERNAL_TOKEN,
          'x-hub-signature-256': signatureOf(APP_SECRET, raw),
        },
        body: raw,
      });
      expect(response.status).toBe(500);
      expect(sinks.sink(41).nothing).toBe(true);
    } finally {
      await app.close();
    }
  });
});
