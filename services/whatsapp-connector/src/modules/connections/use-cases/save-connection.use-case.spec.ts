import { asCompanyId } from '@cs/proto/common';
import type { CreateConnectionBody, UpdateConnectionBody } from '@cs/proto/http';
import type { AuditTrail } from '@cs/platform/audit';
import type { TransactionHost } from '@cs/platform/database';
import type { ConnectorConfig } from '../../../config/env.js';
import type { ProjectionsRepository } from '../../projections/projections.repository.js';
import type { SessionNudge } from '../../sessions/session-nudge.js';
import { apiTokenDigest } from '../api-token.js';
import type { ConnectionEvents } from '../connection-events.js';
import type { ConnectionRow } from '../connection.row.js';
import { connectionRow } from '../../../../test/support/connection-rows.js';
import type { ConnectionsRepository } from '../connections.repository.js';
import { SaveConnectionUseCase } from './save-connection.use-case.js';

const COMPANY = asCompanyId(2);
const SALES = 1;
const SUPPORT = 2;
const STRONG_TOKEN = 'Zq7-vR2m_Kp9Xw4tLb8Nc3Hy6Jd1Fs5Gu0Ae';

/** The company's connections in memory with its plan's limit and queues; what was announced and whether sessions were nudged. */
function connections(existing: ConnectionRow[] = [], options: { planLimit?: number | null } = {}) {
  const rows = new Map(existing.map((row) => [row.id, row]));
  const state = {
    rows,
    changed: [] as Array<{ id: number; kind: string; isDefault: boolean }>,
    nudged: 0,
    audited: [] as string[],
  };
  const repository: Partial<ConnectionsRepository> = {
    lockCompany: async () => undefined,
    count: async () => rows.size,
    find: async (_companyId, id) => rows.get(id) ?? null,
    nameTaken: async (_companyId, name, exceptId) =>
      [...rows.values()].some((row) => row.name === name && row.id !== exceptId),
    tokenTaken: async (_companyId, digest, exceptId) =>
      [...rows.values()].some((row) => row.token_sha256 === digest && row.id !== exceptId),
    otherDefaultExists: async (_companyId, id) => [...rows.values()].some((row) => row.is_default && row.id !== id),
    clearOtherDefaults: async (_companyId, id) => {
      const cleared = [...rows.values()].filter((row) => row.is_default && row.id !== id);
      for (const row of cleared) rows.set(row.id, { ...row, is_default: false });
      return cleared.map((row) => row.id);
    },
    insert: async (values) => {
      const row = connectionRow({
        ...(values as Partial<ConnectionRow>),
        id: 100 + rows.size,
        name: values['name'] as string,
      });
      rows.set(row.id, row);
      return row;
    },
    update: async (_companyId, id, values) => {
      const row = { ...(rows.get(id) as ConnectionRow), ...(values as Partial<ConnectionRow>) };
      rows.set(id, row);
      return row;
    },
  };
  const projections: Partial<ProjectionsRepository> = {
    planLimit: async () => (options.planLimit === undefined ? null : options.planLimit),
    queues: async () =>
      new Map([
        [SALES, { name: 'Vendas', color: '#f00' }],
        [SUPPORT, { name: 'Suporte', color: '#00f' }],
      ]),
  };
  const events: Partial<ConnectionEvents> = {
    changed: async (row, kind) => {
      state.changed.push({ id: row.id, kind, isDefault: row.is_default });
    },
    tokenChanged: async () => undefined,
  };
  const nudge = { nudge: () => void (state.nudged += 1) } as unknown as SessionNudge;
  const audit = {
    record: async (entry: { action: string }) => void state.audited.push(entry.action),
  } as unknown as AuditTrail;
  const useCase = new SaveConnectionUseCase(
    { PUBLIC_URL: 'https://api.example.com' } as ConnectorConfig,
    { run: async (fn: () => Promise<unknown>) => fn() } as unknown as TransactionHost,
    repository as ConnectionsRepository,
    projections as ProjectionsRepository,
    events as ConnectionEvents,
    nudge,
    audit,
  );
  const create = (body: Partial<CreateConnectionBody>) => useCase.create(COMPANY, { name: 'Vendas', ...body });
  const update = (id: number, body: UpdateConnectionBody) => useCase.update(COMPANY, id, body);
  return { state, useCase, create, update };
}

