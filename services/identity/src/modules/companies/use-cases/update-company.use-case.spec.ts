import { PLATFORM_COMPANY_ID } from '@cs/proto/common';
import { inMemoryManager, recorders } from '../../../../test/support/in-memory-manager.js';
import { SettingEntity } from '../../settings/setting.entity.js';
import { CompanyEntity } from '../company.entity.js';
import { PlanEntity } from '../plan.entity.js';
import { UpdateCompanyUseCase } from './update-company.use-case.js';

const COMPANY = 2;
const now = new Date('2026-12-05T15:00:00.000Z');

/** Company 2 on plan 1, monthly, due on 2026-12-20; what was announced and audited. */
function companies() {
  const company = {
    id: COMPANY,
    name: 'Loja',
    email: 'loja@example.com',
    phone: '5511999990000',
    status: true,
    dueDate: '2026-12-20' as string | null,
    recurrence: 'MENSAL',
    planId: 1,
    timezone: 'America/Sao_Paulo',
    schedules: [],
    createdAt: now,
    updatedAt: now,
  };
  const plan = { id: 1, name: 'Básico', users: 3, connections: 1, queues: 3, value: 99, public: true };
  const settings: Array<Record<string, unknown>> = [];
  const { transactions } = inMemoryManager(
    new Map<abstract new () => unknown, Array<Record<string, unknown>>>([
      [CompanyEntity, [company]],
      [PlanEntity, [plan]],
      [SettingEntity, settings],
    ]),
  );
  const { events, actions, publisher, audit } = recorders();
  return { company, settings, events, actions, useCase: new UpdateCompanyUseCase(transactions, publisher, audit) };
}

describe(UpdateCompanyUseCase.name, () => {
  it('extends the due date by the recurrence, announced and audited', async () => {
    const { company, events, actions, useCase } = companies();
    expect(await useCase.extendDueDate(COMPANY, now)).toMatchObject({ id: COMPANY, dueDate: '2027-01-20' });
    expect(company.dueDate).toBe('2027-01-20');
    expect(events.map((event) => event.type)).toEqual(['identity.company.updated']);
    expect(actions).toEqual([
      {
        action: 'company.due-date-extended',
        before: expect.objectContaining({ dueDate: '2026-12-20' }),
        after: expect.objectContaining({ dueDate: '2027-01-20' }),
      },
    ]);
  });

  it('renews on a paid invoice as identity.company.renewed, unaudited; a deleted company is ignored', async () => {
    const { events, actions, useCase } = companies();
    expect(await useCase.renew(COMPANY, now)).toMatchObject({ dueDate: '2027-01-20' });
    expect(events.map((event) => event.type)).toEqual(['identity.company.renewed']);
    expect(actions).toEqual([]);
    expect(await useCase.renew(99, now)).toBeNull();
    expect(events).toHaveLength(1);
  });

  it('refuses an unknown plan on the field, and keeps the campaigns switch as the company’s setting', async () => {
    const { company, settings, actions, useCase } = companies();
    await expect(useCase.update(COMPANY, { planId: 9 })).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      details: [{ path: 'planId', message: 'Selecione um plano' }],
    });
    expect(company.planId).toBe(1);
    await useCase.update(COMPANY, { campaignsEnabled: false, status: false });
    expect(settings).toEqual([{ companyId: COMPANY, key: 'campaignsEnabled', value: 'false' }]);
    expect(company.status).toBe(false);
    expect(actions.at(-1)).toEqual({
      action: 'company.updated',
      before: expect.objectContaining({ campaignsEnabled: null, status: true }),
      after: expect.objectContaining({ campaignsEnabled: 'false', status: false }),
    });
  });

  it('answers an unknown company as not found', async () => {
    const { events, useCase } = companies();
    await expect(useCase.update(99, { status: false })).rejects.toMatchObject({ code: 'ERR_NO_COMPANY_FOUND' });
    await expect(useCase.remove(99)).rejects.toMatchObject({ code: 'ERR_NO_COMPANY_FOUND' });
    expect(events).toEqual([]);
  });

  it('deletes a company, announced and audited, and never the platform’s own', async () => {
    const { events, actions, useCase } = companies();
    await expect(useCase.remove(PLATFORM_COMPANY_ID)).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
    await useCase.remove(COMPANY);
    await expect(useCase.update(COMPANY, { status: false })).rejects.toMatchObject({ code: 'ERR_NO_COMPANY_FOUND' });
    expect(events).toEqual([{ type: 'identity.company.deleted', data: { id: COMPANY } }]);
    expect(actions).toEqual([
      { action: 'company.deleted', before: expect.objectContaining({ name: 'Loja' }), after: undefined },
    ]);
  });
});
