import type { ErrorCode } from '@cs/proto/errors';
import { MessageSendFailed } from '@cs/proto/events';
import type { EventPublisher } from '@cs/platform/events';
import type { CommandRow } from './session-commands.js';

/** The failure event of a command that could not be carried out (sends only: the others have no failure event). */
export async function emitFailure(events: EventPublisher, command: CommandRow, error: ErrorCode): Promise<void> {
  const payload = command.payload;
  if (command.kind === 'send') {
    await events.emit(MessageSendFailed, {
      companyId: command.company_id,
      key: `${command.connection_id}:${String(payload['chatJid'])}`,
      ...(command.causation_id ? { causationId: command.causation_id } : {}),
      data: {
        commandId: command.command_id,
        clientMessageId: String(payload['clientMessageId']),
        connectionId: command.connection_id,
        error,
        reason: error,
      },
    });
  }
}
