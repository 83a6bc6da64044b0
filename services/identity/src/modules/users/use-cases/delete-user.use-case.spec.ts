import { asCompanyId, asUserId } from '@cs/proto/common';
import type { Identity } from '@cs/platform/tenancy';
import { inMemoryManager, recorders } from '../../../../test/support/in-memory-manager.js';
import { UserEntity } from '../user.entity.js';
import { DeleteUserUseCase } from './delete-user.use-case.js';

const COMPANY = asCompanyId(2);
const ADMIN = 3;

const caller: Identity = {
  companyId: COMPANY,
  userId: asUserId(ADMIN),
  profile: 'admin',
  isSuper: false,
  sessionId: 's',
};

describe(DeleteUserUseCase.name, () => {
  const deleting = () => {
    const rows = new Map<abstract new () => unknown, Array<Record<string, unknown>>>([
      [
        UserEntity,
        [
          { id: ADMIN, companyId: COMPANY, name: 'Ana' },
          { id: 7, companyId: asCompanyId(5), name: 'Outra empresa' },
        ],
      ],
    ]);
    const { transactions } = inMemoryManager(rows);
    const { events, publisher, audit } = recorders();
    return { rows, events, useCase: new DeleteUserUseCase(transactions, publisher, audit) };
  };

  it('refuses to delete oneself', async () => {
    const { rows, events, useCase } = deleting();
    await expect(useCase.execute(caller, ADMIN)).rejects.toMatchObject({
      code: 'ERR_NO_PERMISSION',
      message: 'Você não pode excluir a si mesmo.',
    });
    expect(rows.get(UserEntity)).toHaveLength(2);
    expect(events).toEqual([]);
  });

  it('answers not found for another company’s user', async () => {
    await expect(deleting().useCase.execute(caller, 7)).rejects.toMatchObject({ code: 'ERR_NO_USER_FOUND' });
  });
});
