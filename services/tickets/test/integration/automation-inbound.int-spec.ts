/**
 * Prompts and queue integrations answering customers through the inbound flow, on real PostgreSQL and Kafka,
 * against local fakes of OpenAI, Azure TTS, Typebot, an n8n webhook and Dialogflow that speak their real HTTP
 * shapes: the AI with its history and handoff, failures falling back to the queue, a Typebot flow end to end,
 * webhook round trips, a Dialogflow handoff intent, and SSRF attempts refused.
 */
import { randomUUID } from 'node:crypto';
import { expectEventually, nextCompanyId } from '@cs/platform/testing';
import { SendMessage } from '@cs/proto/events';
import {
  addContact,
  type CompanySetup,
  type contactSnapshot,
  Harness,
  inboundText,
  setupCompany,
  uniqueId,
  updateConnection,
} from '../support/harness.js';
import {
  azureTtsFake,
  type ChatRequest,
  dialogflowFake,
  type FakeServer,
  fileFake,
  markdownBubble,
  openAiFake,
  serviceAccountJson,
  typebotFake,
  webhookFake,
} from '../../src/provider-fakes/index.js';

type Contact = ReturnType<typeof contactSnapshot>;

let aiAnswer: (request: ChatRequest) => ReturnType<Parameters<typeof openAiFake>[0]> = () => 'Olá!';
const openai = openAiFake((request) => aiAnswer(request), 'quero saber o preço do plano anual');
const azure = azureTtsFake();
const files = fileFake({ 'nota.ogg': { type: 'audio/ogg', body: Buffer.from('OggS-fake-voice-note') } });
const typebot = typebotFake(
  {
    messages: [
      markdownBubble('Olá, **{{pushName}}**! Sou o assistente da loja.'),
      { id: 'img1', type: 'image', content: { url: 'https://typebot.exemplo.com.br/banner.png' } },
    ],
    input: {
      id: 'in1',
      type: 'choice input',
      items: [
        { id: 'i1', content: 'Vendas' },
        { id: 'i2', content: 'Suporte' },
      ],
    },
  },
  (text) =>
    text === 'Vendas'
      ? { messages: [markdownBubble('Vou chamar um vendedor.'), markdownBubble(`#{"queueId":${salesQueue}}`)] }
      : text === 'Suporte'
        ? { messages: [markdownBubble('Descreva o problema.')], input: { id: 'in2', type: 'text input' } }
        : {
            messages: [markdownBubble('Invalid message. Please, try again.')],
            input: { id: 'in1', type: 'choice input', items: [] },
          },
);
const n8n = webhookFake((body) => {
  const text = (body as { message: { body: string } }).message.body;
  return text === 'status' ? { reply: 'Seu pedido 778 está a caminho.' } : text === 'humano' ? { handoff: true } : null;
});
const dialogflow = dialogflowFake({
  oi: { intent: 'Boas-vindas', text: 'Oi! Posso ajudar com pedidos e trocas.' },
  'quero falar com uma pessoa': { intent: 'Handoff - atendente', text: 'Vou transferir você para um atendente.' },
});
const fakes: FakeServer[] = [openai, azure, files, typebot, n8n, dialogflow];

let harness: Harness;
let setup: CompanySetup;
let salesQueue: number;

const hostOf = (fake: FakeServer): string => new URL(fake.url).host;

beforeAll(async () => {
  for (const fake of fakes) await fake.start();
  harness = new Harness({
    TICKETS_OPENAI_BASE_URL: `${openai.url}/v1`,
    TICKETS_AZURE_TTS_URL: `${azure.url}/{region}/cognitiveservices/v1`,
    TICKETS_GOOGLE_TOKEN_URL: `${dialogflow.url}/token`,
    TICKETS_DIALOGFLOW_BASE_URL: dialogflow.url,
    // only the Typebot and n8n fakes are let through the SSRF rules (loopback otherwise refused)
    OUTBOUND_HTTP_ALLOWED_HOSTS: `${hostOf(typebot)},${hostOf(n8n)}`,
  });
  await harness.start();
  setup = await setupCompany(harness, await nextCompanyId());
  salesQueue = (await harness.http('POST', '/queue', setup.admin, { name: 'Vendas', color: '#4caf50' })).body.id;
});

