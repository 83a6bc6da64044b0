import { Inject } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import type { Logger } from 'pino';
import type { Server, Socket } from 'socket.io';
import { TICKET_STATUSES } from '@cs/proto/events';
import {
  type ClientToServerEvents,
  room,
  type ServerToClientEvents,
  SOCKET_PING_INTERVAL_MS,
  SOCKET_PING_TIMEOUT_MS,
  viewerQueueRooms,
} from '@cs/proto/realtime';
import { APP_CONFIG } from '@cs/platform/config';
import { LOGGER } from '@cs/platform/logging';
import { IDENTITY_HEADERS } from '@cs/platform/tenancy';
import { AccessTokenAuthenticator } from '../auth/access-token.authenticator.js';
import type { CallerIdentity } from '../auth/auth-state.js';
import type { GatewayConfig } from '../config/env.js';
import { type Emission, EVERYONE_ROOM, scopedRoom, sessionRoom } from './emission.js';
import { SOCKET_PATH } from './socket-adapter.js';

interface Subscriptions {
  notification: boolean;
  readonly statuses: Set<string>;
  readonly chatBoxes: Set<number>;
}

interface SocketData {
  identity: CallerIdentity;
  subscriptions: Subscriptions;
  /** The rooms joined for the subscriptions (recomputed when the user's profile or queues change). */
  managed: Set<string>;
}

/** The wire contract of `@cs/proto/realtime`: what browsers may emit, and every event the gateway emits. */
type SocketServerOf = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type ClientSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** `@SubscribeMessage` for a client event of the contract only (a misspelt event name does not compile). */
const On = (event: keyof ClientToServerEvents): MethodDecorator => SubscribeMessage(event);

const STATUSES = new Set<string>(TICKET_STATUSES);
const tokenOf = (socket: ClientSocket): string | undefined => {
  const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  const fromQuery = socket.handshake.query['token'];
  const token = typeof fromAuth === 'string' ? fromAuth : typeof fromQuery === 'string' ? fromQuery : undefined;
  return token?.replace(/^Bearer\s+/i, '') || undefined;
};

/**
 * The realtime gateway: a `@nestjs/websockets` gateway on socket.io v4, on the gateway's HTTP server (websocket
 * and polling; the server options CORS included come from `GatewaySocketAdapter`). The handshake is
 * authenticated with the access token (`auth.token`, or `query.token` as the spec's clients send it) through the
 * same passport check as HTTP; the socket joins its company's main channel, its user's and its session's rooms,
 * then chooses lists with `joinTickets`, `joinNotification` and `joinChatBox` (the last after asking tickets
 * whether the user may open that ticket); each join/leave answers its optional acknowledgement with `true` when
 * applied. Presence goes to identity. Rooms are company-scoped internally (see emission.ts).
 */
