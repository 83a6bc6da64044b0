import { QUEUE_INTEGRATION_DEFAULTS } from '@cs/proto/events';
import type { QueueIntegrationRequest } from '@cs/proto/http';
import { SecretBox } from '@cs/platform/secrets';
import { COMPANY, inlineTransactions, recordingAudit, recordingPublisher } from '../../../../test/factories/rows.js';
import { SECRET_MASK } from '../../prompts/tickets-secrets.js';
import { QueueIntegrationsMapper } from '../queue-integrations.mapper.js';
import type {
  QueueIntegrationRow,
  QueueIntegrationsRepository,
  QueueIntegrationWrite,
} from '../queue-integrations.repository.js';
import { SaveQueueIntegrationUseCase } from './save-queue-integration.use-case.js';

const secrets = new SecretBox('a-tickets-secrets-key-of-32-characters!!');
const ACCOUNT = { client_email: 'bot@proj.iam.gserviceaccount.com', private_key: '-----BEGIN PRIVATE KEY-----abc' };

/** The company's integrations in memory (one n8n flow named "Fluxo"); what was announced and audited. */
function integrations() {
  const { events, publisher } = recordingPublisher();
  const { actions, audit } = recordingAudit();
  const rows = new Map<number, QueueIntegrationRow>();
  const rowOf = (id: number, write: QueueIntegrationWrite): QueueIntegrationRow => ({
    ...write,
    id,
    companyId: COMPANY,
    lastError: null,
    createdAt: new Date(0),
    updatedAt: new Date(0),
  });
  rows.set(
    1,
    rowOf(1, {
      ...QUEUE_INTEGRATION_DEFAULTS,
      type: 'n8n',
      name: 'Fluxo',
      projectName: '',
      jsonContentEnc: null,
      urlN8N: 'https://n8n.example.com/webhook/1',
      typebotSlug: '',
      typebotKeywordFinish: '',
      typebotKeywordRestart: '',
      typebotUnknownMessage: '',
      typebotRestartMessage: '',
    }),
  );
  const repository: Partial<QueueIntegrationsRepository> = {
    find: async (_companyId, id) => rows.get(id) ?? null,
    nameTaken: async (_companyId, name, exceptId) =>
      [...rows.values()].some((row) => row.name === name && row.id !== exceptId),
    insert: async (_companyId, write) => {
      const row = rowOf(rows.size + 1, write);
      rows.set(row.id, row);
      return row;
    },
    update: async (_companyId, id, write) => {
      const row = rowOf(id, write);
      rows.set(id, row);
      return row;
    },
  };
  const useCase = new SaveQueueIntegrationUseCase(
    inlineTransactions,
    repository as QueueIntegrationsRepository,
    new QueueIntegrationsMapper(secrets),
    secrets,
    publisher,
    audit,
  );
  const create = (body: Partial<QueueIntegrationRequest>) => useCase.create(COMPANY, body as QueueIntegrationRequest);
  const update = (id: number, body: Partial<QueueIntegrationRequest>) => useCase.update(COMPANY, id, body);
  const accountOf = (id: number) => JSON.parse(secrets.open(rows.get(id)?.jsonContentEnc as string)) as typeof ACCOUNT;
  return { rows, events, actions, create, update, accountOf };
}

const dialogflow = (jsonContent = JSON.stringify(ACCOUNT)) => ({
  type: 'dialogflow' as const,
  name: 'Dialogflow',
  projectName: 'meu-projeto-1',
  jsonContent,
});