afterAll(async () => {
  await harness.stop();
  for (const fake of fakes) await fake.stop();
});

async function newContact(name: string): Promise<Contact> {
  const id = uniqueId();
  return addContact(harness, setup.companyId, id, name, `5511${String(id).padStart(9, '0').slice(-9)}`);
}

/** A customer message, as contacts republishes it; waits until it is stored. Answers its ticket's row. */
async function say(
  contact: Contact,
  body: string,
  media: { url: string; mimeType: string; fileName: string } | null = null,
): Promise<{ id: number; queue_id: number | null; use_integration: boolean; status: string; user_id: number | null }> {
  const messageId = `3EB0${randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase()}`;
  const payload = inboundText(contact, setup.connectionId, body, messageId);
  if (media) {
    Object.assign(payload.source.data, { kind: 'audio', media: { ...media, size: 20, ptt: true } });
  }
  await harness.publish(
    'contacts.inbound-message.resolved',
    setup.companyId,
    `${setup.connectionId}:${contact.number}`,
    payload,
  );
  return expectEventually(async () => {
    const [row] = await harness.query<{
      id: number;
      queue_id: number | null;
      use_integration: boolean;
      status: string;
      user_id: number | null;
    }>(
      `SELECT t.id, t.queue_id, t.use_integration, t.status, t.user_id FROM tickets.messages m
         JOIN tickets.tickets t ON t.company_id = m.company_id AND t.id = m.ticket_id
        WHERE m.company_id = $1 AND m.wa_id = $2`,
      [setup.companyId, messageId],
    );
    expect(row).toBeDefined();
    return row as NonNullable<typeof row>;
  });
}

const ticketRow = async (id: number) =>
  (
    await harness.query<{
      queue_id: number | null;
      use_integration: boolean;
      prompt_id: number | null;
      integration_id: number | null;
      status: string;
      user_id: number | null;
    }>(
      'SELECT queue_id, use_integration, prompt_id, integration_id, status, user_id FROM tickets.tickets WHERE id = $1',
      [id],
    )
  )[0];

