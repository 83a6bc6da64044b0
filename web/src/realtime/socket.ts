import { io, type Socket } from 'socket.io-client';
import type { ClientEvent } from '@cs/proto/realtime';
import { env } from '../lib/env';

/** One socket for the whole app. Rooms joined through `joinRoom` are joined again after every reconnect. */
let socket: Socket | null = null;
const rooms = new Map<string, { event: ClientEvent; arg: unknown; count: number }>();

export interface SocketIdentity {
  token: string;
  userId: number;
  companyId: number;
}

export function connectSocket(identity: SocketIdentity): Socket {
  socket?.disconnect();
  socket = io(env.VITE_SOCKET_URL || undefined, {
    transports: ['websocket'],
    query: { token: identity.token, userId: String(identity.userId), companyId: String(identity.companyId) },
    auth: { token: identity.token },
    reconnection: true,
  });
  socket.on('connect', () => {
    for (const { event, arg } of rooms.values()) emitJoin(event, arg);
  });
  return socket;
}

export function currentSocket(): Socket | null {
  return socket;
}

export function disconnectSocket(): void {
  socket?.disconnect();
  socket = null;
  rooms.clear();
}

function emitJoin(event: ClientEvent, arg: unknown) {
  if (arg === undefined) socket?.emit(event);
  else socket?.emit(event, arg);
}

const LEAVE: Partial<Record<ClientEvent, ClientEvent>> = {
  joinChatBox: 'leaveChatBox',
  joinNotification: 'leaveNotification',
  joinTickets: 'leaveTickets',
};

/** Joins a room (ref-counted) and returns the function that leaves it. */
export function joinRoom(event: ClientEvent, arg?: unknown): () => void {
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
