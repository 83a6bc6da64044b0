import { asCompanyId, asUserId } from '@cs/proto/common';
import type { CreateUserRequest } from '@cs/proto/http';
import type { Identity } from '@cs/platform/tenancy';
import { inMemoryManager, recorders } from '../../../../test/support/in-memory-manager.js';
import type { PasswordHasher } from '../../auth/password-hasher.js';
import { CompanyEntity } from '../../companies/company.entity.js';
import { PlanEntity } from '../../companies/plan.entity.js';
import { SettingEntity } from '../../settings/setting.entity.js';
import { UserEntity } from '../user.entity.js';
import { CreateUserUseCase } from './create-user.use-case.js';

const COMPANY = asCompanyId(2);
const PLAN = 1;

const admin = (isSuper = false): Identity => ({
  companyId: COMPANY,
  userId: asUserId(3),
  profile: 'admin',
  isSuper,
  sessionId: 's',
});

const request = (overrides: Partial<CreateUserRequest> = {}): CreateUserRequest =>
  ({
    name: 'Bruno',
    email: 'bruno@example.com',
    password: 'uma-senha-longa',
    profile: 'user',
    ...overrides,
  }) as CreateUserRequest;

/**
 * A company on a plan of `planUsers` users with `users` of them (ana@example.com among them, e-mails being unique
 * across companies); the rules up to the e-mail check, which answers from those rows.
 */
function company(options: { planUsers: number; users: number; userCreation?: string }) {
  const users = Array.from({ length: options.users }, (_, index) => ({
    id: index + 1,
    companyId: COMPANY,
    email: index === 0 ? 'ana@example.com' : `user${index}@example.com`,
  }));
  const { manager, transactions } = inMemoryManager(
    new Map<abstract new () => unknown, Array<Record<string, unknown>>>([
      [CompanyEntity, [{ id: COMPANY, planId: PLAN }]],
      [PlanEntity, [{ id: PLAN, users: options.planUsers }]],
      [UserEntity, users],
      [
        SettingEntity,
        options.userCreation ? [{ companyId: COMPANY, key: 'userCreation', value: options.userCreation }] : [],
      ],
    ]),
  );
  // `assertEmailFree`: lower(email) = lower(:email)
  Object.assign(manager, {
    createQueryBuilder: () => {
      let email = '';
      const builder = {
        where: (_sql: string, params: { email: string }) => ((email = params.email), builder),
        andWhere: () => builder,
        getExists: async () => users.some((user) => user.email.toLowerCase() === email.toLowerCase()),
      };
      return builder;
    },
  });
  const { publisher, audit } = recorders();
  const hasher = { hash: async (password: string) => `hashed:${password}` } as unknown as PasswordHasher;
  const useCase = new CreateUserUseCase(transactions, publisher, hasher, audit);
  return { create: (input: CreateUserRequest, caller = admin()) => useCase.execute(caller, input) };
}

describe(CreateUserUseCase.name, () => {
  it('refuses a user beyond the plan’s limit, naming the limit', async () => {
    await expect(company({ planUsers: 3, users: 3 }).create(request())).rejects.toMatchObject({
      code: 'ERR_PLAN_LIMIT_USERS',
      details: { limit: 3 },
    });
  });

  it('checks the e-mail (unique across companies, any case) once under the plan’s limit', async () => {
    await expect(
      company({ planUsers: 4, users: 3 }).create(request({ email: 'ANA@example.com' })),
    ).rejects.toMatchObject({
      code: 'ERR_USER_EMAIL_ALREADY_EXISTS',
    });
  });

  it('refuses when the company disabled user creation, except for a super user', async () => {
    const closed = company({ planUsers: 10, users: 1, userCreation: 'disabled' });
    await expect(closed.create(request())).rejects.toMatchObject({ code: 'ERR_USER_CREATION_DISABLED' });
    await expect(closed.create(request({ email: 'ana@example.com' }), admin(true))).rejects.toMatchObject({
      code: 'ERR_USER_EMAIL_ALREADY_EXISTS',
    });
  });

  it('lets only a super user create a super user', async () => {
    await expect(company({ planUsers: 10, users: 1 }).create(request({ super: true }))).rejects.toMatchObject({
      code: 'ERR_NO_SUPER',
    });
  });
});
