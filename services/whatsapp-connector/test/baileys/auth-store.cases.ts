/**
 * The auth-state contract on real PostgreSQL: every Signal key type (v7's included) round-trips with its bytes,
 * creds round-trip, null deletes, a failed transaction leaves nothing, the lease fence rejects writes, wipe
 * forgets a connection (and only it), and Baileys' own transaction wrapper commits one fenced transaction.
 */
import { addTransactionCapability, initAuthCreds, proto, type SignalDataSet } from 'baileys';
import { LeaseLostError } from '../../src/providers/provider.port.js';
import { BaileysAuthStore } from '../../src/providers/baileys/baileys-auth.store.js';
import { closeDataSource, harness, rows, silentLogger, type Harness } from './support/fakes.js';

afterAll(closeDataSource);

const keyPair = (seed: number): { public: Uint8Array; private: Uint8Array } => ({
  public: new Uint8Array(Buffer.alloc(32, seed)),
  private: new Uint8Array(Buffer.alloc(32, seed + 1)),
});

/** One value of every `SignalDataTypeMap` type, with ids as Baileys writes them. */
const everyType = (): SignalDataSet => ({
  'pre-key': { '1': keyPair(1), '812': keyPair(3) },
  session: {
    '5511987654321.0': new Uint8Array(Buffer.from('session-record')),
    '201234567890123_1.12': Buffer.alloc(40, 7),
  },
  'sender-key': { '120363041234567890@g.us::201234567890123@lid::12': Buffer.alloc(64, 9) },
  'sender-key-memory': {
    '120363041234567890@g.us': { '201234567890123@lid': true, '5511987654321@s.whatsapp.net': false },
  },
  'app-state-sync-key': {
    AAAAAH9k: proto.Message.AppStateSyncKeyData.fromObject({
      keyData: Buffer.alloc(32, 5),
      fingerprint: { rawId: 12, currentIndex: 3, deviceIndexes: [0, 1] },
      timestamp: 1763712000,
    }),
  },
  'app-state-sync-version': {
    regular_high: {
      version: 42,
      hash: Buffer.alloc(128, 2),
      indexValueMap: { 'aW5kZXg=': { valueMac: Buffer.alloc(32, 3) } },
    },
  },
  'lid-mapping': { '5511987654321': '201234567890123', '201234567890123_reverse': '5511987654321' },
  'device-list': { '5511987654321': ['0', '12', '23'] },
  tctoken: {
    '201234567890123@lid': { token: Buffer.alloc(24, 4), timestamp: '1763712000', senderTimestamp: 1763712001 },
  },
  'identity-key': { '201234567890123.0': new Uint8Array(Buffer.alloc(33, 6)) },
});

const bytes = (value: unknown): string => Buffer.from(value as Uint8Array).toString('hex');

let h: Harness;
let store: BaileysAuthStore;
let rejected: unknown[];

