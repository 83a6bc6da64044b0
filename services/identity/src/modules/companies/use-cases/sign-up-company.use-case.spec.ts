import type { SignupRequest } from '@cs/proto/http';
import { inMemoryManager } from '../../../../test/support/in-memory-manager.js';
import { PlanEntity } from '../plan.entity.js';
import type { SignupWebhook } from '../signup-webhook.js';
import type { CreateCompanyUseCase } from './create-company.use-case.js';
import { SignUpCompanyUseCase } from './sign-up-company.use-case.js';

/**
 * The plan rule, decided before the phone's trial is looked up (that lookup, and the company's creation, are SQL
 * the signup e2e suite covers: `signup-through-gateway`).
 */
describe(SignUpCompanyUseCase.name, () => {
  const { transactions } = inMemoryManager(
    new Map([
      [
        PlanEntity,
        [
          { id: 1, name: 'Público', public: true },
          { id: 2, name: 'Interno', public: false },
        ],
      ],
    ]),
  );
  const created: unknown[] = [];
  const createCompany = {
    execute: async (input: unknown) => void created.push(input),
  } as unknown as CreateCompanyUseCase;
  const notified: unknown[] = [];
  const webhook = { notify: (company: unknown) => void notified.push(company) } as unknown as SignupWebhook;
  const useCase = new SignUpCompanyUseCase(transactions, createCompany, webhook);
  const signup = (planId: number) =>
    ({
      name: 'Loja',
      email: 'loja@example.com',
      phone: '5511999990000',
      password: 'uma-senha-longa',
      planId,
    }) as SignupRequest;

  it('offers only public plans: another plan, like an unknown one, is refused on the field', async () => {
    for (const planId of [2, 99]) {
      await expect(useCase.execute(signup(planId))).rejects.toMatchObject({
        code: 'ERR_VALIDATION',
        details: [{ path: 'planId', message: 'Este plano não está disponível para cadastro. Selecione um plano.' }],
      });
    }
    expect(created).toEqual([]);
    expect(notified).toEqual([]);
  });
});
