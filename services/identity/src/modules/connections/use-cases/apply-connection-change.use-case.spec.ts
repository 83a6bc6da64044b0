import { inMemoryManager, recorders } from '../../../../test/support/in-memory-manager.js';
import { UserEntity } from '../../users/user.entity.js';
import { ConnectionEntity } from '../connection.entity.js';
import { ApplyConnectionChangeUseCase } from './apply-connection-change.use-case.js';

type ConnectionEvent = Parameters<ApplyConnectionChangeUseCase['execute']>[0];

const event = (type: string, companyId: number, data: Record<string, unknown>) =>
  ({ id: `event-${type}`, type, companyId, data }) as unknown as ConnectionEvent;

/** Connection 5 of companies 2 and 3 projected, each the default of one user of its company; what was announced. */
function projection() {
  const connections: Array<Record<string, unknown>> = [
    { companyId: 2, id: 5, name: 'Vendas' },
    { companyId: 3, id: 5, name: 'Outra' },
  ];
  const user = (id: number, companyId: number) => ({
    id,
    companyId,
    name: `User ${id}`,
    email: `user${id}@example.com`,
    profile: 'user',
    super: false,
    online: false,
    lastSeenAt: null,
    allTicket: 'disable',
    whatsappId: 5 as number | null,
    queueIds: [],
  });
  const users = [user(1, 2), user(2, 3)];
  const { transactions } = inMemoryManager(
    new Map<abstract new () => unknown, Array<Record<string, unknown>>>([
      [ConnectionEntity, connections],
      [UserEntity, users],
    ]),
  );
  const { events, publisher } = recorders();
  const useCase = new ApplyConnectionChangeUseCase(transactions, publisher);
  return { connections, users, events, apply: (change: ConnectionEvent) => useCase.execute(change) };
}

describe(ApplyConnectionChangeUseCase.name, () => {
  it('keeps the name of a created or renamed connection for its company only', async () => {
    const { connections, apply } = projection();
    await apply(event('whatsapp.connection.updated', 2, { companyId: 2, id: 5, name: 'Vendas SP' }));
    await apply(event('whatsapp.connection.created', 2, { companyId: 2, id: 6, name: 'Suporte' }));
    expect(connections).toEqual([
      { companyId: 2, id: 5, name: 'Vendas SP' },
      { companyId: 3, id: 5, name: 'Outra' },
      { companyId: 2, id: 6, name: 'Suporte' },
    ]);
  });

  it('ignores a snapshot naming another company than its envelope', async () => {
    const { connections, apply } = projection();
    await apply(event('whatsapp.connection.updated', 2, { companyId: 3, id: 5, name: 'Taken over' }));
    expect(connections.map((row) => row.name)).toEqual(['Vendas', 'Outra']);
  });

  it('drops a deleted connection and stops it being its users’ default, announcing each user', async () => {
    const { connections, users, events, apply } = projection();
    await apply(event('whatsapp.connection.deleted', 2, { id: 5 }));
    expect(connections).toEqual([{ companyId: 3, id: 5, name: 'Outra' }]);
    expect(users.map((user) => user.whatsappId)).toEqual([null, 5]);
    expect(events).toEqual([
      { type: 'identity.user.updated', data: expect.objectContaining({ id: 1, whatsappId: null }) },
    ]);
  });
});
