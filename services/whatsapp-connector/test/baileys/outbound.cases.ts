/**
 * Commands through the fake socket: sends of every kind with an id derived from the command (a retried command is
 * not sent twice), our sends served back to Baileys' getMessage, quoted replies from the stored original, delete,
 * mark read, number checks, pictures, phone contacts, logout, and SessionNotReadyError when not connected.
 */
import { proto, type WAMessage } from 'baileys';
import { CONTACT_PN, GROUP_JID, groupFixture, textFixture } from './fixtures/messages.js';
import { SessionNotReadyError, type SendRequest } from '../../src/providers/provider.port.js';
import { BaileysAuthStore } from '../../src/providers/baileys/baileys-auth.store.js';
import {
  closeDataSource,
  connected,
  eventually,
  harness,
  rows,
  type FakeSocket,
  type Harness,
} from './support/fakes.js';

afterAll(closeDataSource);

const text = (body: string, idempotencyKey: string, quotedMessageId: string | null = null): SendRequest => ({
  chatJid: CONTACT_PN,
  content: { kind: 'text', body },
  quotedMessageId,
  idempotencyKey,
});

describe('Baileys outbound', () => {
  let h: Harness;
  let socket: FakeSocket;

  beforeEach(async () => {
    h = await harness({ allowGroups: true });
    socket = await connected(h);
  });

  it('sends a text under an id derived from the command, once, and serves it back to getMessage', async () => {
    const first = await h.session.send(text('Seu pedido saiu para entrega', 'cmd-1'));
    expect(first.messageId).toMatch(/^3EB0[0-9A-F]{18}$/);
    expect(first.timestamp.toISOString()).toBe('2025-11-21T08:11:40.000Z');
    expect(socket.sent).toEqual([
      { jid: CONTACT_PN, content: { text: 'Seu pedido saiu para entrega' }, options: { messageId: first.messageId } },
    ]);

    // the same command again (redelivered after a crash): no second message on WhatsApp
    const again = await h.session.send(text('Seu pedido saiu para entrega', 'cmd-1'));
    expect(again).toEqual(first);
    expect(socket.sent).toHaveLength(1);
    const other = await h.session.send(text('Outro', 'cmd-2'));
    expect(other.messageId).not.toBe(first.messageId);

    // a retry receipt: Baileys asks for the content to re-encrypt it
    expect(await socket.options.getMessage({ remoteJid: CONTACT_PN, fromMe: true, id: first.messageId })).toEqual({
      conversation: 'Seu pedido saiu para entrega',
    });
    expect(await socket.options.getMessage({ remoteJid: CONTACT_PN, fromMe: true, id: 'UNKNOWN' })).toBeUndefined();
  });

  it('sends media from the media store with caption, voice notes and documents with their names', async () => {
    const image = await h.media.put({
      companyId: h.companyId,
      connectionId: h.connectionId,
      data: Buffer.from('jpeg bytes'),
      mimeType: 'image/jpeg',
      fileName: 'foto.jpg',
    });
    const audio = await h.media.put({
      companyId: h.companyId,
      connectionId: h.connectionId,
      data: Buffer.from('opus'),
      mimeType: 'audio/ogg; codecs=opus',
      fileName: 'audio.ogg',
    });
    const pdf = await h.media.put({
      companyId: h.companyId,
      connectionId: h.connectionId,
      data: Buffer.from('%PDF'),
      mimeType: 'application/pdf',
      fileName: 'x.pdf',
    });
    const media = (
      mediaType: 'image' | 'audio' | 'document',
      url: string,
      mimeType: string,
      extra: { caption?: string; ptt?: boolean; fileName?: string },
    ) =>
      h.session.send({
        chatJid: CONTACT_PN,
        content: {
          kind: 'media',
          mediaType,
          url,
          mimeType,
          fileName: extra.fileName ?? 'f',
          caption: extra.caption ?? '',
          ptt: extra.ptt ?? false,
        },
        quotedMessageId: null,
        idempotencyKey: `media-${mediaType}`,
      });
    const sentImage = await media('image', image.url, 'image/jpeg', { caption: 'Segue a foto' });
    await media('audio', audio.url, 'audio/ogg; codecs=opus', { ptt: true });
    await media('document', pdf.url, 'application/pdf', { fileName: 'boleto-4521.pdf', caption: 'Boleto' });
    // a retry receipt for the picture: the stored content re-encodes to the same protobuf bytes
    const stored = await socket.options.getMessage({ remoteJid: CONTACT_PN, fromMe: true, id: sentImage.messageId });
    expect(Buffer.isBuffer(stored?.imageMessage?.mediaKey)).toBe(true);
    expect(Buffer.from(proto.Message.encode(stored!).finish()).toString('hex')).toBe(
      Buffer.from(
        proto.Message.encode({
          imageMessage: {
            mimetype: 'image/jpeg',
            caption: 'Segue a foto',
            mediaKey: Buffer.alloc(32, 7),
            fileLength: 10,
          },
        }).finish(),
      ).toString('hex'),
    );
    expect(socket.sent.map((s) => s.content)).toEqual([
      { image: Buffer.from('jpeg bytes'), mimetype: 'image/jpeg', caption: 'Segue a foto' },
      { audio: Buffer.from('opus'), mimetype: 'audio/ogg; codecs=opus', ptt: true },
      { document: Buffer.from('%PDF'), mimetype: 'application/pdf', fileName: 'boleto-4521.pdf', caption: 'Boleto' },
    ]);
  });

  it('sends locations and vCards', async () => {
    await h.session.send({
      chatJid: CONTACT_PN,
      content: { kind: 'location', latitude: -23.5613, longitude: -46.6565, name: 'Loja Paulista', address: null },
      quotedMessageId: null,
      idempotencyKey: 'loc',
    });
    await h.session.send({
      chatJid: CONTACT_PN,
      content: { kind: 'vcard', displayName: 'Suporte', vcard: 'BEGIN:VCARD\nFN:Suporte\nEND:VCARD' },
      quotedMessageId: null,
      idempotencyKey: 'card',
    });
    expect(socket.sent.map((s) => s.content)).toEqual([
      { location: { degreesLatitude: -23.5613, degreesLongitude: -46.6565, name: 'Loja Paulista' } },
      { contacts: { displayName: 'Suporte', contacts: [{ vcard: 'BEGIN:VCARD\nFN:Suporte\nEND:VCARD' }] } },
    ]);
  });

  it('quotes the stored original of a received message, or a bare key when it is unknown', async () => {
    // Baileys hands over protobuf instances
    const received = proto.WebMessageInfo.fromObject(textFixture) as WAMessage;
    received.key = textFixture.key;
    socket.emit('messages.upsert', { type: 'notify', messages: [received] });
    await eventually(() => expect(h.sink.received()).toHaveLength(1));
    await h.session.send(text('Vamos verificar', 'reply-1', textFixture.key.id));
    const quoted = socket.sent[0]!.options?.['quoted'] as { key: { id: string }; message: { conversation: string } };
    expect(quoted.key.id).toBe(textFixture.key.id);
    expect(quoted.message.conversation).toBe('Olá! Meu pedido #4521 ainda não chegou.');

    await h.session.send(text('Sobre aquela mensagem', 'reply-2', 'NOTSTORED'));
    expect(socket.sent[1]!.options?.['quoted']).toMatchObject({
      key: { id: 'NOTSTORED', remoteJid: CONTACT_PN, fromMe: false },
    });
  });

  it('deletes for everyone and marks read with the group participant', async () => {
    const { messageId } = await h.session.send(text('enviado por engano', 'oops'));
    await h.session.deleteForEveryone(CONTACT_PN, messageId);
    expect(socket.sent[1]).toEqual({
      jid: CONTACT_PN,
      content: { delete: { remoteJid: CONTACT_PN, fromMe: true, id: messageId } },
      options: undefined,
    });
    h.factory.groups.set(GROUP_JID, { id: GROUP_JID, subject: 'Clientes', participants: [] } as never);
    socket.emit('messages.upsert', { type: 'notify', messages: [groupFixture] });
    await eventually(() => expect(h.sink.received()).toHaveLength(1));
    await h.session.markRead(GROUP_JID, [groupFixture.key.id]);
    expect(socket.reads).toEqual([
      [{ remoteJid: GROUP_JID, id: groupFixture.key.id, fromMe: false, participant: groupFixture.key.participant }],
    ]);
  });

  it("checks numbers (Brazil's ninth digit included), fetches pictures, lists the phone's contacts", async () => {
    socket.onWhatsAppAnswer = [{ jid: '551187654321@s.whatsapp.net', exists: true }];
    expect(await h.session.checkNumbers(['5511987654321', '5511900001111'])).toEqual([
      { number: '5511987654321', exists: true, jid: '551187654321@s.whatsapp.net' },
      { number: '5511900001111', exists: false, jid: null },
    ]);
    socket.pictures.set(CONTACT_PN, 'https://pps.whatsapp.net/v/maria.jpg');
    expect(await h.session.profilePicture(CONTACT_PN)).toBe('https://pps.whatsapp.net/v/maria.jpg');
    expect(await h.session.profilePicture('5511933332222@s.whatsapp.net')).toBeNull();
    socket.emit('contacts.upsert', [{ id: CONTACT_PN, name: 'Maria' }]);
    await eventually(async () =>
      expect(await h.session.listContacts()).toEqual([
        {
          contact: { jid: CONTACT_PN, number: '5511987654321', lid: null, pushName: null },
          isGroup: false,
          name: 'Maria',
          profilePicUrl: null,
        },
      ]),
    );
  });

  it('forgets stored messages older than the retention when the session opens again', async () => {
    const recent = await h.session.send(text('recente', 'recent'));
    await h.db.query(
      `INSERT INTO baileys_messages (company_id, connection_id, message_id, chat_jid, from_me, sent_by_us, created_at)
       VALUES ($1, $2, 'OLD1', $3, true, true, now() - interval '31 days')`,
      [h.companyId, h.connectionId, CONTACT_PN],
    );
    socket.close(515);
    await eventually(() => expect(h.factory.sockets).toHaveLength(2));
    h.factory.last.open();
    await eventually(async () =>
      expect((await rows(h, 'baileys_messages')).map((row) => row['message_id'])).toEqual([recent.messageId]),
    );
  });

  it('logs out: unlinks on WhatsApp, wipes what was stored, ends DISCONNECTED without a new socket', async () => {
    socket.emit('creds.update', {});
    await h.session.send(text('tchau', 'bye'));
    await eventually(async () => expect(await new BaileysAuthStore(h.context).readCreds()).not.toBeNull());
    await h.session.logout();
    expect(socket.logoutCalls).toBe(1);
    expect(socket.isEnded).toBe(true);
    expect(h.sink.statuses.at(-1)).toMatchObject({ status: 'DISCONNECTED', reason: 'loggedOut' });
    expect(await rows(h, 'baileys_auth_keys')).toEqual([]);
    expect(await rows(h, 'baileys_messages')).toEqual([]);
    expect(h.factory.sockets).toHaveLength(1);
    await expect(h.session.send(text('de novo', 'again'))).rejects.toBeInstanceOf(SessionNotReadyError);
  });
});

describe('Baileys commands before the session is connected', () => {
  it('reject with SessionNotReadyError, before start and while showing the QR', async () => {
    const h = await harness();
    const commands = (): Promise<unknown>[] => [
      h.session.send(text('oi', 'k')),
      h.session.deleteForEveryone(CONTACT_PN, 'X'),
      h.session.markRead(CONTACT_PN, ['X']),
      h.session.checkNumbers(['5511987654321']),
      h.session.profilePicture(CONTACT_PN),
      h.session.listContacts(),
    ];
    for (const command of commands()) await expect(command).rejects.toBeInstanceOf(SessionNotReadyError);
    await h.session.start({});
    h.factory.last.emit('connection.update', { qr: '2@qr' });
    await eventually(() => expect(h.sink.statusNames.at(-1)).toBe('qrcode'));
    for (const command of commands()) await expect(command).rejects.toBeInstanceOf(SessionNotReadyError);
    expect(h.factory.last.sent).toEqual([]);
  });
});
