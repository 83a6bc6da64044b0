// The dev server's and `vite preview`'s logger (vite.config.ts): the proxy of /socket.io logs every error of a
// websocket it relays, and a browser tab that closes resets its socket. A peer that went away is not an error.
import type { Logger, LogErrorOptions } from 'vite';

/** Error codes of a socket whose other end went away (a closed tab, a reload, a gateway restarting its sockets). */
const PEER_GONE = new Set(['ECONNRESET', 'EPIPE']);

/**
 * Whether Vite's error line is the websocket proxy meeting a peer that went away: `ws proxy error` (the
 * gateway's side) or `ws proxy socket error` (the browser's side) with ECONNRESET or EPIPE. Every other error,
 * and every http proxy error, is still logged.
 */
export function isClosedWebSocket(message: string, options?: LogErrorOptions): boolean {
  const code = (options?.error as NodeJS.ErrnoException | null | undefined)?.code;
  return code !== undefined && PEER_GONE.has(code) && /ws proxy (socket )?error:/.test(message);
}

/** `logger` without the closed-websocket errors (Vite's `customLogger`). */
export function withoutClosedWebSockets(logger: Logger): Logger {
  return {
    ...logger,
    error: (message, options) => {
      if (!isClosedWebSocket(message, options)) logger.error(message, options);
    },
  };
}
