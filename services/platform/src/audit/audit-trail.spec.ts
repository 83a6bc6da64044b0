import type { EventPublisher } from '../events/event-publisher.js';
import { attachCaller, runWithContext } from '../logging/request-context.js';
import { AuditTrail } from './audit-trail.js';

const admin = { userId: 7, companyId: 3, profile: 'admin' as const, isSuper: false, clientIp: '203.0.113.9' };

describe(AuditTrail.name, () => {
  const setup = () => {
    const emit = jest.fn<Promise<void>, unknown[]>().mockResolvedValue(undefined);
    return { emit, sut: new AuditTrail({ emit } as unknown as EventPublisher) };
  };
  const asCaller = <T>(caller: Parameters<typeof attachCaller>[0] | null, fn: () => Promise<T>): Promise<T> =>
    runWithContext({ requestId: 'r1' }, () => {
      if (caller) attachCaller(caller);
      return fn();
    });

  it("records an admin's change with who, from where, the company, the target and what changed", async () => {
    const { emit, sut } = setup();
    await asCaller(admin, () =>
      sut.record({
        action: 'queue.updated',
        target: { type: 'queue', id: 5, label: 'Vendas' },
        before: { name: 'A' },
        after: { name: 'B' },
      }),
    );
    expect(emit).toHaveBeenCalledTimes(1);
    expect(emit.mock.calls[0]?.[1]).toEqual({
      companyId: 3,
      key: 3,
      data: {
        action: 'queue.updated',
        actor: { userId: 7, companyId: 3, profile: 'admin', super: false },
        ip: '203.0.113.9',
        target: { type: 'queue', id: '5', label: 'Vendas' },
        changes: [{ field: 'name', before: 'A', after: 'B' }],
      },
    });
  });

  it("files a super user's change to another company under that company", async () => {
    const { emit, sut } = setup();
    await asCaller({ ...admin, companyId: 1, isSuper: true }, () =>
      sut.record({
        action: 'company.due-date-extended',
        companyId: 9,
        target: { type: 'company', id: 9 },
        before: { dueDate: '2026-01-01' },
        after: { dueDate: '2026-02-01' },
      }),
    );
    expect(emit.mock.calls[0]?.[1]).toMatchObject({ companyId: 9, data: { actor: { companyId: 1, super: true } } });
  });

  it('records nothing for a profile user, outside a signed-in request, or when nothing changed', async () => {
    const { emit, sut } = setup();
    const input = {
      action: 'user.updated' as const,
      target: { type: 'user', id: 7 },
      before: { name: 'A' },
      after: { name: 'B' },
    };
    await asCaller({ ...admin, profile: 'user' }, () => sut.record(input));
    await asCaller(null, () => sut.record(input));
    await sut.record(input);
    await asCaller(admin, () => sut.record({ ...input, after: { name: 'A' } }));
    expect(emit).not.toHaveBeenCalled();
  });
});