describe(SaveConnectionUseCase.name, () => {
  it('makes the company’s first connection its default, starts its session and answers a generated token once', async () => {
    const { state, create } = connections();
    const created = await create({});
    expect(created).toMatchObject({ isDefault: true, status: 'OPENING', hasToken: true });
    expect(created.token).toHaveLength(43);
    expect(state.rows.get(created.id)?.token_sha256).toBe(apiTokenDigest(created.token as string));
    expect(state.nudged).toBe(1);
    expect(state.audited).toEqual(['connection.created']);
  });

  it('refuses a connection beyond the plan’s limit', async () => {
    const full = connections([connectionRow({ id: 1, name: 'A', is_default: true })], { planLimit: 1 });
    await expect(full.create({ name: 'B' })).rejects.toMatchObject({ code: 'ERR_PLAN_LIMIT_CONNECTIONS' });
    expect(full.state.nudged).toBe(0);
    await expect(
      connections([connectionRow({ id: 1, name: 'A' })], { planLimit: 2 }).create({ name: 'B' }),
    ).resolves.toBeDefined();
  });

  it('refuses a name the company already uses', async () => {
    const { create, update } = connections([
      connectionRow({ id: 1, name: 'Vendas' }),
      connectionRow({ id: 2, name: 'Suporte' }),
    ]);
    await expect(create({ name: 'Vendas' })).rejects.toMatchObject({ code: 'ERR_WAPP_NAME_ALREADY_EXISTS' });
    await expect(update(2, { name: 'Vendas' })).rejects.toMatchObject({ code: 'ERR_WAPP_NAME_ALREADY_EXISTS' });
  });

  it('refuses a weak typed token, or one another connection uses, on the token field', async () => {
    const { create } = connections([connectionRow({ id: 1, name: 'A', token_sha256: apiTokenDigest(STRONG_TOKEN) })]);
    await expect(create({ token: 'senha123' })).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      details: [{ path: 'token' }],
    });
    await expect(create({ token: STRONG_TOKEN })).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      details: [{ path: 'token', message: 'Este token já está sendo utilizado por outra conexão.' }],
    });
  });

  it('requires a greeting when the connection offers more than one queue, and queues of the company', async () => {
    const { create, update } = connections([
      connectionRow({ id: 1, name: 'A', is_default: true, queue_ids: [SALES, SUPPORT] }),
    ]);
    await expect(create({ queueIds: [SALES, SUPPORT] })).rejects.toMatchObject({ code: 'ERR_WAPP_GREETING_REQUIRED' });
    await expect(update(1, { greetingMessage: ' ' })).rejects.toMatchObject({ code: 'ERR_WAPP_GREETING_REQUIRED' });
    await expect(create({ queueIds: [SALES, 99], greetingMessage: 'Olá' })).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      details: [{ path: 'queueIds', message: 'Fila não encontrada.' }],
    });
    await expect(create({ queueIds: [SALES, SUPPORT], greetingMessage: 'Olá' })).resolves.toMatchObject({
      queues: [
        { id: SALES, name: 'Vendas' },
        { id: SUPPORT, name: 'Suporte' },
      ],
    });
  });

  it('keeps exactly one default: a new default clears the other, the only default cannot be unset', async () => {
    const { state, create, update } = connections([connectionRow({ id: 1, name: 'A', is_default: true })]);
    await expect(update(1, { isDefault: false })).rejects.toMatchObject({ code: 'ERR_NO_OTHER_WHATSAPP' });
    const second = await create({ name: 'B', isDefault: true });
    expect([state.rows.get(1)?.is_default, state.rows.get(second.id)?.is_default]).toEqual([false, true]);
    expect(state.changed).toContainEqual({ id: 1, kind: 'updated', isDefault: false });
  });

  it('removes the token with null and answers not found for another company’s connection', async () => {
    const { state, update } = connections([
      connectionRow({ id: 1, name: 'A', is_default: true, token_sha256: apiTokenDigest(STRONG_TOKEN) }),
    ]);
    expect(await update(1, { token: null })).toMatchObject({ hasToken: false });
    expect(state.rows.get(1)?.token_sha256).toBe('');
    await expect(update(9, { name: 'x' })).rejects.toMatchObject({ code: 'ERR_NO_WAPP_FOUND' });
  });

  it('rotates the token: the old one stops matching, the new one is answered once', async () => {
    const { state, useCase } = connections([
      connectionRow({ id: 1, name: 'A', token_sha256: apiTokenDigest(STRONG_TOKEN) }),
    ]);
    const { token } = await useCase.rotateToken(COMPANY, 1);
    expect(token).not.toBe(STRONG_TOKEN);
    expect(state.rows.get(1)?.token_sha256).toBe(apiTokenDigest(token));
    await expect(useCase.rotateToken(COMPANY, 9)).rejects.toMatchObject({ code: 'ERR_NO_WAPP_FOUND' });
  });
});
