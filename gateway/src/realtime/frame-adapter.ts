import type { Writable } from 'node:stream';
import { Adapter, type BroadcastOptions, type SocketId } from 'socket.io-adapter';
import type { Socket } from 'socket.io';

/** What of socket.io's `Server` the adapter's namespace exposes (`nsp.server`, `nsp.sockets`). */
interface Namespace {
  readonly name: string;
  readonly sockets: Map<SocketId, Socket>;
  readonly server: { readonly encoder: { encode(packet: unknown): unknown[] } };
}

/** engine.io's socket and its websocket transport, as far as the direct write looks at them (none is typed public). */
interface EngineSocket {
  readonly readyState: string;
  readonly writeBuffer: readonly unknown[];
  readonly transport: {
    readonly name: string;
    readonly writable: boolean;
    readonly perMessageDeflate?: unknown;
    /** ws's `WebSocket` under the websocket transport. */
    readonly socket?: { readonly _socket?: Writable; readonly _sender?: { _state?: number; _queue?: unknown[] } };
  };
}

/** socket.io's `Client.writeToEngine` (private in its types): the path every socket.io packet takes per socket. */
interface EngineWriter {
  writeToEngine(encoded: unknown[], options: PacketOptions): void;
}

/** socket.io's `Socket.notifyOutgoingListeners` (private in its types): `onAnyOutgoing` listeners see broadcasts. */
interface OutgoingListeners {
  notifyOutgoingListeners?(packet: unknown): void;
}

interface PacketOptions {
  preEncoded: true;
  volatile?: boolean;
  compress?: boolean | undefined;
  /** The whole WebSocket frame, which engine.io's websocket transport hands to ws as it is. */
  wsPreEncodedFrame?: readonly Buffer[];
}

const WRITTEN_IN = Symbol('frame-adapter.written-in');
const CORKED_IN = Symbol('frame-adapter.corked-in');

/** A TCP socket marked with the last turns in which the adapter wrote to it and corked it. */
type TurnTagged = Writable & { [WRITTEN_IN]?: number; [CORKED_IN]?: number };

/**
 * One unmasked, final WebSocket text frame (RFC 6455 §5.2) carrying `text`: what a server sends, byte for byte the
 * same for every client.
 */
export function textFrame(text: string): Buffer {
  const length = Buffer.byteLength(text);
  const header = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + length);
  frame[0] = 0x81; // FIN, opcode 1 (text)
  if (length < 126) frame[1] = length;
  else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  frame.write(text, header, 'utf8');
  return frame;
}

/**
 * The socket's TCP socket when a frame may go to it directly, in order with everything engine.io has sent or will
 * send: an open websocket transport with nothing waiting (engine.io's buffer empty, its last write done, ws's
 * sender idle) and no per-message compression. Otherwise undefined, and the packet takes engine.io's path.
 */
function idleWire(socket: Socket): Writable | undefined {
  const engine = socket.conn as unknown as EngineSocket;
  if (engine.readyState !== 'open' || engine.writeBuffer.length > 0) return undefined;
  const { transport } = engine;
  if (transport.name !== 'websocket' || !transport.writable || transport.perMessageDeflate) return undefined;
  const sender = transport.socket?._sender;
  if (!sender || sender._state !== 0 || (sender._queue?.length ?? 0) > 0) return undefined;
  const wire = transport.socket?._socket;
  return wire && wire.writable && !wire.destroyed ? wire : undefined;
}

/**
 * socket.io's in-memory adapter with a cheaper broadcast (`GATEWAY_SOCKET_ADAPTER=frame`, ADR 0009): the event is
 * encoded once into one WebSocket frame, and for each socket whose websocket transport is idle that frame is written
 * straight to its TCP socket (one buffer, no callback; a socket's further broadcasts in the same turn of the event loop
 * go out together in one more write). That skips engine.io's per-packet bookkeeping (packet object, four events, write
 * callback) and ws's corked two-part write, most of the cost of a broadcast per socket. It reads engine.io's and ws's
 * private state and writes to ws's socket, so it runs only on the versions it was verified against
 * (`frame-adapter-versions.ts`). Sockets on long-polling, or with anything still queued, get the packet through
 * engine.io, so order per socket is kept either way. Rooms and `except` select sockets exactly as the in-memory adapter
 * does; volatile and binary packets take its path unchanged.
 */
