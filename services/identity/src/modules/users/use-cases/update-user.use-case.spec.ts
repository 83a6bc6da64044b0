import { asCompanyId, asUserId } from '@cs/proto/common';
import type { UpdateUserRequest } from '@cs/proto/http';
import type { Identity } from '@cs/platform/tenancy';
import { inMemoryManager, recorders } from '../../../../test/support/in-memory-manager.js';
import { quickHasher } from '../../../../test/support/quick-hasher.js';
import { UserEntity } from '../user.entity.js';
import { UpdateUserUseCase } from './update-user.use-case.js';

const COMPANY = asCompanyId(2);
const ADMIN = 3;
const AGENT = 4;
const PASSWORD = 'a-senha-atual-longa';
const hasher = quickHasher();
let passwordHash: string;

beforeAll(async () => {
  passwordHash = await hasher.hash(PASSWORD);
});

const caller = (userId: number, profile: 'admin' | 'user', isSuper = false): Identity => ({
  companyId: COMPANY,
  userId: asUserId(userId),
  profile,
  isSuper,
  sessionId: 'caller-session',
});
const admin = caller(ADMIN, 'admin');
const agent = caller(AGENT, 'user');

/** An admin and an agent of the company, and another company's user 9; what was announced and audited. */
function company() {
  const user = (id: number, companyId: number, profile: 'admin' | 'user') => ({
    id,
    companyId,
    name: `User ${id}`,
    email: `user${id}@example.com`,
    passwordHash,
    profile,
    super: false,
    online: false,
    lastSeenAt: null,
    allTicket: 'disable',
    whatsappId: null,
    queueIds: [] as number[],
    createdAt: new Date('2026-01-01T00:00:00.000Z'),
    updatedAt: new Date('2026-01-01T00:00:00.000Z'),
  });
  const users = [user(ADMIN, COMPANY, 'admin'), user(AGENT, COMPANY, 'user'), user(9, 3, 'admin')];
  const { transactions } = inMemoryManager(new Map([[UserEntity, users]]));
  const { events, actions, publisher, audit } = recorders();
  const useCase = new UpdateUserUseCase(transactions, publisher, hasher, audit);
  const update = (who: Identity, id: number, input: Partial<UpdateUserRequest>) => useCase.execute(who, id, input);
  const stored = (id: number) => users.find((row) => row.id === id);
  return { events, actions, update, stored };
}

describe(UpdateUserUseCase.name, () => {
  it('lets an admin rename a user of the company: saved, announced and audited', async () => {
    const { events, actions, update, stored } = company();
    expect(await update(admin, AGENT, { name: 'Bruno' })).toMatchObject({ id: AGENT, name: 'Bruno' });
    expect(stored(AGENT)?.name).toBe('Bruno');
    expect(events).toEqual([{ type: 'identity.user.updated', data: expect.objectContaining({ name: 'Bruno' }) }]);
    expect(actions).toEqual([
      {
        action: 'user.updated',
        before: expect.objectContaining({ name: `User ${AGENT}` }),
        after: expect.objectContaining({ name: 'Bruno' }),
      },
    ]);
  });

  it('answers another company’s user as not found', async () => {
    const { events, update, stored } = company();
    await expect(update(admin, 9, { name: 'Taken over' })).rejects.toMatchObject({ code: 'ERR_NO_USER_FOUND' });
    expect(stored(9)?.name).toBe('User 9');
    expect(events).toEqual([]);
  });

  it('refuses an agent editing another user', async () => {
    const { events, update, stored } = company();
    await expect(update(agent, ADMIN, { name: 'Renamed' })).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
    expect(stored(ADMIN)?.name).toBe(`User ${ADMIN}`);
    expect(events).toEqual([]);
  });

  it('refuses an agent changing its own profile, queues or allTicket, and accepts them sent unchanged', async () => {
    const { events, update, stored } = company();
    for (const input of [{ profile: 'admin' as const }, { queueIds: [1] }, { allTicket: 'enable' as const }]) {
      await expect(update(agent, AGENT, input)).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
    }
    expect(stored(AGENT)?.profile).toBe('user');
    expect(events).toEqual([]);
    const unchanged = { name: 'Bia', profile: 'user' as const, queueIds: [], allTicket: 'disable' as const };
    expect(await update(agent, AGENT, unchanged)).toMatchObject({ name: 'Bia', profile: 'user' });
  });

  it('keeps the super flag a super user’s', async () => {
    const { update, stored } = company();
    await expect(update(admin, AGENT, { super: true })).rejects.toMatchObject({ code: 'ERR_NO_SUPER' });
    expect(stored(AGENT)?.super).toBe(false);
    expect(await update(caller(ADMIN, 'admin', true), AGENT, { super: true })).toMatchObject({ super: true });
  });

  it('asks for the current password before one’s own e-mail or password changes', async () => {
    const { events, update, stored } = company();
    await expect(update(agent, AGENT, { password: 'uma-nova-senha-longa' })).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      details: [{ path: 'currentPassword', message: 'Informe a senha atual' }],
    });
    await expect(
      update(agent, AGENT, { email: 'mine@example.com', currentPassword: 'not-the-password' }),
    ).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      details: [{ path: 'currentPassword', message: 'Senha atual incorreta' }],
    });
    expect(stored(AGENT)).toMatchObject({ email: `user${AGENT}@example.com`, passwordHash });
    expect(events).toEqual([]);
  });

  it('holds another user’s new name to the company form’s limits (the error filter answers ERR_VALIDATION)', async () => {
    const { events, update } = company();
    await expect(update(admin, AGENT, { name: 'B' })).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ['name'], message: 'Nome muito curto' })],
    });
    expect(events).toEqual([]);
  });
});
