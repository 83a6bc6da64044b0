import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo, Socket as TcpSocket } from 'node:net';
import { Server, type Socket } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { expectEventually } from '@cs/platform/testing';
import * as ws from 'ws';
import { FrameAdapter, textFrame } from './frame-adapter.js';

/**
 * ws's own framing of a server's text message, for comparison: its `Sender` class, a named export of its ES module
 * that @types/ws does not declare.
 */
const wsFrame = (text: string): Buffer =>
  Buffer.concat(
    (
      ws as unknown as {
        Sender: { frame(data: Buffer, options: object): Buffer[] };
      }
    ).Sender.frame(Buffer.from(text), { readOnly: false, mask: false, rsv1: false, opcode: 1, fin: true }),
  );

describe(textFrame.name, () => {
  it.each([
    ['a short text', 'olá'],
    ['125 bytes (the longest 7-bit length)', 'x'.repeat(125)],
    ['126 bytes (16-bit length)', 'x'.repeat(126)],
    ['65,535 bytes', 'é'.repeat(32_767) + 'x'],
    ['65,536 bytes (64-bit length)', 'x'.repeat(65_536)],
  ])('frames %s exactly as ws does', (_, text) => {
    expect(textFrame(text).equals(wsFrame(text))).toBe(true);
  });
});