export class FrameAdapter extends Adapter {
  /** Deliveries written directly and through engine.io, since the start (the tests and the benchmark read them). */
  readonly deliveries = { direct: 0, engine: 0 };
  /** The current turn of the event loop, as far as direct writes go (see `writeDirect`). */
  private turn = 0;
  private turnEnding = false;
  /** The TCP sockets corked in this turn, uncorked when it ends. */
  private readonly corked: TurnTagged[] = [];

  /**
   * Writes `frame` to `wire`. A socket's first frame of a turn of the event loop goes out at once; its following ones
   * in the same turn (the broadcasts of one Kafka batch, which the gateway projects one after another with nothing to
   * wait for in between) are corked and leave together when the turn ends: two system calls per socket and turn, not
   * one per frame. A lone broadcast (one to 10,000 sockets, say) is written at once, socket after socket. Whatever
   * engine.io or ws writes meanwhile queues behind the corked frames in the same buffer, so order per socket holds.
   */
  private writeDirect(wire: Writable, frame: Buffer): void {
    if (!this.turnEnding) {
      this.turnEnding = true;
      setImmediate(() => this.endTurn());
    }
    const tagged = wire as TurnTagged;
    if (tagged[WRITTEN_IN] !== this.turn) tagged[WRITTEN_IN] = this.turn;
    else if (tagged[CORKED_IN] !== this.turn) {
      tagged[CORKED_IN] = this.turn;
      wire.cork();
      this.corked.push(tagged);
    }
    wire.write(frame);
  }

  private endTurn(): void {
    this.turn += 1;
    this.turnEnding = false;
    for (const wire of this.corked) wire.uncork();
    this.corked.length = 0;
  }

  override broadcast(packet: { nsp?: string }, opts: BroadcastOptions): void {
    const nsp = this.nsp as Namespace;
    const flags = opts.flags ?? {};
    if (flags.volatile) return super.broadcast(packet, opts);
    packet.nsp = nsp.name;
    const encoded = nsp.server.encoder.encode(packet);
    const [text] = encoded;
    if (encoded.length !== 1 || typeof text !== 'string') return super.broadcast(packet, opts);
    // "4" is engine.io's message packet type
    const frame = textFrame(`4${text}`);
    const options: PacketOptions = { preEncoded: true, compress: flags.compress, wsPreEncodedFrame: [frame] };
    this.forEachTarget(nsp, opts, (socket) => {
      (socket as unknown as OutgoingListeners).notifyOutgoingListeners?.(packet);
      const wire = idleWire(socket);
      if (wire) {
        this.writeDirect(wire, frame);
        this.deliveries.direct += 1;
      } else {
        (socket.client as unknown as EngineWriter).writeToEngine(encoded, options);
        this.deliveries.engine += 1;
      }
    });
  }

  /**
   * The sockets of any of `opts.rooms` (every socket when none), each once, but none in `opts.except`'s rooms. The
   * usual broadcast names one room and excepts none: its sockets are visited straight from the room's set, with no
   * set of ids built per broadcast (10,000 insertions for a company channel of 10,000 sockets).
   */
  private forEachTarget(nsp: Namespace, opts: BroadcastOptions, deliver: (socket: Socket) => void): void {
    let except: Set<SocketId> | undefined;
    for (const room of opts.except ?? []) {
      for (const id of this.rooms.get(room) ?? []) (except ??= new Set()).add(id);
    }
    const visit = (id: SocketId) => {
      if (except?.has(id)) return;
      const socket = nsp.sockets.get(id);
      if (socket) deliver(socket);
    };
    if (opts.rooms.size === 0) {
      for (const id of this.sids.keys()) visit(id);
      return;
    }
    if (opts.rooms.size === 1) {
      const [only] = opts.rooms;
      for (const id of this.rooms.get(only!) ?? []) visit(id);
      return;
    }
    const seen = new Set<SocketId>();
    for (const room of opts.rooms) {
      for (const id of this.rooms.get(room) ?? []) {
        if (seen.has(id)) continue;
        seen.add(id);
        visit(id);
      }
    }
  }
}
