import { describe, expect, it } from 'vitest';
import { isLongConnecting, LONG_CONNECTING_MS, newerSession, sessionActions, shouldCloseQr } from './session-actions';

describe('connection session actions', () => {
  it('offers exactly the buttons of the spec’s state table', () => {
    expect(sessionActions('qrcode')).toEqual(['showQr']);
    expect(sessionActions('DISCONNECTED')).toEqual(['tryAgain', 'newQr']);
    expect(sessionActions('CONNECTED')).toEqual(['disconnect']);
    expect(sessionActions('PAIRING')).toEqual(['disconnect']);
    expect(sessionActions('TIMEOUT')).toEqual(['disconnect']);
    expect(sessionActions('OPENING')).toEqual(['connecting']);
  });

  it('suggests a restart only after a long OPENING', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    const since = (ms: number) => new Date(now - ms).toISOString();
    expect(isLongConnecting({ status: 'OPENING', updatedAt: since(LONG_CONNECTING_MS - 1000) }, now)).toBe(false);
    expect(isLongConnecting({ status: 'OPENING', updatedAt: since(LONG_CONNECTING_MS) }, now)).toBe(true);
    expect(isLongConnecting({ status: 'qrcode', updatedAt: since(10 * LONG_CONNECTING_MS) }, now)).toBe(false);
  });

  it('closes the QR dialog once a shown QR becomes empty, not before one was shown nor while pairing by code', () => {
    expect(shouldCloseQr(false, '')).toBe(false);
    expect(shouldCloseQr(true, '2@abc')).toBe(false);
    expect(shouldCloseQr(true, '')).toBe(true);
    expect(shouldCloseQr(true, '', 'ABCD1234')).toBe(false);
  });

  it('keeps a newer session state from the socket over a list answer read before it', () => {
    const listed = { id: 7, status: 'OPENING', qrcode: '', updatedAt: '2026-11-28T10:00:00.100Z' };
    const fromSocket = { status: 'qrcode', qrcode: '2@novo', updatedAt: '2026-11-28T10:00:00.180Z' };
    // the refetch after "new QR" answered with the OPENING it read, after the socket had brought the QR
    expect(newerSession(listed, fromSocket)).toMatchObject({ id: 7, status: 'qrcode', qrcode: '2@novo' });
    // a later list answer (the session moved on again) wins
    const later = { ...listed, status: 'CONNECTED', updatedAt: '2026-11-28T10:00:05.000Z' };
    expect(newerSession(later, fromSocket)).toBe(later);
    expect(newerSession(listed, undefined)).toBe(listed);
  });
});
