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