/** The bot answers the ticket's customer messages were queued for (queued in the inbound transaction). */
const botJobsOf = async (ticketId: number): Promise<number> =>
  (
    await harness.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM tickets_jobs.job WHERE name = 'tickets.automation.reply' AND data->>'ticketId' = $1`,
      [String(ticketId)],
    )
  )[0]?.count ?? 0;

const sendsTo = (contact: Contact) =>
  harness
    .eventsOf(setup.companyId, SendMessage)
    .filter((event) => event.data.chatJid === `${contact.number}@s.whatsapp.net`)
    .map((event) => event.data.content);

async function createIntegration(body: Record<string, unknown>): Promise<number> {
  const created = await harness.http('POST', '/queueIntegration', setup.admin, body);
  expect(created.status).toBe(200);
  return created.body.id as number;
}

describe('AI prompt on the connection', () => {
  let promptId: number;

  beforeAll(async () => {
    promptId = (
      await harness.http('POST', '/prompt', setup.admin, {
        name: 'Assistente',
        prompt: 'Você é a assistente da Loja Exemplo. Seja breve.',
        apiKey: 'sk-test-0123456789abcdef',
        queueId: salesQueue,
        maxTokens: 120,
        temperature: 0.3,
        maxMessages: 3,
      })
    ).body.id;
    await updateConnection(harness, setup, { promptId, integrationId: null });
  });

  it('answers with the prompt as system message and the last maxMessages messages as history', async () => {
    const maria = await newContact('Maria Souza');
    aiAnswer = (request) =>
      request.messages.length > 2 ? 'O plano anual custa R$ 990.' : 'Olá Maria! Como posso ajudar?';
    const ticket = await say(maria, 'Oi, boa tarde');
    await expectEventually(() =>
      expect(sendsTo(maria)).toEqual([{ kind: 'text', body: 'Olá Maria! Como posso ajudar?' }]),
    );
    await say(maria, 'Quanto custa o plano anual?');
    await expectEventually(() =>
      expect(sendsTo(maria).map((content) => (content.kind === 'text' ? content.body : content.kind))).toContain(
        'O plano anual custa R$ 990.',
      ),
    );
    const last = openai.requests.filter((request) => request.path === '/v1/chat/completions').at(-1)
      ?.json as ChatRequest;
    expect(last).toMatchObject({ max_tokens: 120, temperature: 0.3 });
    expect(last.messages[0]?.role).toBe('system');
    expect(last.messages[0]?.content).toContain('Você é a assistente da Loja Exemplo. Seja breve.');
    // the last 3 messages of the ticket, oldest first (the first greeting fell out of the window)
    expect(last.messages.slice(1)).toEqual([
      { role: 'user', content: 'Oi, boa tarde' },
      { role: 'assistant', content: 'Olá Maria! Como posso ajudar?' },
      { role: 'user', content: 'Quanto custa o plano anual?' },
    ]);
    expect((await ticketRow(ticket.id))?.use_integration).toBe(true);
  });

  it("hands the ticket to the prompt's queue on the model's signal, and stops answering", async () => {
    const joao = await newContact('João Lima');
    aiAnswer = () => 'Ação: Transferir para o setor de atendimento. Um momento, vou chamar alguém.';
    const ticket = await say(joao, 'Quero cancelar meu contrato');
    await expectEventually(async () =>
      expect(await ticketRow(ticket.id)).toMatchObject({
        use_integration: false,
        prompt_id: null,
        queue_id: salesQueue,
        status: 'pending',
      }),
    );
    // the ticket row changes in the send's transaction; the send event reaches the observer a moment later
    await expectEventually(() =>
      expect(sendsTo(joao)).toEqual([{ kind: 'text', body: 'Um momento, vou chamar alguém.' }]),
    );
    const calls = openai.requests.length;
    const jobs = await botJobsOf(ticket.id);
    expect(jobs).toBeGreaterThan(0);
    // `say` returns once the message is stored: a bot answer would have been queued in that transaction
    await say(joao, 'Alô?');
    expect(await botJobsOf(ticket.id)).toBe(jobs);
    expect(openai.requests).toHaveLength(calls);
  });

  it('hands over on the customer keyword without asking the model', async () => {
    const ana = await newContact('Ana Paula');
    const calls = openai.requests.length;
    const ticket = await say(ana, 'Atendente');
    await expectEventually(async () =>
      expect(await ticketRow(ticket.id)).toMatchObject({ use_integration: false, queue_id: salesQueue }),
    );
    expect(openai.requests).toHaveLength(calls);
  });

  it('keeps the message and falls back to the queue when OpenAI fails (quota)', async () => {
    const carla = await newContact('Carla Dias');
    aiAnswer = () => ({
      status: 429,
      error: { message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' },
    });
    const ticket = await say(carla, 'Preciso de ajuda com a fatura');
    await expectEventually(async () =>
      expect(await ticketRow(ticket.id)).toMatchObject({ use_integration: false, queue_id: salesQueue }),
    );
    const stored = await harness.query('SELECT 1 FROM tickets.messages WHERE ticket_id = $1 AND body = $2', [
      ticket.id,
      'Preciso de ajuda com a fatura',
    ]);
    expect(stored).toHaveLength(1);
    expect(sendsTo(carla)).toEqual([]);
  });

  it('transcribes an incoming voice note and answers with an Azure voice as a voice note', async () => {
    const shown = (await harness.http('GET', `/prompt/${promptId}`, setup.admin)).body;
    await harness.http('PUT', `/prompt/${promptId}`, setup.admin, {
      ...shown,
      voice: 'pt-BR-FranciscaNeural',
      voiceKey: 'azure-speech-key-123456',
      voiceRegion: 'brazilsouth',
    });
    const bia = await newContact('Bia Nunes');
    aiAnswer = (request) => `Resposta para: ${request.messages.at(-1)?.content ?? ''}`;
    await say(bia, '', { url: `${files.url}/files/nota.ogg`, mimeType: 'audio/ogg', fileName: 'nota.ogg' });
    await expectEventually(() => expect(sendsTo(bia)).toHaveLength(1));
    expect(sendsTo(bia)[0]).toMatchObject({ kind: 'media', mediaType: 'audio', ptt: true });
    const last = openai.requests.filter((request) => request.path === '/v1/chat/completions').at(-1)
      ?.json as ChatRequest;
    expect(last.messages.at(-1)).toEqual({ role: 'user', content: 'quero saber o preço do plano anual' });
    const tts = azure.requests.at(-1);
    expect(tts?.path).toBe('/brazilsouth/cognitiveservices/v1');
    expect(tts?.headers['ocp-apim-subscription-key']).toBe('azure-speech-key-123456');
    expect(tts?.body.toString()).toContain(
      '<voice name="pt-BR-FranciscaNeural">Resposta para: quero saber o preço do plano anual</voice>',
    );
    await harness.http('PUT', `/prompt/${promptId}`, setup.admin, { ...shown, voice: 'texto' });
  });
});

describe('Typebot on the connection', () => {
  let integrationId: number;

  beforeAll(async () => {
    integrationId = await createIntegration({
      type: 'typebot',
      name: 'Bot da loja',
      urlN8N: typebot.url,
      typebotSlug: 'loja-abc123',
      typebotDelayMessage: 50,
      typebotExpires: 30,
      typebotKeywordFinish: 'sair',
      typebotKeywordRestart: 'reiniciar',
      typebotUnknownMessage: 'Não entendi, escolha uma opção.',
      typebotRestartMessage: 'Vamos recomeçar!',
    });
    await updateConnection(harness, setup, { promptId: null, integrationId });
  });

  it('talks a flow end to end: start, messages in order, choices, unknown answer, command to a queue', async () => {
    const pedro = await newContact('Pedro Alves');
    const ticket = await say(pedro, 'oi');
    await expectEventually(() => expect(sendsTo(pedro)).toHaveLength(3));
    expect(sendsTo(pedro)).toEqual([
      { kind: 'text', body: 'Olá, *{{pushName}}*! Sou o assistente da loja.' },
      expect.objectContaining({ kind: 'media', mediaType: 'image', url: 'https://typebot.exemplo.com.br/banner.png' }),
      { kind: 'text', body: '▶️ Vendas\n▶️ Suporte' },
    ]);
    const start = typebot.requests.find((request) => request.path === '/api/v1/typebots/loja-abc123/startChat');
    expect(start?.json).toMatchObject({ prefilledVariables: { number: pedro.number, pushName: 'Pedro Alves' } });
    const [session] = await harness.query<{ session_id: string }>(
      'SELECT session_id FROM tickets.integration_sessions WHERE ticket_id = $1',
      [ticket.id],
    );
    expect(session?.session_id).toMatch(/^sess-\d+$/);

    await say(pedro, 'talvez');
    await expectEventually(() =>
      expect(sendsTo(pedro).at(-1)).toEqual({ kind: 'text', body: 'Não entendi, escolha uma opção.' }),
    );
    const continued = typebot.requests.at(-1);
    expect(continued?.path).toBe(`/api/v1/sessions/${session?.session_id}/continueChat`);
    expect(continued?.json).toMatchObject({ message: { type: 'text', text: 'talvez' } });
  });

  it('restarts on the restart keyword and closes on the finish keyword', async () => {
    const lia = await newContact('Lia Castro');
    const ticket = await say(lia, 'olá');
    await expectEventually(() => expect(sendsTo(lia)).toHaveLength(3));
    await say(lia, 'Reiniciar');
    await expectEventually(() => expect(sendsTo(lia).at(-1)).toEqual({ kind: 'text', body: 'Vamos recomeçar!' }));
    expect(await harness.query('SELECT 1 FROM tickets.integration_sessions WHERE ticket_id = $1', [ticket.id])).toEqual(
      [],
    );
    await say(lia, 'sair');
    await expectEventually(async () =>
      expect(await ticketRow(ticket.id)).toMatchObject({ status: 'closed', use_integration: false }),
    );
  });
});

describe('Typebot command', () => {
  it('hands the ticket to the queue a `#{"queueId": N}` text names, and the bot stops', async () => {
    const rui = await newContact('Rui Prado');
    const ticket = await say(rui, 'oi');
    await expectEventually(() => expect(sendsTo(rui)).toHaveLength(3));
    await say(rui, 'Vendas');
    await expectEventually(async () =>
      expect(await ticketRow(ticket.id)).toMatchObject({ use_integration: false, queue_id: salesQueue }),
    );
    await expectEventually(() =>
      expect(sendsTo(rui).at(-1)).toEqual({ kind: 'text', body: 'Vou chamar um vendedor.' }),
    );
  });
});

