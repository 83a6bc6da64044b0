import type { AnyMessageContent, WAMessage, WAMessageKey } from 'baileys';
import { SessionNotReadyError, type SendRequest, type SessionContext } from '../provider.port.js';
import type { StoredMessage } from './baileys-data.store.js';
import { BaileysOutbound, sameNumber, type OutboundStore } from './baileys-outbound.js';
import type { WaSocketLike } from './baileys.port.js';

const connection = { id: 7, companyId: 3 } as SessionContext['connection'];
const CHAT = '5511987654321@s.whatsapp.net';

/** Just the socket calls outbound makes, recorded. */
function fakeSocket(): WaSocketLike & {
  sent: { jid: string; content: AnyMessageContent; options: unknown }[];
  reads: WAMessageKey[][];
  found: { jid: string; exists: boolean }[];
  pictureError: Error | null;
} {
  const socket = {
    sent: [] as { jid: string; content: AnyMessageContent; options: unknown }[],
    reads: [] as WAMessageKey[][],
    found: [] as { jid: string; exists: boolean }[],
    pictureError: null as Error | null,
    ev: { process: () => () => undefined, removeAllListeners: () => undefined },
    async sendMessage(jid: string, content: AnyMessageContent, options?: unknown) {
      socket.sent.push({ jid, content, options });
      return { key: { id: 'X' }, messageTimestamp: 1_763_712_700 } as WAMessage;
    },
    async readMessages(keys: WAMessageKey[]) {
      socket.reads.push(keys);
    },
    async onWhatsApp() {
      return socket.found;
    },
    async profilePictureUrl() {
      if (socket.pictureError) throw socket.pictureError;
      return 'https://pps.whatsapp.net/p.jpg';
    },
    requestPairingCode: async () => 'ABCD1234',
    groupMetadata: async () => ({}) as never,
    logout: async () => undefined,
    end: () => undefined,
  };
  return socket;
}

function fakeStore(stored: Record<string, Partial<StoredMessage>> = {}): OutboundStore & { recorded: string[] } {
  const recorded: string[] = [];
  return {
    recorded,
    reserveSend: async (messageId) => (stored[messageId] as StoredMessage | undefined) ?? null,
    recordSent: async (messageId) => void recorded.push(messageId),
    find: async (messageId) => (stored[messageId] as StoredMessage | undefined) ?? null,
    listContacts: async () => [],
  };
}

const media = {
  get: async () => ({ data: Buffer.from('file'), mimeType: 'image/png', fileName: 'stored.png' }),
  put: async () => {
    throw new Error('not used');
  },
  isPlatformUrl: () => true,
};

function outbound(
  socket: WaSocketLike | null,
  store = fakeStore(),
): { outbound: BaileysOutbound; store: typeof store } {
  const ready = (): WaSocketLike => {
    if (!socket) throw new SessionNotReadyError(connection.id);
    return socket;
  };
  return { outbound: new BaileysOutbound({ connection, media }, store, ready), store };
}

const request = (content: SendRequest['content'], extra: Partial<SendRequest> = {}): SendRequest => ({
  chatJid: CHAT,
  content,
  quotedMessageId: null,
  idempotencyKey: 'cmd-1',
  ...extra,
});

