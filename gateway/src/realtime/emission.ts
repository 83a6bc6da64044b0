/** One socket.io emit a projection asks for. Rooms are the spec's names; the fan-out scopes them to the company. */
export interface Emission {
  readonly event: string;
  readonly payload: unknown;
  /** The spec's room names (`company-1-open`, `queue-3-pending`, `17`, `user-5`, ...), for the event's company. */
  readonly rooms: readonly string[];
  /** Every socket of every company (announcements only). */
  readonly everyone?: boolean;
  /** Sockets of these sessions are skipped (the new login does not get its own "another login" notice). */
  readonly exceptSessions?: readonly string[];
}

/**
 * Internal room names are prefixed with the company, so that no room is shared by two companies' sockets even
 * where the spec's name is not company-specific (`queue-3-pending`, a ticket id): an event reaches only sockets
 * of the company in its envelope.
 */
export const scopedRoom = (companyId: number, room: string): string => `c${companyId}|${room}`;
export const EVERYONE_ROOM = 'platform|everyone';
export const sessionRoom = (sessionId: string): string => `session|${sessionId}`;
