import type { CompanyId, UserId } from '@cs/proto/common';

/** Who is calling, as the gateway vouched for it after verifying the access token. */
export interface Identity {
  readonly companyId: CompanyId;
  readonly userId: UserId;
  readonly profile: 'admin' | 'user';
  readonly isSuper: boolean;
  readonly sessionId: string;
}

/** The headers the gateway sets (after stripping any a client sent). Services trust them only with the token. */
export const IDENTITY_HEADERS = {
  internalToken: 'x-internal-token',
  companyId: 'x-company-id',
  userId: 'x-user-id',
  profile: 'x-user-profile',
  isSuper: 'x-user-super',
  sessionId: 'x-session-id',
  /** The browser's address as the gateway saw it (login throttling per IP). */
  clientIp: 'x-client-ip',
  requestId: 'x-request-id',
  correlationId: 'x-correlation-id',
} as const;