describe('BaileysOutbound', () => {
  it('derives the WhatsApp id from the connection and the command, so a resend carries the same id', () => {
    const first = outbound(fakeSocket()).outbound;
    expect(first.messageIdFor('cmd-1')).toMatch(/^3EB0[0-9A-F]{18}$/);
    expect(first.messageIdFor('cmd-1')).toBe(first.messageIdFor('cmd-1'));
    expect(first.messageIdFor('cmd-2')).not.toBe(first.messageIdFor('cmd-1'));
    const other = new BaileysOutbound({ connection: { ...connection, id: 8 }, media }, fakeStore(), fakeSocket);
    expect(other.messageIdFor('cmd-1')).not.toBe(first.messageIdFor('cmd-1'));
  });

  it('sends with the derived id and records the sent message with its WhatsApp timestamp', async () => {
    const socket = fakeSocket();
    const { outbound: sender, store } = outbound(socket);
    const result = await sender.send(request({ kind: 'text', body: 'olá' }));
    expect(result).toEqual({ messageId: sender.messageIdFor('cmd-1'), timestamp: new Date(1_763_712_700_000) });
    expect(socket.sent).toEqual([{ jid: CHAT, content: { text: 'olá' }, options: { messageId: result.messageId } }]);
    expect(store.recorded).toEqual([result.messageId]);
  });

  it('does not send again a command already sent (a retry after a crash answers the first outcome)', async () => {
    const socket = fakeSocket();
    const sentAt = new Date('2026-11-20T10:00:00Z');
    const id = outbound(socket).outbound.messageIdFor('cmd-1');
    const { outbound: sender } = outbound(socket, fakeStore({ [id]: { sentAt } }));
    await expect(sender.send(request({ kind: 'text', body: 'olá' }))).resolves.toEqual({
      messageId: id,
      timestamp: sentAt,
    });
    expect(socket.sent).toHaveLength(0);
  });

  it('turns location, vCard and media commands into Baileys content', async () => {
    const socket = fakeSocket();
    const { outbound: sender } = outbound(socket);
    await sender.send(request({ kind: 'location', latitude: -23.5, longitude: -46.6, name: 'Sé', address: null }));
    await sender.send(request({ kind: 'vcard', displayName: 'Ana', vcard: 'BEGIN:VCARD\nEND:VCARD' }));
    const file = { url: '/media/1', mimeType: '', fileName: 'a.png', caption: 'veja', ptt: false } as const;
    await sender.send(request({ kind: 'media', mediaType: 'image', ...file }));
    await sender.send(request({ kind: 'media', mediaType: 'audio', ...file, mimeType: 'audio/ogg', ptt: true }));
    await sender.send(request({ kind: 'media', mediaType: 'document', ...file, fileName: '' }));
    expect(socket.sent.map((sent) => sent.content)).toEqual([
      { location: { degreesLatitude: -23.5, degreesLongitude: -46.6, name: 'Sé' } },
      { contacts: { displayName: 'Ana', contacts: [{ vcard: 'BEGIN:VCARD\nEND:VCARD' }] } },
      { image: Buffer.from('file'), mimetype: 'image/png', caption: 'veja' },
      { audio: Buffer.from('file'), mimetype: 'audio/ogg', ptt: true },
      { document: Buffer.from('file'), mimetype: 'image/png', fileName: 'stored.png', caption: 'veja' },
    ]);
  });

  it('quotes the stored original, or a bare key with its participant when only the key is known', async () => {
    const original = { key: { remoteJid: CHAT, id: 'Q1', fromMe: false }, message: { conversation: 'oi' } };
    const socket = fakeSocket();
    const store = fakeStore({
      Q1: { message: original },
      Q2: { fromMe: true, participant: '5511911111111@s.whatsapp.net', message: null },
    });
    const { outbound: sender } = outbound(socket, store);
    await sender.send(request({ kind: 'text', body: 'a' }, { quotedMessageId: 'Q1', idempotencyKey: 'a' }));
    await sender.send(request({ kind: 'text', body: 'b' }, { quotedMessageId: 'Q2', idempotencyKey: 'b' }));
    const quoted = socket.sent.map((sent) => (sent.options as { quoted: WAMessage }).quoted);
    expect(quoted[0]).toBe(original);
    expect(quoted[1]).toEqual({
      key: { remoteJid: CHAT, id: 'Q2', fromMe: true, participant: '5511911111111@s.whatsapp.net' },
      message: { conversation: '' },
    });
  });

  it('marks read with each message participant when stored, and deletes for everyone by key', async () => {
    const socket = fakeSocket();
    const { outbound: sender } = outbound(socket, fakeStore({ M2: { participant: '5511922222222@s.whatsapp.net' } }));
    await sender.markRead(CHAT, ['M1', 'M2']);
    await sender.markRead(CHAT, []);
    await sender.deleteForEveryone(CHAT, 'M9');
    expect(socket.reads).toEqual([
      [
        { remoteJid: CHAT, id: 'M1', fromMe: false },
        { remoteJid: CHAT, id: 'M2', fromMe: false, participant: '5511922222222@s.whatsapp.net' },
      ],
    ]);
    expect(socket.sent[0]?.content).toEqual({ delete: { remoteJid: CHAT, fromMe: true, id: 'M9' } });
  });

  it("edits our message: the new text with our message's key, as WhatsApp's edit protocol wants", async () => {
    const socket = fakeSocket();
    await outbound(socket).outbound.editText(CHAT, 'M7', 'Chegamos às 10h');
    expect(socket.sent).toEqual([
      {
        jid: CHAT,
        content: { text: 'Chegamos às 10h', edit: { remoteJid: CHAT, fromMe: true, id: 'M7' } },
        options: undefined,
      },
    ]);
    await expect(outbound(null).outbound.editText(CHAT, 'M7', 'x')).rejects.toBeInstanceOf(SessionNotReadyError);
  });

  it("matches WhatsApp's answer to the asked numbers, with or without Brazil's ninth digit", async () => {
    const socket = fakeSocket();
    socket.found = [
      { jid: '551187654321@s.whatsapp.net', exists: true },
      { jid: '5521999990000@s.whatsapp.net', exists: false },
    ];
    await expect(outbound(socket).outbound.checkNumbers(['5511987654321', '5521999990000'])).resolves.toEqual([
      { number: '5511987654321', exists: true, jid: '551187654321@s.whatsapp.net' },
      { number: '5521999990000', exists: false, jid: null },
    ]);
    expect(sameNumber('5511987654321', '551187654321')).toBe(true);
    expect(sameNumber('5511987654321', '5511987654322')).toBe(false);
    expect(sameNumber(null, '5511987654321')).toBe(false);
  });

  it('answers no picture for a hidden or missing one, and lets other failures through', async () => {
    const socket = fakeSocket();
    const { outbound: sender } = outbound(socket);
    await expect(sender.profilePicture(CHAT)).resolves.toBe('https://pps.whatsapp.net/p.jpg');
    socket.pictureError = Object.assign(new Error('item-not-found'), { output: { statusCode: 404 } });
    await expect(sender.profilePicture(CHAT)).resolves.toBeNull();
    socket.pictureError = Object.assign(new Error('timed out'), { output: { statusCode: 408 } });
    await expect(sender.profilePicture(CHAT)).rejects.toThrow('timed out');
  });

  it('refuses every command while the session is not connected', async () => {
    const { outbound: sender } = outbound(null);
    await expect(sender.send(request({ kind: 'text', body: 'x' }))).rejects.toBeInstanceOf(SessionNotReadyError);
    await expect(sender.markRead(CHAT, ['M1'])).rejects.toBeInstanceOf(SessionNotReadyError);
    await expect(sender.checkNumbers(['5511987654321'])).rejects.toBeInstanceOf(SessionNotReadyError);
    await expect(sender.listContacts()).rejects.toBeInstanceOf(SessionNotReadyError);
  });
});
