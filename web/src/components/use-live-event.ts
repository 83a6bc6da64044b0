import { useOutletContext } from 'react-router-dom';
import type { ServerEventName, ServerEventPayload } from '@cs/proto/realtime';
import { useSocketEvent } from '../realtime/use-socket-event';

/**
 * Listens to one of the company's socket events while the page is mounted inside the app layout (which owns
 * the one socket and passes `{ connected }` to its pages). Outside the layout (tests) nothing is subscribed.
 */
export function useLiveEvent<E extends ServerEventName>(
  event: E | null,
  handler: (payload: ServerEventPayload<E>) => void,
): void {
  const context = useOutletContext<{ connected?: boolean } | undefined>();
  useSocketEvent(event, handler, Boolean(context?.connected));
}
