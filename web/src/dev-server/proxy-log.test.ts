import type { Logger } from 'vite';
import { describe, expect, it, vi } from 'vitest';
import { isClosedWebSocket, withoutClosedWebSockets } from './proxy-log';

const socketError = (code: string, message = `read ${code}`) => Object.assign(new Error(message), { code });

// the lines as Vite 8's proxy middleware writes them (colours included)
const wsProxy = '\u001b[31mws proxy error:\u001b[39m\nError: read ECONNRESET\n    at TCP.onStreamRead';
const wsSocket = '\u001b[31mws proxy socket error:\u001b[39m\nError: write EPIPE';
const httpProxy = '\u001b[31mhttp proxy error: /api/tickets\u001b[39m\nError: connect ECONNREFUSED 127.0.0.1:8080';

describe('the dev proxy log', () => {
  it('drops a websocket reset or broken pipe: a closed tab', () => {
    expect(isClosedWebSocket(wsProxy, { error: socketError('ECONNRESET') })).toBe(true);
    expect(isClosedWebSocket(wsSocket, { error: socketError('EPIPE', 'write EPIPE') })).toBe(true);
  });

  it('keeps every other websocket error, http proxy errors and errors without a code', () => {
    expect(isClosedWebSocket(wsProxy, { error: socketError('ECONNREFUSED') })).toBe(false);
    expect(isClosedWebSocket(wsProxy, { error: socketError('ETIMEDOUT') })).toBe(false);
    expect(isClosedWebSocket(httpProxy, { error: socketError('ECONNRESET') })).toBe(false);
    expect(isClosedWebSocket(wsProxy, { error: new Error('boom') })).toBe(false);
    expect(isClosedWebSocket(wsProxy)).toBe(false);
  });

  it("passes what it keeps to Vite's logger unchanged", () => {
    const error = vi.fn();
    const logger = withoutClosedWebSockets({ error } as unknown as Logger);
    logger.error(wsProxy, { error: socketError('ECONNRESET') });
    const refused = { timestamp: true, error: socketError('ECONNREFUSED') };
    logger.error(httpProxy, refused);
    expect(error.mock.calls).toEqual([[httpProxy, refused]]);
  });
});
