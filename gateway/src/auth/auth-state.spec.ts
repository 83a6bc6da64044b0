import type { AccessTokenClaims } from '@cs/proto/http';
import { AuthState, isExpired, todayIn } from './auth-state.js';

const claims = (overrides: Partial<AccessTokenClaims> = {}): AccessTokenClaims => ({
  sub: '5',
  cid: 2,
  sid: 'session-a',
  profile: 'user',
  super: false,
  queues: [1],
  allTicket: 'disable',
  plan: {
    useCampaigns: true,
    useSchedules: true,
    useInternalChat: true,
    useExternalApi: true,
    useKanban: true,
    useOpenAi: true,
    useIntegrations: true,
  },
  due: '2030-01-31',
  tz: 'America/Sao_Paulo',
  iat: 1_700_000_000,
  ims: 1_700_000_000_500,
  exp: 1_700_000_900,
  ...overrides,
});

describe(AuthState.name, () => {
  it('revokes one session, or every session of a user signed before a time except the one kept', () => {
    const state = new AuthState();
    state.revokeSession('session-a');
    expect(state.isRevoked(claims())).toBe(true);
    expect(state.isRevoked(claims({ sid: 'session-b' }))).toBe(false);

    state.revokeUserSessions(5, 1_700_000_000_700, 'session-new');
    expect(state.isRevoked(claims({ sid: 'session-c' }))).toBe(true);
    expect(state.isRevoked(claims({ sid: 'session-new' }))).toBe(false);
    // signed after the cut-off, in the same second: a session opened later stays valid
    expect(state.isRevoked(claims({ sid: 'session-d', ims: 1_700_000_000_800 }))).toBe(false);
    // an older cut-off arriving late does not replace the newer one
    state.revokeUserSessions(5, 1_700_000_000_100, 'session-c');
    expect(state.isRevoked(claims({ sid: 'session-c' }))).toBe(true);
  });

  it('applies company and user changes newer than the token, not older ones', () => {
    const state = new AuthState();
    state.setCompany(2, { plan: null, dueDate: '2020-01-01', timezone: 'UTC', atMs: 1_700_000_000_100 });
    state.setUser(5, { profile: 'admin', isSuper: false, queueIds: [], allTicket: 'enable', atMs: 1_700_000_000_100 });
    expect(state.identityOf(claims())).toMatchObject({ profile: 'user', dueDate: '2030-01-31', queueIds: [1] });
    state.setCompany(2, { plan: null, dueDate: '2020-01-01', timezone: 'UTC', atMs: 1_700_000_000_900 });
    state.setUser(5, { profile: 'admin', isSuper: false, queueIds: [], allTicket: 'enable', atMs: 1_700_000_000_900 });
    expect(state.identityOf(claims())).toMatchObject({
      profile: 'admin',
      plan: null,
      dueDate: '2020-01-01',
      queueIds: [],
    });
    state.setUser(5, {
      profile: 'user',
      isSuper: false,
      queueIds: [],
      allTicket: 'enable',
      atMs: 1_700_000_000_800,
      deleted: true,
    });
    expect(state.identityOf(claims()).profile).toBe('admin'); // an older event does not win
  });

  it('treats deleted users and companies as ended sessions', () => {
    const state = new AuthState();
    state.setCompany(2, { plan: null, dueDate: null, timezone: 'UTC', atMs: 1, deleted: true });
    expect(state.isRevoked(claims())).toBe(true);
  });
});

describe(isExpired.name, () => {
  const identity = new AuthState().identityOf(claims({ due: '2026-03-10' }));
  it('expires the day after the due date (plus grace) in the company time zone', () => {
    expect(isExpired(identity, 0, new Date('2026-03-10T23:00:00-03:00'))).toBe(false);
    expect(isExpired(identity, 0, new Date('2026-03-11T00:30:00-03:00'))).toBe(true);
    expect(isExpired(identity, 3, new Date('2026-03-13T12:00:00-03:00'))).toBe(false);
    expect(isExpired(identity, 3, new Date('2026-03-14T12:00:00-03:00'))).toBe(true);
    expect(isExpired({ ...identity, dueDate: null }, 0, new Date('2099-01-01'))).toBe(false);
  });
});

describe(todayIn.name, () => {
  it('turns to the next day at the local midnight of each zone, also when asked again within the minute', () => {
    // São Paulo (-03:00) and Kathmandu (+05:45): asked just before and at local midnight, twice each
    const before = new Date('2026-03-10T23:59:59.900-03:00');
    const midnight = new Date('2026-03-11T00:00:00.000-03:00');
    expect([todayIn('America/Sao_Paulo', before), todayIn('America/Sao_Paulo', before)]).toEqual([
      '2026-03-10',
      '2026-03-10',
    ]);
    expect([todayIn('America/Sao_Paulo', midnight), todayIn('America/Sao_Paulo', midnight)]).toEqual([
      '2026-03-11',
      '2026-03-11',
    ]);
    expect(todayIn('Asia/Kathmandu', new Date('2026-03-10T23:59:30+05:45'))).toBe('2026-03-10');
    expect(todayIn('Asia/Kathmandu', new Date('2026-03-11T00:00:10+05:45'))).toBe('2026-03-11');
    // the same minute in another zone is another date
    expect(todayIn('UTC', midnight)).toBe('2026-03-11');
    expect(todayIn('Pacific/Honolulu', midnight)).toBe('2026-03-10');
    expect(todayIn('Not/AZone', midnight)).toBe('2026-03-11');
  });
});
