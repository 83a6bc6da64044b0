import type { AssistSettingsInput } from '@cs/proto/http';
import { SecretBox } from '@cs/platform/secrets';
import type { TicketsConfig } from '../../../config/env.js';
import { COMPANY, inlineTransactions, recordingAudit } from '../../../../test/factories/rows.js';
import { SECRET_MASK } from '../../prompts/tickets-secrets.js';
import { AssistEndpoint } from '../assist-endpoint.js';
import type { AssistSettingsRepository, AssistSettingsRow } from '../assist-settings.repository.js';
import { NOT_CONFIGURED, SaveAssistSettingsUseCase } from './save-assist-settings.use-case.js';

const API_KEY = 'sk-live-0123456789wxyz';
const secrets = new SecretBox('a-tickets-secrets-key-of-32-characters!!');
const otherInstallation = new SecretBox('another-secrets-key-of-32-characters!!!');
const endpoint = new AssistEndpoint({
  OUTBOUND_HTTP_ALLOWED_HOSTS: '',
  TICKETS_AI_ASSIST_TIMEOUT_MS: 1_000,
} as unknown as TicketsConfig);

const input = (overrides: Partial<AssistSettingsInput> = {}): AssistSettingsInput => ({
  baseUrl: 'https://llm.example.com/v1',
  apiKey: API_KEY,
  model: 'gpt-4o-mini',
  ...overrides,
});

/** The company's one settings row in memory; the audit trail's actions. */
function assistSettings(stored: AssistSettingsRow | null = null) {
  const state = { row: stored };
  const { actions, audit } = recordingAudit();
  const repository: Partial<AssistSettingsRepository> = {
    find: async () => state.row,
    save: async (_companyId, row) => {
      state.row = row;
    },
    remove: async () => {
      state.row = null;
    },
  };
  const useCase = new SaveAssistSettingsUseCase(
    inlineTransactions,
    audit,
    repository as AssistSettingsRepository,
    secrets,
    endpoint,
  );
  const storedKey = () => (state.row ? secrets.tryOpen(state.row.apiKeyEnc) : null);
  return { state, actions, useCase, storedKey };
}

describe(SaveAssistSettingsUseCase.name, () => {
  it('stores the key sealed and shows it masked', async () => {
    const { state, actions, useCase, storedKey } = assistSettings();
    expect(await useCase.execute(COMPANY, input())).toEqual({
      configured: true,
      baseUrl: 'https://llm.example.com/v1',
      apiKey: `${SECRET_MASK}wxyz`,
      model: 'gpt-4o-mini',
    });
    expect(state.row?.apiKeyEnc).not.toContain(API_KEY);
    expect(storedKey()).toBe(API_KEY);
    expect(actions).toEqual(['ai-assist.updated']);
  });

  it.each([
    ['a loopback address', 'http://127.0.0.1:11434/v1'],
    ['the cloud metadata address', 'http://169.254.169.254/latest'],
    ['a private network address', 'https://10.0.0.5/v1'],
    ['credentials in the URL', 'https://user:secret@llm.example.com/v1'],
  ])('refuses %s as the endpoint, storing nothing', async (_what, baseUrl) => {
    const { state, useCase } = assistSettings();
    await expect(useCase.execute(COMPANY, input({ baseUrl }))).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      details: [{ path: 'baseUrl', message: expect.stringContaining('Endereço não permitido') }],
    });
    expect(state.row).toBeNull();
  });

  it('requires the key the first time', async () => {
    const { state, useCase } = assistSettings();
    await expect(useCase.execute(COMPANY, input({ apiKey: undefined }))).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      details: [{ path: 'apiKey', message: 'Obrigatório' }],
    });
    expect(state.row).toBeNull();
  });

  it('keeps the stored key when it is sent back masked or left out, and asks again when it cannot be opened', async () => {
    const configured = assistSettings({
      baseUrl: 'https://old.example.com/v1',
      apiKeyEnc: secrets.seal(API_KEY),
      model: 'm',
    });
    await configured.useCase.execute(COMPANY, input({ apiKey: `${SECRET_MASK}wxyz`, model: 'gpt-4o' }));
    await configured.useCase.execute(COMPANY, input({ apiKey: undefined }));
    expect(configured.storedKey()).toBe(API_KEY);
    expect(configured.state.row?.model).toBe('gpt-4o-mini');

    const unreadable = assistSettings({
      baseUrl: 'https://old.example.com/v1',
      apiKeyEnc: otherInstallation.seal(API_KEY),
      model: 'm',
    });
    expect(await unreadable.useCase.view(COMPANY)).toMatchObject({ configured: true, apiKey: '' });
    await expect(unreadable.useCase.execute(COMPANY, input({ apiKey: undefined }))).rejects.toMatchObject({
      details: [{ path: 'apiKey', message: 'Obrigatório' }],
    });
  });

  it('removes the settings (audited once) and shows the company as not configured', async () => {
    const { actions, useCase } = assistSettings({
      baseUrl: 'https://llm.example.com/v1',
      apiKeyEnc: secrets.seal(API_KEY),
      model: 'm',
    });
    await useCase.remove(COMPANY);
    await useCase.remove(COMPANY);
    expect(await useCase.view(COMPANY)).toEqual(NOT_CONFIGURED);
    expect(actions).toEqual(['ai-assist.removed']);
  });
});
