import type { CompanyId } from '@cs/proto/common';
import { asCompanyId } from '@cs/proto/common';
import type { AuditTrail } from '@cs/platform/audit';
import type { TransactionHost } from '@cs/platform/database';
import type { EventPublisher } from '@cs/platform/events';
import type { ProviderRegistry } from '../../../providers/provider-registry.js';
import { connectionRow } from '../../../../test/support/connection-rows.js';
import type { ConnectionEvents } from '../connection-events.js';
import type { ConnectionRow } from '../connection.row.js';
import type { ConnectionsRepository } from '../connections.repository.js';
import { DeleteConnectionUseCase } from './delete-connection.use-case.js';

const COMPANY = asCompanyId(2);

/**
 * Connections of companies 2 and 3 in memory (the repository scoped by company, as its SQL is); no pending
 * commands; what was wiped, announced and audited.
 */
function connections(existing: ConnectionRow[]) {
  const rows = [...existing];
  const state = { wiped: [] as number[], deleted: [] as number[], audited: [] as string[] };
  const ofCompany = (companyId: CompanyId) => rows.filter((row) => row.company_id === companyId);
  const repository: Partial<ConnectionsRepository> = {
    lockCompany: async () => undefined,
    find: async (companyId, id) => ofCompany(companyId).find((row) => row.id === id) ?? null,
    count: async (companyId) => ofCompany(companyId).length,
    otherDefaultExists: async (companyId, id) => ofCompany(companyId).some((row) => row.is_default && row.id !== id),
    remove: async (companyId, id) => {
      rows.splice(
        rows.findIndex((row) => row.company_id === companyId && row.id === id),
        1,
      );
    },
  };
  const manager = { query: async () => [] };
  const providers = {
    find: () => ({ wipe: async (id: number) => void state.wiped.push(id) }),
  } as unknown as ProviderRegistry;
  const events = { deleted: async (_companyId: number, id: number) => void state.deleted.push(id) };
  const audit = { record: async (entry: { action: string }) => void state.audited.push(entry.action) };
  const useCase = new DeleteConnectionUseCase(
    { run: async (fn: (m: unknown) => Promise<unknown>) => fn(manager) } as unknown as TransactionHost,
    repository as ConnectionsRepository,
    providers,
    events as unknown as ConnectionEvents,
    { emit: async () => undefined } as unknown as EventPublisher,
    audit as unknown as AuditTrail,
  );
  const ids = () => rows.map((row) => row.id);
  return { state, ids, remove: (id: number, companyId: CompanyId = COMPANY) => useCase.execute(companyId, id) };
}

describe(DeleteConnectionUseCase.name, () => {
  it('deletes a connection: its provider state wiped, the deletion announced and audited', async () => {
    const { state, ids, remove } = connections([
      connectionRow({ id: 1, name: 'Vendas', is_default: true }),
      connectionRow({ id: 2, name: 'Suporte' }),
    ]);
    await remove(2);
    expect(ids()).toEqual([1]);
    expect(state).toEqual({ wiped: [2], deleted: [2], audited: ['connection.deleted'] });
  });

  it('refuses to delete the company’s only default while it has other connections', async () => {
    const { state, ids, remove } = connections([
      connectionRow({ id: 1, name: 'Vendas', is_default: true }),
      connectionRow({ id: 2, name: 'Suporte' }),
    ]);
    await expect(remove(1)).rejects.toMatchObject({ code: 'ERR_NO_OTHER_WHATSAPP' });
    expect(ids()).toEqual([1, 2]);
    expect(state).toEqual({ wiped: [], deleted: [], audited: [] });
  });

  it('deletes the default when it is the company’s last connection, or another default remains', async () => {
    const last = connections([connectionRow({ id: 1, name: 'Vendas', is_default: true })]);
    await last.remove(1);
    expect(last.ids()).toEqual([]);
    const twoDefaults = connections([
      connectionRow({ id: 1, name: 'Vendas', is_default: true }),
      connectionRow({ id: 2, name: 'Suporte', is_default: true }),
    ]);
    await twoDefaults.remove(1);
    expect(twoDefaults.ids()).toEqual([2]);
  });

  it('answers another company’s connection, and an unknown one, as not found', async () => {
    const { state, ids, remove } = connections([connectionRow({ id: 7, name: 'Outra', company_id: 3 })]);
    await expect(remove(7)).rejects.toMatchObject({ code: 'ERR_NO_WAPP_FOUND' });
    await expect(remove(8)).rejects.toMatchObject({ code: 'ERR_NO_WAPP_FOUND' });
    expect(ids()).toEqual([7]);
    expect(state.audited).toEqual([]);
  });
});
