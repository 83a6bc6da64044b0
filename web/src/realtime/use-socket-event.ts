import { useEffect, useRef } from 'react';
import { currentSocket } from './socket';

/** Subscribes a component to one socket event for as long as it is mounted (handler kept fresh). */
export function useSocketEvent<T>(event: string | null, handler: (payload: T) => void, connected: boolean): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    const socket = currentSocket();
    if (!socket || !event || !connected) return;
    const listener = (payload: T) => ref.current(payload);
    socket.on(event, listener);
    return () => {
      socket.off(event, listener);
    };
  }, [event, connected]);
}
