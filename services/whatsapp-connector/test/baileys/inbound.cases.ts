/**
 * Inbound traffic through the fake socket (Baileys' real event buffer) to the sink: every message kind, media
 * through the media store, groups, revoke/edit/reaction/calls once each, stubs and broadcasts ignored, the offline
 * `append` backlog, our own echo, acks moving only forward, group receipts, and contacts.
 */
import type { WAMessage } from 'baileys';
import {
  CONTACT_LID,
  CONTACT_PN,
  GROUP_JID,
  ciphertextStubFixture,
  contactsArrayFixture,
  documentWithCaptionFixture,
  editFixture,
  ephemeralTextFixture,
  groupFixture,
  imageFixture,
  locationFixture,
  missedCallStubFixture,
  phoneSentFixture,
  quotedReplyFixture,
  reactionFixture,
  revokeFixture,
  statusBroadcastFixture,
  stickerFixture,
  textFixture,
  vcardFixture,
  videoFixture,
  voiceNoteFixture,
  VCARD,
  ownEchoFixture,
} from './fixtures/messages.js';
import { closeDataSource, connected, eventually, harness, type FakeSocket, type Harness } from './support/fakes.js';

afterAll(closeDataSource);

const notify = (socket: FakeSocket, ...messages: WAMessage[]): void =>
  socket.emit('messages.upsert', { type: 'notify', messages });

/** A plain text from another chat: once it is reported, everything emitted before it has been handled. */
let barrierSeq = 0;
async function barrier(h: Harness, socket: FakeSocket): Promise<void> {
  barrierSeq += 1;
  const id = `BARRIER${barrierSeq}`;
  notify(socket, {
    key: { remoteJid: '5511955550000@s.whatsapp.net', fromMe: false, id },
    message: { conversation: '.' },
  });
  await eventually(() => expect(h.sink.received().some((m) => m.messageId === id)).toBe(true));
}

const others = (h: Harness): typeof h.sink.events =>
  h.sink.events.filter((e) => !('messageId' in e.data && String(e.data.messageId).startsWith('BARRIER')));

