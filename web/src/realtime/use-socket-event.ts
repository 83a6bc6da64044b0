import { useEffect, useRef } from 'react';
import type { ServerEventName, ServerEventPayload } from '@cs/proto/realtime';
import { currentSocket } from './socket';

/**
 * Subscribes a component to one socket event for as long as it is mounted (handler kept fresh). The event is one
 * of `ServerToClientEvents` (built with `channel`), and the handler receives the payload declared for it.
 */
export function useSocketEvent<E extends ServerEventName>(
  event: E | null,
  handler: (payload: ServerEventPayload<E>) => void,
  connected: boolean,
): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    const socket = currentSocket();
    if (!socket || !event || !connected) return;
    const listener = (payload: ServerEventPayload<E>) => ref.current(payload);
    socket.on(event, listener as never);
    return () => {
      socket.off(event, listener as never);
    };
  }, [event, connected]);
}
