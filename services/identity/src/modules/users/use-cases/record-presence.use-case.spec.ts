import { asCompanyId, asUserId } from '@cs/proto/common';
import type { Identity } from '@cs/platform/tenancy';
import { inMemoryManager, recorders } from '../../../../test/support/in-memory-manager.js';
import { UserEntity } from '../user.entity.js';
import { PRESENCE_STALE_MS } from '../users.mapper.js';
import { RecordPresenceUseCase } from './record-presence.use-case.js';

const COMPANY = asCompanyId(2);
/** The announced snapshot reads presence at the wall clock, as the use-case's callers do. */
const now = new Date();
const later = (ms: number) => new Date(now.getTime() + ms);
const agent: Identity = { companyId: COMPANY, userId: asUserId(4), profile: 'user', isSuper: false, sessionId: 's' };

/** Agent 4 of company 2, offline; the presence changes announced. */
function presence(companyId: number = COMPANY) {
  const user = {
    id: 4,
    companyId,
    name: 'Bia',
    email: 'bia@example.com',
    profile: 'user',
    super: false,
    online: false,
    lastSeenAt: null as Date | null,
    allTicket: 'disable',
    whatsappId: null,
    queueIds: [],
  };
  const { transactions } = inMemoryManager(new Map([[UserEntity, [user]]]));
  const { events, publisher } = recorders();
  const useCase = new RecordPresenceUseCase(transactions, publisher);
  return { user, events, report: (online: boolean, at: Date) => useCase.execute(agent, online, at) };
}

describe(RecordPresenceUseCase.name, () => {
  it('announces the flip to online and to offline, not each ping in between', async () => {
    const { user, events, report } = presence();
    await report(true, now);
    await report(true, later(5 * 60_000));
    expect(user).toMatchObject({ online: true, lastSeenAt: later(5 * 60_000) });
    await report(false, later(6 * 60_000));
    expect(events.map((event) => event.data)).toEqual([
      expect.objectContaining({ id: 4, online: true, change: 'presence' }),
      expect.objectContaining({ id: 4, online: false, change: 'presence' }),
    ]);
  });

  it('announces a ping after presence went stale (a gateway that died) as coming back online', async () => {
    const { events, report } = presence();
    await report(true, now);
    await report(true, later(PRESENCE_STALE_MS + 1));
    expect(events.map((event) => event.data)).toEqual([
      expect.objectContaining({ online: true }),
      expect.objectContaining({ online: true }),
    ]);
  });

  it('ignores a caller whose user is not of its company', async () => {
    const { user, events, report } = presence(3);
    await report(true, now);
    expect(user.online).toBe(false);
    expect(events).toEqual([]);
  });
});
