/**
 * AI prompts (`/prompt`) and queue integrations (`/queueIntegration`, `testSession` against a local Dialogflow
 * fake) through the HTTP API on real PostgreSQL and Kafka: fields, defaults, validation texts, secrets encrypted
 * and masked, realtime events, plan flags and tenancy.
 */
import { expectEventually, nextCompanyId } from '@cs/platform/testing';
import { companySnapshot, type CompanySetup, Harness, setupCompany } from '../support/harness.js';
import { dialogflowFake, type FakeServer, serviceAccountJson } from '../../src/provider-fakes/index.js';

let dialogflow: FakeServer;
let harness: Harness;
let setup: CompanySetup;
let other: CompanySetup;
let queueId: number;

beforeAll(async () => {
  dialogflow = await dialogflowFake({ olá: { intent: 'Boas-vindas', text: 'Olá! Como posso ajudar?' } }).start();
  harness = new Harness({
    TICKETS_GOOGLE_TOKEN_URL: `${dialogflow.url}/token`,
    TICKETS_DIALOGFLOW_BASE_URL: dialogflow.url,
  });
  await harness.start();
  setup = await setupCompany(harness, await nextCompanyId());
  other = await setupCompany(harness, await nextCompanyId());
  queueId = (await harness.http('POST', '/queue', setup.admin, { name: 'Vendas', color: '#2196f3' })).body.id;
});

afterAll(async () => {
  await harness.stop();
  await dialogflow.stop();
});

const API_KEY = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789';

describe('AI prompts', () => {
  let promptId: number;

  it('requires the queue with the spec text and applies the defaults', async () => {
    const missing = await harness.http('POST', '/prompt', setup.admin, { name: 'Atendente', prompt: 'Seja gentil.' });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toContainEqual({ path: 'queueId', message: 'Informe o setor' });
    const foreignQueue = await harness.http('POST', '/prompt', other.admin, {
      name: 'Atendente',
      prompt: 'Seja gentil.',
      apiKey: API_KEY,
      queueId,
    });
    expect(foreignQueue.status).toBe(400);
    expect(foreignQueue.body.details).toEqual([{ path: 'queueId', message: 'Informe o setor' }]);
    const noKey = await harness.http('POST', '/prompt', setup.admin, { name: 'A', prompt: 'B', queueId });
    expect(noKey.body.details).toEqual([{ path: 'apiKey', message: 'Obrigatório' }]);

    const created = await harness.http('POST', '/prompt', setup.admin, {
      name: 'Atendente virtual',
      prompt: 'Você é a assistente da loja. Responda com cordialidade.',
      apiKey: API_KEY,
      queueId,
    });
    expect(created.status).toBe(200);
    promptId = created.body.id;
    expect(created.body).toMatchObject({
      name: 'Atendente virtual',
      voice: 'texto',
      maxTokens: 100,
      temperature: 1,
      maxMessages: 10,
      queueId,
      queue: { id: queueId, name: 'Vendas' },
      apiKey: '********6789',
    });
  });

  it('stores the API key encrypted and never returns or publishes it whole', async () => {
    const [row] = await harness.query<{ api_key_enc: string }>(
      'SELECT api_key_enc FROM tickets.prompts WHERE id = $1',
      [promptId],
    );
    expect(row?.api_key_enc).toMatch(/^v1:/);
    expect(row?.api_key_enc).not.toContain('abcdefghij');
    const shown = await harness.http('GET', `/prompt/${promptId}`, setup.admin);
    expect(JSON.stringify(shown.body)).not.toContain(API_KEY);
    const event = await expectEventually(() => {
      const found = harness.events(setup.companyId, 'tickets.prompt.created').at(-1);
      expect(found).toBeDefined();
      return found;
    });
    expect(event?.data).toMatchObject({ id: promptId, apiKey: '********6789' });
    expect(JSON.stringify(event)).not.toContain(API_KEY);
  });

  it('keeps the stored key when the masked value comes back, and replaces it when a new one is typed', async () => {
    const shown = (await harness.http('GET', `/prompt/${promptId}`, setup.admin)).body;
    const kept = await harness.http('PUT', `/prompt/${promptId}`, setup.admin, { ...shown, maxTokens: 300 });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ maxTokens: 300, apiKey: '********6789' });
    const replaced = await harness.http('PUT', `/prompt/${promptId}`, setup.admin, {
      ...shown,
      apiKey: 'sk-novachave-00000000000000zzzz',
      voice: 'pt-BR-FranciscaNeural',
      voiceKey: 'azure-key-1234567890',
      voiceRegion: 'brazilsouth',
    });
    expect(replaced.body).toMatchObject({
      apiKey: '********zzzz',
      voice: 'pt-BR-FranciscaNeural',
      voiceKey: '********7890',
      voiceRegion: 'brazilsouth',
    });
    const badRegion = await harness.http('PUT', `/prompt/${promptId}`, setup.admin, {
      ...shown,
      voiceRegion: 'evil.example.com/',
    });
    expect(badRegion.status).toBe(400);
    await expectEventually(() =>
      expect(harness.events(setup.companyId, 'tickets.prompt.updated').at(-1)?.data).toMatchObject({
        voice: 'pt-BR-FranciscaNeural',
      }),
    );
  });

  it('lists with {prompts, count, hasMore}; another company gets 404 and sees none', async () => {
    const list = await harness.http('GET', '/prompt', setup.admin);
    expect(list.body).toMatchObject({ count: 1, hasMore: false });
    expect(list.body.prompts[0]).toMatchObject({ id: promptId, queue: { name: 'Vendas' } });
    expect((await harness.http('GET', '/prompt', other.admin)).body).toMatchObject({ prompts: [], count: 0 });
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { name: 'x', prompt: 'y', queueId }],
      ['DELETE', undefined],
    ] as const) {
      const response = await harness.http(method, `/prompt/${promptId}`, other.admin, body);
      expect(response.status).toBe(404);
      expect(response.body.error).toBe('ERR_NO_PROMPT_FOUND');
    }
  });

  it('is for admins only', async () => {
    expect((await harness.http('GET', '/prompt', setup.agent)).status).toBe(403);
  });

  it('deletes with a message, unbinding the queues that used it', async () => {
    await harness.http('PUT', `/queue/${queueId}`, setup.admin, { name: 'Vendas', color: '#2196f3', promptId });
    const removed = await harness.http('DELETE', `/prompt/${promptId}`, setup.admin);
    expect(removed).toEqual({ status: 200, body: { message: 'Prompt deleted' } });
    expect((await harness.http('GET', `/queue/${queueId}`, setup.admin)).body.promptId).toBeNull();
    await expectEventually(() =>
      expect(harness.events(setup.companyId, 'tickets.prompt.deleted').at(-1)?.data).toEqual({ id: promptId }),
    );
  });
});

