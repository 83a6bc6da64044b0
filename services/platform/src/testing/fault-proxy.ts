import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * What the proxy does to the traffic between a client and a broker:
 * - `pass`: forwards both ways;
 * - `freeze`: holds every byte both ways (a frozen process, a stalled network) until the mode changes;
 * - `lose-answers`: forwards requests but drops the answers and then resets the connection, as a broker that
 *   restarts right after writing does (the request took effect, the client never hears it).
 */
export type FaultMode = 'pass' | 'freeze' | 'lose-answers';

interface Pair {
  readonly client: Socket;
  readonly upstream: Socket;
}

/** A TCP proxy the tests control, in front of a real broker (kafkajs reaches it through a `socketFactory`). */
export class FaultProxy {
  private mode: FaultMode = 'pass';
  private readonly pairs = new Set<Pair>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(target: { host: string; port: number }): Promise<FaultProxy> {
    const server = createServer();
    const port = await new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
    const proxy = new FaultProxy(server, port);
    server.on('connection', (client: Socket) => proxy.accept(client, target));
    return proxy;
  }

  setMode(mode: FaultMode): void {
    this.mode = mode;
    for (const pair of this.pairs) {
      if (mode === 'freeze') {
        pair.client.pause();
        pair.upstream.pause();
      } else {
        pair.client.resume();
        pair.upstream.resume();
      }
    }
  }

  /** Resets every open connection (the clients see ECONNRESET / a closed connection). */
  resetAll(): void {
    for (const pair of this.pairs) this.drop(pair);
  }

  async close(): Promise<void> {
    this.resetAll();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket, target: { host: string; port: number }): void {
    const upstream = connect(target.port, target.host);
    const pair: Pair = { client, upstream };
    this.pairs.add(pair);
    if (this.mode === 'freeze') {
      client.pause();
      upstream.pause();
    }
    client.on('data', (chunk) => {
      upstream.write(chunk);
      if (this.mode === 'lose-answers') setTimeout(() => this.drop(pair), 50).unref();
    });
    upstream.on('data', (chunk) => {
      if (this.mode !== 'lose-answers') client.write(chunk);
    });
    const close = (): void => this.drop(pair);
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  }

  private drop(pair: Pair): void {
    if (!this.pairs.delete(pair)) return;
    pair.client.resetAndDestroy();
    pair.upstream.destroy();
  }
}

/** A kafkajs `socketFactory` that opens every broker connection through the proxy. */
export function proxiedSocketFactory(proxy: FaultProxy): (args: { onConnect: () => void }) => Socket {
  return ({ onConnect }) => {
    const socket = connect({ host: '127.0.0.1', port: proxy.port }, onConnect);
    socket.setKeepAlive(true, 60_000);
    return socket;
  };
}
