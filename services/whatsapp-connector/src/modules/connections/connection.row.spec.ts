import { mapRow } from '@cs/platform/database';
import { readCommandRow } from '../sessions/session-commands.js';
import { readConnectionRow } from './connection.row.js';

const row = {
  id: 3,
  company_id: 1,
  name: 'Vendas',
  provider: 'simulator',
  status: 'CONNECTED',
  qrcode: '',
  pairing_code: null,
  pairing_number: null,
  retries: 0,
  number: '5511999990000',
  is_default: true,
  greeting_message: 'Olá',
  complation_message: '',
  out_of_hours_message: '',
  rating_message: '',
  expires_inactive_message: '',
  token: '',
  token_sha256: '',
  token_weak: false,
  token_announced: true,
  time_send_queue: 0,
  send_id_queue: null,
  expires_ticket: 0,
  time_use_bot_queues: 0,
  max_use_bot_queues: 3,
  prompt_id: null,
  integration_id: 7,
  queue_ids: [1, 2],
  cloud_phone_number_id: null,
  cloud_access_token: null,
  cloud_app_secret: null,
  cloud_verify_token: null,
  cloud_business_account_id: null,
  session_wanted: true,
  created_at: new Date('2026-01-01T00:00:00Z'),
  updated_at: new Date('2026-01-02T00:00:00Z'),
};

describe('connector raw rows', () => {
  it('reads a SELECT * row of connections, NULL columns as null', () => {
    expect(mapRow(row, readConnectionRow)).toMatchObject({
      id: 3,
      provider: 'simulator',
      status: 'CONNECTED',
      pairing_code: null,
      integration_id: 7,
      queue_ids: [1, 2],
      updated_at: row.updated_at,
    });
  });

  it('refuses a connection whose status or provider is unknown', () => {
    expect(() => mapRow({ ...row, status: 'BROKEN' }, readConnectionRow)).toThrow('SQL column "status" is not one of');
    expect(() => mapRow({ ...row, provider: 'telegram' }, readConnectionRow)).toThrow(
      'SQL column "provider" is not one of',
    );
  });

  it('reads a session command with its bigint id as text and its JSON payload as stored', () => {
    const command = mapRow(
      {
        id: '42',
        command_id: '0190d6f0-0000-7000-8000-000000000000',
        company_id: 1,
        connection_id: 3,
        kind: 'send',
        payload: { chatJid: '5511@s.whatsapp.net' },
        status: 'pending',
        causation_id: null,
      },
      readCommandRow,
    );
    expect(command).toEqual({
      id: '42',
      command_id: '0190d6f0-0000-7000-8000-000000000000',
      company_id: 1,
      connection_id: 3,
      kind: 'send',
      payload: { chatJid: '5511@s.whatsapp.net' },
      status: 'pending',
      causation_id: null,
    });
    expect(() => mapRow({ ...command, kind: 'reboot' }, readCommandRow)).toThrow('SQL column "kind" is not one of');
  });
});
