/**
 * The Cloud API provider's outbound side against a local fake Graph API (node:http answering with Meta's shapes):
 * the credential check, every kind of send with its exact Graph request, read marks and error mapping.
 */
import { DomainError } from '@cs/platform/errors';
import type { OutboundContent } from '@cs/proto/events';
import { CloudApiProvider } from '../../src/providers/cloud-api/cloud-api.provider.js';
import { CloudApiEnvSchema } from '../../src/providers/cloud-api/cloud-api.config.js';
import { type ProviderSession, SessionNotReadyError } from '../../src/providers/provider.port.js';
import { FakeGraph } from '../../src/fake-graph/index.js';
import {
  ACCESS_TOKEN,
  APP_SECRET,
  cloudConnection,
  MemoryMediaStore,
  PHONE_NUMBER_ID,
  RecordingSink,
  sessionContext,
} from './support/fakes.js';
import { capturingLogger } from './support/logs.js';

const CHAT = '5511987654321@s.whatsapp.net';
const MESSAGES = `/${PHONE_NUMBER_ID}/messages`;

describe('CloudApiProvider (outbound, against a fake Graph API)', () => {
  let graph: FakeGraph;
  let provider: CloudApiProvider;
  let sink: RecordingSink;
  let media: MemoryMediaStore;
  let logs: ReturnType<typeof capturingLogger>;
  let session: ProviderSession;

  beforeAll(async () => {
    graph = await new FakeGraph('v23.0', PHONE_NUMBER_ID, ACCESS_TOKEN).start();
    provider = CloudApiProvider.fromEnv(
      CloudApiEnvSchema.parse({ WHATSAPP_GRAPH_URL: graph.url, WHATSAPP_GRAPH_VERSION: 'v23.0' }),
    );
  });

  afterAll(async () => {
    await graph.stop();
  });

  beforeEach(async () => {
    graph.requests.length = 0;
    graph.validToken = ACCESS_TOKEN;
    sink = new RecordingSink();
    media = new MemoryMediaStore();
    logs = capturingLogger();
    session = provider.open(sessionContext(cloudConnection(), sink, media, logs.logger));
    await session.start({});
  });

  afterEach(() => {
    // whatever happened in the test, neither the access token nor the app secret reached a log line
    expect(logs.text()).not.toContain(ACCESS_TOKEN);
    expect(logs.text()).not.toContain(APP_SECRET);
  });

  const send = (content: OutboundContent, quotedMessageId: string | null = null) =>
    session.send({ chatJid: CHAT, content, quotedMessageId, idempotencyKey: 'cmd-0192f3a1-7c4e' });

  const lastMessageBody = (): unknown => graph.to(MESSAGES, 'POST').at(-1)?.json;

  it('verifies the token by reading the phone number, then reports CONNECTED with its digits and no QR', () => {
    expect(graph.to(`/${PHONE_NUMBER_ID}`, 'GET')).toHaveLength(1);
    const [check] = graph.requests;
    expect(check?.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(check?.query.get('fields')).toBe('id,display_phone_number,verified_name');
    expect(sink.statuses).toEqual([{ status: 'CONNECTED', qrcode: '', number: '551140031234', retries: 0 }]);
  });

  it('reports DISCONNECTED with the reason when Meta refuses the token, and refuses to send', async () => {
    graph.validToken = 'another-token';
    const refused = new RecordingSink();
    const stale = provider.open(sessionContext(cloudConnection(), refused, media, logs.logger));
    await stale.start({});
    expect(refused.statuses).toEqual([{ status: 'DISCONNECTED', qrcode: '', reason: 'tokenRefused' }]);
    await expect(
      stale.send({ chatJid: CHAT, content: { kind: 'text', body: 'oi' }, quotedMessageId: null, idempotencyKey: 'k' }),
    ).rejects.toBeInstanceOf(SessionNotReadyError);
    expect(graph.to(MESSAGES)).toHaveLength(0);
  });

  it('reports DISCONNECTED when the Graph API cannot be reached', async () => {
    const offline = CloudApiProvider.fromEnv(
      CloudApiEnvSchema.parse({ WHATSAPP_GRAPH_URL: 'http://127.0.0.1:1', WHATSAPP_GRAPH_TIMEOUT_MS: '2000' }),
    );
    const unreachable = new RecordingSink();
    await offline.open(sessionContext(cloudConnection(), unreachable, media, logs.logger)).start({});
    expect(unreachable.statuses).toEqual([{ status: 'DISCONNECTED', qrcode: '', reason: 'graphUnreachable' }]);
  });

  it('sends a text with the bearer token and returns the wamid Meta gave', async () => {
    const sent = await send({ kind: 'text', body: 'Bom dia! Seu pedido saiu para entrega.' });
    expect(sent.messageId).toMatch(/^wamid\./);
    expect(sent.timestamp).toBeInstanceOf(Date);
    const [request] = graph.to(MESSAGES, 'POST');
    expect(request?.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(request?.json).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511987654321',
      biz_opaque_callback_data: 'cmd-0192f3a1-7c4e',
      type: 'text',
      text: { preview_url: false, body: 'Bom dia! Seu pedido saiu para entrega.' },
    });
  });

  it('asks for a link preview when the text has a link, and quotes through context.message_id', async () => {
    await send({ kind: 'text', body: 'Rastreio: https://rastreio.exemplo.com.br/AB123' }, 'wamid.QUOTED==');
    expect(lastMessageBody()).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511987654321',
      context: { message_id: 'wamid.QUOTED==' },
      biz_opaque_callback_data: 'cmd-0192f3a1-7c4e',
      type: 'text',
      text: { preview_url: true, body: 'Rastreio: https://rastreio.exemplo.com.br/AB123' },
    });
  });

  it('uploads a file to /{phone-number-id}/media, then sends it by id with its caption', async () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 1, 2, 3, 4]);
    media.outbound.set('http://localhost:8080/media/whatsapp/2/out-1.jpg', {
      data: jpeg,
      mimeType: 'image/jpeg',
      fileName: 'out-1.jpg',
    });
    await send({
      kind: 'media',
      mediaType: 'image',
      url: 'http://localhost:8080/media/whatsapp/2/out-1.jpg',
      mimeType: 'image/jpeg',
      fileName: 'catalogo.jpg',
      caption: 'Nosso catálogo',
      ptt: false,
    });
    const [upload] = graph.to(`/${PHONE_NUMBER_ID}/media`, 'POST');
    expect(upload?.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(upload?.form?.fields).toEqual({ messaging_product: 'whatsapp', type: 'image/jpeg' });
    expect(upload?.form?.file?.name).toBe('catalogo.jpg');
    expect(upload?.form?.file?.data.equals(jpeg)).toBe(true);
    const [mediaId] = [...graph.uploads.keys()];
    expect(lastMessageBody()).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511987654321',
      biz_opaque_callback_data: 'cmd-0192f3a1-7c4e',
      type: 'image',
      image: { id: mediaId, caption: 'Nosso catálogo' },
    });
  });

  it('sends a document with its file name, and a voice note as audio with voice: true (no caption)', async () => {
    media.outbound.set('u:pdf', {
      data: Buffer.from('%PDF-1.7 boleto'),
      mimeType: 'application/pdf',
      fileName: 'x.pdf',
    });
    media.outbound.set('u:ogg', { data: Buffer.from('OggS voice'), mimeType: 'audio/ogg', fileName: 'v.ogg' });
    await send({
      kind: 'media',
      mediaType: 'document',
      url: 'u:pdf',
      mimeType: 'application/pdf',
      fileName: 'boleto-outubro.pdf',
      caption: 'Boleto de outubro',
      ptt: false,
    });
    expect(lastMessageBody()).toMatchObject({
      type: 'document',
      document: { id: expect.any(String), caption: 'Boleto de outubro', filename: 'boleto-outubro.pdf' },
    });
    await send({
      kind: 'media',
      mediaType: 'audio',
      url: 'u:ogg',
      mimeType: 'audio/ogg; codecs=opus',
      fileName: 'audio.ogg',
      caption: 'ignored by Meta',
      ptt: true,
    });
    const body = lastMessageBody() as { type: string; audio: Record<string, unknown> };
    expect(body.type).toBe('audio');
    expect(body.audio).toEqual({ id: expect.any(String), voice: true });
    expect([...graph.uploads.values()].slice(-2).map((upload) => upload.mimeType)).toEqual([
      'application/pdf',
      'audio/ogg; codecs=opus',
    ]);
  });

  it('fails a media send whose file cannot be read, without calling Meta', async () => {
    await expect(
      send({
        kind: 'media',
        mediaType: 'image',
        url: 'u:missing',
        mimeType: 'image/png',
        fileName: 'a.png',
        caption: '',
        ptt: false,
      }),
    ).rejects.toMatchObject({ code: 'ERR_SENDING_WAPP_MSG' });
    expect(graph.to(`/${PHONE_NUMBER_ID}/media`)).toHaveLength(0);
    expect(graph.to(MESSAGES)).toHaveLength(0);
  });

  it('sends a location', async () => {
    await send({
      kind: 'location',
      latitude: -23.561414,
      longitude: -46.655881,
      name: 'Loja Paulista',
      address: 'Av. Paulista, 1578',
    });
    expect(lastMessageBody()).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511987654321',
      biz_opaque_callback_data: 'cmd-0192f3a1-7c4e',
      type: 'location',
      location: { latitude: -23.561414, longitude: -46.655881, name: 'Loja Paulista', address: 'Av. Paulista, 1578' },
    });
  });

  it('sends a vCard as a structured contact', async () => {
    await send({
      kind: 'vcard',
      displayName: 'Suporte Loja Demo',
      vcard:
        'BEGIN:VCARD\nVERSION:3.0\nN:Demo;Suporte;;;\nFN:Suporte Loja Demo\nitem1.TEL;waid=551140031234:+55 11 4003-1234\nEND:VCARD',
    });
    expect(lastMessageBody()).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511987654321',
      biz_opaque_callback_data: 'cmd-0192f3a1-7c4e',
      type: 'contacts',
      contacts: [
        {
          name: { formatted_name: 'Suporte Loja Demo', first_name: 'Suporte', last_name: 'Demo' },
          phones: [{ phone: '+55 11 4003-1234', wa_id: '551140031234' }],
        },
      ],
    });
  });

  it('refuses a group chat without calling Meta', async () => {
    await expect(
      session.send({
        chatJid: '120363025246125486@g.us',
        content: { kind: 'text', body: 'oi' },
        quotedMessageId: null,
        idempotencyKey: 'k',
      }),
    ).rejects.toMatchObject({ code: 'ERR_WAPP_INVALID_CONTACT' });
    expect(graph.to(MESSAGES)).toHaveLength(0);
  });

  it('marks messages read with status: read', async () => {
    await session.markRead(CHAT, ['wamid.A==', 'wamid.B==']);
    expect(graph.to(MESSAGES, 'POST').map((request) => request.json)).toEqual([
      { messaging_product: 'whatsapp', status: 'read', message_id: 'wamid.A==' },
      { messaging_product: 'whatsapp', status: 'read', message_id: 'wamid.B==' },
    ]);
  });

  it('maps Meta errors to the catalogue: outside the 24 h window, recipient not on WhatsApp', async () => {
    const isSend = (request: { path: string }) => request.path.endsWith('/messages');
    graph.failNext(isSend, 400, {
      message: 'Re-engagement message',
      code: 131047,
      error_data: {
        messaging_product: 'whatsapp',
        details:
          'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
      },
    });
    const outside = await send({ kind: 'text', body: 'Ainda precisa de ajuda?' }).catch((error: unknown) => error);
    expect(outside).toBeInstanceOf(DomainError);
    expect(outside).toMatchObject({
      code: 'ERR_SENDING_WAPP_MSG',
      details: { reason: 'outsideCustomerServiceWindow', graphCode: 131047 },
    });
    graph.failNext(isSend, 400, { message: 'Message Undeliverable.', code: 131026 });
    await expect(send({ kind: 'text', body: 'oi' })).rejects.toMatchObject({ code: 'ERR_WAPP_INVALID_CONTACT' });
    expect(sink.statuses.at(-1)?.status).toBe('CONNECTED');
  });

  it('ends the session as DISCONNECTED when the token is revoked while connected', async () => {
    graph.validToken = 'rotated-at-meta';
    await expect(send({ kind: 'text', body: 'oi' })).rejects.toMatchObject({ code: 'ERR_WAPP_NOT_INITIALIZED' });
    expect(sink.statuses.at(-1)).toEqual({ status: 'DISCONNECTED', qrcode: '', reason: 'tokenRefused' });
    await expect(send({ kind: 'text', body: 'oi' })).rejects.toBeInstanceOf(SessionNotReadyError);
  });

  it('rejects delete-for-everyone clearly, since the Cloud API cannot do it', async () => {
    await expect(session.deleteForEveryone(CHAT, 'wamid.A==')).rejects.toMatchObject({
      code: 'ERR_DELETE_WAPP_MSG',
      details: { reason: 'notSupportedByCloudApi' },
    });
    expect(graph.requests).toHaveLength(1); // only the credential check
  });

  it('rejects an edit clearly, since the Cloud API cannot edit a sent message', async () => {
    await expect(session.editText(CHAT, 'wamid.A==', 'corrigido')).rejects.toMatchObject({
      code: 'ERR_EDIT_WAPP_MSG',
      details: { reason: 'notSupportedByCloudApi' },
    });
    expect(graph.requests).toHaveLength(1); // only the credential check
  });

  it('answers the questions the Cloud API cannot ask without calling Meta', async () => {
    expect(await session.checkNumbers(['5511987654321', '+55 (21) 99887-7665'])).toEqual([
      { number: '5511987654321', exists: true, jid: '5511987654321@s.whatsapp.net' },
      { number: '+55 (21) 99887-7665', exists: true, jid: '5521998877665@s.whatsapp.net' },
    ]);
    expect(await session.profilePicture(CHAT)).toBeNull();
    expect(await session.listContacts()).toEqual([]);
    expect(graph.requests).toHaveLength(1);
  });

  it('logs out to DISCONNECTED and stops without a status', async () => {
    await session.logout();
    expect(sink.statuses.at(-1)).toEqual({ status: 'DISCONNECTED', qrcode: '', reason: 'loggedOut' });
    const count = sink.statuses.length;
    await session.stop();
    expect(sink.statuses).toHaveLength(count);
    await expect(send({ kind: 'text', body: 'oi' })).rejects.toBeInstanceOf(SessionNotReadyError);
  });
});
