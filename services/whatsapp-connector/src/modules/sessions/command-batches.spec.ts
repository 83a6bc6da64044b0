import { LeaseLostError, SessionNotReadyError } from '../../providers/provider.port.js';
import { byConnection, waitsForSession } from './command-batches.js';
import type { CommandRow } from './session-commands.js';

const command = (id: string, connectionId: number): CommandRow => ({
  id,
  command_id: `c-${id}`,
  company_id: 1,
  connection_id: connectionId,
  kind: 'send',
  payload: {},
  status: 'pending',
  causation_id: null,
});

describe('command batches', () => {
  it('groups pending commands by connection, keeping their order', () => {
    const lists = byConnection([command('1', 7), command('2', 8), command('3', 7), command('4', 7)]);
    expect([...lists.keys()]).toEqual([7, 8]);
    expect(lists.get(7)?.map((row) => row.id)).toEqual(['1', '3', '4']);
    expect(lists.get(8)?.map((row) => row.id)).toEqual(['2']);
  });

  it('keeps sends, deletes and read marks waiting while the session connects; the rest fail at once', () => {
    const notReady = new SessionNotReadyError(7);
    expect(waitsForSession(notReady, 'send')).toBe(true);
    expect(waitsForSession(notReady, 'delete')).toBe(true);
    expect(waitsForSession(notReady, 'mark-read')).toBe(true);
    expect(waitsForSession(notReady, 'check-numbers')).toBe(false);
    expect(waitsForSession(notReady, 'export-contacts')).toBe(false);
    expect(waitsForSession(new LeaseLostError(7), 'send')).toBe(false);
    expect(waitsForSession(new Error('network'), 'send')).toBe(false);
  });
});