describe('n8n / webhook', () => {
  it('posts the message and the ticket, sends the reply, and hands over when asked', async () => {
    const integrationId = await createIntegration({
      type: 'n8n',
      name: 'Fluxo n8n',
      urlN8N: `${n8n.url}/webhook/pedidos`,
    });
    await updateConnection(harness, setup, { promptId: null, integrationId });
    const tais = await newContact('Taís Rocha');
    const ticket = await say(tais, 'status');
    await expectEventually(() =>
      expect(sendsTo(tais)).toEqual([{ kind: 'text', body: 'Seu pedido 778 está a caminho.' }]),
    );
    const posted = n8n.requests.at(-1);
    expect(posted?.headers['content-type']).toBe('application/json');
    expect(posted?.json).toMatchObject({
      event: 'message',
      message: { body: 'status', fromMe: false },
      ticket: { id: ticket.id, whatsappId: setup.connectionId },
      contact: { name: 'Taís Rocha', number: tais.number },
    });
    await say(tais, 'humano');
    await expectEventually(async () => expect(await ticketRow(ticket.id)).toMatchObject({ use_integration: false }));
  });
});

describe('Dialogflow', () => {
  it('answers with the fulfilment text and a handoff intent moves the ticket to a person', async () => {
    const integrationId = await createIntegration({
      type: 'dialogflow',
      name: 'Agente Dialogflow',
      projectName: 'loja-exemplo-123',
      jsonContent: serviceAccountJson(),
      language: 'pt-BR',
    });
    await updateConnection(harness, setup, { promptId: null, integrationId });
    const leo = await newContact('Leo Matos');
    const ticket = await say(leo, 'oi');
    await expectEventually(() =>
      expect(sendsTo(leo)).toEqual([{ kind: 'text', body: 'Oi! Posso ajudar com pedidos e trocas.' }]),
    );
    await say(leo, 'quero falar com uma pessoa');
    await expectEventually(async () =>
      expect(await ticketRow(ticket.id)).toMatchObject({ use_integration: false, integration_id: null }),
    );
    await expectEventually(() =>
      expect(sendsTo(leo).at(-1)).toEqual({ kind: 'text', body: 'Vou transferir você para um atendente.' }),
    );
    const detects = dialogflow.requests.filter((request) => request.path.endsWith(':detectIntent'));
    const sessions = new Set(detects.slice(-2).map((request) => request.path.split('/')[6]));
    expect(sessions.size).toBe(1);
    expect(detects.at(-1)?.json).toEqual({
      queryInput: { text: { text: 'quero falar com uma pessoa', languageCode: 'pt-BR' } },
    });
  });
});

describe('SSRF', () => {
  it.each([
    ['a loopback address', () => `http://127.0.0.1:${new URL(openai.url).port}/v1/chat/completions`],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['a DNS name resolving to 127.0.0.1', () => `http://localhost:${new URL(n8n.url).port}/webhook/pedidos`],
  ])('refuses a webhook to %s: nothing is called and the ticket goes to a person', async (_label, url) => {
    const integrationId = await createIntegration({ type: 'webhook', name: `Hook ${uniqueId()}`, urlN8N: url() });
    await updateConnection(harness, setup, { promptId: null, integrationId });
    const before = openai.requests.length + n8n.requests.length;
    const guest = await newContact('Visitante');
    const ticket = await say(guest, 'olá');
    await expectEventually(async () => expect(await ticketRow(ticket.id)).toMatchObject({ use_integration: false }));
    expect(openai.requests.length + n8n.requests.length).toBe(before);
    expect(sendsTo(guest)).toEqual([]);
  });
});
