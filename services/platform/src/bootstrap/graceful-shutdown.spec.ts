import { Agent, createServer, request, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { HealthRegistry } from '../health/health-registry.js';
import { ShutdownRegistry } from '../health/shutdown-registry.js';
import { discardAfterAnswer } from '../uploads/unread-body.js';
import { type AppShutdown, httpDrain, shutdownGracefully } from './graceful-shutdown.js';
import { SERVER_KEEP_ALIVE_TIMEOUT_MS } from './http-timeouts.js';

describe(shutdownGracefully.name, () => {
  it('drains every app, closes HTTP in the order given, then the work, the publishing and the rest of each', async () => {
    const steps: string[] = [];
    const app = (name: string): AppShutdown => ({
      drain: () => void steps.push(`${name}: drain`),
      closeHttp: async () => void steps.push(`${name}: http`),
      run: async (phase) => void steps.push(`${name}: ${phase}`),
      close: async () => void steps.push(`${name}: close`),
    });
    await shutdownGracefully([app('gateway'), app('tickets')], { deadline: Date.now() + 5_000 });
    expect(steps).toEqual([
      'gateway: drain',
      'tickets: drain',
      'gateway: http',
      'tickets: http',
      'gateway: work',
      'tickets: work',
      'gateway: publish',
      'tickets: publish',
      'gateway: close',
      'tickets: close',
    ]);
  });

  it('gives HTTP half the time left after draining, and leaves the other half to the work', async () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    try {
      const bounds: number[] = [];
      const app: AppShutdown = {
        drain: () => undefined,
        closeHttp: async (until) => void bounds.push(until),
        run: async () => undefined,
        close: async () => undefined,
      };
      await shutdownGracefully([app, app], { deadline: 1_010_000 });
      expect(bounds).toEqual([1_005_000, 1_005_000]);
    } finally {
      now.mockRestore();
    }
  });
});

describe(ShutdownRegistry.name, () => {
  it("runs a phase's steps once, side by side, and reports the failed ones without stopping the others", async () => {
    const registry = new ShutdownRegistry();
    const ran: string[] = [];
    registry.register('work', 'consumers', async () => void ran.push('consumers'));
    registry.register('work', 'jobs', async () => {
      throw new Error('pool gone');
    });
    registry.register('publish', 'relay', async () => void ran.push('relay'));
    const failures = await registry.run('work', Date.now() + 1_000);
    expect(ran).toEqual(['consumers']);
    expect(failures.map((failure) => failure.name)).toEqual(['jobs']);
    expect(await registry.run('work', Date.now() + 1_000)).toEqual([]);
    expect(ran).toEqual(['consumers']);
  });
});

describe(HealthRegistry.name, () => {
  it('is not ready once draining, whatever its checks say', async () => {
    const health = new HealthRegistry();
    health.register('database', async () => undefined);
    expect((await health.readiness()).ready).toBe(true);
    health.drain();
    const readiness = await health.readiness();
    expect(readiness.ready).toBe(false);
    expect(readiness.checks).toEqual({ shutdown: 'draining' });
  });
});

describe(httpDrain.name, () => {
  let server: Server;
  let port: number;
  let release: () => void;
  let arrived: () => void;
  let health: HealthRegistry;

  beforeEach(async () => {
    health = new HealthRegistry();
    const gate = new Promise<void>((resolve) => (release = resolve));
    arrived = () => undefined;
    server = createServer((incoming, response) => {
      if (incoming.url === '/slow') {
        arrived();
        void gate.then(() => response.end('done'));
      } else if (incoming.url === '/refused') {
        // a refusal answered before the body is read: what still arrives is discarded for as long as the linger
        // allows, here longer than a test may run
        response.statusCode = 401;
        response.end('{}');
        discardAfterAnswer(incoming, response, { idleMs: 60 * 60_000, totalMs: 60 * 60_000 });
      } else response.end('fast');
    });
    server.keepAliveTimeout = SERVER_KEEP_ALIVE_TIMEOUT_MS;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterEach(() => {
    server.closeAllConnections();
    server.close();
  });

  const get = (path: string, agent?: Agent): Promise<IncomingMessage & { body: string }> =>
    new Promise((resolve, reject) => {
      const outgoing = request({ host: '127.0.0.1', port, path, agent }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve(Object.assign(response, { body })));
      });
      outgoing.on('error', reject);
      outgoing.end();
    });

  it('answers the request in flight, on a connection it then closes, and refuses new ones', async () => {
    const drain = httpDrain(server, health, async () => undefined);
    const waiting = new Promise<void>((resolve) => (arrived = resolve));
    const slow = get('/slow');
    await waiting;
    drain.drain();
    expect(health.draining).toBe(true);
    let closed = false;
    const closing = drain.closeHttp(Date.now() + 60_000).then(() => (closed = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false);
    await expect(get('/fast')).rejects.toThrow(/ECONNREFUSED/);
    release();
    const response = await slow;
    expect(response.body).toBe('done');
    expect(response.headers.connection).toBe('close');
    await closing;
    expect(server.listening).toBe(false);
  });

  it('closes idle keep-alive connections at once instead of after their keep-alive timeout', async () => {
    // a keep-alive longer than the test may run: closing at all means the server closed the idle connection
    server.keepAliveTimeout = 60 * 60_000;
    const agent = new Agent({ keepAlive: true });
    expect((await get('/fast', agent)).body).toBe('fast');
    const drain = httpDrain(server, health, async () => undefined);
    drain.drain();
    await drain.closeHttp(Date.now() + 60 * 60_000);
    expect(server.listening).toBe(false);
    agent.destroy();
  });

  it('closes a connection still open at its bound: a request never answered, and a refused body still arriving', async () => {
    const drain = httpDrain(server, health, async () => undefined);
    const waiting = new Promise<void>((resolve) => (arrived = resolve));
    const slow = get('/slow').then(
      () => 'answered',
      (error: Error) => error.message,
    );
    await waiting;
    // a client that declared a body, sent a part and stopped
    const refused = connect(port, '127.0.0.1');
    const answer = new Promise<string>((resolve) => refused.once('data', (chunk: Buffer) => resolve(chunk.toString())));
    const ended = new Promise<void>((resolve) => refused.once('close', () => resolve()));
    refused.write('POST /refused HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n' + 'x'.repeat(1_000));
    expect(await answer).toMatch(/^HTTP\/1\.1 401/);
    drain.drain();
    await drain.closeHttp(Date.now() + 200);
    expect(server.listening).toBe(false);
    expect(await slow).toBe('socket hang up');
    await ended;
    release();
  });

  it('closes the app’s own connections (sockets) before the listener', async () => {
    const order: string[] = [];
    const drain = httpDrain(server, health, async () => void order.push('own connections'));
    server.once('close', () => order.push('listener'));
    drain.drain();
    await drain.closeHttp(Date.now() + 60_000);
    expect(order).toEqual(['own connections', 'listener']);
  });
});
