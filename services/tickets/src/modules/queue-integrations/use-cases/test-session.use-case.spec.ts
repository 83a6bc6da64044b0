import { SecretBox } from '@cs/platform/secrets';
import { COMPANY } from '../../../../test/factories/rows.js';
import { SECRET_MASK } from '../../prompts/tickets-secrets.js';
import { type DialogflowClient, DialogflowError } from '../dialogflow.client.js';
import type { QueueIntegrationRow, QueueIntegrationsRepository } from '../queue-integrations.repository.js';
import type { ServiceAccount } from '../service-account.js';
import { TestSessionUseCase } from './test-session.use-case.js';

const box = new SecretBox('a-secrets-key-of-at-least-32-characters');
const BOT = 'atendimento@loja-123.iam.gserviceaccount.com';
const STORED_KEY = '-----BEGIN PRIVATE KEY-----\nguardada\n-----END PRIVATE KEY-----\n';
const account = (overrides: Partial<ServiceAccount> = {}) =>
  JSON.stringify({ type: 'service_account', client_email: BOT, private_key: STORED_KEY, ...overrides });

/**
 * The company's Dialogflow integration 4 with its service account sealed, and Dialogflow answering `answer` (or
 * failing with it); records the credentials and session each detectIntent was called with.
 */
function testing(
  answer: { fulfillmentText: string; intent: string } | Error = { fulfillmentText: 'Oi!', intent: 'Welcome' },
) {
  const calls: Array<{ account: ServiceAccount; project: string; session: string; text: string; language: string }> =
    [];
  const integrations: Partial<QueueIntegrationsRepository> = {
    find: async (_companyId, id) =>
      id === 4 ? ({ id, name: 'Bot da loja', jsonContentEnc: box.seal(account()) } as QueueIntegrationRow) : null,
  };
  const dialogflow = {
    detectIntent: async (
      credentials: ServiceAccount,
      project: string,
      session: string,
      text: string,
      language: string,
    ) => {
      calls.push({ account: credentials, project, session, text, language });
      if (answer instanceof Error) throw answer;
      return answer;
    },
  } as unknown as DialogflowClient;
  const useCase = new TestSessionUseCase(integrations as QueueIntegrationsRepository, box, dialogflow);
  return {
    calls,
    test: (jsonContent: string, integrationId?: number) =>
      useCase.execute(COMPANY, { projectName: 'loja-123', jsonContent, language: 'pt-BR', integrationId }),
  };
}

describe(TestSessionUseCase.name, () => {
  it('says “Olá” once in a fresh session with the credentials being edited, and answers what the bot said', async () => {
    const { calls, test } = testing();
    await expect(test(account({ private_key: 'nova' }))).resolves.toEqual({
      ok: true,
      fulfillmentText: 'Oi!',
      intent: 'Welcome',
    });
    await test(account({ private_key: 'nova' }));

    expect(calls.map(({ account: used, project, text }) => [used.private_key, project, text])).toEqual([
      ['nova', 'loja-123', 'Olá'],
      ['nova', 'loja-123', 'Olá'],
    ]);
    expect(calls[0]?.session).toMatch(/^test-/);
    expect(calls[0]?.session).not.toBe(calls[1]?.session);
  });

  it('uses the stored private key where the edited form shows it masked', async () => {
    const { calls, test } = testing();
    await test(account({ private_key: SECRET_MASK }), 4);

    expect(calls[0]?.account).toMatchObject({ client_email: BOT, private_key: STORED_KEY });
  });

  it('never lends the stored key to another service account, nor to a test of no integration', async () => {
    const { calls, test } = testing();
    const other = account({ client_email: 'outro@concorrente.iam.gserviceaccount.com', private_key: SECRET_MASK });
    await expect(test(other, 4)).rejects.toMatchObject({
      code: 'ERR_INTEGRATION_TEST_FAILED',
      details: [{ path: 'jsonContent' }],
    });
    await expect(test(account({ private_key: SECRET_MASK }))).rejects.toMatchObject({
      code: 'ERR_INTEGRATION_TEST_FAILED',
    });
    expect(calls).toEqual([]);
  });

  it('refuses JSON that is not a service-account key, and another company’s integration, calling nobody', async () => {
    const { calls, test } = testing();
    await expect(test('{"client_email": 1}')).rejects.toMatchObject({ code: 'ERR_INTEGRATION_TEST_FAILED' });
    await expect(test('não é json')).rejects.toMatchObject({ code: 'ERR_INTEGRATION_TEST_FAILED' });
    await expect(test(account(), 99)).rejects.toMatchObject({ code: 'ERR_NO_INTEGRATION_FOUND' });
    expect(calls).toEqual([]);
  });

  it('answers Dialogflow’s refusal and an unreachable Dialogflow as a failed test, and rethrows anything else', async () => {
    await expect(testing(new DialogflowError('invalid_grant', 400)).test(account())).rejects.toMatchObject({
      code: 'ERR_INTEGRATION_TEST_FAILED',
    });
    await expect(testing(new TypeError('fetch failed')).test(account())).rejects.toMatchObject({
      code: 'ERR_INTEGRATION_TEST_FAILED',
    });
    const bug = new RangeError('a defect of ours');
    await expect(testing(bug).test(account())).rejects.toBe(bug);
  });
});
