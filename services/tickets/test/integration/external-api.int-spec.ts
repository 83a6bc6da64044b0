/**
 * The external send API (`POST /api/messages/send`) on real PostgreSQL and Kafka: the connection's token (from
 * the connector's events), the number check and the new contact answered as the connector and contacts answer
 * their commands, the ticket and the durable send, the plan flag, the rate limit and the idempotency key; the
 * token checked before the body is read, uploads bounded while they stream, failed attempts throttled per address.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { chunkedUpload, eventsOf, expectEventually, nextCompanyId, TEST_INTERNAL_TOKEN } from '@cs/platform/testing';
import { CheckNumbers, EnsureContact, SendMessage } from '@cs/proto/events';
import {
  companySnapshot,
  type CompanySetup,
  contactSnapshot,
  Harness,
  type Published,
  setupCompany,
  uniqueId,
} from '../support/harness.js';

const harness = new Harness({ TICKETS_EXTERNAL_API_RATE_PER_MINUTE: '20', TICKETS_EXTERNAL_API_WAIT_MS: '8000' });
let setup: CompanySetup;
let other: CompanySetup;
const TOKEN = 'tk-loja-9f2c1e7a5b';
/** Numbers the fake WhatsApp knows (as asked → its jid). */
const ON_WHATSAPP: Record<string, string> = {
  '5511987650001': '5511987650001@s.whatsapp.net',
  // an old eight-digit account: WhatsApp answers without the ninth digit
  '5511987650002': '551187650002@s.whatsapp.net',
};
/** Plays the connector (number checks) and contacts (ensure) for a command tickets publishes. */
async function answerCommand(event: Published): Promise<void> {
  for (const { data } of eventsOf([event], CheckNumbers)) {
    await harness.publish('whatsapp.number.checked', event.companyId, event.companyId, {
      commandId: data.commandId,
      connectionId: data.connectionId,
      results: data.numbers.map((number) => ({
        number,
        exists: number in ON_WHATSAPP,
        jid: ON_WHATSAPP[number] ?? null,
      })),
      error: null,
    });
  }
  for (const { data } of eventsOf([event], EnsureContact)) {
    const canonical = data.number.length === 12 ? `${data.number.slice(0, 4)}9${data.number.slice(4)}` : data.number;
    const contact = contactSnapshot(event.companyId, uniqueId(), canonical, canonical);
    await harness.publish('contacts.contact.created', event.companyId, contact.id, contact);
  }
}

