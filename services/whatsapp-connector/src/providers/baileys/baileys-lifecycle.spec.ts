import { install, type Clock } from '@sinonjs/fake-timers';
import type { EntityManager } from 'typeorm';
import type { SessionContext } from '../provider.port.js';
import {
  eventually,
  FAKE_TIMERS,
  FakeDownloader,
  FakeLease,
  FakeMediaStore,
  FakeSink,
  FakeSocketFactory,
  silentLogger,
  TEST_OPTIONS,
} from '../../../test/baileys/support/fakes.js';
import type { BaileysOptions } from './baileys.config.js';
import { BaileysProvider } from './baileys.provider.js';

/**
 * The reconnect policy of a Baileys session without PostgreSQL: the auth state is read from an empty in-memory
 * store (every statement answers no rows), so each socket starts from fresh creds the spec marks registered.
 */
async function connectedSession(options: Partial<BaileysOptions>) {
  const sink = new FakeSink();
  const factory = new FakeSocketFactory();
  const manager = { query: () => Promise.resolve([]) } as unknown as EntityManager;
  const context: SessionContext = {
    connection: { id: 9, companyId: 4, name: 'Baileys', provider: 'baileys', allowGroups: false, cloud: null },
    lease: { owner: 'unit', epoch: 1 },
    sink,
    media: new FakeMediaStore(),
    logger: silentLogger,
    fence: new FakeLease(9).fence,
    transaction: (work) => work(manager),
    report: (work) => work(manager),
  };
  const provider = new BaileysProvider(factory, new FakeDownloader(), { ...TEST_OPTIONS, ...options });
  const session = provider.open(context);
  await session.start({});
  factory.last.open();
  factory.last.options.auth.creds.registered = true;
  await eventually(() => expect(sink.statuses.at(-1)?.status).toBe('CONNECTED'));
  return { sink, factory, session };
}

describe('Baileys reconnects', () => {
  let clock: Clock;
  beforeEach(() => {
    clock = install(FAKE_TIMERS);
  });
  afterEach(() => {
    clock.uninstall();
  });

  it('wait twice as long after each transient close, and start over after a stable connection', async () => {
    const { sink, factory, session } = await connectedSession({ random: () => 0.5 }); // no jitter

    factory.last.close(408, 'Connection was lost');
    await eventually(() => expect(sink.statuses.at(-1)).toMatchObject({ status: 'OPENING', retries: 1 }));
    await clock.tickAsync(1_999);
    expect(factory.sockets).toHaveLength(1);
    await clock.tickAsync(1);
    await eventually(() => expect(factory.sockets).toHaveLength(2));

    factory.last.close(503);
    await eventually(() => expect(sink.statuses.at(-1)).toMatchObject({ status: 'OPENING', retries: 2 }));
    await clock.tickAsync(3_999);
    expect(factory.sockets).toHaveLength(2);
    await clock.tickAsync(1);
    await eventually(() => expect(factory.sockets).toHaveLength(3));
    expect(factory.live).toEqual([factory.last]);

    factory.last.open();
    await eventually(() => expect(sink.statuses.at(-1)).toMatchObject({ status: 'CONNECTED', retries: 2 }));
    await clock.tickAsync(TEST_OPTIONS.stableAfterMs);
    factory.last.close(428);
    await eventually(() => expect(sink.statuses.at(-1)).toMatchObject({ status: 'OPENING', retries: 1 }));
    await clock.tickAsync(2_000);
    await eventually(() => expect(factory.sockets).toHaveLength(4));
    await session.stop();
  });

  it('never wait longer than the cap', async () => {
    const { sink, factory, session } = await connectedSession({ random: () => 0.5, backoffCapMs: 5_000 });
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      factory.last.close(500);
      await eventually(() => expect(sink.statuses.at(-1)).toMatchObject({ status: 'OPENING', retries: attempt }));
      await clock.tickAsync(5_000);
      await eventually(() => expect(factory.sockets).toHaveLength(attempt + 1));
    }
    await session.stop();
  });

  it('give up after maxRetries transient closes in a row and report the connection disconnected', async () => {
    const { sink, factory } = await connectedSession({ random: () => 0.5, maxRetries: 2 });
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      factory.last.close(500);
      await eventually(() => expect(sink.statuses.at(-1)).toMatchObject({ status: 'OPENING', retries: attempt }));
      await clock.tickAsync(TEST_OPTIONS.backoffCapMs);
      await eventually(() => expect(factory.sockets).toHaveLength(attempt + 1));
    }
    factory.last.close(500);
    await eventually(() =>
      expect(sink.statuses.at(-1)).toMatchObject({ status: 'DISCONNECTED', reason: 'retriesExhausted' }),
    );
    await clock.tickAsync(3_600_000);
    expect(factory.sockets).toHaveLength(3);
    expect(factory.live).toHaveLength(0);
  });

  it('do not reconnect after another client took the session over (440)', async () => {
    const { sink, factory } = await connectedSession({ random: () => 0.5 });
    factory.last.close(440);
    await eventually(() => expect(sink.statuses.at(-1)?.status).not.toBe('CONNECTED'));
    await clock.tickAsync(3_600_000);
    expect(factory.sockets).toHaveLength(1);
    expect(sink.statuses.at(-1)).toMatchObject({ reason: 'connectionReplaced' });
  });
});
