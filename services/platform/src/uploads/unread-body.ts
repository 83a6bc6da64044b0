import type { IncomingMessage, ServerResponse } from 'node:http';

/** How long a connection whose body was refused may still deliver bytes (discarded) before it is destroyed. */
export const UNREAD_BODY_LINGER_MS = 2_000;

/**
 * Ends a connection whose request body is refused unread (bad credentials, over a limit): once the answer is
 * written the socket is half-closed, so the client receives the whole answer and then the end of the stream;
 * what it still sends is discarded as it arrives (never kept), and the socket is destroyed after `lingerMs` at
 * the latest. Destroying it at once would reset a connection that still has unread bytes, and a client busy
 * writing could lose the answer with that reset.
 */
export function closeAfterAnswer(
  request: IncomingMessage,
  response: ServerResponse,
  lingerMs = UNREAD_BODY_LINGER_MS,
): void {
  if (request.complete) return;
  const socket = request.socket;
  const close = (): void => {
    if (request.complete || socket.destroyed) return;
    request.resume();
    socket.resume();
    const timer = setTimeout(() => socket.destroy(), lingerMs);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    socket.end();
  };
  if (response.writableFinished) close();
  else response.once('finish', close);
}
