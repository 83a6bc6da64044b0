import { asCompanyId, asUserId } from '@cs/proto/common';
import type { TransactionHost } from '@cs/platform/database';
import type { Identity } from '@cs/platform/tenancy';
import { recorders } from '../../../../test/support/in-memory-manager.js';
import { LogOutUseCase } from './log-out.use-case.js';

/** The revocations the session table was asked for (their parameters), and what was announced. */
function loggingOut() {
  const revocations: unknown[][] = [];
  const manager = { query: async (_sql: string, params: unknown[]) => void revocations.push(params) };
  const { events, publisher } = recorders();
  const transactions = {
    run: async (fn: (m: unknown) => Promise<unknown>) => fn(manager),
  } as unknown as TransactionHost;
  const useCase = new LogOutUseCase(transactions, publisher);
  return { revocations, events, logOut: (identity: Identity) => useCase.execute(identity) };
}

const ana: Identity = {
  companyId: asCompanyId(2),
  userId: asUserId(7),
  profile: 'user',
  isSuper: false,
  sessionId: 'sess-1',
};

describe(LogOutUseCase.name, () => {
  it('ends only the caller’s session of its own account and tells the gateways', async () => {
    const { revocations, events, logOut } = loggingOut();
    await logOut(ana);
    expect(revocations).toEqual([[2, 7, 'logout', 'sess-1']]);
    expect(events).toEqual([
      { type: 'identity.user.sessions-revoked', data: { id: 7, reason: 'logout', sessionId: 'sess-1' } },
    ]);
  });

  it('ends nothing for a caller without a session (an API token)', async () => {
    const { revocations, events, logOut } = loggingOut();
    const { sessionId: _none, ...withoutSession } = ana;
    await logOut(withoutSession as Identity);
    expect(revocations).toEqual([]);
    expect(events).toEqual([]);
  });
});
