/**
 * The app's one socket, faked for tests that mount `useRealtimeSync`: a test plays the gateway's events on it with
 * `fire`. Put in place of `realtime/socket` with
 * `vi.mock('<path>/realtime/socket', async () => (await import('<path>/testing/fake-socket')).fakeSocketModule)`.
 */
const listeners = new Map<string, Array<(...args: unknown[]) => void>>();

export const fakeSocket = {
  connected: true,
  on(event: string, listener: (...args: unknown[]) => void) {
    listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    return fakeSocket;
  },
  off() {
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

/** Forgets the listeners of the previous test's socket. */
export function resetFakeSocket(): void {
  listeners.clear();
}

export const fakeSocketModule = {
  connectSocket: () => fakeSocket,
  currentSocket: () => fakeSocket,
  disconnectSocket: () => undefined,
  joinRoom: () => () => undefined,
  inRoom: () => false,
};
