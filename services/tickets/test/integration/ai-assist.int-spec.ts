/**
 * AI assistance for agents (`/ai-assist`) through the HTTP API on real PostgreSQL and Kafka, against the local
 * OpenAI fake streaming as OpenAI does: the company's endpoint (key sealed and masked, base URL under the SSRF
 * rules), summaries and suggestions streamed piece by piece, exactly what is sent (that ticket's messages only,
 * bounded), nothing sent when not configured, endpoint failures, plan flag and tenancy.
 */
import { expectEventually, nextCompanyId, TEST_INTERNAL_TOKEN } from '@cs/platform/testing';
import { type ChatRequest, openAiFake, type Recorded } from '../../src/provider-fakes/index.js';
import {
  addContact,
  type Caller,
  type CompanySetup,
  companySnapshot,
  Harness,
  inboundText,
  setupCompany,
  ticketFrom,
} from '../support/harness.js';

const SUMMARY = 'Maria quer trocar o tênis do pedido 5521 por um número maior. Falta enviar a etiqueta de troca.';
const SUGGESTION = 'Olá, Maria! Já gerei a etiqueta de troca do pedido 5521 e envio em seguida por aqui.';
const API_KEY = 'sk-empresa-a-0123456789abcdefWXYZ';

let failWith: { status: number; error: { message: string; type: string; code: string } } | null = null;
const openai = openAiFake(
  (request: ChatRequest) => failWith ?? (request.messages[0]?.content.startsWith('Resuma') ? SUMMARY : SUGGESTION),
);
let harness: Harness;
let a: CompanySetup;
let b: CompanySetup;
let ticketId: number;

const MAX_MESSAGES = 6;

beforeAll(async () => {
  await openai.start();
  harness = new Harness({
    OUTBOUND_HTTP_ALLOWED_HOSTS: new URL(openai.url).host,
    TICKETS_AI_ASSIST_MAX_MESSAGES: String(MAX_MESSAGES),
  });
  await harness.start();
  a = await setupCompany(harness, await nextCompanyId());
  b = await setupCompany(harness, await nextCompanyId());
  ticketId = (await ticketFrom(harness, a, a.contact, 'Oi, comprei um tênis no pedido 5521')).id;
  for (const text of ['Ficou pequeno', 'Quero trocar por um 41']) await customerWrites(a, a.contact, text, ticketId);
});

afterAll(async () => {
  await harness.stop();
  await openai.stop();
});

beforeEach(() => {
  failWith = null;
  openai.pace = () => Promise.resolve();
});

async function customerWrites(setup: CompanySetup, contact: CompanySetup['contact'], text: string, id: number) {
  await harness.publish(
    'contacts.inbound-message.resolved',
    setup.companyId,
    `${setup.connectionId}:${contact.number}`,
    inboundText(contact, setup.connectionId, text),
  );
  await expectEventually(async () => {
    const rows = await harness.query('SELECT 1 FROM tickets.messages WHERE ticket_id = $1 AND body = $2', [id, text]);
    expect(rows).toHaveLength(1);
  });
}

interface Streamed {
  status: number;
  contentType: string | null;
  /** The SSE events as they arrive. */
  events: AsyncGenerator<{ event: string; data: Record<string, string> }>;
  /** The JSON error answer (when not streamed). */
  json: () => Promise<Record<string, unknown>>;
}

async function assist(
  kind: 'summary' | 'suggestion',
  caller: Caller,
  id = ticketId,
  signal?: AbortSignal,
): Promise<Streamed> {
  const response = await fetch(`${harness.app.url}/ai-assist/tickets/${id}/${kind}`, {
    method: 'POST',
    ...(signal ? { signal } : {}),
    headers: {
      'x-internal-token': TEST_INTERNAL_TOKEN,
      'x-company-id': String(caller.companyId),
      'x-user-id': String(caller.userId),
      'x-user-profile': caller.profile ?? 'admin',
      'x-user-super': 'false',
    },
  });
  async function* events() {
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.+)$/m.exec(block)?.[1] ?? 'message';
        const data = JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? '{}') as Record<string, string>;
        yield { event, data };
      }
    }
  }
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    events: events(),
    json: async () => (await response.json()) as Record<string, unknown>,
  };
}

