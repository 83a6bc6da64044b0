import { io, type Socket } from 'socket.io-client';
import type { ClientEvent, ClientToServerEvents, ServerToClientEvents } from '@cs/proto/realtime';
import { tokenStore } from '../api/session';
import { env } from '../lib/env';

/** The app's socket, typed by the wire contract of `@cs/proto/realtime`. */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
/** What a room request carries: a ticket id (`joinChatBox`) or a status (`joinTickets`). */
export type RoomArg = string | number;

/** One socket for the whole app. Rooms joined through `joinRoom` are joined again after every reconnect. */
let socket: AppSocket | null = null;
const rooms = new Map<string, { event: ClientEvent; arg: RoomArg | undefined; count: number }>();

export interface SocketIdentity {
  token: string;
  userId: number;
  companyId: number;
}

export function connectSocket(identity: SocketIdentity): AppSocket {
  socket?.disconnect();
  socket = io(env.VITE_SOCKET_URL || undefined, {
    transports: ['websocket'],
    query: { token: identity.token, userId: String(identity.userId), companyId: String(identity.companyId) },
    // read at every (re)connection attempt: after a refresh the socket presents the current access token
    auth: (send) => send({ token: tokenStore.get() ?? identity.token }),
    reconnection: true,
  });
  socket.on('connect', () => {
    for (const { event, arg } of rooms.values()) emitJoin(event, arg);
  });
  return socket;
}

export function currentSocket(): AppSocket | null {
  return socket;
}

export function disconnectSocket(): void {
  socket?.disconnect();
  socket = null;
  rooms.clear();
}

function emitJoin(event: ClientEvent, arg: RoomArg | undefined) {
  if (!socket) return;
  // one function for every room event: their signatures (ClientToServerEvents) differ only in this argument
  const send = socket.emit.bind(socket) as (event: ClientEvent, arg?: RoomArg) => AppSocket;
  if (arg === undefined) send(event);
  else send(event, arg);
}

const LEAVE: Partial<Record<ClientEvent, ClientEvent>> = {
  joinChatBox: 'leaveChatBox',
  joinNotification: 'leaveNotification',
  joinTickets: 'leaveTickets',
};

/** Whether the app is in a room now (`joinChatBox` with a ticket id: that ticket's chat is on screen). */
export function inRoom(event: ClientEvent, arg?: RoomArg): boolean {
  return rooms.has(`${event}:${JSON.stringify(arg ?? null)}`);
}

/** Joins a room (ref-counted) and returns the function that leaves it. */
export function joinRoom(event: ClientEvent, arg?: RoomArg): () => void {
  const key = `${event}:${JSON.stringify(arg ?? null)}`;
  const entry = rooms.get(key);
  if (entry) entry.count++;
  else {
    rooms.set(key, { event, arg, count: 1 });
    if (socket?.connected) emitJoin(event, arg);
  }
  return () => {
    const current = rooms.get(key);
    if (!current) return;
    current.count--;
    if (current.count > 0) return;
    rooms.delete(key);
    const leave = LEAVE[event];
    if (leave && socket?.connected) emitJoin(leave, arg);
  };
}
