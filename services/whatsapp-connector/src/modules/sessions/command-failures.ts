import type { ErrorCode } from '@cs/proto/errors';
import { MessageEditFailed, MessageSendFailed } from '@cs/proto/events';
import type { EventPublisher } from '@cs/platform/events';
import type { CommandRow } from './session-commands.js';

/**
 * The failure event of a command that could not be carried out: sends, and edits (the sender puts the previous
 * text back); the others have no failure event.
 */
export async function emitFailure(events: EventPublisher, command: CommandRow, error: ErrorCode): Promise<void> {
  const payload = command.payload;
  // both are acks of one chat's message: keyed like its other acks, after the command that failed
  const envelope = {
    companyId: command.company_id,
    key: `${command.connection_id}:${String(payload['chatJid'])}`,
    ...(command.causation_id ? { causationId: command.causation_id } : {}),
  };
  const failed = {
    commandId: command.command_id,
    clientMessageId: String(payload['clientMessageId']),
    connectionId: command.connection_id,
    error,
    reason: error,
  };
  if (command.kind === 'send') {
    await events.emit(MessageSendFailed, { ...envelope, data: failed });
  } else if (command.kind === 'edit') {
    await events.emit(MessageEditFailed, {
      ...envelope,
      data: {
        ...failed,
        chatJid: String(payload['chatJid']),
        messageId: String(payload['messageId']),
        body: String(payload['body']),
        previous: payload['previous'] as { body: string; isEdited: boolean },
      },
    });
  }
}
