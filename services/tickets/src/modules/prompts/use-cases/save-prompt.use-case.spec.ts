import { PROMPT_DEFAULTS } from '@cs/proto/events';
import type { PromptRequest } from '@cs/proto/http';
import { SecretBox } from '@cs/platform/secrets';
import { COMPANY, inlineTransactions, recordingAudit, recordingPublisher } from '../../../../test/factories/rows.js';
import { PromptsMapper } from '../prompts.mapper.js';
import type { PromptRow, PromptsRepository, PromptWrite } from '../prompts.repository.js';
import { SECRET_MASK } from '../tickets-secrets.js';
import { SavePromptUseCase } from './save-prompt.use-case.js';

const SALES = 1;
const API_KEY = 'sk-live-0123456789abcd';
const secrets = new SecretBox('a-tickets-secrets-key-of-32-characters!!');
const otherInstallation = new SecretBox('another-secrets-key-of-32-characters!!!');

const request = (overrides: Partial<PromptRequest> = {}): PromptRequest =>
  ({
    name: 'Vendedor',
    prompt: 'Você vende planos de internet.',
    queueId: SALES,
    apiKey: API_KEY,
    ...overrides,
  }) as PromptRequest;

/** The company's prompts in memory (the Sales queue is its only queue); what was announced and audited. */
function prompts(stored: Partial<PromptWrite> | null = null) {
  const { events, publisher } = recordingPublisher();
  const { actions, audit } = recordingAudit();
  const rows = new Map<number, PromptRow>();
  const rowOf = (id: number, write: PromptWrite): PromptRow => ({
    ...write,
    id,
    companyId: COMPANY,
    queue: { id: write.queueId, name: 'Vendas', color: '#f00' },
    lastError: null,
    createdAt: new Date(0),
    updatedAt: new Date(0),
  });
  if (stored) {
    const write: PromptWrite = {
      name: 'Vendedor',
      prompt: 'Você vende planos de internet.',
      queueId: SALES,
      ...PROMPT_DEFAULTS,
      voiceKeyEnc: null,
      voiceRegion: '',
      apiKeyEnc: secrets.seal(API_KEY),
      ...stored,
    };
    rows.set(1, rowOf(1, write));
  }
  const repository: Partial<PromptsRepository> = {
    find: async (_companyId, id) => rows.get(id) ?? null,
    queueExists: async (_companyId, queueId) => queueId === SALES,
    insert: async (_companyId, write) => {
      const id = rows.size + 1;
      rows.set(id, rowOf(id, write));
      return id;
    },
    update: async (_companyId, id, write) => {
      rows.set(id, rowOf(id, write));
    },
  };
  const useCase = new SavePromptUseCase(
    inlineTransactions,
    repository as PromptsRepository,
    new PromptsMapper(secrets),
    secrets,
    publisher,
    audit,
  );
  const keyOf = (id: number) => secrets.tryOpen((rows.get(id) as PromptRow).apiKeyEnc);
  return { rows, events, actions, useCase, keyOf };
}

describe(SavePromptUseCase.name, () => {
  it('stores the API key sealed and shows and announces it masked (last four characters)', async () => {
    const { rows, events, actions, useCase, keyOf } = prompts();
    const view = await useCase.create(COMPANY, request());
    expect(view).toMatchObject({ apiKey: `${SECRET_MASK}abcd`, voice: 'texto', maxTokens: 100, keyUnreadable: false });
    expect(rows.get(view.id)?.apiKeyEnc).not.toContain(API_KEY);
    expect(keyOf(view.id)).toBe(API_KEY);
    expect(events).toMatchObject([{ type: 'tickets.prompt.created', data: { apiKey: `${SECRET_MASK}abcd` } }]);
    expect(JSON.stringify(events)).not.toContain(API_KEY);
    expect(actions).toEqual(['prompt.created']);
  });

  it('requires the API key on create and a queue of the company', async () => {
    const { useCase } = prompts();
    await expect(useCase.create(COMPANY, request({ apiKey: undefined }))).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      details: [{ path: 'apiKey', message: 'Obrigatório' }],
    });
    await expect(useCase.create(COMPANY, request({ queueId: 99 }))).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      details: [{ path: 'queueId', message: 'Informe o setor' }],
    });
  });

  it('keeps the stored key when the masked one (or none) is sent back, and replaces it when a new one is', async () => {
    const { useCase, keyOf } = prompts({});
    await useCase.update(COMPANY, 1, request({ apiKey: `${SECRET_MASK}abcd`, name: 'Vendas 2' }));
    expect(keyOf(1)).toBe(API_KEY);
    await useCase.update(COMPANY, 1, request({ apiKey: undefined }));
    expect(keyOf(1)).toBe(API_KEY);
    await useCase.update(COMPANY, 1, request({ apiKey: 'sk-new-key-9999' }));
    expect(keyOf(1)).toBe('sk-new-key-9999');
  });

  it('asks for the key again when the stored one cannot be opened with this installation’s secrets key', async () => {
    const { useCase } = prompts({ apiKeyEnc: otherInstallation.seal(API_KEY) });
    await expect(useCase.update(COMPANY, 1, request({ apiKey: `${SECRET_MASK}abcd` }))).rejects.toMatchObject({
      details: [{ path: 'apiKey', message: 'Obrigatório' }],
    });
  });

  it('requires the Azure key and region for a spoken voice', async () => {
    const { useCase } = prompts();
    await expect(useCase.create(COMPANY, request({ voice: 'pt-BR-FranciscaNeural' }))).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      details: [
        { path: 'voiceKey', message: 'Obrigatório' },
        { path: 'voiceRegion', message: 'Obrigatório' },
      ],
    });
    await expect(
      useCase.create(
        COMPANY,
        request({ voice: 'pt-BR-FranciscaNeural', voiceKey: 'azure-key-1234', voiceRegion: 'brazilsouth' }),
      ),
    ).resolves.toMatchObject({ voice: 'pt-BR-FranciscaNeural', voiceKey: `${SECRET_MASK}1234` });
  });

  it('answers not found when updating a prompt the company does not have', async () => {
    const { events, useCase } = prompts();
    await expect(useCase.update(COMPANY, 7, request())).rejects.toMatchObject({ code: 'ERR_NO_PROMPT_FOUND' });
    expect(events).toEqual([]);
  });
});
