import { mapRow } from '@cs/platform/database';
import { readCommandRow } from '../sessions/session-commands.js';
import { readConnectionRow } from './connection.row.js';
import { connectionRow } from '../../../test/support/connection-rows.js';

/** A `SELECT *` row of connections, with columns the reader does not keep (`token`, `created_at`). */
const row = {
  ...connectionRow({
    id: 3,
    company_id: 1,
    name: 'Vendas',
    provider: 'simulator',
    number: '5511999990000',
    is_default: true,
    greeting_message: 'Olá',
    max_use_bot_queues: 3,
    integration_id: 7,
    queue_ids: [1, 2],
    updated_at: new Date('2026-01-02T00:00:00Z'),
  }),
  token: '',
  created_at: new Date('2026-01-01T00:00:00Z'),
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
