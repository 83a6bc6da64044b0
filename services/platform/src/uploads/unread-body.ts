import type { IncomingMessage, ServerResponse } from 'node:http';

/** How long a connection whose body was refused may still deliver bytes (discarded) before it is closed. */
export const UNREAD_BODY_LINGER_MS = 2_000;

/**
 * Answers a request whose body is refused unread (bad credentials, over a limit) at once, and never reads that body
 * into the process: the whole answer (with its `Content-Length`) is written first, so the client has it complete;
 * what the client still sends is discarded as it arrives, for at most `lingerMs` (or until the client closes or
 * its body ends); then the response ends and, when the body is still coming, the connection is closed. Closing at
 * once instead would reset a connection that has unread bytes, and a client (or the gateway) busy writing could
 * lose the answer with that reset.
 */
export function answerUnread(
  request: IncomingMessage,
  response: ServerResponse,
  answer: { status: number; body: unknown; headers?: Readonly<Record<string, string>> },
  lingerMs = UNREAD_BODY_LINGER_MS,
): void {
  if (response.headersSent) return;
  const payload = Buffer.from(JSON.stringify(answer.body));
  response.statusCode = answer.status;
  for (const [name, value] of Object.entries(answer.headers ?? {})) response.setHeader(name, value);
  response.setHeader('content-type', 'application/json; charset=utf-8');
  response.setHeader('content-length', payload.length);
  if (request.complete) {
    response.end(payload);
    return;
  }
  response.write(payload);
  const socket = request.socket;
  const finish = (): void => {
    clearTimeout(timer);
    request.off('end', finish);
    socket.off('close', finish);
    if (!response.writableEnded) response.end();
    if (!request.complete) socket.destroy();
  };
  const timer = setTimeout(finish, lingerMs);
  timer.unref();
  request.once('end', finish);
  socket.once('close', finish);
  request.resume();
}

/**
 * For answers written by someone else (a proxied one): once the answer is written, a request whose body is still
 * arriving is not read further. On a kept-alive connection the socket is half-closed (the client receives the whole
 * answer, then the end of the stream), what still arrives is discarded and the socket is destroyed after `lingerMs`
 * at the latest; on a `Connection: close` one, Node closes it itself after the answer.
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