const chatRequests = (): Recorded[] => openai.requests.filter((request) => request.path === '/v1/chat/completions');

async function configure(setup: CompanySetup, overrides: Record<string, unknown> = {}) {
  return harness.http('PUT', '/ai-assist/settings', setup.admin, {
    baseUrl: `${openai.url}/v1`,
    apiKey: API_KEY,
    model: 'gpt-4o-mini',
    ...overrides,
  });
}

describe('not configured', () => {
  it('answers 409 ERR_AI_ASSIST_NOT_CONFIGURED and sends nothing anywhere', async () => {
    expect((await harness.http('GET', '/ai-assist/settings', a.admin)).body).toEqual({
      configured: false,
      baseUrl: '',
      apiKey: '',
      model: '',
    });
    for (const kind of ['summary', 'suggestion'] as const) {
      const answer = await assist(kind, a.admin);
      expect(answer.status).toBe(409);
      expect(await answer.json()).toMatchObject({ error: 'ERR_AI_ASSIST_NOT_CONFIGURED' });
    }
    expect(openai.requests).toHaveLength(0);
  });
});

describe('the company endpoint', () => {
  it('refuses bad input in the error format: no key the first time, a private address, another scheme', async () => {
    const noKey = await configure(a, { apiKey: '' });
    expect(noKey.status).toBe(400);
    expect(noKey.body).toMatchObject({
      error: 'ERR_VALIDATION',
      details: [{ path: 'apiKey', message: 'Obrigatório' }],
    });
    for (const baseUrl of ['http://169.254.169.254/v1', 'http://10.0.0.5/v1', 'http://[::1]:8080/v1']) {
      const refused = await configure(a, { baseUrl });
      expect(refused.status).toBe(400);
      expect(refused.body.details).toEqual([{ path: 'baseUrl', message: expect.stringContaining('não permitido') }]);
    }
    const scheme = await configure(a, { baseUrl: 'file:///etc/passwd' });
    expect(scheme.status).toBe(400);
    expect(scheme.body.details).toEqual([{ path: 'baseUrl', message: 'Informe um endereço http:// ou https://' }]);
    const noModel = await configure(a, { model: ' ' });
    expect(noModel.body.details).toEqual([{ path: 'model', message: 'Obrigatório' }]);
    expect((await harness.http('GET', '/ai-assist/settings', a.admin)).body.configured).toBe(false);
  });

  it('stores the key sealed, answers it masked, keeps it when sent back masked', async () => {
    const saved = await configure(a, { baseUrl: `${openai.url}/v1/` });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      configured: true,
      baseUrl: `${openai.url}/v1`,
      apiKey: '********WXYZ',
      model: 'gpt-4o-mini',
    });
    const [row] = await harness.query<{ api_key_enc: string }>(
      'SELECT api_key_enc FROM tickets.ai_assist_settings WHERE company_id = $1',
      [a.companyId],
    );
    expect(row?.api_key_enc).toMatch(/^v1:/);
    expect(row?.api_key_enc).not.toContain('0123456789');
    const kept = await configure(a, { apiKey: '********WXYZ', model: 'gpt-4.1-mini' });
    expect(kept.body).toMatchObject({ apiKey: '********WXYZ', model: 'gpt-4.1-mini' });
    await configure(a);
    expect(JSON.stringify((await harness.http('GET', '/ai-assist/settings', a.admin)).body)).not.toContain(API_KEY);
    const audited = await expectEventually(() => {
      const entries = harness.events(a.companyId, 'audit.entry.recorded');
      expect(entries.filter((entry) => JSON.stringify(entry).includes('ai-assist.updated'))).toHaveLength(3);
      return entries;
    });
    expect(JSON.stringify(audited)).not.toContain(API_KEY);
  });

  it("is the admins' and each company's own: another company sees none and cannot remove it", async () => {
    expect((await harness.http('GET', '/ai-assist/settings', a.agent)).status).toBe(403);
    expect((await harness.http('PUT', '/ai-assist/settings', a.agent, {})).status).toBe(403);
    expect((await harness.http('GET', '/ai-assist/settings', b.admin)).body).toMatchObject({ configured: false });
    expect((await harness.http('DELETE', '/ai-assist/settings', b.admin)).status).toBe(200);
    expect((await harness.http('GET', '/ai-assist/settings', a.admin)).body).toMatchObject({ configured: true });
  });
});

