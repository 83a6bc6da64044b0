import type { EntityManager } from 'typeorm';
import { randomUUID } from 'node:crypto';
import type { EventData } from '@cs/proto/common';
import {
  CheckNumbers,
  DeleteMessage,
  EditMessage,
  ExportContacts,
  FetchProfilePicture,
  MarkChatRead,
  SendMessage,
} from '@cs/proto/events';
import { mapRows, returningRows, type RowReader, type SqlRow } from '@cs/platform/database';

/**
 * Commands for a connection's session, kept in `session_commands` until the process that owns the session has
 * carried them out: sends and the other Kafka commands (one row per `commandId`, so a redelivered or retried
 * command is recorded once and carried out once), and start/new-QR/logout from the HTTP routes, which may land
 * on any process.
 */
export const COMMAND_KINDS = [
  'send',
  'delete',
  'edit',
  'mark-read',
  'check-numbers',
  'export-contacts',
  'profile-picture',
  'start',
  'new-qr',
  'logout',
] as const;
export type CommandKind = (typeof COMMAND_KINDS)[number];

export const LIFECYCLE_KINDS: readonly CommandKind[] = ['start', 'new-qr', 'logout'];

export interface CommandRow {
  id: string;
  command_id: string;
  company_id: number;
  connection_id: number;
  kind: CommandKind;
  payload: Record<string, unknown>;
  status: 'pending' | 'done' | 'failed';
  causation_id: string | null;
}

/** The columns of `session_commands` that {@link readCommandRow} reads. */
export const COMMAND_COLUMNS = 'id, command_id, company_id, connection_id, kind, payload, status, causation_id';

/** A `session_commands` row of {@link COMMAND_COLUMNS} (`id` is a bigint, kept as its text). */
export const readCommandRow = (r: RowReader): CommandRow => ({
  id: String(r.int('id')),
  command_id: r.string('command_id'),
  company_id: r.int('company_id'),
  connection_id: r.int('connection_id'),
  kind: r.oneOf('kind', COMMAND_KINDS),
  payload: r.json<Record<string, unknown>>('payload'),
  status: r.oneOf('status', ['pending', 'done', 'failed'] as const),
  causation_id: r.nullable('causation_id', r.string),
});

/** `session_commands` rows, checked ({@link readCommandRow}). */
export const commandRows = (rows: readonly SqlRow[]): CommandRow[] => mapRows(rows, readCommandRow);

/** The Kafka command whose data a row of each kind keeps as its payload (the lifecycle kinds keep none). */
const COMMAND_EVENTS = {
  send: SendMessage,
  delete: DeleteMessage,
  edit: EditMessage,
  'mark-read': MarkChatRead,
  'check-numbers': CheckNumbers,
  'export-contacts': ExportContacts,
  'profile-picture': FetchProfilePicture,
} as const;
type CommandEvents = typeof COMMAND_EVENTS;

/** A Kafka command's kind with its data, as its schema in proto reads it. */
export type CommandPayload = {
  [K in keyof CommandEvents]: { readonly kind: K; readonly data: EventData<CommandEvents[K]> };
}[keyof CommandEvents];

/** The Kafka commands a session carries out, by their event type. */
export type CommandType = CommandEvents[keyof CommandEvents]['type'];

const KIND_OF_TYPE = new Map<string, keyof CommandEvents>(
  Object.entries(COMMAND_EVENTS).map(([kind, event]) => [event.type, kind as keyof CommandEvents]),
);

/** The kind of the row that records a Kafka command (the inverse of the table above). */
export function commandKindOf(type: CommandType): keyof CommandEvents {
  const kind = KIND_OF_TYPE.get(type);
  if (!kind) throw new Error(`no session command carries out ${type}`);
  return kind;
}

/**
 * A Kafka command row's payload, checked against its command's schema in proto; null for a lifecycle command, and
 * for a payload its schema refuses (a row another version wrote differently), which is never guessed at.
 */
export function commandPayload(command: Pick<CommandRow, 'kind' | 'payload'>): CommandPayload | null {
  if (!Object.hasOwn(COMMAND_EVENTS, command.kind)) return null;
  const kind = command.kind as keyof CommandEvents;
  const parsed = COMMAND_EVENTS[kind].data.safeParse(command.payload);
  return parsed.success ? ({ kind, data: parsed.data } as CommandPayload) : null;
}

export const SessionCommands = {
  /** Records a command once (by `commandId`); answers false when it was already recorded. */
  async enqueue(
    manager: EntityManager,
    input: {
      commandId?: string;
      companyId: number;
      connectionId: number;
      kind: CommandKind;
      payload?: Record<string, unknown>;
      causationId?: string;
    },
  ): Promise<boolean> {
    const rows = await manager.query<unknown[]>(
      `INSERT INTO session_commands (command_id, company_id, connection_id, kind, payload, causation_id)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (command_id) DO NOTHING RETURNING id`,
      [
        input.commandId ?? randomUUID(),
        input.companyId,
        input.connectionId,
        input.kind,
        JSON.stringify(input.payload ?? {}),
        input.causationId ?? null,
      ],
    );
    return rows.length > 0;
  },

  /** Pending commands of the given connections, oldest first. */
  async pending(manager: EntityManager, connectionIds: readonly number[], limit = 200): Promise<CommandRow[]> {
    if (connectionIds.length === 0) return [];
    const rows = await manager.query<SqlRow[]>(
      `SELECT ${COMMAND_COLUMNS} FROM session_commands
        WHERE status = 'pending' AND connection_id = ANY($1::int[]) ORDER BY id LIMIT $2`,
      [connectionIds, limit],
    );
    return commandRows(rows);
  },

  /** Locks a command for carrying it out; null when another process did it meanwhile. */
  async lock(manager: EntityManager, id: string): Promise<CommandRow | null> {
    const rows = await manager.query<SqlRow[]>(
      `SELECT ${COMMAND_COLUMNS} FROM session_commands WHERE id = $1 AND status = 'pending' FOR UPDATE SKIP LOCKED`,
      [id],
    );
    return commandRows(rows)[0] ?? null;
  },

  async finish(manager: EntityManager, id: string, status: 'done' | 'failed', outcome: unknown): Promise<void> {
    await returningRows(
      manager,
      `UPDATE session_commands SET status = $2, outcome = $3, done_at = now(), attempts = attempts + 1 WHERE id = $1`,
      [id, status, JSON.stringify(outcome ?? null)],
    );
  },

  /** Closes the pending lifecycle commands of a connection (a fresh start carries them out at once). */
  async takeLifecycle(manager: EntityManager, connectionId: number): Promise<CommandKind[]> {
    const rows = await manager.query<SqlRow[]>(
      `WITH taken AS (
         UPDATE session_commands SET status = 'done', done_at = now(), outcome = '"applied on start"'
          WHERE connection_id = $1 AND status = 'pending' AND kind = ANY($2::text[]) RETURNING kind, id)
       SELECT kind FROM taken ORDER BY id`,
      [connectionId, LIFECYCLE_KINDS],
    );
    return mapRows(rows, (r) => r.oneOf('kind', COMMAND_KINDS));
  },
};