describe(FrameAdapter.name, () => {
  let http: HttpServer;
  let io: Server;
  let url: string;
  const clients: ClientSocket[] = [];
  const serverSockets = new Map<string, Socket>();

  const adapter = () => io.of('/').adapter as FrameAdapter;

  /** A client that joins `rooms` on the server once connected, and records every event with its arguments. */
  const client = async (name: string, rooms: string[], transports: ('websocket' | 'polling')[] = ['websocket']) => {
    const received: [string, ...unknown[]][] = [];
    const socket = connect(url, { transports, query: { name, rooms: rooms.join(',') }, forceNew: true });
    socket.onAny((event: string, ...args: unknown[]) => received.push([event, ...args]));
    clients.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('joined', () => resolve());
      socket.once('connect_error', reject);
    });
    received.length = 0;
    return { socket, received, server: serverSockets.get(name)! };
  };

  /** Within 2 s, as a socket on loopback gets an event. */
  const until = (check: () => boolean) =>
    expectEventually(() => expect(check()).toBe(true), { timeoutMs: 2_000, intervalMs: 10 });

  type Client = Awaited<ReturnType<typeof client>>;
  let markers = 0;
  /**
   * A marker broadcast to every socket has reached each of `all`: a socket's events arrive in order, so whatever
   * was sent to it before has arrived too (or never will).
   */
  const settled = async (...all: Client[]) => {
    const id = (markers += 1);
    io.emit('marker', id);
    await until(() =>
      all.every(({ received }) => received.some(([event, value]) => event === 'marker' && value === id)),
    );
  };
  /** What a client received, markers aside. */
  const seen = ({ received }: Client) => received.filter(([event]) => event !== 'marker');

  beforeEach(async () => {
    http = createServer();
    io = new Server(http, { adapter: FrameAdapter });
    io.on('connection', (socket) => {
      const { name, rooms } = socket.handshake.query as { name: string; rooms: string };
      serverSockets.set(name, socket);
      void socket.join(rooms.split(',').filter(Boolean));
      socket.emit('joined');
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    for (const socket of clients.splice(0)) socket.disconnect();
    serverSockets.clear();
    await new Promise<void>((resolve) => void io.close(() => resolve()));
  });

  it("delivers a broadcast once to each socket of the rooms, none to another room's or an excepted one", async () => {
    const both = await client('both', ['a', 'b']);
    const onlyA = await client('onlyA', ['a']);
    const excepted = await client('excepted', ['a', 'muted']);
    const other = await client('other', ['c']);
    const before = { ...adapter().deliveries };

    io.to(['a', 'b']).except('muted').emit('tag', { id: 1, name: 'Vendas – prioridade' });

    await until(() => both.received.length > 0 && onlyA.received.length > 0);
    const delivered = { ...adapter().deliveries };
    await settled(both, onlyA, excepted, other);
    expect(seen(both)).toEqual([['tag', { id: 1, name: 'Vendas – prioridade' }]]);
    expect(seen(onlyA)).toEqual([['tag', { id: 1, name: 'Vendas – prioridade' }]]);
    expect(seen(excepted)).toEqual([]);
    expect(seen(other)).toEqual([]);
    // both went straight to their idle websockets
    expect(delivered.direct - before.direct).toBe(2);
    expect(delivered.engine - before.engine).toBe(0);

    // one room (the usual broadcast: a company's channel), with and without an exception
    io.to('a').except('muted').emit('tag', { id: 2 });
    io.to('a').emit('tag', { id: 3 });
    await settled(both, onlyA, excepted, other);
    expect(seen(onlyA).slice(1)).toEqual([
      ['tag', { id: 2 }],
      ['tag', { id: 3 }],
    ]);
    expect(seen(both).slice(1)).toEqual([
      ['tag', { id: 2 }],
      ['tag', { id: 3 }],
    ]);
    expect(seen(excepted)).toEqual([['tag', { id: 3 }]]);
    expect(seen(other)).toEqual([]);
  });

  it('reaches every socket when no room is named, long-polling ones through engine.io', async () => {
    const ws = await client('ws', []);
    const polling = await client('polling', [], ['polling']);
    const before = { ...adapter().deliveries };

    io.emit('announcement', { text: 'manutenção às 22h' });

    await until(() => ws.received.length > 0 && polling.received.length > 0);
    expect(ws.received).toEqual([['announcement', { text: 'manutenção às 22h' }]]);
    expect(polling.received).toEqual([['announcement', { text: 'manutenção às 22h' }]]);
    expect(adapter().deliveries.direct - before.direct).toBe(1);
    expect(adapter().deliveries.engine - before.engine).toBe(1);
  });

  it("keeps each socket's order between its own emits and broadcasts, whichever path a broadcast takes", async () => {
    const one = await client('one', ['room']);
    const { server } = one;

    // the first emit's write is still in flight and the second waits in engine.io's buffer: so does the broadcast
    let before = { ...adapter().deliveries };
    server.emit('own', 1);
    server.emit('own', 2);
    io.to('room').emit('broadcast', 3);
    server.emit('own', 4);
    await until(() => one.received.length === 4);
    expect(adapter().deliveries.engine - before.engine).toBe(1);
    // idle again: the broadcast goes straight to the wire, the emit after it through engine.io
    before = { ...adapter().deliveries };
    io.to('room').emit('broadcast', 5);
    server.emit('own', 6);
    io.to('room').emit('broadcast', 7);
    await until(() => one.received.length === 7);

    expect(one.received).toEqual([
      ['own', 1],
      ['own', 2],
      ['broadcast', 3],
      ['own', 4],
      ['broadcast', 5],
      ['own', 6],
      ['broadcast', 7],
    ]);
    expect(adapter().deliveries.direct - before.direct).toBe(1);
  });

  it("writes a socket's broadcasts of one turn of the event loop in two writes, in order", async () => {
    const one = await client('one', ['room']);
    const other = await client('other', ['room']);
    const wire = (one.server.conn as unknown as { transport: { socket: { _socket: TcpSocket } } }).transport.socket
      ._socket;
    const writes = jest.spyOn(wire as unknown as { _writev: () => void }, '_writev');
    const write = jest.spyOn(wire as unknown as { _write: () => void }, '_write');

    for (let seq = 1; seq <= 30; seq += 1) io.to('room').emit('broadcast', { seq });

    await until(() => one.received.length === 30 && other.received.length === 30);
    const expected = Array.from({ length: 30 }, (_, index) => ['broadcast', { seq: index + 1 }]);
    expect(one.received).toEqual(expected);
    expect(other.received).toEqual(expected);
    // thirty frames, two system calls: the first frame at once, the others together when the turn ended
    expect(writes.mock.calls.length + write.mock.calls.length).toBe(2);
  });

  it('delivers large and binary payloads intact', async () => {
    const one = await client('one', ['room']);
    const large = { body: 'ç'.repeat(40_000) };
    const binary = Buffer.from([0, 1, 2, 255]);

    io.to('room').emit('large', large);
    io.to('room').emit('binary', binary);

    await until(() => one.received.length === 2);
    expect(one.received[0]).toEqual(['large', large]);
    expect(Buffer.from(one.received[1]![1] as ArrayBuffer).equals(binary)).toBe(true);
  });
});
