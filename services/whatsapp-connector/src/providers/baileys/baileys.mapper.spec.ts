import {
  ackOf,
  ackOfReceipt,
  advancesAck,
  backoffDelay,
  closeAction,
  conversationOf,
  isIgnoredJid,
  normalizeJid,
  partyOf,
} from './baileys.mapper.js';

describe('baileys mapper', () => {
  it('fills number and LID from a PN jid with its LID alternate, and the other way round', () => {
    expect(partyOf('5511987654321@s.whatsapp.net', '201234567890123@lid', ' Maria ')).toEqual({
      jid: '5511987654321@s.whatsapp.net',
      number: '5511987654321',
      lid: '201234567890123@lid',
      pushName: 'Maria',
    });
    expect(partyOf('201234567890123@lid', '5511987654321@s.whatsapp.net', null)).toEqual({
      jid: '201234567890123@lid',
      number: '5511987654321',
      lid: '201234567890123@lid',
      pushName: null,
    });
    expect(partyOf('201234567890123@lid', undefined, '')).toEqual({
      jid: '201234567890123@lid',
      number: null,
      lid: '201234567890123@lid',
      pushName: null,
    });
  });

  it('drops device suffixes and reads the group participant as the contact', () => {
    expect(normalizeJid('5511900000001:23@s.whatsapp.net')).toBe('5511900000001@s.whatsapp.net');
    const conversation = conversationOf(
      {
        remoteJid: '120363041234567890@g.us',
        id: 'X',
        fromMe: false,
        participant: '201234567890123@lid',
        participantAlt: '5511987654321@s.whatsapp.net',
      },
      'Maria',
    );
    expect(conversation).toEqual({
      chatJid: '120363041234567890@g.us',
      isGroup: true,
      contact: {
        jid: '201234567890123@lid',
        number: '5511987654321',
        lid: '201234567890123@lid',
        pushName: 'Maria',
      },
    });
  });

  it("does not take our own push name as the contact's on messages sent from the phone", () => {
    expect(
      conversationOf({ remoteJid: '5511987654321@s.whatsapp.net', id: 'X', fromMe: true }, 'Loja')?.contact.pushName,
    ).toBeNull();
  });

  it('ignores status broadcasts, broadcast lists and channels', () => {
    expect(isIgnoredJid('status@broadcast')).toBe(true);
    expect(isIgnoredJid('1234@broadcast')).toBe(true);
    expect(isIgnoredJid('1203630@newsletter')).toBe(true);
    expect(isIgnoredJid('5511987654321@s.whatsapp.net')).toBe(false);
    expect(
      conversationOf({ remoteJid: 'status@broadcast', id: 'X', fromMe: false, participant: 'a@s.whatsapp.net' }, null),
    ).toBeNull();
  });

  it('maps statuses (numbers or proto names) and receipts to acks, only forward except ERROR', () => {
    expect([0, 1, 2, 3, 4, 5].map(ackOf)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(ackOf('DELIVERY_ACK')).toBe(3);
    expect(ackOf(9)).toBeNull();
    expect(ackOfReceipt({ userJid: 'a', receiptTimestamp: 1 })).toBe(3);
    expect(ackOfReceipt({ userJid: 'a', readTimestamp: 2 })).toBe(4);
    expect(ackOfReceipt({ userJid: 'a', playedTimestamp: 3 })).toBe(5);
    expect(advancesAck(undefined, 2)).toBe(true);
    expect(advancesAck(4, 3)).toBe(false);
    expect(advancesAck(3, 4)).toBe(true);
    expect(advancesAck(4, 0)).toBe(true);
    expect(advancesAck(0, 0)).toBe(false);
  });

  it('follows the close-code policy', () => {
    expect(closeAction(515, true).action).toBe('restart');
    expect(closeAction(440, true)).toEqual({ action: 'stop', reason: 'connectionReplaced' });
    expect(closeAction(401, true).action).toBe('wipe-and-restart');
    expect(closeAction(401, false)).toEqual({ action: 'stop', reason: 'loggedOut' });
    expect(closeAction(403, true)).toEqual({ action: 'stop', reason: 'banned' });
    expect(closeAction(405, true)).toEqual({ action: 'stop', reason: 'versionOutdated' });
    expect(closeAction(408, false)).toEqual({ action: 'timeout', reason: 'qrExpired' });
    for (const code of [408, 428, 500, 503, undefined]) expect(closeAction(code, true).action).toBe('backoff');
  });

  it('backs off exponentially with ±50 % jitter, capped', () => {
    expect(backoffDelay(1, 2_000, 300_000, () => 0.5)).toBe(2_000);
    expect(backoffDelay(3, 2_000, 300_000, () => 0.5)).toBe(8_000);
    expect(backoffDelay(3, 2_000, 300_000, () => 0)).toBe(4_000);
    expect(backoffDelay(20, 2_000, 300_000, () => 0.99)).toBe(Math.round(300_000 * 1.49));
  });
});
