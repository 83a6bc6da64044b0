import type { ErrorCode } from '@cs/proto/errors';
import { MessageEditFailed, MessageSendFailed } from '@cs/proto/events';
import type { EventPublisher } from '@cs/platform/events';
import { type CommandRow, commandPayload } from './session-commands.js';

/**
 * The failure event of a command that could not be carried out: sends, and edits (the sender puts the previous
 * text back); the others have no failure event.
 */
export async function emitFailure(events: EventPublisher, command: CommandRow, error: ErrorCode): Promise<void> {
  // a payload its schema refuses names no message to fail: the row alone records the failure
  const payload = commandPayload(command);
  if (payload?.kind !== 'send' && payload?.kind !== 'edit') return;
  const { data } = payload;
  // both are acks of one chat's message: keyed like its other acks, after the command that failed
  const envelope = {
    companyId: command.company_id,
    key: `${command.connection_id}:${data.chatJid}`,
    ...(command.causation_id ? { causationId: command.causation_id } : {}),
  };
  const failed = {
    commandId: command.command_id,
    clientMessageId: data.clientMessageId,
    connectionId: command.connection_id,
    error,
    reason: error,
  };
  if (payload.kind === 'send') {
    await events.emit(MessageSendFailed, { ...envelope, data: failed });
    return;
  }
  const { chatJid, messageId, body, previous } = payload.data;
  await events.emit(MessageEditFailed, { ...envelope, data: { ...failed, chatJid, messageId, body, previous } });
}
