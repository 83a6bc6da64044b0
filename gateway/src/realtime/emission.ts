import type { UserSnapshot } from '@cs/proto/events';
import type { channel, ServerEventName, ServerEventPayload } from '@cs/proto/realtime';

/** A socket event the projections emit (`ready` and `resync` are the socket server's own). */
export type ProjectedEventName = Exclude<ServerEventName, 'ready' | 'resync'>;

/**
 * One socket.io emit a projection asks for: an event of `ServerToClientEvents` with the payload it declares.
 * Rooms are the spec's names; the fan-out scopes them to the company.
 */
export type Emission = ProjectedEventName extends infer E
  ? E extends ProjectedEventName
    ? EmissionOf<E>
    : never
  : never;

interface EmissionOf<E extends ProjectedEventName> {
  readonly event: E;
  readonly payload: ServerEventPayload<E>;
  /** The spec's room names (`company-1-open`, `queue-3-pending`, `17`, `user-5`, ...), for the event's company. */
  readonly rooms: readonly string[];
  /** Every socket of every company (announcements only). */
  readonly everyone?: boolean;
  /** Sockets of these sessions are skipped (the new login does not get its own "another login" notice). */
  readonly exceptSessions?: readonly string[];
}

/**
 * `company-{id}-user` create/update as projected from identity's event: the consumer sends it only after replacing
 * the snapshot with the user as identity serializes it (`SocketUser`), so it has no `payload` to emit as it is.
 */
export interface UserSnapshotEmission {
  readonly event: ReturnType<typeof channel.user>;
  readonly action: 'create' | 'update';
  readonly userSnapshot: UserSnapshot;
  readonly rooms: readonly string[];
}

/**
 * Internal room names are prefixed with the company, so that no room is shared by two companies' sockets even
 * where the spec's name is not company-specific (`queue-3-pending`, a ticket id): an event reaches only sockets
 * of the company in its envelope.
 */
export const scopedRoom = (companyId: number, room: string): string => `c${companyId}|${room}`;
export const EVERYONE_ROOM = 'platform|everyone';
export const sessionRoom = (sessionId: string): string => `session|${sessionId}`;
