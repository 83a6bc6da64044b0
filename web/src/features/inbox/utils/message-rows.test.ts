import { describe, expect, it } from 'vitest';
import { message } from '../../../testing/fixtures';
import { ackState, buildMessageRows, canEditMessage, orderMessages, parseLocation } from './message-rows';

describe('message rows', () => {
  it('puts pages oldest first and adds a divider per day and markers between tickets', () => {
    const a = message({ id: 'a', ticketId: 1, createdAt: '2026-11-19T10:00:00-03:00' });
    const b = message({ id: 'b', ticketId: 1, createdAt: '2026-11-19T11:00:00-03:00' });
    const c = message({ id: 'c', ticketId: 2, createdAt: '2026-11-20T09:00:00-03:00' });
    const ordered = orderMessages([
      { messages: [c], hasMore: true },
      { messages: [a, b], hasMore: false },
    ]);
    expect(ordered.map((m) => m.id)).toEqual(['a', 'b', 'c']);
    expect(buildMessageRows(ordered).map((r) => r.kind)).toEqual([
      'day',
      'message',
      'message',
      'ended',
      'started',
      'day',
      'message',
    ]);
  });

  it('reads ticks: 1 sent, 2–3 delivered, 4–5 read (blue)', () => {
    expect([0, 1, 2, 3, 4, 5].map(ackState)).toEqual(['pending', 'sent', 'received', 'received', 'read', 'read']);
  });

  it('splits a location body into image, link and description', () => {
    expect(parseLocation('data:image/png;base64,AAA|https://maps.google.com/?q=1,2|Loja centro')).toEqual({
      image: 'data:image/png;base64,AAA',
      link: 'https://maps.google.com/?q=1,2',
      description: 'Loja centro',
    });
  });
});

describe('canEditMessage', () => {
  const now = Date.parse('2026-11-20T12:00:00Z');
  const sentAgo = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
  const ours = (overrides: Parameters<typeof message>[0] = {}) =>
    message({ fromMe: true, ack: 1, mediaType: 'chat', createdAt: sentAgo(5), ...overrides });

  it('offers our own text messages WhatsApp accepted, for 15 minutes', () => {
    expect(canEditMessage(ours(), now)).toBe(true);
    expect(canEditMessage(ours({ ack: 4, createdAt: sentAgo(14.9) }), now)).toBe(true);
    expect(canEditMessage(ours({ createdAt: sentAgo(15) }), now)).toBe(false);
    expect(canEditMessage(ours({ createdAt: sentAgo(60) }), now)).toBe(false);
  });

  it("never offers the contact's messages, media, deleted or unsent ones", () => {
    expect(canEditMessage(ours({ fromMe: false }), now)).toBe(false);
    for (const mediaType of ['image', 'audio', 'video', 'application', 'locationMessage', 'vcard']) {
      expect(canEditMessage(ours({ mediaType }), now)).toBe(false);
    }
    expect(canEditMessage(ours({ isDeleted: true }), now)).toBe(false);
    expect(canEditMessage(ours({ ack: 0 }), now)).toBe(false);
  });
});
