import type { WAMessage } from 'baileys';
import {
  contactsArrayFixture,
  documentWithCaptionFixture,
  editFixture,
  imageFixture,
  locationFixture,
  quotedReplyFixture,
  reactionFixture,
  revokeFixture,
  stickerFixture,
  textFixture,
  vcardFixture,
  VCARD,
  viewOnceImageFixture,
  voiceNoteFixture,
} from '../../../test/baileys/fixtures/messages.js';
import { classify, extensionOf, isoFromSeconds } from './baileys.mapper.js';

/** What the agent's inbox gets from a WhatsApp message: its kind, text, attachment and reply link. */
describe('inbound message mapping', () => {
  it('keeps the text a contact typed, and the message it replies to', () => {
    expect(classify(textFixture)).toMatchObject({
      type: 'message',
      kind: 'text',
      body: 'Olá! Meu pedido #4521 ainda não chegou.',
      media: null,
      quotedMessageId: null,
    });
    expect(classify(quotedReplyFixture)).toMatchObject({
      body: 'Sim, esse mesmo',
      quotedMessageId: 'BAE5F2C9D8E7A6B5',
    });
  });

  it('gives a photo its caption as the text, and a view-once photo likewise', () => {
    expect(classify(imageFixture)).toMatchObject({
      kind: 'image',
      body: 'Chegou assim, quebrado',
      media: { kind: 'image', mimeType: 'image/jpeg', fileName: null, ptt: false },
    });
    expect(classify(viewOnceImageFixture)).toMatchObject({ kind: 'image', body: 'só uma vez' });
  });

  it('plays a voice note as a voice note, and an audio file as audio', () => {
    expect(classify(voiceNoteFixture)).toMatchObject({ kind: 'audio', media: { ptt: true } });
    const audioFile = {
      ...voiceNoteFixture,
      message: { audioMessage: { ...voiceNoteFixture.message.audioMessage, ptt: false } },
    } satisfies WAMessage;
    expect(classify(audioFile)).toMatchObject({ kind: 'audio', media: { ptt: false } });
  });

  it('keeps a document’s file name and caption', () => {
    expect(classify(documentWithCaptionFixture)).toMatchObject({
      kind: 'document',
      body: 'Segue a nota',
      media: { mimeType: 'application/pdf', fileName: 'nota-fiscal-4521.pdf' },
    });
  });

  it('assumes WhatsApp’s usual type when a media message names none', () => {
    const untyped = {
      ...stickerFixture,
      message: { stickerMessage: { ...stickerFixture.message.stickerMessage, mimetype: '' } },
    } satisfies WAMessage;
    expect(classify(untyped)).toMatchObject({ kind: 'sticker', media: { mimeType: 'image/webp' } });
  });

  it('shows a location with its place name and address', () => {
    expect(classify(locationFixture)).toMatchObject({
      kind: 'location',
      location: {
        latitude: -23.5613,
        longitude: -46.6565,
        name: 'Av. Paulista, 1578',
        address: 'Bela Vista, São Paulo - SP',
      },
    });
  });

  it('carries shared contacts as vCards, one or several', () => {
    expect(classify(vcardFixture)).toMatchObject({
      kind: 'vcard',
      body: 'João Souza',
      vcards: [{ displayName: 'João Souza', vcard: VCARD }],
    });
    const several = classify(contactsArrayFixture);
    expect(several.type === 'message' && several.vcards.map((card) => card.displayName)).toEqual([
      'João Souza',
      'Ana Lima',
    ]);
  });

  it('turns deletions, edits and reactions into changes of the message they point at', () => {
    expect(classify(revokeFixture)).toEqual({ type: 'revoke', targetId: '3EB0C4F1A2B3C4D5E6F7' });
    expect(classify(editFixture)).toEqual({ type: 'edit', targetId: '3EB0C4F1A2B3C4D5E6F7', body: 'texto corrigido' });
    expect(classify(reactionFixture)).toEqual({ type: 'reaction', targetId: '3EB0B430A1F2C3D4E5F6', emoji: '👍' });
    const removed = {
      ...reactionFixture,
      message: { reactionMessage: { ...reactionFixture.message.reactionMessage, text: '' } },
    } satisfies WAMessage;
    expect(classify(removed)).toMatchObject({ type: 'reaction', emoji: '' }); // the reaction was taken back
  });

  it('skips messages that carry nothing to show', () => {
    expect(classify({ key: { id: 'X' }, message: null })).toEqual({ type: 'skip', why: 'empty' });
    expect(classify({ key: { id: 'Y' }, message: { protocolMessage: { type: 0 } } })).toMatchObject({
      type: 'skip',
    });
  });

  it('names stored files after their type, and dates messages by WhatsApp’s clock', () => {
    expect(
      ['image/jpeg', 'audio/ogg; codecs=opus', 'audio/mpeg', 'video/quicktime', 'application/pdf'].map(extensionOf),
    ).toEqual(['jpg', 'ogg', 'mp3', 'mov', 'pdf']);
    const fallback = new Date('2026-01-01T00:00:00Z');
    expect(isoFromSeconds(1763712000, fallback)).toBe('2025-11-21T08:00:00.000Z');
    expect(isoFromSeconds(null, fallback)).toBe(fallback.toISOString());
  });
});
