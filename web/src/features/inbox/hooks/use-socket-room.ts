import { useEffect } from 'react';
import type { ClientEvent } from '@cs/proto/realtime';
import { joinRoom } from '../../../realtime/socket';

/** Joins a socket room while the component is mounted (rejoined by the socket after reconnects). */
export function useSocketRoom(event: ClientEvent, arg: string | number | undefined, enabled = true): void {
  useEffect(() => {
    if (!enabled || arg === undefined) return;
    return joinRoom(event, arg);
  }, [event, arg, enabled]);
}