describe(SaveQueueIntegrationUseCase.name, () => {
  it('creates a webhook integration, announces and audits it', async () => {
    const { events, actions, create } = integrations();
    const view = await create({ type: 'webhook', name: 'Webhook', urlN8N: ' https://hooks.example.com/x ' });
    expect(view).toMatchObject({ type: 'webhook', name: 'Webhook', urlN8N: 'https://hooks.example.com/x' });
    expect(events.map((event) => event.type)).toEqual(['tickets.queue-integration.created']);
    expect(actions).toEqual(['queue-integration.created']);
  });

  it('refuses a name the company already uses, on create and on rename', async () => {
    const { create, update } = integrations();
    await expect(create({ type: 'webhook', name: 'Fluxo', urlN8N: 'https://x.example.com' })).rejects.toMatchObject({
      code: 'ERR_INTEGRATION_NAME_ALREADY_EXISTS',
    });
    const other = await create({ type: 'webhook', name: 'Outro', urlN8N: 'https://x.example.com' });
    await expect(update(other.id, { name: 'Fluxo' })).rejects.toMatchObject({
      code: 'ERR_INTEGRATION_NAME_ALREADY_EXISTS',
    });
    await expect(update(1, { name: 'Fluxo' })).resolves.toMatchObject({ name: 'Fluxo' });
  });

  it.each([
    [
      'a URL that is not http(s)',
      { type: 'n8n', urlN8N: 'ftp://n8n.example.com' },
      [{ path: 'urlN8N', message: 'URL inválida' }],
    ],
    [
      'credentials in the URL',
      { type: 'webhook', urlN8N: 'https://user:pw@x.example.com' },
      [{ path: 'urlN8N', message: 'URL inválida' }],
    ],
    [
      'a typebot without its slug',
      { type: 'typebot', urlN8N: 'https://typebot.example.com' },
      [{ path: 'typebotSlug', message: 'Required' }],
    ],
    [
      'a typebot slug with a path in it',
      { type: 'typebot', urlN8N: 'https://typebot.example.com', typebotSlug: '../admin' },
      [{ path: 'typebotSlug', message: 'Slug inválido' }],
    ],
    [
      'an invalid Dialogflow project',
      { ...dialogflow(), projectName: 'X!' },
      [{ path: 'projectName', message: 'Projeto inválido' }],
    ],
    [
      'a Dialogflow key that is not a service account',
      dialogflow('{"hello":1}'),
      [{ path: 'jsonContent', message: 'JSON da conta de serviço inválido' }],
    ],
  ] as Array<[string, Partial<QueueIntegrationRequest>, unknown]>)(
    'refuses %s with the field named',
    async (_what, body, details) => {
      const { events, create } = integrations();
      await expect(create({ name: 'Nova', ...body })).rejects.toMatchObject({ code: 'ERR_VALIDATION', details });
      expect(events).toEqual([]);
    },
  );

  it('stores the Dialogflow service account sealed and shows and announces its private key masked', async () => {
    const { rows, events, create, accountOf } = integrations();
    const view = await create(dialogflow());
    expect(JSON.parse(view.jsonContent)).toEqual({ ...ACCOUNT, private_key: SECRET_MASK });
    expect(rows.get(view.id)?.jsonContentEnc).not.toContain(ACCOUNT.private_key);
    expect(accountOf(view.id)).toEqual(ACCOUNT);
    expect(JSON.stringify(events)).not.toContain(ACCOUNT.private_key);
  });

  it('keeps the stored private key when the masked account is sent back, and refuses it for another account', async () => {
    const { create, update, accountOf } = integrations();
    const view = await create(dialogflow());
    await update(view.id, { jsonContent: view.jsonContent, language: 'en' });
    expect(accountOf(view.id)).toEqual(ACCOUNT);
    const otherAccount = JSON.stringify({ client_email: 'x@other.iam.gserviceaccount.com', private_key: SECRET_MASK });
    await expect(update(view.id, { jsonContent: otherAccount })).rejects.toMatchObject({
      details: [{ path: 'jsonContent', message: 'JSON da conta de serviço inválido' }],
    });
  });

  it('keeps the fields a partial update leaves out and answers not found for another company’s integration', async () => {
    const { update } = integrations();
    expect(await update(1, { typebotDelayMessage: 500 })).toMatchObject({
      type: 'n8n',
      name: 'Fluxo',
      urlN8N: 'https://n8n.example.com/webhook/1',
      typebotDelayMessage: 500,
    });
    await expect(update(99, { name: 'x' })).rejects.toMatchObject({ code: 'ERR_NO_INTEGRATION_FOUND' });
  });
});