@WebSocketGateway({
  path: SOCKET_PATH,
  pingInterval: SOCKET_PING_INTERVAL_MS,
  pingTimeout: SOCKET_PING_TIMEOUT_MS,
  maxHttpBufferSize: 64 * 1024,
})
export class SocketServer implements OnGatewayInit<SocketServerOf>, OnGatewayConnection, OnGatewayDisconnect {
  /** Set by Nest when the app initialises (before that, events to emit find no socket anyway). */
  @WebSocketServer() private readonly io: SocketServerOf | undefined;
  /** Open sockets per user on this gateway, for the last-disconnect presence report. */
  private readonly socketsPerUser = new Map<number, number>();
  /** This gateway is shutting down and ends its sockets itself (`closeAll`). */
  private closing = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly authenticator: AccessTokenAuthenticator,
  ) {}

  /** The handshake check: a refused socket gets `connect_error` with the error code as its message. */
  afterInit(io: SocketServerOf): void {
    io.use((socket, next) => {
      this.authenticator
        .authenticate(tokenOf(socket))
        .then((result) => {
          if (!result.ok) return next(new Error(result.code));
          socket.data = {
            identity: result.identity,
            subscriptions: { notification: false, statuses: new Set(), chatBoxes: new Set() },
            managed: new Set(),
          };
          return next();
        })
        .catch((error: unknown) => next(error instanceof Error ? error : new Error('ERR_INTERNAL')));
    });
  }

  handleConnection(socket: ClientSocket): void {
    const { identity } = socket.data;
    const { companyId, userId } = identity;
    void socket.join([
      scopedRoom(companyId, room.mainChannel(companyId)),
      scopedRoom(companyId, room.user(userId)),
      sessionRoom(identity.sessionId),
      EVERYONE_ROOM,
    ]);
    this.applySubscriptions(socket); // the admins room, for an admin
    const sockets = (this.socketsPerUser.get(userId) ?? 0) + 1;
    this.socketsPerUser.set(userId, sockets);
    // the user's first socket here makes them online (their last one gone, offline); a further tab does not ask
    // identity again: each report locks the user's row, and thousands of tabs at once queued behind that lock
    if (sockets === 1) this.reportPresence(identity, true);
    socket.emit('ready');
  }

  handleDisconnect(socket: ClientSocket): void {
    const { userId } = socket.data.identity;
    const left = (this.socketsPerUser.get(userId) ?? 1) - 1;
    if (left <= 0) {
      this.socketsPerUser.delete(userId);
      // sockets this gateway ends while shutting down reconnect (to another gateway): their users are not leaving
      if (!this.closing) this.reportPresence(socket.data.identity, false);
    } else this.socketsPerUser.set(userId, left);
  }

  /**
   * A graceful shutdown: ends every socket and every connection not upgraded yet (long polls), so the HTTP server can
   * close; socket.io's clients reconnect, through the load balancer, to a gateway that is still running.
   */
  closeAll(): void {
    this.closing = true;
    this.io?.disconnectSockets(true);
    this.io?.engine.close();
  }

  @On('joinNotification')
  joinNotification(@ConnectedSocket() socket: ClientSocket): boolean {
    socket.data.subscriptions.notification = true;
    this.applySubscriptions(socket);
    return true;
  }

  @On('leaveNotification')
  leaveNotification(@ConnectedSocket() socket: ClientSocket): boolean {
    socket.data.subscriptions.notification = false;
    this.applySubscriptions(socket);
    return true;
  }

  @On('joinTickets')
  joinTickets(@ConnectedSocket() socket: ClientSocket, @MessageBody() status: unknown): boolean {
    if (typeof status !== 'string' || !STATUSES.has(status)) return false;
    socket.data.subscriptions.statuses.add(status);
    this.applySubscriptions(socket);
    return true;
  }

  @On('leaveTickets')
  leaveTickets(@ConnectedSocket() socket: ClientSocket, @MessageBody() status: unknown): boolean {
    if (typeof status === 'string') socket.data.subscriptions.statuses.delete(status);
    this.applySubscriptions(socket);
    return true;
  }

  @On('joinChatBox')
  async joinChatBox(@ConnectedSocket() socket: ClientSocket, @MessageBody() ticketId: unknown): Promise<boolean> {
    const id = Number(ticketId);
    if (!Number.isSafeInteger(id) || id <= 0) return false;
    const { subscriptions } = socket.data;
    if (subscriptions.chatBoxes.has(id)) return true;
    const allowed = await this.mayOpenTicket(socket.data.identity, id);
    if (allowed && socket.connected) {
      subscriptions.chatBoxes.add(id);
      this.applySubscriptions(socket);
    }
    return allowed;
  }

  @On('leaveChatBox')
  leaveChatBox(@ConnectedSocket() socket: ClientSocket, @MessageBody() ticketId: unknown): boolean {
    socket.data.subscriptions.chatBoxes.delete(Number(ticketId));
    this.applySubscriptions(socket);
    return true;
  }

  /** Presence only: no acknowledgement (the handler answers nothing). */
  @On('userStatus')
  userStatus(@ConnectedSocket() socket: ClientSocket): void {
    this.reportPresence(socket.data.identity, true);
  }

  /** Emits one projected event to its rooms in its company (or to everyone), never to another company's sockets. */
  emit(companyId: number, emission: Emission): void {
    const io = this.io;
    if (!io) return;
    const rooms = emission.everyone ? [EVERYONE_ROOM] : emission.rooms.map((name) => scopedRoom(companyId, name));
    if (rooms.length === 0) return; // io.to([]) would be everyone
    let target = io.to(rooms);
    for (const sessionId of emission.exceptSessions ?? []) target = target.except(sessionRoom(sessionId));
    // `Emission` pairs each event with its payload; socket.io's emit cannot correlate a union's two arguments
    const send = target.emit.bind(target) as (event: Emission['event'], payload: Emission['payload']) => boolean;
    send(emission.event, emission.payload);
  }

  /** Tells every socket of this gateway to fetch again what it shows (events meant for it may have been missed). */
  resyncAll(): void {
    this.io?.emit('resync');
  }

  /** Ends the sockets of sessions identity revoked (after any notice already emitted to them). */
  disconnectSession(sessionId: string): void {
    this.io?.in(sessionRoom(sessionId)).disconnectSockets(false);
  }

  disconnectUser(companyId: number, userId: number, exceptSessionId?: string): void {
    const io = this.io;
    if (!io) return;
    let target = io.in(scopedRoom(companyId, room.user(userId)));
    if (exceptSessionId) target = target.except(sessionRoom(exceptSessionId));
    target.disconnectSockets(false);
  }

  disconnectCompany(companyId: number): void {
    this.io?.in(scopedRoom(companyId, room.mainChannel(companyId))).disconnectSockets(false);
  }

  /** A user's profile, queues or allTicket changed: their sockets' list rooms follow at once. */
  async updateUser(
    companyId: number,
    userId: number,
    change: Pick<CallerIdentity, 'profile' | 'isSuper' | 'queueIds' | 'allTicket'>,
  ): Promise<void> {
    const io = this.io;
    if (!io) return;
    for (const socket of (await io
      .in(scopedRoom(companyId, room.user(userId)))
      .fetchSockets()) as unknown as ClientSocket[]) {
      if (!('join' in socket)) continue; // a socket of another gateway (only with a cluster adapter)
      socket.data.identity = { ...socket.data.identity, ...change };
      this.applySubscriptions(socket);
    }
  }

  /**
   * The list rooms a socket belongs in (whaticket-backend.md §2.14): admins get the company's admins room and the
   * company-wide status lists and notifications; other profiles get those of their queues (and of queue-less
   * tickets with allTicket enabled).
   */
  private applySubscriptions(socket: ClientSocket): void {
    const { identity, subscriptions, managed } = socket.data;
    const { companyId } = identity;
    const wanted = new Set<string>();
    const seesAll = identity.profile === 'admin' || identity.isSuper;
    const queues = viewerQueueRooms({ queueIds: identity.queueIds, allTicket: identity.allTicket === 'enable' });
    if (seesAll) wanted.add(room.companyAdmins(companyId));
    if (subscriptions.notification) {
      if (seesAll) wanted.add(room.companyNotification(companyId));
      else for (const queueId of queues) wanted.add(room.queueNotification(queueId));
    }
    for (const status of subscriptions.statuses) {
      if (seesAll) wanted.add(room.companyStatus(companyId, status));
      else for (const queueId of queues) wanted.add(room.queueStatus(queueId, status));
    }
    for (const ticketId of subscriptions.chatBoxes) wanted.add(room.ticket(ticketId));
    const scoped = new Set([...wanted].map((name) => scopedRoom(companyId, name)));
    for (const name of managed) {
      if (!scoped.has(name)) {
        void socket.leave(name);
        managed.delete(name);
      }
    }
    for (const name of scoped) {
      if (!managed.has(name)) {
        void socket.join(name);
        managed.add(name);
      }
    }
  }

  /** Asks tickets, with the user's identity, whether the user may open the ticket (200 yes; anything else no). */
  private async mayOpenTicket(identity: CallerIdentity, ticketId: number): Promise<boolean> {
    const base = this.config.TICKETS_URL;
    if (!base) return false;
    try {
      const response = await fetch(`${base}/tickets/${ticketId}`, {
        headers: this.internalHeaders(identity),
        signal: AbortSignal.timeout(5_000),
      });
      await response.body?.cancel();
      return response.status === 200;
    } catch (error) {
      this.logger.warn({ err: error, ticketId }, 'could not check ticket access for joinChatBox');
      return false;
    }
  }

  private reportPresence(identity: CallerIdentity, online: boolean): void {
    const base = this.config.IDENTITY_URL;
    if (!base) return;
    fetch(`${base}/internal/presence`, {
      method: 'POST',
      headers: { ...this.internalHeaders(identity), 'content-type': 'application/json' },
      body: JSON.stringify({ online }),
      signal: AbortSignal.timeout(5_000),
    })
      .then(async (response) => {
        await response.body?.cancel();
        if (response.status >= 400) this.logger.warn({ status: response.status }, 'identity refused a presence report');
      })
      .catch((error: unknown) => this.logger.warn({ err: error }, 'could not report presence to identity'));
  }

  private internalHeaders(identity: CallerIdentity): Record<string, string> {
    return {
      [IDENTITY_HEADERS.internalToken]: this.config.INTERNAL_TOKEN,
      [IDENTITY_HEADERS.companyId]: String(identity.companyId),
      [IDENTITY_HEADERS.userId]: String(identity.userId),
      [IDENTITY_HEADERS.profile]: identity.profile,
      [IDENTITY_HEADERS.isSuper]: String(identity.isSuper),
      [IDENTITY_HEADERS.sessionId]: identity.sessionId,
    };
  }
}