describe('summary and suggestion', () => {
  it('streams the summary as the endpoint writes it, sending only this ticket’s messages', async () => {
    // another ticket of the company, whose messages must not be sent
    const other = await addContact(harness, a.companyId, a.companyId * 10 + 5, 'João Lima', '5511988887777');
    await ticketFrom(harness, a, other, 'Meu CPF é 123.456.789-00');
    const sentBefore = chatRequests().length;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    openai.pace = (index) => (index === 1 ? held : Promise.resolve());

    const answer = await assist('summary', a.admin);
    expect(answer.status).toBe(200);
    expect(answer.contentType).toMatch(/^text\/event-stream/);
    // the first piece arrives while the endpoint is still writing the rest
    const first = await answer.events.next();
    expect(first.value).toEqual({ event: 'delta', data: { text: 'Maria' } });
    release();
    const rest: Array<{ event: string; data: Record<string, string> }> = [];
    for await (const event of answer.events) rest.push(event);
    expect(rest.at(-1)).toEqual({ event: 'done', data: { text: SUMMARY } });
    expect(
      'Maria' +
        rest
          .filter((event) => event.event === 'delta')
          .map((event) => event.data.text)
          .join(''),
    ).toBe(SUMMARY);

    const sent = chatRequests().slice(sentBefore);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    const body = sent[0]?.json as ChatRequest & { stream: boolean };
    expect(body).toMatchObject({ model: 'gpt-4o-mini', stream: true, max_tokens: 300 });
    expect(body.messages).toHaveLength(2);
    expect(body.messages[1]?.content).toBe(
      [
        'Conversa (da mais antiga para a mais recente):',
        'Cliente: Oi, comprei um tênis no pedido 5521',
        'Cliente: Ficou pequeno',
        'Cliente: Quero trocar por um 41',
      ].join('\n'),
    );
    expect(JSON.stringify(body)).not.toContain('CPF');
    expect(JSON.stringify(body)).not.toContain(a.contact.number);
  });

  it('streams a suggestion that is never sent to the customer by itself', async () => {
    const answer = await assist('suggestion', a.admin);
    const events: Array<{ event: string; data: Record<string, string> }> = [];
    for await (const event of answer.events) events.push(event);
    expect(events.at(-1)).toEqual({ event: 'done', data: { text: SUGGESTION } });
    expect((chatRequests().at(-1)?.json as ChatRequest).messages[0]?.content).toMatch(/^Escreva um rascunho/);
    const stored = await harness.query('SELECT 1 FROM tickets.messages WHERE company_id = $1 AND from_me', [
      a.companyId,
    ]);
    expect(stored).toHaveLength(0);
    expect(harness.sentTexts(a.companyId)).not.toContain(SUGGESTION);
  });

  it("sends at most the ticket's newest messages, each cut to 1,000 characters", async () => {
    const id = (await ticketFrom(harness, b, b.contact, 'mensagem 0')).id;
    await configure(b);
    for (let n = 1; n <= 8; n += 1)
      await customerWrites(b, b.contact, n === 8 ? `longa ${'x'.repeat(3000)}` : `mensagem ${n}`, id);
    const answer = await assist('summary', b.admin, id);
    for await (const event of answer.events) expect(event.event).not.toBe('error');
    const lines = (chatRequests().at(-1)?.json as ChatRequest).messages[1]?.content.split('\n').slice(1) ?? [];
    expect(lines).toHaveLength(MAX_MESSAGES);
    expect(lines[0]).toBe('Cliente: mensagem 3');
    expect(lines.at(-1)).toBe(`Cliente: longa ${'x'.repeat(994)}…`);
  });

  it('answers 502 ERR_AI_ASSIST_FAILED when the endpoint refuses, without the key or its answer', async () => {
    failWith = {
      status: 401,
      error: {
        message: `Incorrect API key provided: ${API_KEY}`,
        type: 'invalid_request_error',
        code: 'invalid_api_key',
      },
    };
    const answer = await assist('summary', a.admin);
    expect(answer.status).toBe(502);
    const body = await answer.json();
    expect(body).toMatchObject({ error: 'ERR_AI_ASSIST_FAILED' });
    expect(body.message).toContain('401 (invalid_api_key)');
    expect(JSON.stringify(body)).not.toContain(API_KEY);
  });

  it('ends the stream with an error event when the endpoint drops midway', async () => {
    openai.pace = (index) => (index === 2 ? Promise.reject(new Error('connection lost')) : Promise.resolve());
    const answer = await assist('summary', a.admin);
    expect(answer.status).toBe(200);
    const events: Array<{ event: string; data: Record<string, string> }> = [];
    for await (const event of answer.events) events.push(event);
    // what had arrived stays shown; the stream then ends with the failure, never with `done`
    expect(events.slice(0, -1).every((event) => event.event === 'delta')).toBe(true);
    expect(events.at(-1)?.event).toBe('error');
    expect(events.at(-1)?.data).toEqual({
      error: 'ERR_AI_ASSIST_FAILED',
      message: expect.stringContaining('O provedor de IA da empresa falhou'),
    });
  });

  it('stops the call to the endpoint when the agent goes away', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    openai.pace = (index) => (index === 1 ? held : Promise.resolve());
    const leaving = new AbortController();
    const answer = await assist('suggestion', a.admin, ticketId, leaving.signal);
    expect((await answer.events.next()).value).toMatchObject({ event: 'delta' });
    const before = openai.abandoned;
    leaving.abort();
    await expectEventually(() => expect(openai.abandoned).toBe(before + 1));
    release();
  });

  it('refuses a base URL whose name resolves to loopback when it calls, sending nothing', async () => {
    await configure(a, { baseUrl: `http://localhost:${new URL(openai.url).port}/v1` });
    const before = openai.requests.length;
    const answer = await assist('suggestion', a.admin);
    expect(answer.status).toBe(502);
    expect((await answer.json()).message).toContain('não é permitido');
    expect(openai.requests).toHaveLength(before);
    await configure(a);
  });

  it("gives another company 404 for this company's ticket, sending nothing", async () => {
    const before = openai.requests.length;
    for (const kind of ['summary', 'suggestion'] as const) {
      const answer = await assist(kind, b.admin);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({ error: 'ERR_NO_TICKET_FOUND' });
    }
    // an agent of the company who may not open the ticket (queue-less, `allTicket` off)
    expect((await assist('summary', a.agent)).status).toBe(403);
    expect(openai.requests).toHaveLength(before);
  });
});

describe('plan flag', () => {
  it('refuses every route without useOpenAi and sends nothing', async () => {
    const snapshot = companySnapshot(a.companyId);
    await harness.publish('identity.company.updated', a.companyId, a.companyId, {
      ...snapshot,
      plan: { ...snapshot.plan, useOpenAi: false },
    });
    await expectEventually(async () => {
      expect((await harness.http('GET', '/ai-assist/settings', a.admin)).status).toBe(403);
    });
    expect((await configure(a)).status).toBe(403);
    expect((await harness.http('DELETE', '/ai-assist/settings', a.admin)).status).toBe(403);
    const before = openai.requests.length;
    for (const kind of ['summary', 'suggestion'] as const) {
      const answer = await assist(kind, a.admin);
      expect(answer.status).toBe(403);
      expect(await answer.json()).toMatchObject({ error: 'ERR_NO_PERMISSION' });
    }
    expect(openai.requests).toHaveLength(before);
    expect((await harness.http('GET', '/ai-assist/settings', b.admin)).status).toBe(200);
  });
});