async function send(
  token: string | null,
  body: Record<string, unknown> | FormData,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const init: RequestInit & { headers: Record<string, string> } = {
    method: 'POST',
    headers: { 'x-internal-token': TEST_INTERNAL_TOKEN, ...headers },
  };
  if (token) init.headers['authorization'] = `Bearer ${token}`;
  if (body instanceof FormData) init.body = body;
  else {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(`${harness.app.url}/api/messages/send`, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Plays the connector announcing a connection's token digest ('' for none). */
async function setToken(company: CompanySetup, token: string, weak = false): Promise<void> {
  await harness.publish('whatsapp.connection-token.digest-changed', company.companyId, company.connectionId, {
    connectionId: company.connectionId,
    tokenSha256: token ? createHash('sha256').update(token).digest('hex') : '',
    weak,
  });
}

const MIB = 1024 * 1024;
const BOUNDARY = 'limite-49';
const multipartHeaders = (clientIp: string): Record<string, string> => ({
  'x-internal-token': TEST_INTERNAL_TOKEN,
  'x-client-ip': clientIp,
  'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
});
const multipartHead =
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="number"\r\n\r\n5511987650001\r\n` +
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="body"\r\n\r\nsegue\r\n` +
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="medias"; filename="grande.txt"\r\n` +
  'Content-Type: text/plain\r\n\r\n';
const multipartTail = `\r\n--${BOUNDARY}--\r\n`;

let stopAnswering: () => void;

/** The files of a company in the media folder, temporary ones included. */
const storedFiles = (companyId: number): string[] => {
  const dir = join(harness.mediaDir, String(companyId));
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
};

beforeAll(async () => {
  await harness.start();
  setup = await setupCompany(harness, await nextCompanyId());
  other = await setupCompany(harness, await nextCompanyId());
  stopAnswering = harness.onEvent(answerCommand);
  await setToken(setup, TOKEN);
  await expectEventually(async () => {
    const rows = await harness.query('SELECT 1 FROM tickets.connection_tokens WHERE company_id = $1', [
      setup.companyId,
    ]);
    expect(rows).toHaveLength(1);
  });
});

afterAll(async () => {
  stopAnswering();
  await harness.stop();
});

const texts = (companyId: number) => harness.sentTexts(companyId);

describe('POST /api/messages/send', () => {
  it('answers 401 "Acesso não permitido" without a token or with an unknown one', async () => {
    expect(await send(null, { number: '5511987650001', body: 'oi' })).toEqual({
      status: 401,
      body: { error: 'Acesso não permitido' },
    });
    expect(await send('nao-existe', { number: '5511987650001', body: 'oi' })).toEqual({
      status: 401,
      body: { error: 'Acesso não permitido' },
    });
  });

  it('checks the number through the token connection, creates the contact and a pending ticket, and sends', async () => {
    const answer = await send(TOKEN, { number: '+55 (11) 98765-0001', body: 'Seu pedido saiu para entrega!' });
    expect(answer).toEqual({ status: 200, body: { mensagem: 'Mensagem enviada' } });
    const check = harness.events(setup.companyId, 'whatsapp.number.check').at(-1);
    expect(check?.data).toMatchObject({ connectionId: setup.connectionId, numbers: ['5511987650001'] });
    await harness.waitForText(setup.companyId, 'Seu pedido saiu para entrega!');
    const [ticket] = await harness.query<{ status: string; chat_jid: string; whatsapp_id: number }>(
      `SELECT t.status, t.chat_jid, t.whatsapp_id FROM tickets.tickets t JOIN tickets.contacts c
         ON c.company_id = t.company_id AND c.id = t.contact_id WHERE t.company_id = $1 AND c.number = $2`,
      [setup.companyId, '5511987650001'],
    );
    expect(ticket).toEqual({
      status: 'pending',
      chat_jid: '5511987650001@s.whatsapp.net',
      whatsapp_id: setup.connectionId,
    });
  });

  it('sends to the known contact of an eight-digit WhatsApp account, and closes the ticket when asked', async () => {
    const first = await send(TOKEN, { number: '5511987650002', body: 'Primeira' });
    expect(first.status).toBe(200);
    await harness.waitForText(setup.companyId, 'Primeira');
    const ensures = harness.events(setup.companyId, 'contacts.contact.ensure').length;
    const second = await send(TOKEN, { number: '5511987650002', body: 'Segunda', closeTicket: true });
    expect(second.status).toBe(200);
    await harness.waitForText(setup.companyId, 'Segunda');
    // the contact exists now: no second ensure command
    expect(harness.events(setup.companyId, 'contacts.contact.ensure')).toHaveLength(ensures);
    const rows = await harness.query<{ status: string }>(
      `SELECT t.status FROM tickets.tickets t JOIN tickets.contacts c ON c.company_id = t.company_id
         AND c.id = t.contact_id WHERE t.company_id = $1 AND c.number = '5511987650002'`,
      [setup.companyId],
    );
    expect(rows).toEqual([{ status: 'closed' }]);
  });

  it('sends a Cloud API template with its values, message variables rendered, and refuses an incomplete one', async () => {
    const answer = await send(TOKEN, {
      number: '5511987650001',
      body: 'Pedido 4521 saiu para entrega',
      template: { name: 'pedido_enviado', language: 'pt_BR', header: ['#4521'], body: ['{{name}}', 'amanhã'] },
    });
    expect(answer).toEqual({ status: 200, body: { mensagem: 'Mensagem enviada' } });
    const command = await expectEventually(() => {
      const found = harness
        .eventsOf(setup.companyId, SendMessage)
        .find((event) => event.data.content.kind === 'text' && event.data.content.template !== undefined);
      if (!found) throw new Error('no template send');
      return found.data;
    });
    expect(command.content).toEqual({
      kind: 'text',
      body: 'Pedido 4521 saiu para entrega',
      template: {
        name: 'pedido_enviado',
        language: { code: 'pt_BR' },
        components: [
          { type: 'header', parameters: [{ type: 'text', text: '#4521' }] },
          {
            type: 'body',
            parameters: [
              { type: 'text', text: '5511987650001' },
              { type: 'text', text: 'amanhã' },
            ],
          },
        ],
      },
    });
    const refused = await send(TOKEN, { number: '5511987650001', template: { name: 'x', language: 'p' } });
    expect(refused.status).toBe(400);
  });

  it("refuses a text without body and a number without 8 to 20 digits in the spec's error format", async () => {
    const checks = harness.events(setup.companyId, 'whatsapp.number.check').length;
    for (const [body, path, message] of [
      [{ number: '5511987650001', body: '  ' }, 'body', 'Obrigatório'],
      [{ number: '5511987650001' }, 'body', 'Obrigatório'],
      [{ number: '+55 11 987', body: 'oi' }, 'number', 'Número inválido'],
      [{ number: '5'.repeat(21), body: 'oi' }, 'number', 'Número inválido'],
    ] as const) {
      expect(await send(TOKEN, body)).toMatchObject({
        status: 400,
        body: { error: 'ERR_VALIDATION', details: [{ path, message }] },
      });
    }
    expect(harness.events(setup.companyId, 'whatsapp.number.check')).toHaveLength(checks);
  });

  it('refuses a number that is not on WhatsApp (ERR_CHECK_NUMBER) and sends nothing', async () => {
    const before = texts(setup.companyId).length;
    const answer = await send(TOKEN, { number: '5511900001111', body: 'ninguém' });
    expect(answer.status).toBe(400);
    expect(answer.body['error']).toBe('ERR_CHECK_NUMBER');
    expect(texts(setup.companyId)).toHaveLength(before);
  });

  it('sends each uploaded media of a multipart call with the body as caption', async () => {
    const form = new FormData();
    form.append('number', '5511987650001');
    form.append('body', 'Segue o boleto');
    form.append('medias', new Blob(['%PDF-1.4 boleto'], { type: 'application/pdf' }), 'boleto.pdf');
    form.append('medias', new Blob(['png'], { type: 'image/png' }), 'qr.png');
    expect((await send(TOKEN, form)).status).toBe(200);
    await expectEventually(() =>
      expect(texts(setup.companyId).filter((text) => text === '[media] Segue o boleto')).toHaveLength(2),
    );
    // streamed into the company's folder as they arrived
    expect(storedFiles(setup.companyId)).toEqual(
      expect.arrayContaining([expect.stringMatching(/-boleto\.pdf$/), expect.stringMatching(/-qr\.png$/)]),
    );
  });

  it('sends once for a retried call with the same Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'pedido-778-aviso' };
    const first = await send(TOKEN, { number: '5511987650001', body: 'Aviso único 778' }, headers);
    const retry = await send(TOKEN, { number: '5511987650001', body: 'Aviso único 778' }, headers);
    expect(first).toEqual({ status: 200, body: { mensagem: 'Mensagem enviada' } });
    expect(retry).toEqual(first);
    await harness.waitForText(setup.companyId, 'Aviso único 778');
    // both answers came once their messages were stored: one stored message is one send
    const stored = await harness.query('SELECT id FROM tickets.messages WHERE company_id = $1 AND body = $2', [
      setup.companyId,
      'Aviso único 778',
    ]);
    expect(stored).toHaveLength(1);
    expect(texts(setup.companyId).filter((text) => text === 'Aviso único 778')).toHaveLength(1);
  });

  it('answers a chunked 200 MiB upload with an unknown token 401 at once, without reading it into memory', async () => {
    const answer = await chunkedUpload(`${harness.app.url}/api/messages/send`, {
      headers: { ...multipartHeaders('10.49.0.1'), authorization: 'Bearer token-inventado' },
      head: multipartHead,
      bodyBytes: 200 * MIB,
      tail: multipartTail,
    });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toEqual({ error: 'Acesso não permitido' });
    // V8 frees external memory lazily: a generous bound, far below the body that was on its way
    expect(answer.arrayBuffersPeak).toBeLessThan(100 * MIB);
  });

  /** A chunked 200 MiB multipart send with the valid token, its file part starting with `head`. */
  const streamSend = (clientIp: string, head = multipartHead) =>
    chunkedUpload(`${harness.app.url}/api/messages/send`, {
      headers: { ...multipartHeaders(clientIp), authorization: `Bearer ${TOKEN}` },
      head,
      bodyBytes: 200 * MIB,
      tail: multipartTail,
    });

  it('stops a chunked upload past the size limit while it streams (413), with a valid token', async () => {
    const answer = await streamSend('10.49.0.2');
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'ERR_PAYLOAD_TOO_LARGE' });
    // answered at the limit: the client stopped long before the end of its body
    expect(answer.sent).toBeLessThan(200 * MIB);
    expect(answer.arrayBuffersPeak).toBeLessThan(100 * MIB);
  });

  it('refuses a page declared as a picture from its first bytes (415) while it streams, storing nothing', async () => {
    const page = multipartHead.replace('grande.txt', 'foto.png').replace('text/plain', 'image/png');
    const answer = await streamSend('10.49.0.5', `${page}<!doctype html>`);
    // 415 and not the limit's 413: the type was decided from the first bytes, the rest never read
    expect(answer.status).toBe(415);
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'ERR_UNSUPPORTED_MEDIA_TYPE' });
    expect(answer.sent).toBeLessThan(200 * MIB);
    expect(answer.arrayBuffersPeak).toBeLessThan(100 * MIB);
    expect(storedFiles(setup.companyId).filter((name) => name.includes('foto.png'))).toEqual([]);
  });

  it('throttles an address after too many failed tokens in a minute (429 with Retry-After), valid ones too', async () => {
    // failures count per address and minute of the database's clock: ten guesses, the eleventh and a valid token
    const minute = async () =>
      String((await harness.query<{ minute: Date }>("SELECT date_trunc('minute', now()) AS minute"))[0]?.minute);
    const guessFrom = async (ip: string) => {
      const headers = { 'x-client-ip': ip };
      const startedIn = await minute();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 10; attempt += 1) {
        statuses.push((await send(`palpite-${attempt}`, { number: '5511987650001', body: 'oi' }, headers)).status);
      }
      const throttled = await fetch(`${harness.app.url}/api/messages/send`, {
        method: 'POST',
        headers: { ...headers, 'x-internal-token': TEST_INTERNAL_TOKEN, authorization: 'Bearer palpite-10' },
      });
      const valid = (await send(TOKEN, { number: '5511987650001', body: 'oi' }, headers)).status;
      return { statuses, throttled, valid, oneMinute: (await minute()) === startedIn };
    };
    // a minute that ended among them split the count: once more from a fresh address, in the minute that began
    let run = await guessFrom('10.49.0.3');
    if (!run.oneMinute) run = await guessFrom('10.49.0.6');
    expect(run.statuses).toEqual(Array.from({ length: 10 }, () => 401));
    expect(run.throttled.status).toBe(429);
    expect(Number(run.throttled.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await run.throttled.json()).toMatchObject({ error: 'ERR_TOO_MANY_REQUESTS' });
    expect(run.valid).toBe(429);
    // another address is not held back by this one's guesses
    expect((await send('palpite-x', { number: '1', body: 'x' }, { 'x-client-ip': '10.49.0.4' })).status).toBe(401);
  });

  it('limits the calls per token and minute', async () => {
    // 20 a minute: within 45 quick calls the limit is reached even if a new minute starts on the way
    const statuses: number[] = [];
    for (let i = 0; i < 45 && !statuses.includes(429); i += 1) {
      statuses.push((await send(TOKEN, { number: '1', body: 'x' })).status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect((await send(TOKEN, { number: '5511987650001', body: 'y' })).body['error']).toBe('ERR_TOO_MANY_REQUESTS');
  });

  it('refuses a weak token with 401 telling the admin to generate a new one, and counts it as a failure', async () => {
    const weak = '1234';
    await setToken(other, weak, true);
    const headers = { 'x-client-ip': '10.49.0.5' };
    await expectEventually(async () => {
      expect(await send(weak, { number: '5511987650001', body: 'oi' }, headers)).toEqual({
        status: 401,
        body: { error: 'Acesso não permitido', message: expect.stringContaining('Gerar novo token') },
      });
    });
    const [row] = await harness.query<{ count: number }>(
      "SELECT count FROM tickets.external_api_failures WHERE client_ip = '10.49.0.5'",
    );
    expect(row?.count).toBeGreaterThanOrEqual(1);
    expect(texts(other.companyId)).toHaveLength(0);
  });

  it("refuses a company whose plan lacks useExternalApi, and a token is only its own connection's", async () => {
    const otherToken = 'tk-outra-empresa-123';
    await setToken(other, otherToken);
    const snapshot = companySnapshot(other.companyId);
    await harness.publish('identity.company.updated', other.companyId, other.companyId, {
      ...snapshot,
      plan: { ...snapshot.plan, useExternalApi: false },
    });
    await expectEventually(async () => {
      const answer = await send(otherToken, { number: '5511987650001', body: 'oi' });
      expect(answer.status).toBe(403);
    });
    // a token removed from its connection no longer opens the API
    await setToken(other, '');
    await expectEventually(async () => {
      expect((await send(otherToken, { number: '5511987650001', body: 'oi' })).status).toBe(401);
    });
  });
});

describe('POST /api/messages/send on a Cloud API connection', () => {
  const CLOUD_TOKEN = 'tk-api-oficial-3b8d6f';
  let cloud: CompanySetup;

  beforeAll(async () => {
    cloud = await setupCompany(harness, await nextCompanyId(), { connection: { provider: 'cloud-api' } });
    await setToken(cloud, CLOUD_TOKEN);
    await expectEventually(async () => {
      const rows = await harness.query('SELECT 1 FROM tickets.connection_tokens WHERE company_id = $1', [
        cloud.companyId,
      ]);
      expect(rows).toHaveLength(1);
    });
  });

  it('refuses free text to a contact who has not written in 24 hours, and sends nothing', async () => {
    const answer = await send(CLOUD_TOKEN, { number: '5511987650001', body: 'Seu boleto venceu' });
    expect(answer).toMatchObject({
      status: 409,
      body: { error: 'ERR_OUTSIDE_SERVICE_WINDOW', details: { reason: 'outsideCustomerServiceWindow' } },
    });
    expect(harness.eventsOf(cloud.companyId, SendMessage)).toHaveLength(0);
  });

  it("sends a template's media header and URL button suffix as Meta's components", async () => {
    const answer = await send(CLOUD_TOKEN, {
      number: '5511987650001',
      body: 'Boleto disponível',
      template: {
        name: 'boleto_disponivel',
        language: 'pt_BR',
        body: ['{{name}}'],
        headerMedia: { type: 'document', link: 'https://cdn.example.com/boletos/4521.pdf' },
        buttons: [{ index: 0, text: 'B-4521' }],
      },
    });
    expect(answer).toEqual({ status: 200, body: { mensagem: 'Mensagem enviada' } });
    const command = await expectEventually(() => {
      const [found] = harness.eventsOf(cloud.companyId, SendMessage);
      if (!found) throw new Error('no template send');
      return found.data;
    });
    expect(command.content).toEqual({
      kind: 'text',
      body: 'Boleto disponível',
      template: {
        name: 'boleto_disponivel',
        language: { code: 'pt_BR' },
        components: [
          {
            type: 'header',
            parameters: [{ type: 'document', document: { link: 'https://cdn.example.com/boletos/4521.pdf' } }],
          },
          { type: 'body', parameters: [{ type: 'text', text: '5511987650001' }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'B-4521' }] },
        ],
      },
    });
    const refused = await send(CLOUD_TOKEN, {
      number: '5511987650001',
      template: { name: 'boleto_disponivel', language: 'pt_BR', headerMedia: { type: 'audio', link: 'ftp://x' } },
    });
    expect(refused.status).toBe(400);
  });
});
