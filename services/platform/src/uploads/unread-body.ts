import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * How a connection whose body was refused is closed (nginx's lingering close): what the client still sends is
 * discarded as it arrives, while it keeps arriving (`idleMs` without a byte ends it) and for `totalMs` at most. A
 * client busy writing its body reads the answer only when it gets to it (a slow or busy one seconds later): closing
 * with its bytes unread would reset the connection and could drop the answer it has not read yet.
 */
export interface Linger {
  readonly totalMs: number;
  readonly idleMs: number;
}

/**
 * nginx's defaults (`lingering_time 30s`, `lingering_timeout 5s`): a client starved of CPU for seconds still reads its
 * answer.
 */
export const UNREAD_BODY_LINGER: Linger = { totalMs: 30_000, idleMs: 5_000 };

/** Calls `done` once the client has sent nothing for `idleMs`, or `totalMs` after now; returns the cancel. */
function whileArriving(socket: Socket, { totalMs, idleMs }: Linger, done: () => void): () => void {
  const total = setTimeout(stop, totalMs);
  let idle = setTimeout(stop, idleMs);
  total.unref();
  idle.unref();
  function arrived(): void {
    clearTimeout(idle);
    idle = setTimeout(stop, idleMs);
    idle.unref();
  }
  function cancel(): void {
    clearTimeout(total);
    clearTimeout(idle);
    socket.off('data', arrived);
  }
  function stop(): void {
    cancel();
    done();
  }
  socket.on('data', arrived);
  return cancel;
}

/**
 * Answers a request whose body is refused unread (bad credentials, over a limit) at once, and never reads that body
 * into the process: the whole answer (with its `Content-Length`) is written first, so the client has it complete;
 * what the client still sends is discarded as `linger` says (or until the client closes or its body ends); then the
 * response ends and, when the body is still coming, the connection is closed.
 */
export function answerUnread(
  request: IncomingMessage,
  response: ServerResponse,
  answer: { status: number; body: unknown; headers?: Readonly<Record<string, string>> },
  linger: Linger = UNREAD_BODY_LINGER,
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
    cancel();
    request.off('end', finish);
    socket.off('close', finish);
    if (!response.writableEnded) response.end();
    if (!request.complete) socket.destroy();
  };
  const cancel = whileArriving(socket, linger, finish);
  request.once('end', finish);
  socket.once('close', finish);
  request.resume();
}

/**
 * For answers written by someone else (a proxied one): once the answer is written, a request whose body is still
 * arriving is not read further. On a kept-alive connection the socket is half-closed (the client receives the whole
 * answer, then the end of the stream), what still arrives is discarded as `linger` says, then the socket is
 * destroyed. On a `Connection: close` one Node closes it itself right after the answer, under the unread bytes (a
 * reset that can reach the client before the answer): a proxy answers `keep-alive` while the body still arrives.
 */
export function closeAfterAnswer(
  request: IncomingMessage,
  response: ServerResponse,
  linger: Linger = UNREAD_BODY_LINGER,
): void {
  onceAnsweredUnread(request, response, (socket) => {
    socket.resume();
    const cancel = whileArriving(socket, linger, () => socket.destroy());
    socket.once('close', cancel);
    socket.end();
  });
}

/**
 * For a refusal answered before the request's body was read (no token, a gate, an unknown route): what still arrives
 * is discarded, as Node does, and the connection serves the next request once the body has ended; but a client that
 * stops sending before the end of the body it declared has its connection closed as `linger` says, instead of
 * holding it (and the server's close) until the keep-alive timeout.
 */
export function discardAfterAnswer(
  request: IncomingMessage,
  response: ServerResponse,
  linger: Linger = UNREAD_BODY_LINGER,
): void {
  onceAnsweredUnread(request, response, (socket) => {
    const cancel = whileArriving(socket, linger, () => {
      if (!request.complete) socket.destroy();
    });
    request.once('end', cancel);
    socket.once('close', cancel);
  });
}

/** Once the answer is written, when the request's body is still arriving: resumes reading it, then `step`. */
function onceAnsweredUnread(request: IncomingMessage, response: ServerResponse, step: (socket: Socket) => void): void {
  if (request.complete) return;
  const socket = request.socket;
  const answered = (): void => {
    if (request.complete || socket.destroyed) return;
    request.resume();
    step(socket);
  };
  if (response.writableFinished) answered();
  else response.once('finish', answered);
}
