import { SessionNotReadyError } from '../../providers/provider.port.js';
import type { CommandKind, CommandRow } from './session-commands.js';

/** Pending commands by connection, each list in the order they were recorded. */
export function byConnection(commands: readonly CommandRow[]): Map<number, CommandRow[]> {
  const lists = new Map<number, CommandRow[]>();
  for (const command of commands) {
    const list = lists.get(command.connection_id) ?? [];
    list.push(command);
    lists.set(command.connection_id, list);
  }
  return lists;
}

/** Commands that wait (stay pending, in order) while the session is not connected yet; the others fail at once. */
const WAITING_KINDS: readonly CommandKind[] = ['send', 'delete', 'edit', 'mark-read'];

export function waitsForSession(error: unknown, kind: CommandKind): boolean {
  return error instanceof SessionNotReadyError && WAITING_KINDS.includes(kind);
}