describe('Baileys auth state in PostgreSQL', () => {
  beforeEach(async () => {
    h = await harness();
    rejected = [];
    store = new BaileysAuthStore(h.context, (error) => rejected.push(error));
  });

  it('stores one row per key of every type and reads back the same bytes', async () => {
    await store.set(everyType());
    expect(await rows(h, 'baileys_auth_keys')).toHaveLength(13);

    const preKeys = await store.get('pre-key', ['1', '812', '404']);
    expect(Object.keys(preKeys).sort()).toEqual(['1', '812']);
    expect(bytes(preKeys['812']!.private)).toBe(bytes(keyPair(3).private));
    expect(Buffer.isBuffer(preKeys['1']!.public)).toBe(true);

    const sessions = await store.get('session', ['5511987654321.0', '201234567890123_1.12']);
    expect(Buffer.from(sessions['5511987654321.0']!).toString()).toBe('session-record');
    expect(bytes(sessions['201234567890123_1.12'])).toBe(bytes(Buffer.alloc(40, 7)));

    const senderKeys = await store.get('sender-key', ['120363041234567890@g.us::201234567890123@lid::12']);
    expect(bytes(Object.values(senderKeys)[0])).toBe(bytes(Buffer.alloc(64, 9)));
    expect(await store.get('sender-key-memory', ['120363041234567890@g.us'])).toEqual({
      '120363041234567890@g.us': { '201234567890123@lid': true, '5511987654321@s.whatsapp.net': false },
    });

    const appKey = (await store.get('app-state-sync-key', ['AAAAAH9k']))['AAAAAH9k']!;
    expect(appKey).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
    expect(bytes(appKey.keyData)).toBe(bytes(Buffer.alloc(32, 5)));
    expect(appKey.fingerprint?.deviceIndexes).toEqual([0, 1]);

    const version = (await store.get('app-state-sync-version', ['regular_high']))['regular_high']!;
    expect(version.version).toBe(42);
    expect(bytes(version.hash)).toBe(bytes(Buffer.alloc(128, 2)));
    expect(bytes(version.indexValueMap['aW5kZXg=']!.valueMac)).toBe(bytes(Buffer.alloc(32, 3)));

    expect(await store.get('lid-mapping', ['5511987654321', '201234567890123_reverse'])).toEqual({
      '5511987654321': '201234567890123',
      '201234567890123_reverse': '5511987654321',
    });
    expect(await store.get('device-list', ['5511987654321'])).toEqual({ '5511987654321': ['0', '12', '23'] });
    const token = (await store.get('tctoken', ['201234567890123@lid']))['201234567890123@lid']!;
    expect(bytes(token.token)).toBe(bytes(Buffer.alloc(24, 4)));
    expect(token.senderTimestamp).toBe(1763712001);
    expect(bytes((await store.get('identity-key', ['201234567890123.0']))['201234567890123.0'])).toBe(
      bytes(Buffer.alloc(33, 6)),
    );
  });

  it('round-trips the creds, Buffers included', async () => {
    expect(await store.readCreds()).toBeNull();
    const creds = initAuthCreds();
    creds.registered = true;
    creds.me = { id: '5511900000001:23@s.whatsapp.net', lid: '111222333444555:23@lid', name: 'Loja' };
    await store.saveCreds(creds);
    const read = await store.readCreds();
    expect(read?.me).toEqual(creds.me);
    expect(read?.registered).toBe(true);
    expect(bytes(read?.noiseKey.private)).toBe(bytes(creds.noiseKey.private));
    expect(bytes(read?.signedPreKey.signature)).toBe(bytes(creds.signedPreKey.signature));
    expect(read?.advSecretKey).toBe(creds.advSecretKey);
    expect(read?.registrationId).toBe(creds.registrationId);
  });

  it('overwrites a key in place and deletes it when set to null', async () => {
    await store.set({ session: { a: Buffer.from('one'), b: Buffer.from('two') } });
    await store.set({ session: { a: Buffer.from('uno'), b: null } });
    const sessions = await store.get('session', ['a', 'b']);
    expect(Object.keys(sessions)).toEqual(['a']);
    expect(Buffer.from(sessions['a']!).toString()).toBe('uno');
    expect(await rows(h, 'baileys_auth_keys')).toHaveLength(1);
  });

  it('leaves nothing behind when a write in the transaction fails', async () => {
    await store.set({ session: { kept: Buffer.from('before') } });
    await expect(
      store.set({
        session: { kept: null, fresh: Buffer.from('x') },
        'pre-key': { '1': keyPair(1), 'bad\u0000id': keyPair(2) },
      }),
    ).rejects.toThrow();
    expect(Object.keys(await store.get('session', ['kept', 'fresh']))).toEqual(['kept']);
    expect(await store.get('pre-key', ['1'])).toEqual({});
  });

  it('runs the lease fence in every write and rejects the write once the lease is lost', async () => {
    await store.set({ session: { a: Buffer.from('one') } });
    expect(h.lease.fenceCalls).toBe(1);
    h.lease.lose();
    await expect(store.set({ session: { a: null, b: Buffer.from('two') } })).rejects.toBeInstanceOf(LeaseLostError);
    await expect(store.saveCreds(initAuthCreds())).rejects.toBeInstanceOf(LeaseLostError);
    expect(rejected.filter((error) => error instanceof LeaseLostError)).toHaveLength(2);
    expect(Object.keys(await store.get('session', ['a', 'b']))).toEqual(['a']);
    expect(await store.readCreds()).toBeNull();
  });

  it("commits Baileys' transaction as one fenced write through the cacheable store", async () => {
    const { state } = await store.load(silentLogger);
    const keys = addTransactionCapability(state.keys, silentLogger, {
      maxCommitRetries: 1,
      delayBetweenTriesMs: 1,
    });
    const before = h.lease.fenceCalls;
    await keys.transaction(async () => {
      await keys.set({ session: { s1: Buffer.from('a') } });
      await keys.set({ 'pre-key': { '7': keyPair(7) }, 'lid-mapping': { '5511987654321': '201234567890123' } });
    }, 'decrypt');
    expect(h.lease.fenceCalls - before).toBe(1);
    expect(await rows(h, 'baileys_auth_keys')).toHaveLength(3);
    // a fresh store (another process after a restart) reads the same keys from PostgreSQL
    const other = new BaileysAuthStore(h.context);
    expect(await other.get('lid-mapping', ['5511987654321'])).toEqual({ '5511987654321': '201234567890123' });
  });

  it("wipes a connection's auth state and only that connection's", async () => {
    const neighbour = await harness();
    const neighbourStore = new BaileysAuthStore(neighbour.context);
    await store.set(everyType());
    await store.saveCreds(initAuthCreds());
    await neighbourStore.set({ session: { a: Buffer.from('theirs') } });

    await h.provider.wipe(h.connectionId, h.db.manager);

    expect(await rows(h, 'baileys_auth_keys')).toHaveLength(0);
    expect(await store.readCreds()).toBeNull();
    expect(Object.keys(await neighbourStore.get('session', ['a']))).toEqual(['a']);
  });

  it("never reads another company's keys for the same connection id", async () => {
    await store.set({ session: { a: Buffer.from('company A') } });
    const otherCompany = new BaileysAuthStore({
      ...h.context,
      connection: { ...h.context.connection, companyId: h.companyId + 1 },
    });
    expect(await otherCompany.get('session', ['a'])).toEqual({});
    expect(await otherCompany.readCreds()).toBeNull();
  });
});
