import { afterEach, beforeEach, vi } from 'vitest';
import * as realtimeSocket from '../realtime/socket';
import type { AppSocket } from '../realtime/socket';

/**
 * The app's one socket, faked for component tests: `withFakeSocket()` puts it in place of `realtime/socket` for each
 * test of the file (spies on that module's functions, restored after each test, so the files that share a module
 * graph keep the real one), and a test plays the gateway's events on it with `fire`.
 */
const listeners = new Map<string, Array<(...args: unknown[]) => void>>();

export const fakeSocket = {
  connected: true,
  on(event: string, listener: (...args: unknown[]) => void) {
    listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    return fakeSocket;
  },
  off(event: string, listener?: (...args: unknown[]) => void) {
    const left = listener ? (listeners.get(event) ?? []).filter((entry) => entry !== listener) : [];
    if (left.length > 0) listeners.set(event, left);
    else listeners.delete(event);
    return fakeSocket;
  },
  emit() {
    return fakeSocket;
  },
  connect() {
    return fakeSocket;
  },
};

/** The gateway emits `event` (with its payload, if any) to this socket. */
export function fire(event: string, ...args: unknown[]): void {
  for (const listener of listeners.get(event) ?? []) listener(...args);
}

/** Whether something on screen listens to `event` now. */
export function listensTo(event: string): boolean {
  return listeners.has(event);
}

/** The fake in place of the app's socket for every test of the calling file, with no listener left from the last. */
export function withFakeSocket(): void {
  beforeEach(() => {
    listeners.clear();
    const socket = fakeSocket as unknown as AppSocket;
    vi.spyOn(realtimeSocket, 'connectSocket').mockReturnValue(socket);
    vi.spyOn(realtimeSocket, 'currentSocket').mockReturnValue(socket);
    vi.spyOn(realtimeSocket, 'disconnectSocket').mockReturnValue(undefined);
    vi.spyOn(realtimeSocket, 'joinRoom').mockReturnValue(() => undefined);
    vi.spyOn(realtimeSocket, 'inRoom').mockReturnValue(false);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
}
