/* HTTP bodies are JSON read through assertions */
/**
 * The failure boundary of the chatbot, the queue integrations and the AI prompts on the inbound path, on real
 * PostgreSQL and Kafka against the local provider fakes: whatever fails, the customer's message is stored and
 * listed, the ticket waits pending in its queue as if no bot were configured, and the prompt or integration shows
 * the failure as its last error (GET /queueIntegration, GET /prompt) until its next success. A stored key the
 * service's secrets key cannot open flags that prompt alone instead of failing the company's list.
 */
import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { SecretBox } from '@cs/platform/secrets';
import { expectEventually, nextCompanyId } from '@cs/platform/testing';
import { ChatbotService } from '../../src/modules/chatbot/chatbot.service.js';
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
  dialogflowFake,
  type FakeServer,
  openAiFake,
  sendJson,
  serviceAccountJson,
  typebotFake,
  webhookFake,
} from '../../src/provider-fakes/index.js';

type Contact = ReturnType<typeof contactSnapshot>;

let webhookStatus = 500;
let aiFails = true;
const openai = openAiFake(() =>
  aiFails
    ? {
        status: 429,
        error: { message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' },
      }
    : 'Olá! Como posso ajudar?',
);
const typebot = typebotFake({ messages: [] }, () => ({ messages: [] }));
typebot.on('POST', /^\/api\/v1\/typebots\/quebrado\/startChat$/, (_request, response) =>
  sendJson(response, 500, { message: 'Internal server error' }),
);
const hooks = webhookFake(() => ({ reply: 'Recebido!' }));
hooks.on('POST', /^\/webhook\/instavel$/, (_request, response) =>
  webhookStatus === 200 ? sendJson(response, 200, { reply: 'Recebido!' }) : sendJson(response, webhookStatus, {}),
);
// an n8n flow that never answers
hooks.on('POST', /^\/webhook\/lento$/, () => undefined);
const dialogflow = dialogflowFake({});
const fakes: FakeServer[] = [openai, typebot, hooks, dialogflow];

let harness: Harness;

const hostOf = (fake: FakeServer): string => new URL(fake.url).host;

beforeAll(async () => {
  for (const fake of fakes) await fake.start();
  harness = new Harness({
    TICKETS_OPENAI_BASE_URL: `${openai.url}/v1`,
    TICKETS_GOOGLE_TOKEN_URL: `${dialogflow.url}/token`,
    TICKETS_DIALOGFLOW_BASE_URL: dialogflow.url,
    // long enough for the fakes that answer on a busy machine, short for the one that never does
    TICKETS_INTEGRATION_TIMEOUT_MS: '3000',
    OUTBOUND_HTTP_ALLOWED_HOSTS: `${hostOf(typebot)},${hostOf(hooks)}`,
  });
  await harness.start();
});

afterAll(async () => {
  await harness.stop();
  for (const fake of fakes) await fake.stop();
});

interface Company extends CompanySetup {
  readonly queueId: number;
}

/** A company whose connection has one queue, `queue` (its integration or prompt, its option menu). */
async function company(queue: Record<string, unknown> = {}): Promise<Company> {
  const setup = await setupCompany(harness, await nextCompanyId());
  const created = await harness.http('POST', '/queue', setup.admin, {
    name: 'Atendimento',
    color: '#4caf50',
    ...queue,
  });
  expect(created.status).toBe(200);
  await updateConnection(harness, setup, { queueIds: [created.body.id] });
  return { ...setup, queueId: created.body.id as number };
}

async function newContact(setup: CompanySetup): Promise<Contact> {
  const id = uniqueId();
  return addContact(harness, setup.companyId, id, 'Carla Dias', `5511${String(id).padStart(9, '0').slice(-9)}`);
}

interface TicketState {
  id: number;
  status: string;
  queue_id: number | null;
  user_id: number | null;
  use_integration: boolean;
  chatbot: boolean;
}

/** A customer message as contacts republishes it; waits until it is stored and answers its ticket. */
async function say(setup: CompanySetup, contact: Contact, body: string): Promise<TicketState> {
  const messageId = `3EB0${randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase()}`;
  await harness.publish(
    'contacts.inbound-message.resolved',
    setup.companyId,
    `${setup.connectionId}:${contact.number}`,
    inboundText(contact, setup.connectionId, body, messageId),
  );
  return expectEventually(async () => {
    const [row] = await harness.query<Record<string, unknown>>(
      `SELECT t.id, t.status, t.queue_id, t.user_id, t.use_integration, t.chatbot FROM tickets.messages m
         JOIN tickets.tickets t ON t.company_id = m.company_id AND t.id = m.ticket_id
        WHERE m.company_id = $1 AND m.wa_id = $2`,
      [setup.companyId, messageId],
    );
    expect(row).toBeDefined();
    return row as unknown as TicketState;
  });
}

const ticketOf = async (setup: CompanySetup, id: number): Promise<TicketState> =>
  (
    await harness.query<Record<string, unknown>>(
      'SELECT id, status, queue_id, user_id, use_integration, chatbot FROM tickets.tickets WHERE company_id = $1 AND id = $2',
      [setup.companyId, id],
    )
  )[0] as unknown as TicketState;

/** The customer's message as the agent's chat shows it (GET /messages/{ticketId}). */
async function expectShown(setup: Company, ticketId: number, body: string): Promise<void> {
  const shown = await harness.http('GET', `/messages/${ticketId}`, setup.admin);
  expect(shown.status).toBe(200);
  expect((shown.body.messages as Array<{ body: string; fromMe: boolean }>).map((message) => message.body)).toContain(
    body,
  );
}

/** Waits until the bot let go of the ticket: pending, no person, in the company's queue, no bot nor menu. */
async function expectPendingInQueue(setup: Company, ticketId: number): Promise<void> {
  await expectEventually(async () =>
    expect(await ticketOf(setup, ticketId)).toMatchObject({
      status: 'pending',
      user_id: null,
      queue_id: setup.queueId,
      use_integration: false,
      chatbot: false,
    }),
  );
}

async function integrationLastError(setup: CompanySetup, id: number) {
  const list = await harness.http('GET', '/queueIntegration', setup.admin);
  expect(list.status).toBe(200);
  return (list.body.queueIntegrations as Array<{ id: number; lastError: { at: string; message: string } | null }>).find(
    (integration) => integration.id === id,
  )?.lastError;
}

async function createIntegration(setup: CompanySetup, body: Record<string, unknown>): Promise<number> {
  const created = await harness.http('POST', '/queueIntegration', setup.admin, body);
  expect(created.status).toBe(200);
  return created.body.id as number;
}

describe('the chatbot failing', () => {
  it('keeps a message that reaches a queue whose option is a number above int32, and shows the menu', async () => {
    const setup = await company({ greetingMessage: 'Escolha:' });
    // the API refuses such a key now (400 ERR_VALIDATION): a row stored before that rule
    await harness.query(
      `INSERT INTO tickets.queue_options (company_id, queue_id, title, message, option)
       VALUES ($1, $2, 'Segunda via', 'Segue a segunda via.', '99999999999')`,
      [setup.companyId, setup.queueId],
    );
    const contact = await newContact(setup);
    const ticket = await say(setup, contact, 'Oi, preciso da segunda via');
    await expectShown(setup, ticket.id, 'Oi, preciso da segunda via');
    expect(ticket).toMatchObject({ status: 'pending', queue_id: setup.queueId, chatbot: true });
    await harness.waitForText(setup.companyId, 'Escolha:\n\n*[ 99999999999 ]* - Segunda via\n\n*[ # ]* - Menu inicial');
  });

  it('keeps the message and leaves the ticket pending in its queue when the chatbot throws', async () => {
    const setup = await company();
    const chatbot = harness.app.app.get(ChatbotService);
    const spy = jest.spyOn(chatbot, 'handle').mockRejectedValue(new Error('chatbot exploded'));
    try {
      const contact = await newContact(setup);
      const ticket = await say(setup, contact, 'Olá, alguém aí?');
      expect(spy).toHaveBeenCalled();
      await expectShown(setup, ticket.id, 'Olá, alguém aí?');
      await expectPendingInQueue(setup, ticket.id);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('a queue integration failing', () => {
  it.each([
    [
      'Typebot answering 500',
      () => ({ type: 'typebot', urlN8N: typebot.url, typebotSlug: 'quebrado' }),
      'typebot answered 500',
    ],
    [
      'a webhook answering 500',
      () => ({ type: 'webhook', urlN8N: `${hooks.url}/webhook/instavel` }),
      'webhook answered 500',
    ],
    ['n8n not answering in time', () => ({ type: 'n8n', urlN8N: `${hooks.url}/webhook/lento` }), 'no answer in time'],
    [
      'Dialogflow refusing the credentials',
      () => ({
        type: 'dialogflow',
        projectName: 'loja-exemplo-123',
        jsonContent: serviceAccountJson(undefined, true),
        language: 'pt-BR',
      }),
      'Dialogflow: token endpoint answered 400',
    ],
  ])('%s: the message is kept, the ticket waits in its queue, the admin sees the error', async (_kind, body, error) => {
    webhookStatus = 500;
    const setup = await setupCompany(harness, await nextCompanyId());
    const integrationId = await createIntegration(setup, { name: `Bot ${uniqueId()}`, ...body() });
    const created = await harness.http('POST', '/queue', setup.admin, {
      name: 'Atendimento',
      color: '#4caf50',
      integrationId,
    });
    await updateConnection(harness, setup, { queueIds: [created.body.id] });
    const company = { ...setup, queueId: created.body.id as number };
    const contact = await newContact(company);
    const ticket = await say(company, contact, 'Quero falar sobre meu pedido');
    await expectShown(company, ticket.id, 'Quero falar sobre meu pedido');
    await expectPendingInQueue(company, ticket.id);
    const lastError = await expectEventually(async () => {
      const found = await integrationLastError(company, integrationId);
      expect(found?.message).toContain(error);
      return found;
    });
    expect(Date.parse(lastError?.at ?? '')).not.toBeNaN();
    expect(JSON.stringify(lastError)).not.toContain('private_key');
  });

  it("clears the integration's last error when it answers again", async () => {
    webhookStatus = 500;
    const setup = await company();
    const integrationId = await createIntegration(setup, {
      name: 'Webhook instável',
      type: 'webhook',
      urlN8N: `${hooks.url}/webhook/instavel`,
    });
    await harness.http('PUT', `/queue/${setup.queueId}`, setup.admin, { integrationId });
    await say(setup, await newContact(setup), 'primeira');
    await expectEventually(async () =>
      expect((await integrationLastError(setup, integrationId))?.message).toBe('webhook answered 500'),
    );
    webhookStatus = 200;
    await say(setup, await newContact(setup), 'segunda');
    await expectEventually(async () => expect(await integrationLastError(setup, integrationId)).toBeNull());
    // another company sees neither the integration nor its error
    const stranger = await setupCompany(harness, await nextCompanyId());
    expect((await harness.http('GET', `/queueIntegration/${integrationId}`, stranger.admin)).status).toBe(404);
  });
});

describe('an AI prompt failing', () => {
  it("OpenAI's 429: the message is kept, the ticket waits in the prompt's queue, GET /prompt shows the error", async () => {
    aiFails = true;
    const setup = await setupCompany(harness, await nextCompanyId());
    const queue = await harness.http('POST', '/queue', setup.admin, { name: 'IA', color: '#9c27b0' });
    const prompt = await harness.http('POST', '/prompt', setup.admin, {
      name: 'Assistente',
      prompt: 'Seja breve.',
      apiKey: 'sk-test-0123456789abcdef',
      queueId: queue.body.id,
    });
    expect(prompt.status).toBe(200);
    await harness.http('PUT', `/queue/${queue.body.id}`, setup.admin, { promptId: prompt.body.id });
    await updateConnection(harness, setup, { queueIds: [queue.body.id] });
    const company = { ...setup, queueId: queue.body.id as number };
    const ticket = await say(company, await newContact(company), 'Minha fatura veio errada');
    await expectShown(company, ticket.id, 'Minha fatura veio errada');
    await expectPendingInQueue(company, ticket.id);
    const lastErrorOf = async () => {
      const list = await harness.http('GET', '/prompt', setup.admin);
      expect(list.status).toBe(200);
      return (list.body.prompts as Array<{ id: number; lastError: { at: string; message: string } | null }>).find(
        (row) => row.id === prompt.body.id,
      )?.lastError;
    };
    await expectEventually(async () =>
      expect((await lastErrorOf())?.message).toBe('OpenAI answered 429 (insufficient_quota)'),
    );
    expect(JSON.stringify(await lastErrorOf())).not.toContain('sk-test');

    aiFails = false;
    await say(company, await newContact(company), 'Oi de novo');
    await expectEventually(async () => expect(await lastErrorOf()).toBeNull());
  });

  it('a stored key the secrets key cannot open flags that prompt alone: the list still answers', async () => {
    const setup = await setupCompany(harness, await nextCompanyId());
    const queue = await harness.http('POST', '/queue', setup.admin, { name: 'IA', color: '#9c27b0' });
    const create = (name: string) =>
      harness.http('POST', '/prompt', setup.admin, {
        name,
        prompt: 'Seja breve.',
        apiKey: 'sk-test-0123456789abcdef',
        queueId: queue.body.id,
      });
    const lost = (await create('Chave perdida')).body.id as number;
    const kept = (await create('Chave boa')).body.id as number;
    // sealed by an earlier run whose key is gone
    const sealed = new SecretBox('a-key-no-longer-configured-0123456789').seal('sk-old-0123456789abcdef');
    await harness.query('UPDATE tickets.prompts SET api_key_enc = $3 WHERE company_id = $1 AND id = $2', [
      setup.companyId,
      lost,
      sealed,
    ]);
    const list = await harness.http('GET', '/prompt', setup.admin);
    expect(list.status).toBe(200);
    const rows = list.body.prompts as Array<{ id: number; keyUnreadable: boolean; apiKey: string }>;
    expect(rows.find((row) => row.id === lost)).toMatchObject({ keyUnreadable: true, apiKey: '' });
    expect(rows.find((row) => row.id === kept)).toMatchObject({ keyUnreadable: false, apiKey: '********cdef' });
    expect((await harness.http('GET', `/prompt/${lost}`, setup.admin)).body.keyUnreadable).toBe(true);

    // saving it again with the masked (unreadable) key asks for the key; a new key makes it readable
    const shown = (await harness.http('GET', `/prompt/${lost}`, setup.admin)).body;
    const again = await harness.http('PUT', `/prompt/${lost}`, setup.admin, { ...shown, apiKey: '********' });
    expect(again.status).toBe(400);
    const fixed = await harness.http('PUT', `/prompt/${lost}`, setup.admin, {
      ...shown,
      apiKey: 'sk-new-0123456789abcdef',
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body).toMatchObject({ keyUnreadable: false, apiKey: '********cdef' });
  });
});
