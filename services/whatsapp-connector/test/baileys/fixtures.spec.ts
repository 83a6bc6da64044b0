/**
 * Fixture contract: every `messages.upsert` fixture survives a protobuf round trip through `proto.WebMessageInfo`
 * with the content type Baileys' own helpers give it, and classifies as the adapter expects. Offline.
 */
import { getContentType, normalizeMessageContent, proto, type WAMessage } from 'baileys';
import { classify } from '../../src/providers/baileys/baileys.mapper.js';
import { FIXTURES } from './fixtures/messages.js';

const roundTrip = (message: WAMessage): proto.WebMessageInfo =>
  proto.WebMessageInfo.decode(proto.WebMessageInfo.encode(proto.WebMessageInfo.fromObject(message)).finish());

describe('Baileys fixtures', () => {
  it.each(FIXTURES)('$name round-trips through proto.WebMessageInfo as $contentType', ({ message, contentType }) => {
    const decoded = roundTrip(message);
    expect(decoded.key?.id).toBe(message.key.id);
    expect(getContentType(normalizeMessageContent(decoded.message))).toBe(contentType);
    expect(getContentType(normalizeMessageContent(message.message))).toBe(contentType);
  });

  it('classifies the decoded fixtures as the adapter reads them', () => {
    const kinds = Object.fromEntries(
      FIXTURES.map(({ name, message }) => {
        const decoded = roundTrip(message) as unknown as WAMessage;
        const classified = classify(decoded);
        return [name, classified.type === 'message' ? classified.kind : classified.type];
      }),
    );
    expect(kinds).toEqual({
      text: 'text',
      image: 'image',
      'voice note': 'audio',
      location: 'location',
      vcard: 'vcard',
      'quoted reply': 'text',
      group: 'text',
      revoke: 'revoke',
      'ciphertext stub': 'skip',
      'missed call stub': 'skip',
      'own echo': 'text',
      'sent from the phone': 'text',
      video: 'video',
      'document with caption': 'document',
      sticker: 'sticker',
      'contacts array': 'vcard',
      ephemeral: 'text',
      'view once': 'image',
      edit: 'edit',
      reaction: 'reaction',
      'status broadcast': 'text',
    });
  });

  it('loses the v7 TypeScript-only key fields in protobuf (why messages are stored as BufferJSON)', () => {
    const decoded = roundTrip(FIXTURES[0]!.message);
    expect((decoded.key as { remoteJidAlt?: string }).remoteJidAlt).toBeUndefined();
  });
});
