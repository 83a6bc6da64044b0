import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server as HttpServer } from 'node:http';
import type { Logger } from 'pino';
import { Server, type Socket } from 'socket.io';
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
import { AccessTokenVerifier } from '../auth/access-token.verifier.js';
import { AuthState, type CallerIdentity } from '../auth/auth-state.js';
import type { GatewayConfig } from '../config/env.js';
import { authenticate } from '../proxy/gateway.middleware.js';
import { type Emission, EVERYONE_ROOM, scopedRoom, sessionRoom } from './emission.js';

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

const STATUSES = new Set<string>(TICKET_STATUSES);
const tokenOf = (socket: ClientSocket): string | undefined => {
  const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  const fromQuery = socket.handshake.query['token'];
  const token = typeof fromAuth === 'string' ? fromAuth : typeof fromQuery === 'string' ? fromQuery : undefined;
  return token?.replace(/^Bearer\s+/i, '') || undefined;
};

/**
 * socket.io v4 on the gateway's HTTP server (websocket and polling). The handshake is authenticated with the
 * access token (`auth.token`, or `query.token` as the spec's clients send it); the socket joins its company's
 * main channel, its user's and its session's rooms, then chooses lists with `joinTickets`, `joinNotification`
 * and `joinChatBox` (the last after asking tickets whether the user may open that ticket). Presence goes to
 * identity. Rooms are company-scoped internally (see emission.ts).
 */
@Injectable()
export class SocketServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private io: SocketServerOf | undefined;
  /** Open sockets per user on this gateway, for the last-disconnect presence report. */
  private readonly socketsPerUser = new Map<number, number>();

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly verifier: AccessTokenVerifier,
    private readonly state: AuthState,
  ) {}

  onApplicationBootstrap(): void {
    const httpServer = this.adapterHost.httpAdapter.getHttpServer() as HttpServer;
    const io: SocketServerOf = new Server(httpServer, {
      path: '/socket.io',
      pingInterval: SOCKET_PING_INTERVAL_MS,
      pingTimeout: SOCKET_PING_TIMEOUT_MS,
      cors: { origin: [...this.config.CORS_ORIGINS], credentials: true },
      maxHttpBufferSize: 64 * 1024,
    });
    io.use((socket, next) => {
      authenticate(tokenOf(socket), this.verifier, this.state)
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
    io.on('connection', (socket) => this.onConnection(socket));
    this.io = io;
  }

  async onApplicationShutdown(): Promise<void> {
    await new Promise<void>((resolve) => (this.io ? void this.io.close(() => resolve()) : resolve()));
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

  private onConnection(socket: ClientSocket): void {
    const { identity } = socket.data;
    const { companyId, userId } = identity;
    void socket.join([
      scopedRoom(companyId, room.mainChannel(companyId)),
      scopedRoom(companyId, room.user(userId)),
      sessionRoom(identity.sessionId),
      EVERYONE_ROOM,
    ]);
    this.socketsPerUser.set(userId, (this.socketsPerUser.get(userId) ?? 0) + 1);
    this.reportPresence(identity, true);

    const subscriptions = socket.data.subscriptions;
    // every join/leave answers an optional acknowledgement (true when applied); the spec's clients send none
    const done = (ack: unknown, applied: boolean): void => {
      if (typeof ack === 'function') (ack as (applied: boolean) => void)(applied);
    };
    socket.on('joinNotification', (ack?: unknown) => {
      subscriptions.notification = true;
      this.applySubscriptions(socket);
      done(ack, true);
    });
    socket.on('leaveNotification', (ack?: unknown) => {
      subscriptions.notification = false;
      this.applySubscriptions(socket);
      done(ack, true);
    });
    socket.on('joinTickets', (status: unknown, ack?: unknown) => {
      if (typeof status !== 'string' || !STATUSES.has(status)) return done(ack, false);
      subscriptions.statuses.add(status);
      this.applySubscriptions(socket);
      done(ack, true);
    });
    socket.on('leaveTickets', (status: unknown, ack?: unknown) => {
      if (typeof status === 'string') subscriptions.statuses.delete(status);
      this.applySubscriptions(socket);
      done(ack, true);
    });
    socket.on('joinChatBox', (ticketId: unknown, ack?: unknown) => {
      const id = Number(ticketId);
      if (!Number.isSafeInteger(id) || id <= 0) return done(ack, false);
      if (subscriptions.chatBoxes.has(id)) return done(ack, true);
      void this.mayOpenTicket(socket.data.identity, id).then((allowed) => {
        if (allowed && socket.connected) {
          subscriptions.chatBoxes.add(id);
          this.applySubscriptions(socket);
        }
        done(ack, allowed);
      });
    });
    socket.on('leaveChatBox', (ticketId: unknown, ack?: unknown) => {
      subscriptions.chatBoxes.delete(Number(ticketId));
      this.applySubscriptions(socket);
      done(ack, true);
    });
    socket.on('userStatus', () => this.reportPresence(socket.data.identity, true));
    socket.on('disconnect', () => {
      const left = (this.socketsPerUser.get(userId) ?? 1) - 1;
      if (left <= 0) {
        this.socketsPerUser.delete(userId);
        this.reportPresence(socket.data.identity, false);
      } else this.socketsPerUser.set(userId, left);
    });
    socket.emit('ready');
  }

  /**
   * The list rooms a socket belongs in (whaticket-backend.md §2.14): admins get the company-wide status lists and
   * notifications; other profiles get those of their queues (and of queue-less tickets with allTicket enabled).
   */
  private applySubscriptions(socket: ClientSocket): void {
    const { identity, subscriptions, managed } = socket.data;
    const { companyId } = identity;
    const wanted = new Set<string>();
    const seesAll = identity.profile === 'admin' || identity.isSuper;
    const queues = viewerQueueRooms({ queueIds: identity.queueIds, allTicket: identity.allTicket === 'enable' });
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