describe('queue integrations', () => {
  let typebotId: number;

  it('validates the name with the spec texts and the fields each type needs', async () => {
    const short = await harness.http('POST', '/queueIntegration', setup.admin, { type: 'n8n', name: 'a' });
    expect(short.body.details).toContainEqual({ path: 'name', message: 'Too Short!' });
    const long = await harness.http('POST', '/queueIntegration', setup.admin, { type: 'n8n', name: 'x'.repeat(51) });
    expect(long.body.details).toContainEqual({ path: 'name', message: 'Too Long!' });
    const noUrl = await harness.http('POST', '/queueIntegration', setup.admin, { type: 'webhook', name: 'Hook' });
    expect(noUrl.body.details).toEqual([{ path: 'urlN8N', message: 'Required' }]);
    const badUrl = await harness.http('POST', '/queueIntegration', setup.admin, {
      type: 'n8n',
      name: 'Fluxo',
      urlN8N: 'file:///etc/passwd',
    });
    expect(badUrl.body.details).toEqual([{ path: 'urlN8N', message: 'URL inválida' }]);
    const typebot = await harness.http('POST', '/queueIntegration', setup.admin, {
      type: 'typebot',
      name: 'Bot',
      urlN8N: 'https://typebot.exemplo.com.br',
    });
    expect(typebot.body.details).toEqual([{ path: 'typebotSlug', message: 'Required' }]);
    const dialogflowBad = await harness.http('POST', '/queueIntegration', setup.admin, {
      type: 'dialogflow',
      name: 'Agente',
      projectName: 'loja-exemplo-123',
      jsonContent: '{"nope":1}',
    });
    expect(dialogflowBad.body.details).toEqual([{ path: 'jsonContent', message: 'JSON da conta de serviço inválido' }]);
  });

  it('creates a Typebot integration with the spec defaults and publishes it', async () => {
    const created = await harness.http('POST', '/queueIntegration', setup.admin, {
      type: 'typebot',
      name: 'Bot de vendas',
      urlN8N: 'https://typebot.exemplo.com.br',
      typebotSlug: 'vendas-abc123',
      typebotKeywordFinish: 'sair',
    });
    expect(created.status).toBe(200);
    typebotId = created.body.id;
    expect(created.body).toMatchObject({
      type: 'typebot',
      typebotExpires: 1,
      typebotDelayMessage: 1000,
      language: 'pt-BR',
      typebotKeywordFinish: 'sair',
    });
    const duplicate = await harness.http('POST', '/queueIntegration', setup.admin, {
      type: 'n8n',
      name: 'bot de vendas',
      urlN8N: 'https://n8n.exemplo.com.br/webhook/1',
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toBe('ERR_INTEGRATION_NAME_ALREADY_EXISTS');
    await expectEventually(() =>
      expect(harness.events(setup.companyId, 'tickets.queue-integration.created').at(-1)?.data).toMatchObject({
        id: typebotId,
        typebotSlug: 'vendas-abc123',
      }),
    );
    const updated = await harness.http('PUT', `/queueIntegration/${typebotId}`, setup.admin, { typebotExpires: 30 });
    expect(updated.body).toMatchObject({ typebotExpires: 30, typebotSlug: 'vendas-abc123', name: 'Bot de vendas' });
  });

  it('stores the Dialogflow service account encrypted and shows its private key masked', async () => {
    const json = serviceAccountJson();
    const created = await harness.http('POST', '/queueIntegration', setup.admin, {
      type: 'dialogflow',
      name: 'Agente',
      projectName: 'loja-exemplo-123',
      jsonContent: json,
      language: 'es',
    });
    expect(created.status).toBe(200);
    expect(created.body.language).toBe('es');
    expect(created.body.jsonContent).toContain('"private_key": "********"');
    expect(created.body.jsonContent).not.toContain('BEGIN PRIVATE KEY');
    const [row] = await harness.query<{ json_content_enc: string }>(
      'SELECT json_content_enc FROM tickets.queue_integrations WHERE id = $1',
      [created.body.id],
    );
    expect(row?.json_content_enc).not.toContain('PRIVATE KEY');
    // the masked JSON sent back keeps the key: the test session still signs with it
    const tested = await harness.http('POST', '/queueIntegration/testSession', setup.admin, {
      projectName: 'loja-exemplo-123',
      jsonContent: created.body.jsonContent,
      language: 'pt-BR',
      integrationId: created.body.id,
    });
    expect(tested).toEqual({
      status: 200,
      body: { ok: true, fulfillmentText: 'Olá! Como posso ajudar?', intent: 'Boas-vindas' },
    });
  });

  it('tests a Dialogflow session with the typed credentials (and fails clearly with bad ones)', async () => {
    const ok = await harness.http('POST', '/queueIntegration/testSession', setup.admin, {
      projectName: 'loja-exemplo-123',
      jsonContent: serviceAccountJson(),
      language: 'pt-BR',
    });
    expect(ok.body).toMatchObject({ ok: true, intent: 'Boas-vindas' });
    const detect = dialogflow.requests.filter((request) => request.path.endsWith(':detectIntent')).at(-1);
    expect(detect?.path).toMatch(/^\/v2\/projects\/loja-exemplo-123\/agent\/sessions\/test-[\w-]+:detectIntent$/);
    expect(detect?.json).toEqual({ queryInput: { text: { text: 'Olá', languageCode: 'pt-BR' } } });
    // the key's own token_uri (a metadata address here) is never called: Google's fixed endpoint is
    expect(dialogflow.requests.some((request) => request.path === '/token')).toBe(true);
    const bad = await harness.http('POST', '/queueIntegration/testSession', setup.admin, {
      projectName: 'loja-exemplo-123',
      jsonContent: serviceAccountJson('outra@loja.iam.gserviceaccount.com', true),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_INTEGRATION_TEST_FAILED');
  });

  it('lists with {queueIntegrations, count, hasMore}; another company gets 404', async () => {
    const list = await harness.http('GET', '/queueIntegration?searchParam=bot', setup.admin);
    expect(list.body).toMatchObject({ count: 1, hasMore: false });
    expect(list.body.queueIntegrations[0]).toMatchObject({ id: typebotId });
    expect((await harness.http('GET', '/queueIntegration', other.admin)).body.count).toBe(0);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const body = method === 'PUT' ? { typebotExpires: 5 } : undefined;
      const response = await harness.http(method, `/queueIntegration/${typebotId}`, other.admin, body);
      expect(response.status).toBe(404);
    }
    const test = await harness.http('POST', '/queueIntegration/testSession', other.admin, {
      projectName: 'loja-exemplo-123',
      jsonContent: serviceAccountJson(),
      integrationId: typebotId,
    });
    expect(test.status).toBe(404);
  });

  it('deletes, unbinding the queues that used it', async () => {
    await harness.http('PUT', `/queue/${queueId}`, setup.admin, {
      name: 'Vendas',
      color: '#2196f3',
      integrationId: typebotId,
    });
    expect((await harness.http('DELETE', `/queueIntegration/${typebotId}`, setup.admin)).status).toBe(200);
    expect((await harness.http('GET', `/queue/${queueId}`, setup.admin)).body.integrationId).toBeNull();
    await expectEventually(() =>
      expect(harness.events(setup.companyId, 'tickets.queue-integration.deleted').at(-1)?.data).toEqual({
        id: typebotId,
      }),
    );
  });
});

describe('plan flags', () => {
  it('refuses prompts without useOpenAi and integrations without useIntegrations', async () => {
    const snapshot = companySnapshot(setup.companyId);
    await harness.publish('identity.company.updated', setup.companyId, setup.companyId, {
      ...snapshot,
      plan: { ...snapshot.plan, useOpenAi: false, useIntegrations: false },
    });
    await expectEventually(async () => {
      expect((await harness.http('GET', '/prompt', setup.admin)).status).toBe(403);
    });
    expect((await harness.http('GET', '/queueIntegration', setup.admin)).status).toBe(403);
    expect((await harness.http('GET', '/prompt', other.admin)).status).toBe(200);
  });
});