describe('Baileys inbound', () => {
  let h: Harness;
  let socket: FakeSocket;

  beforeEach(async () => {
    h = await harness();
    socket = await connected(h);
  });

  it('delivers a text with the contact as number, LID and push name', async () => {
    notify(socket, textFixture);
    const [message] = await eventually(() => {
      expect(h.sink.received()).toHaveLength(1);
      return h.sink.received();
    });
    expect(message).toEqual({
      connectionId: h.connectionId,
      chatJid: CONTACT_PN,
      isGroup: false,
      groupName: null,
      contact: { jid: CONTACT_PN, number: '5511987654321', lid: CONTACT_LID, pushName: 'Maria Silva' },
      messageId: '3EB0C4F1A2B3C4D5E6F7',
      fromMe: false,
      timestamp: '2025-11-21T08:00:00.000Z',
      kind: 'text',
      body: 'Olá! Meu pedido #4521 ainda não chegou.',
      media: null,
      location: null,
      vcards: [],
      quotedMessageId: null,
      isOffline: false,
    });
  });

  it('retries the sink when it fails for a moment, so the message is not lost', async () => {
    const inbound = h.sink.inbound.bind(h.sink);
    let failures = 2;
    h.sink.inbound = async (event) => {
      if (failures-- > 0) throw new Error('outbox unavailable');
      return inbound(event);
    };
    notify(socket, textFixture);
    await eventually(() => expect(h.sink.received().map((m) => m.messageId)).toEqual([textFixture.key.id]));
  });

  it('still delivers the messages of a batch one of whose other parts failed', async () => {
    socket.ev.buffer();
    // a contact the table cannot hold (jid longer than its column): its write fails
    socket.emit('contacts.upsert', [{ id: `${'9'.repeat(200)}@s.whatsapp.net`, name: 'Too long' }]);
    socket.emit('messages.upsert', { type: 'notify', messages: [textFixture] });
    socket.ev.flush();
    await eventually(() => expect(h.sink.received().map((m) => m.messageId)).toEqual([textFixture.key.id]));
    expect(h.sink.contacts).toEqual([]);
  });

  it('stores media through the media store and keeps captions, voice notes flagged', async () => {
    notify(socket, imageFixture, voiceNoteFixture, videoFixture, documentWithCaptionFixture, stickerFixture);
    const received = await eventually(() => {
      expect(h.sink.received()).toHaveLength(5);
      return h.sink.received();
    });
    expect(received.map((m) => [m.kind, m.body, m.media?.mimeType, m.media?.fileName])).toEqual([
      ['image', 'Chegou assim, quebrado', 'image/jpeg', `${imageFixture.key.id}.jpg`],
      ['audio', '', 'audio/ogg; codecs=opus', `${voiceNoteFixture.key.id}.ogg`],
      ['video', 'Olha o vídeo', 'video/mp4', `${videoFixture.key.id}.mp4`],
      ['document', 'Segue a nota', 'application/pdf', 'nota-fiscal-4521.pdf'],
      ['sticker', '', 'image/webp', `${stickerFixture.key.id}.webp`],
    ]);
    expect(received[1]!.media?.ptt).toBe(true);
    const image = h.media.files.get(received[0]!.media!.url);
    expect(image?.data.toString()).toBe(`media of ${imageFixture.key.id}`);
    expect(received[0]!.media?.size).toBe(image?.data.length);
  });

  it('keeps a message with its caption and no media when the store rejects the file or the download fails', async () => {
    h.media.rejectTypes.add('image/jpeg');
    h.downloader.failing.add(videoFixture.key.id);
    notify(socket, imageFixture, videoFixture);
    const received = await eventually(() => {
      expect(h.sink.received()).toHaveLength(2);
      return h.sink.received();
    });
    expect(received.map((m) => [m.kind, m.body, m.media, m.refusedMedia])).toEqual([
      ['image', 'Chegou assim, quebrado', null, { fileName: null, mimeType: 'image/jpeg', reason: 'unsupported-type' }],
      ['video', 'Olha o vídeo', null, { fileName: null, mimeType: 'video/mp4', reason: 'download-failed' }],
    ]);
  });

  it('fills location (with its stored preview), vCards, contact arrays, quotes and unwrapped ephemeral texts', async () => {
    notify(socket, locationFixture, vcardFixture, contactsArrayFixture, quotedReplyFixture, ephemeralTextFixture);
    const [location, vcard, cards, quoted, ephemeral] = await eventually(() => {
      expect(h.sink.received()).toHaveLength(5);
      return h.sink.received();
    });
    expect(location).toMatchObject({
      kind: 'location',
      location: {
        latitude: -23.5613,
        longitude: -46.6565,
        name: 'Av. Paulista, 1578',
        address: 'Bela Vista, São Paulo - SP',
      },
    });
    expect(h.media.files.get(location!.location!.thumbnailUrl!)?.mimeType).toBe('image/jpeg');
    expect(vcard).toMatchObject({ kind: 'vcard', vcards: [{ displayName: 'João Souza', vcard: VCARD }] });
    expect(cards?.vcards.map((card) => card.displayName)).toEqual(['João Souza', 'Ana Lima']);
    expect(quoted).toMatchObject({ kind: 'text', body: 'Sim, esse mesmo', quotedMessageId: 'BAE5F2C9D8E7A6B5' });
    expect(ephemeral).toMatchObject({ kind: 'text', body: 'Mensagem temporária' });
  });

  it('ignores group messages when the connection does not allow groups, and status broadcasts always', async () => {
    notify(socket, groupFixture, statusBroadcastFixture);
    await barrier(h, socket);
    expect(others(h)).toEqual([]);
  });

  it('emits a revoke once, whether it comes as the protocol upsert, the update, or both', async () => {
    notify(socket, revokeFixture);
    socket.emit('messages.update', [
      {
        key: { remoteJid: CONTACT_PN, fromMe: false, id: '3EB0C4F1A2B3C4D5E6F7' },
        update: { message: null, messageStubType: 1, key: revokeFixture.key },
      },
    ]);
    await barrier(h, socket);
    expect(others(h)).toEqual([
      {
        type: 'whatsapp.message.revoked',
        data: expect.objectContaining({ messageId: '3EB0C4F1A2B3C4D5E6F7', fromMe: false, chatJid: CONTACT_PN }),
      },
    ]);
  });

  it('emits an edit once with the new text, from the upsert and from the update', async () => {
    notify(socket, editFixture);
    socket.emit('messages.update', [
      {
        key: { remoteJid: CONTACT_PN, fromMe: false, id: '3EB0C4F1A2B3C4D5E6F7' },
        update: {
          message: { editedMessage: { message: { conversation: 'texto corrigido' } } },
          messageTimestamp: 1763712600,
        },
      },
    ]);
    await barrier(h, socket);
    expect(others(h)).toEqual([
      {
        type: 'whatsapp.message.edited',
        data: expect.objectContaining({ messageId: '3EB0C4F1A2B3C4D5E6F7', body: 'texto corrigido' }),
      },
    ]);
  });

  it('emits a reaction once (upsert and messages.reaction), and its removal', async () => {
    notify(socket, reactionFixture);
    socket.emit('messages.reaction', [
      {
        key: reactionFixture.message.reactionMessage.key,
        reaction: { key: reactionFixture.key, text: '👍', senderTimestampMs: 1763712610000 },
      },
    ]);
    socket.emit('messages.reaction', [
      {
        key: reactionFixture.message.reactionMessage.key,
        reaction: { key: { ...reactionFixture.key, id: '3EB0REAC7000000000002' }, text: '' },
      },
    ]);
    await barrier(h, socket);
    expect(
      others(h).map(
        (e) => e.type === 'whatsapp.message.reacted' && [e.data.messageId, e.data.targetMessageId, e.data.emoji],
      ),
    ).toEqual([
      ['3EB0REAC7000000000001', '3EB0B430A1F2C3D4E5F6', '👍'],
      ['3EB0REAC7000000000002', '3EB0B430A1F2C3D4E5F6', ''],
    ]);
  });

  it('reports missed and rejected calls once each, and not an answered one', async () => {
    const call = {
      chatId: CONTACT_LID,
      from: CONTACT_LID,
      callerPn: CONTACT_PN,
      date: new Date('2025-11-21T08:05:00.000Z'),
      offline: false,
      isVideo: false,
      isGroup: false,
    };
    socket.emit('call', [{ ...call, id: 'CALL1', status: 'offer' }]);
    socket.emit('call', [{ ...call, id: 'CALL1', status: 'timeout' }]);
    socket.emit('call', [{ ...call, id: 'CALL1', status: 'terminate' }]);
    socket.emit('call', [{ ...call, id: 'CALL2', status: 'reject', isVideo: true }]);
    socket.emit('call', [{ ...call, id: 'CALL3', status: 'accept' }]);
    socket.emit('call', [{ ...call, id: 'CALL3', status: 'terminate' }]);
    await barrier(h, socket);
    expect(others(h)).toEqual([
      {
        type: 'whatsapp.call.missed',
        data: {
          connectionId: h.connectionId,
          chatJid: CONTACT_PN,
          isGroup: false,
          groupName: null,
          contact: { jid: CONTACT_LID, number: '5511987654321', lid: CONTACT_LID, pushName: null },
          callId: 'CALL1',
          isVideo: false,
          status: 'missed',
          timestamp: '2025-11-21T08:05:00.000Z',
        },
      },
      {
        type: 'whatsapp.call.missed',
        data: expect.objectContaining({ callId: 'CALL2', status: 'rejected', isVideo: true }),
      },
    ]);
  });

  it('reports a call missed while offline from its stub, once even when the call event also arrives', async () => {
    socket.emit('messages.upsert', { type: 'append', messages: [missedCallStubFixture] });
    socket.emit('call', [
      {
        chatId: CONTACT_PN,
        from: CONTACT_PN,
        id: missedCallStubFixture.key.id,
        date: new Date('2025-11-21T08:05:00.000Z'),
        offline: true,
        status: 'timeout',
      },
    ]);
    await barrier(h, socket);
    expect(others(h)).toEqual([
      {
        type: 'whatsapp.call.missed',
        data: expect.objectContaining({
          callId: missedCallStubFixture.key.id,
          chatJid: CONTACT_PN,
          status: 'missed',
          isVideo: false,
          timestamp: '2025-11-21T08:05:00.000Z',
        }),
      },
    ]);
  });

  it('skips a ciphertext stub and delivers the message when its content arrives later', async () => {
    notify(socket, ciphertextStubFixture);
    await barrier(h, socket);
    expect(others(h)).toEqual([]);
    socket.emit('messages.upsert', {
      type: 'notify',
      requestId: 'placeholder-resend-1',
      messages: [
        {
          key: ciphertextStubFixture.key,
          messageTimestamp: 1763712490,
          pushName: 'Maria Silva',
          message: { conversation: 'chegou agora' },
        },
      ],
    });
    await eventually(() =>
      expect(others(h)).toEqual([
        expect.objectContaining({
          data: expect.objectContaining({ messageId: '3EB0DEADBEEF00000001', body: 'chegou agora' }),
        }),
      ]),
    );
  });

  it('delivers the offline backlog (append), inbound and sent from the phone, once each, with folded status', async () => {
    socket.ev.buffer();
    socket.emit('messages.upsert', { type: 'append', messages: [textFixture, phoneSentFixture] });
    socket.emit('messages.update', [{ key: phoneSentFixture.key, update: { status: 3 } }]);
    socket.emit('messages.upsert', { type: 'append', messages: [textFixture] });
    expect(h.sink.events).toEqual([]);
    socket.ev.flush();
    socket.emit('connection.update', { receivedPendingNotifications: true });
    const received = await eventually(() => {
      expect(h.sink.received()).toHaveLength(2);
      return h.sink.received();
    });
    expect(received.map((m) => [m.messageId, m.fromMe, m.isOffline, m.contact.pushName])).toEqual([
      ['3EB0C4F1A2B3C4D5E6F7', false, true, 'Maria Silva'],
      ['3EB0PH0NE5E4D000001', true, true, null],
    ]);
    await eventually(() =>
      expect(h.sink.acks).toEqual([{ chatJid: CONTACT_PN, messageId: '3EB0PH0NE5E4D000001', ack: 3 }]),
    );
    await barrier(h, socket);
    expect(h.sink.received()).toHaveLength(3);
  });

  it("does not deliver our own send's echo, only its status", async () => {
    const { messageId } = await h.session.send({
      chatJid: CONTACT_PN,
      content: { kind: 'text', body: 'Olá Maria, sou o atendente Pedro' },
      quotedMessageId: null,
      idempotencyKey: 'cmd-echo',
    });
    socket.emit('messages.upsert', { type: 'append', messages: [{ ...ownEchoFixture(messageId), status: 2 }] });
    await barrier(h, socket);
    expect(others(h)).toEqual([]);
    expect(h.sink.acks).toEqual([{ chatJid: CONTACT_PN, messageId, ack: 2 }]);
  });

  it('moves acks forward only, out-of-order updates included, and reads statuses merged into an upsert', async () => {
    const { messageId } = await h.session.send({
      chatJid: CONTACT_PN,
      content: { kind: 'text', body: 'Seu pedido saiu' },
      quotedMessageId: null,
      idempotencyKey: 'cmd-acks',
    });
    const key = { remoteJid: CONTACT_PN, fromMe: true, id: messageId };
    socket.emit('messages.update', [{ key, update: { status: 2 } }]);
    socket.emit('messages.update', [{ key, update: { status: 4 } }]);
    socket.emit('messages.update', [{ key, update: { status: 3 } }]);
    socket.emit('messages.update', [{ key, update: { status: 5 } }]);
    await barrier(h, socket);
    expect(h.sink.acks.map((a) => a.ack)).toEqual([2, 4, 5]);
    // a server NACK (e.g. 463) still gets through, once
    socket.emit('messages.update', [{ key, update: { status: 0, messageStubParameters: ['463'] } }]);
    socket.emit('messages.update', [{ key, update: { status: 0 } }]);
    await barrier(h, socket);
    expect(h.sink.acks.map((a) => a.ack)).toEqual([2, 4, 5, 0]);

    // an update buffered with the echo's upsert is folded into it (status on the upsert, no update event)
    const second = await h.session.send({
      chatJid: CONTACT_PN,
      content: { kind: 'text', body: 'Mais alguma coisa?' },
      quotedMessageId: null,
      idempotencyKey: 'cmd-merged',
    });
    socket.ev.buffer();
    socket.emit('messages.upsert', { type: 'append', messages: [ownEchoFixture(second.messageId)] });
    socket.emit('messages.update', [{ key: { ...key, id: second.messageId }, update: { status: 3 } }]);
    socket.ev.flush();
    await eventually(() =>
      expect(h.sink.acks.at(-1)).toEqual({ chatJid: CONTACT_PN, messageId: second.messageId, ack: 3 }),
    );
  });

  it('contacts and chats: names and pictures reported when they change, kept for the phone import', async () => {
    socket.emit('contacts.upsert', [
      {
        id: CONTACT_PN,
        lid: CONTACT_LID,
        name: 'Maria (cliente)',
        notify: 'Maria Silva',
        imgUrl: 'https://pps.whatsapp.net/m.jpg',
      },
    ]);
    socket.emit('contacts.update', [{ id: CONTACT_PN, notify: 'Maria Silva' }]);
    socket.emit('contacts.update', [{ id: '5511933332222@s.whatsapp.net', notify: 'Pedro' }]);
    await eventually(() => expect(h.sink.contacts).toHaveLength(2));
    await barrier(h, socket);
    expect(h.sink.contacts).toEqual([
      {
        contact: { jid: CONTACT_PN, number: '5511987654321', lid: CONTACT_LID, pushName: 'Maria Silva' },
        isGroup: false,
        name: 'Maria (cliente)',
        profilePicUrl: 'https://pps.whatsapp.net/m.jpg',
      },
      {
        contact: { jid: '5511933332222@s.whatsapp.net', number: '5511933332222', lid: null, pushName: 'Pedro' },
        isGroup: false,
        name: 'Pedro',
        profilePicUrl: null,
      },
    ]);
    expect((await h.session.listContacts()).map((c) => c.name)).toEqual(['Pedro', 'Maria (cliente)']);

    // WhatsApp only says the picture changed: the new one is asked for
    socket.pictures.set(CONTACT_PN, 'https://pps.whatsapp.net/m2.jpg');
    socket.emit('contacts.update', [{ id: CONTACT_PN, imgUrl: 'changed' }]);
    await eventually(() =>
      expect(h.sink.contacts.at(-1)).toMatchObject({
        contact: { jid: CONTACT_PN },
        name: 'Maria (cliente)',
        profilePicUrl: 'https://pps.whatsapp.net/m2.jpg',
      }),
    );
  });
});

