import type { PlanRequest } from '@cs/proto/http';
import { inMemoryManager, recorders } from '../../../../test/support/in-memory-manager.js';
import { CompanyEntity } from '../../companies/company.entity.js';
import { PlanEntity } from '../../companies/plan.entity.js';
import { SavePlanUseCase } from './save-plan.use-case.js';

const BASIC = 1;
const UNUSED = 2;

const request = (overrides: Partial<PlanRequest> = {}): PlanRequest =>
  ({ name: 'Pro', users: 10, connections: 3, queues: 5, value: 99, public: true, ...overrides }) as PlanRequest;

/** Plans Básico (company 2 is on it) and Antigo (no company) in memory, plan names unique; what was announced. */
function plans() {
  const rows = new Map<abstract new () => unknown, Array<Record<string, unknown>>>([
    [
      PlanEntity,
      [
        { id: BASIC, name: 'Básico', users: 3, connections: 1, queues: 2, value: 0, public: true },
        { id: UNUSED, name: 'Antigo', users: 1, connections: 1, queues: 1, value: 0, public: false },
      ],
    ],
    [CompanyEntity, [{ id: 2, planId: BASIC }]],
  ]);
  const { transactions } = inMemoryManager(rows, new Map([[PlanEntity, 'name']]));
  const { events, actions, publisher, audit } = recorders();
  const names = () => rows.get(PlanEntity)?.map((plan) => plan['name']);
  return { events, actions, names, useCase: new SavePlanUseCase(transactions, publisher, audit) };
}

describe(SavePlanUseCase.name, () => {
  it('creates a plan, announces and audits it', async () => {
    const { events, actions, names, useCase } = plans();
    expect(await useCase.create(request())).toMatchObject({ name: 'Pro', users: 10, connections: 3, queues: 5 });
    expect(names()).toEqual(['Básico', 'Antigo', 'Pro']);
    expect(events.map((event) => event.type)).toEqual(['identity.plan.created']);
    expect(actions.map((entry) => entry.action)).toEqual(['plan.created']);
  });

  it('refuses a name another plan has', async () => {
    const { events, useCase } = plans();
    await expect(useCase.create(request({ name: 'Básico' }))).rejects.toMatchObject({
      code: 'ERR_PLAN_NAME_ALREADY_EXISTS',
    });
    expect(events).toEqual([]);
  });

  it('deletes a plan no company is on, and refuses one in use or unknown', async () => {
    const { events, names, useCase } = plans();
    await expect(useCase.remove(BASIC)).rejects.toMatchObject({ code: 'ERR_PLAN_IN_USE' });
    await expect(useCase.remove(99)).rejects.toMatchObject({ code: 'ERR_NO_PLAN_FOUND' });
    await useCase.remove(UNUSED);
    expect(names()).toEqual(['Básico']);
    expect(events).toEqual([{ type: 'identity.plan.deleted', data: { id: UNUSED } }]);
  });

  it('answers not found when updating an unknown plan', async () => {
    await expect(plans().useCase.update(99, { users: 4 })).rejects.toMatchObject({ code: 'ERR_NO_PLAN_FOUND' });
  });
});
