import {
  MessageEditFailed,
  MessageSendFailed,
  WhatsappContactCommandsTopic,
  WhatsappMessageCommandsTopic,
} from '@cs/proto/events';
import type { EventPublisher } from '@cs/platform/events';
import { emitFailure } from './command-failures.js';
import { commandKindOf, type CommandRow, commandPayload } from './session-commands.js';

const COMMAND_ID = '6f1c2b9e-3d4a-4f5b-8c7d-9e0f1a2b3c4d';
const CHAT = '5511988887777@s.whatsapp.net';

const sendData = {
  commandId: COMMAND_ID,
  clientMessageId: 'msg-41',
  connectionId: 3,
  chatJid: CHAT,
  content: { kind: 'text', body: 'Seu pedido saiu para entrega' },
  quotedMessageId: null,
};
const editData = {
  commandId: COMMAND_ID,
  clientMessageId: 'msg-41',
  connectionId: 3,
  chatJid: CHAT,
  messageId: 'WA-3EB0',
  body: 'Seu pedido sai amanhã',
  previous: { body: 'Seu pedido saiu para entrega', isEdited: false },
};

const row = (kind: CommandRow['kind'], payload: Record<string, unknown>): CommandRow => ({
  id: '17',
  command_id: COMMAND_ID,
  company_id: 2,
  connection_id: 3,
  kind,
  payload,
  status: 'pending',
  causation_id: 'cause-1',
});

/** What `emitFailure` published: each event's type, key and data. */
async function failuresOf(command: CommandRow) {
  const emitted: Array<{ type: string; key: unknown; data: unknown }> = [];
  const events = {
    emit: async (definition: { type: string }, input: { key: unknown; data: unknown }) => {
      emitted.push({ type: definition.type, key: input.key, data: input.data });
    },
  } as unknown as EventPublisher;
  await emitFailure(events, command, 'ERR_SENDING_WAPP_MSG');
  return emitted;
}

describe('session commands’ payloads', () => {
  it('records each command of the two command topics under its own kind', () => {
    const topics = [WhatsappMessageCommandsTopic, WhatsappContactCommandsTopic];
    const types = topics.flatMap((topic) => topic.events.map((event) => event.type));
    expect(Object.fromEntries(types.map((type) => [type, commandKindOf(type)]))).toEqual({
      'whatsapp.message.send': 'send',
      'whatsapp.message.delete': 'delete',
      'whatsapp.message.edit': 'edit',
      'whatsapp.chat.mark-read': 'mark-read',
      'whatsapp.number.check': 'check-numbers',
      'whatsapp.contacts.export': 'export-contacts',
      'whatsapp.profile-picture.fetch': 'profile-picture',
    });
  });

  it('reads a Kafka command’s payload as its schema in proto', () => {
    expect(commandPayload(row('send', sendData))).toEqual({ kind: 'send', data: sendData });
    expect(commandPayload(row('mark-read', { ...sendData, messageIds: ['WA-1', 'WA-2'] }))).toMatchObject({
      kind: 'mark-read',
      data: { chatJid: CHAT, messageIds: ['WA-1', 'WA-2'] },
    });
  });

  it('refuses a payload its schema does not read, and has none for a lifecycle command', () => {
    expect(commandPayload(row('send', { ...sendData, content: { kind: 'text' } }))).toBeNull();
    expect(commandPayload(row('mark-read', { ...sendData, messageIds: 'WA-1' }))).toBeNull();
    expect(commandPayload(row('start', {}))).toBeNull();
  });

  it('fails a send and an edit with their message, the edit with the text to put back', async () => {
    expect(await failuresOf(row('send', sendData))).toEqual([
      {
        type: MessageSendFailed.type,
        key: `3:${CHAT}`,
        data: expect.objectContaining({ clientMessageId: 'msg-41', error: 'ERR_SENDING_WAPP_MSG' }),
      },
    ]);
    expect(await failuresOf(row('edit', editData))).toEqual([
      {
        type: MessageEditFailed.type,
        key: `3:${CHAT}`,
        data: expect.objectContaining({ messageId: 'WA-3EB0', previous: editData.previous }),
      },
    ]);
  });

  it('announces no failure for a command whose payload names no message it can fail', async () => {
    expect(await failuresOf(row('send', { ...sendData, clientMessageId: undefined }))).toEqual([]);
    expect(await failuresOf(row('delete', { ...editData }))).toEqual([]);
  });
});