describe('Baileys inbound, groups allowed', () => {
  it('delivers group messages with the group name (fetched once) and the participant as the contact', async () => {
    const h = await harness({ allowGroups: true });
    const socket = await connected(h);
    let lookups = 0;
    h.factory.groups.set(GROUP_JID, {
      id: GROUP_JID,
      subject: 'Clientes VIP',
      participants: [],
      addressingMode: 'lid',
    } as never);
    const original = socket.groupMetadata.bind(socket);
    socket.groupMetadata = async (jid: string) => {
      lookups += 1;
      return original(jid);
    };
    notify(socket, groupFixture, { ...groupFixture, key: { ...groupFixture.key, id: '3EB0123456789ABCDEF1' } });
    const received = await eventually(() => {
      expect(h.sink.received()).toHaveLength(2);
      return h.sink.received();
    });
    expect(received[0]).toMatchObject({
      chatJid: GROUP_JID,
      isGroup: true,
      groupName: 'Clientes VIP',
      contact: { jid: CONTACT_LID, number: '5511987654321', lid: CONTACT_LID, pushName: 'Maria Silva' },
      body: '@5511900000001 alguém pode me ajudar?',
    });
    expect(lookups).toBe(1);
  });

  it('delivers a group message we sent from the phone with ourselves as the writer', async () => {
    const h = await harness({ allowGroups: true });
    const socket = await connected(h);
    h.factory.groups.set(GROUP_JID, { id: GROUP_JID, subject: 'Clientes VIP', participants: [] } as never);
    notify(socket, {
      key: { remoteJid: GROUP_JID, fromMe: true, id: '3EB0FR0MPH0NE0000001' },
      message: { conversation: 'Bom dia a todos' },
      messageTimestamp: 1763712700,
      pushName: 'Loja',
    });
    const [message] = await eventually(() => {
      expect(h.sink.received()).toHaveLength(1);
      return h.sink.received();
    });
    expect(message).toMatchObject({
      chatJid: GROUP_JID,
      fromMe: true,
      groupName: 'Clientes VIP',
      contact: { jid: '5511900000001@s.whatsapp.net', number: '5511900000001', pushName: null },
    });
  });

  it('reports group subjects, chat names and LID mappings as contacts', async () => {
    const h = await harness({ allowGroups: true });
    const socket = await connected(h);
    socket.emit('groups.update', [{ id: GROUP_JID, subject: 'Clientes VIP' }]);
    socket.emit('chats.upsert', [{ id: '5511922221111@s.whatsapp.net', name: 'Ana', conversationTimestamp: 1 }]);
    socket.emit('lid-mapping.update', { lid: CONTACT_LID, pn: CONTACT_PN });
    await eventually(() => expect(h.sink.contacts).toHaveLength(3));
    expect(h.sink.contacts).toEqual([
      {
        contact: { jid: GROUP_JID, number: null, lid: null, pushName: null },
        isGroup: true,
        name: 'Clientes VIP',
        profilePicUrl: null,
      },
      {
        contact: { jid: '5511922221111@s.whatsapp.net', number: '5511922221111', lid: null, pushName: null },
        isGroup: false,
        name: 'Ana',
        profilePicUrl: null,
      },
      {
        contact: { jid: CONTACT_PN, number: '5511987654321', lid: CONTACT_LID, pushName: null },
        isGroup: false,
        name: null,
        profilePicUrl: null,
      },
    ]);
    // the group name now comes from the cache: no metadata query for its messages
    socket.groupMetadata = () => Promise.reject(new Error('not expected'));
    notify(socket, groupFixture);
    await eventually(() => expect(h.sink.received()[0]?.groupName).toBe('Clientes VIP'));
  });

  it('acks a group message from per-participant receipts, forward only', async () => {
    const h = await harness({ allowGroups: true });
    const socket = await connected(h);
    const key = { remoteJid: GROUP_JID, fromMe: true, id: '3EB0B430A1F2C3D4E5F6' };
    socket.emit('message-receipt.update', [
      { key: { ...key, participant: CONTACT_LID }, receipt: { userJid: CONTACT_LID, receiptTimestamp: 1763712390 } },
    ]);
    socket.emit('message-receipt.update', [
      { key: { ...key, participant: CONTACT_LID }, receipt: { userJid: CONTACT_LID, readTimestamp: 1763712400 } },
    ]);
    socket.emit('message-receipt.update', [
      { key: { ...key, participant: '209999@lid' }, receipt: { userJid: '209999@lid', receiptTimestamp: 1763712410 } },
    ]);
    await eventually(() => expect(h.sink.acks.length).toBeGreaterThanOrEqual(2));
    socket.emit('messages.upsert', {
      type: 'notify',
      messages: [
        { key: { remoteJid: '5511955550000@s.whatsapp.net', fromMe: false, id: 'B1' }, message: { conversation: '.' } },
      ],
    });
    await eventually(() => expect(h.sink.received()).toHaveLength(1));
    expect(h.sink.acks).toEqual([
      { chatJid: GROUP_JID, messageId: key.id, ack: 3 },
      { chatJid: GROUP_JID, messageId: key.id, ack: 4 },
    ]);
  });
});
