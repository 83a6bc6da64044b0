/**
 * The session's status machine driven through the fake socket (Baileys' real event buffer, no network): QR cycle
 * to TIMEOUT, pairing code and the 515 restart, 401/440/403/405, transient closes with backoff under fake timers
 * and one live socket, the lease lost mid-session, and shutdown.
 */
import { install, type Clock } from '@sinonjs/fake-timers';

import { LeaseLostError, SessionNotReadyError } from '../../src/providers/provider.port.js';
import { BaileysAuthStore } from '../../src/providers/baileys/baileys-auth.store.js';
import { FAKE_TIMERS, closeDataSource, connected, eventually, harness, rows } from './support/fakes.js';

afterAll(closeDataSource);
describe('Baileys session lifecycle', () => {
  let clock: Clock | undefined;
  afterEach(() => {
    clock?.uninstall();
    clock = undefined;
  });

  it('shows each QR refresh, then TIMEOUT when nobody scans (408 while not registered), without reconnecting', async () => {
    const h = await harness();
    await h.session.start({});
    expect(h.sink.statuses[0]).toMatchObject({ status: 'OPENING', qrcode: '' });
    const socket = h.factory.last;
    expect(socket.options.auth.creds.registered).toBe(false);
    socket.emit('connection.update', { connection: 'connecting', receivedPendingNotifications: false });
    for (const qr of ['2@first,a,b,c,1', '2@second,a,b,c,1', '2@third,a,b,c,1']) {
      socket.emit('connection.update', { qr });
    }
    await eventually(() =>
      expect(h.sink.statuses.filter((s) => s.status === 'qrcode').map((s) => s.qrcode)).toEqual([
        '2@first,a,b,c,1',
        '2@second,a,b,c,1',
        '2@third,a,b,c,1',
      ]),
    );
    socket.close(408, 'QR refs attempts ended');
    await eventually(() => expect(h.sink.statuses.at(-1)).toMatchObject({ status: 'TIMEOUT', qrcode: '' }));
    expect(socket.isEnded).toBe(true);
    expect(h.factory.sockets).toHaveLength(1);
    await expect(
      h.session.send({
        chatJid: 'x@s.whatsapp.net',
        content: { kind: 'text', body: 'oi' },
        quotedMessageId: null,
        idempotencyKey: 'k',
      }),
    ).rejects.toBeInstanceOf(SessionNotReadyError);
  });

  it('links by pairing code, saves the creds, restarts at once on 515 with the same creds and connects', async () => {
    const h = await harness();
    await h.session.start({ pairingNumber: '+55 (11) 98765-4321' });
    const first = h.factory.last;
    first.emit('connection.update', { qr: '2@one' });
    first.emit('connection.update', { qr: '2@two' });
    await eventually(() =>
      expect(h.sink.statuses.at(-1)).toMatchObject({ status: 'PAIRING', pairingCode: 'ABCD1234' }),
    );
    expect(first.pairingRequests).toEqual(['5511987654321']);
    expect(h.sink.statusNames).not.toContain('qrcode');

    // the user enters the code: Baileys fills the creds in place and emits creds.update
    const creds = first.options.auth.creds;
    creds.registered = true;
    creds.me = { id: '5511900000001:23@s.whatsapp.net', name: 'Loja' };
    first.emit('creds.update', { registered: true, me: creds.me });
    first.emit('connection.update', { isNewLogin: true });
    first.close(515, 'Stream Errored (restart required)');

    await eventually(() => expect(h.factory.sockets).toHaveLength(2));
    expect(first.isEnded).toBe(true);
    const second = h.factory.last;
    expect(second.options.auth.creds).toBe(creds);
    expect(h.factory.live).toEqual([second]);
    second.open();
    await eventually(() =>
      expect(h.sink.statuses.at(-1)).toMatchObject({ status: 'CONNECTED', number: '5511900000001', pairingCode: null }),
    );
    const saved = await new BaileysAuthStore(h.context).readCreds();
    expect(saved?.registered).toBe(true);
    expect(saved?.me?.id).toBe('5511900000001:23@s.whatsapp.net');
    expect(h.sink.statusNames).toEqual(['OPENING', 'PAIRING', 'PAIRING', 'OPENING', 'CONNECTED']);
  });

  it('on 401 (device removed) wipes the auth state and starts fresh with a new QR', async () => {
    const h = await harness();
    const socket = await connected(h);
    const oldCreds = socket.options.auth.creds;
    oldCreds.registered = true;
    socket.emit('creds.update', { registered: true });
    await socket.options.auth.keys.set({ session: { '5511987654321.0': Buffer.from('s') } });
    await eventually(async () => expect((await rows(h, 'baileys_auth_keys')).length).toBeGreaterThanOrEqual(2));

    socket.close(401, 'Connection Failure');
    await eventually(() => expect(h.factory.sockets).toHaveLength(2));
    expect(h.sink.statuses.find((s) => s.status === 'DISCONNECTED')).toMatchObject({
      reason: 'loggedOut',
      number: null,
    });
    const fresh = h.factory.last;
    expect(fresh.options.auth.creds.registered).toBe(false);
    expect(fresh.options.auth.creds.noiseKey.public).not.toEqual(oldCreds.noiseKey.public);
    expect(await rows(h, 'baileys_auth_keys')).toHaveLength(0);
    fresh.emit('connection.update', { qr: '2@after-logout' });
    await eventually(() =>
      expect(h.sink.statuses.at(-1)).toMatchObject({ status: 'qrcode', qrcode: '2@after-logout' }),
    );
    expect(h.factory.live).toEqual([fresh]);
  });

  it('never reconnects after 440 (another client took the session over)', async () => {
    clock = install(FAKE_TIMERS);
    const h = await harness();
    const socket = await connected(h);
    socket.close(440, 'Stream Errored (conflict)');
    await eventually(() =>
      expect(h.sink.statuses.at(-1)).toMatchObject({ status: 'DISCONNECTED', reason: 'connectionReplaced' }),
    );
    await clock.tickAsync(3_600_000);
    expect(h.factory.sockets).toHaveLength(1);
    expect(h.factory.live).toHaveLength(0);
  });

  it.each([
    [403, 'banned'],
    [405, 'versionOutdated'],
  ])('stops on %i and reports %s', async (code, reason) => {
    clock = install(FAKE_TIMERS);
    const h = await harness();
    const socket = await connected(h);
    socket.close(code);
    await eventually(() => expect(h.sink.statuses.at(-1)).toMatchObject({ status: 'DISCONNECTED', reason }));
    await clock.tickAsync(3_600_000);
    expect(h.factory.sockets).toHaveLength(1);
  });

  it('backs off with jitter on transient closes, keeps one live socket, and resets after a stable connection', async () => {
    clock = install(FAKE_TIMERS);
    const h = await harness({ baileys: { random: () => 0 } }); // jitter factor 0.5
    const first = await connected(h);
    first.options.auth.creds.registered = true;

    first.close(408, 'Connection was lost');
    await eventually(() =>
      expect(h.sink.statuses.at(-1)).toMatchObject({ status: 'OPENING', retries: 1, reason: 'connectionLost' }),
    );
    await clock.tickAsync(999); // 2 000 · 0.5
    expect(h.factory.sockets).toHaveLength(1);
    await clock.tickAsync(1);
    await eventually(() => expect(h.factory.sockets).toHaveLength(2));
    expect(h.factory.live).toEqual([h.factory.last]);

    h.factory.last.close(428, 'Connection Terminated');
    await eventually(() => expect(h.sink.statuses.at(-1)).toMatchObject({ status: 'OPENING', retries: 2 }));
    await clock.tickAsync(1_999); // 4 000 · 0.5
    expect(h.factory.sockets).toHaveLength(2);
    await clock.tickAsync(1);
    await eventually(() => expect(h.factory.sockets).toHaveLength(3));
    expect(h.factory.live).toHaveLength(1);

    h.factory.last.open();
    await eventually(() => expect(h.sink.statuses.at(-1)).toMatchObject({ status: 'CONNECTED', retries: 2 }));
    await clock.tickAsync(300_000); // stable for 5 minutes: the counter resets
    h.factory.last.close(503);
    await eventually(() => expect(h.sink.statuses.at(-1)).toMatchObject({ status: 'OPENING', retries: 1 }));
    await clock.tickAsync(1_000);
    await eventually(() => expect(h.factory.sockets).toHaveLength(4));
    expect(h.factory.live).toHaveLength(1);
    expect(h.factory.sockets.slice(0, 3).every((socket) => socket.isEnded)).toBe(true);
  });

  it('backs off again when a reconnect cannot build its socket', async () => {
    clock = install(FAKE_TIMERS);
    const h = await harness({ baileys: { random: () => 0.5 } });
    const socket = await connected(h);
    socket.options.auth.creds.registered = true;
    h.factory.failures = 1;
    socket.close(428);
    await eventually(() => expect(h.sink.statuses.at(-1)).toMatchObject({ status: 'OPENING', retries: 1 }));
    await clock.tickAsync(2_000);
    await eventually(() => expect(h.sink.statuses.at(-1)).toMatchObject({ status: 'OPENING', retries: 2 }));
    expect(h.factory.sockets).toHaveLength(1);
    await clock.tickAsync(4_000);
    await eventually(() => expect(h.factory.sockets).toHaveLength(2));
    h.factory.last.open();
    await eventually(() => expect(h.sink.statuses.at(-1)).toMatchObject({ status: 'CONNECTED', retries: 2 }));
  });

  it('gives up after the configured number of transient closes in a row', async () => {
    clock = install(FAKE_TIMERS);
    const h = await harness({ baileys: { random: () => 0.5, maxRetries: 2 } });
    const socket = await connected(h);
    socket.options.auth.creds.registered = true;
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      h.factory.last.close(500);
      await eventually(() => expect(h.sink.statuses.at(-1)).toMatchObject({ status: 'OPENING', retries: attempt }));
      await clock.tickAsync(300_000);
      await eventually(() => expect(h.factory.sockets).toHaveLength(attempt + 1));
    }
    h.factory.last.close(500);
    await eventually(() =>
      expect(h.sink.statuses.at(-1)).toMatchObject({ status: 'DISCONNECTED', retries: 3, reason: 'retriesExhausted' }),
    );
    await clock.tickAsync(3_600_000);
    expect(h.factory.sockets).toHaveLength(3);
    expect(h.factory.live).toHaveLength(0);
  });

  it('rejects auth writes once the lease is lost and ends the socket', async () => {
    const h = await harness();
    const socket = await connected(h);
    await socket.options.auth.keys.set({ session: { a: Buffer.from('mine') } });
    h.lease.lose();
    await expect(socket.options.auth.keys.set({ session: { a: Buffer.from('stale') } })).rejects.toBeInstanceOf(
      LeaseLostError,
    );
    await eventually(() => expect(socket.isEnded).toBe(true));
    const statuses = h.sink.statuses.length;
    socket.close(428);
    expect(h.factory.sockets).toHaveLength(1);
    expect(h.sink.statuses).toHaveLength(statuses);
    const stored = await new BaileysAuthStore(h.context).get('session', ['a']);
    expect(Buffer.from(stored['a']!).toString()).toBe('mine');
    await expect(h.session.markRead('x@s.whatsapp.net', ['1'])).rejects.toBeInstanceOf(SessionNotReadyError);
  });

  it('ends every socket on shutdown, keeps the creds, and reports nothing afterwards', async () => {
    const a = await harness();
    const b = await harness();
    const socketA = await connected(a);
    const socketB = await connected(b);
    socketA.emit('creds.update', {});
    await eventually(async () => expect(await new BaileysAuthStore(a.context).readCreds()).not.toBeNull());
    const reported = [a.sink.statuses.length, b.sink.statuses.length];

    await Promise.all([a.session.stop(), b.session.stop()]);

    expect(socketA.isEnded && socketB.isEnded).toBe(true);
    socketA.emit('messages.upsert', { type: 'notify', messages: [] });
    socketB.close(428);
    expect([a.sink.statuses.length, b.sink.statuses.length]).toEqual(reported);
    expect(a.factory.sockets).toHaveLength(1);
    expect(await new BaileysAuthStore(a.context).readCreds()).not.toBeNull();
    await expect(a.session.listContacts()).rejects.toBeInstanceOf(SessionNotReadyError);
  });
});
