import { toIntegrationRow } from '../queue-integrations/queue-integrations.repository.js';
import { toQueueRow } from '../queues/queues.repository.js';
import { toPromptRow } from './prompts.repository.js';

const at = new Date('2026-03-04T05:06:07Z');

const promptRow = {
  id: 3,
  company_id: 7,
  name: 'Vendas',
  prompt: 'Seja breve.',
  voice: 'texto',
  voice_key_enc: null,
  voice_region: '',
  max_tokens: 100,
  temperature: 0.7,
  api_key_enc: 'enc:key',
  queue_id: 9,
  max_messages: 10,
  queue_name: null,
  queue_color: null,
  last_error: 'OpenAI answered 429',
  last_error_at: at,
  created_at: at,
  updated_at: at,
};

const integrationRow = {
  id: 4,
  company_id: 7,
  type: 'typebot',
  name: 'Bot',
  project_name: '',
  json_content_enc: null,
  language: 'pt-BR',
  url_n8n: '',
  typebot_slug: 'atendimento',
  typebot_expires: 1,
  typebot_delay_message: 1000,
  typebot_keyword_finish: '',
  typebot_keyword_restart: '',
  typebot_unknown_message: '',
  typebot_restart_message: '',
  last_error: null,
  last_error_at: null,
  created_at: at,
  updated_at: at,
};

describe('automation row mappers', () => {
  it('maps a prompt row: real temperature, NULL queue side of the join, last failure', () => {
    expect(toPromptRow(promptRow)).toMatchObject({
      id: 3,
      companyId: 7,
      voiceKeyEnc: null,
      temperature: 0.7,
      queueId: 9,
      queue: null,
      lastError: { at, message: 'OpenAI answered 429' },
      createdAt: at,
    });
    expect(toPromptRow({ ...promptRow, queue_name: 'Vendas', queue_color: '#fff' }).queue).toEqual({
      id: 9,
      name: 'Vendas',
      color: '#fff',
    });
  });

  it('maps an integration row and refuses a type outside the contract, naming the column', () => {
    expect(toIntegrationRow(integrationRow)).toMatchObject({ type: 'typebot', jsonContentEnc: null, lastError: null });
    expect(() => toIntegrationRow({ ...integrationRow, type: 'chatgpt' })).toThrow(
      'SQL column "type" is not one of dialogflow|n8n|webhook|typebot',
    );
  });

  it('fails naming the column when a queue row lacks one, instead of leaking undefined', () => {
    const queueRow = {
      id: 9,
      company_id: 7,
      name: 'Vendas',
      color: '#fff',
      greeting_message: '',
      out_of_hours_message: '',
      schedules: [],
      order_queue: 0,
      integration_id: null,
      prompt_id: 3,
      media_path: null,
      media_name: null,
      auto_assign: false,
      last_assigned_user_id: null,
    };
    expect(toQueueRow(queueRow)).toMatchObject({ id: 9, promptId: 3, integrationId: null, schedules: [] });
    const { auto_assign: _dropped, ...withoutAutoAssign } = queueRow;
    expect(() => toQueueRow(withoutAutoAssign)).toThrow('SQL row has no column "auto_assign"');
  });
});
