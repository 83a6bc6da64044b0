import type { ConnectionStatus } from '../api/connections-api';

export type SessionAction = 'showQr' | 'tryAgain' | 'newQr' | 'disconnect' | 'connecting';

/**
 * The session buttons per state (spec §4): qrcode → QR; DISCONNECTED → try again and new QR; CONNECTED, PAIRING
 * and TIMEOUT → disconnect; OPENING → a disabled "connecting".
 */
export function sessionActions(status: ConnectionStatus): SessionAction[] {
  switch (status) {
    case 'qrcode':
      return ['showQr'];
    case 'DISCONNECTED':
      return ['tryAgain', 'newQr'];
    case 'CONNECTED':
    case 'PAIRING':
    case 'TIMEOUT':
      return ['disconnect'];
    case 'OPENING':
      return ['connecting'];
  }
}

/** A connection still OPENING after this long is offered a restart ("a long connecting state suggests a restart"). */
export const LONG_CONNECTING_MS = 60_000;

export function isLongConnecting(
  connection: { status: ConnectionStatus; updatedAt?: string | undefined },
  now: number,
): boolean {
  if (connection.status !== 'OPENING' || !connection.updatedAt) return false;
  const since = Date.parse(connection.updatedAt);
  return Number.isFinite(since) && now - since >= LONG_CONNECTING_MS;
}

/** The QR dialog closes once a QR was shown and the session's QR became empty (scanned, or the session moved on). */
export function shouldCloseQr(
  seenQr: boolean,
  qrcode: string | null | undefined,
  pairingCode?: string | null,
): boolean {
  return seenQr && !qrcode && !pairingCode;
}

/**
 * The connection to show: the listed one, or the session state the socket delivered when that is newer. A session
 * action refetches the list, and an answer read before the session moved on (the QR of a new session arriving by
 * socket first) must not put the older state back on screen, which would also close the QR dialog.
 */
export function newerSession<T extends { updatedAt?: string | undefined }>(listed: T, live: Partial<T> | undefined): T {
  if (!live?.updatedAt) return listed;
  const liveAt = Date.parse(live.updatedAt);
  const listedAt = listed.updatedAt ? Date.parse(listed.updatedAt) : Number.NaN;
  if (!Number.isFinite(liveAt) || (Number.isFinite(listedAt) && listedAt >= liveAt)) return listed;
  return { ...listed, ...live };
}
