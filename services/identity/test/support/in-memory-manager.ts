import type { EntityManager } from 'typeorm';
import type { AuditTrail } from '@cs/platform/audit';
import type { TransactionHost } from '@cs/platform/database';
import type { EventPublisher } from '@cs/platform/events';

type Entity = abstract new (...args: never[]) => unknown;
type Where = Record<string, unknown>;

/**
 * The few `EntityManager` calls identity's use-cases make around their rules (`find`, `findOne`, `exists`, `count`,
 * `update`, `upsert`, `delete` by `where` equality; `create` and `save`, with or without the entity class), over rows in memory per entity class, for unit
 * specs of those rules. A `save` repeating a `unique` column's value fails as PostgreSQL's unique violation.
 */
export function inMemoryManager(
  rows: Map<Entity, Array<Record<string, unknown>>>,
  unique: ReadonlyMap<Entity, string> = new Map(),
) {
  const created = new WeakMap<object, Entity>();
  const table = (entity: Entity) => rows.get(entity) ?? rows.set(entity, []).get(entity) ?? [];
  const matches = (where: Where) => (row: Record<string, unknown>) =>
    Object.entries(where).every(([field, value]) => row[field] === value);
  const manager = {
    find: async (entity: Entity, options: { where: Where }) => table(entity).filter(matches(options.where)),
    findOne: async (entity: Entity, options: { where: Where }) => table(entity).find(matches(options.where)) ?? null,
    count: async (entity: Entity, options: { where: Where }) => table(entity).filter(matches(options.where)).length,
    exists: async (entity: Entity, options: { where: Where }) => table(entity).some(matches(options.where)),
    delete: async (entity: Entity, where: Where) => {
      const kept = table(entity).filter((row) => !matches(where)(row));
      table(entity).splice(0, Infinity, ...kept);
    },
    create: (entity: Entity, values: Record<string, unknown>) => {
      const row = { ...values };
      created.set(row, entity);
      return row;
    },
    save: async (...args: [Record<string, unknown>] | [Entity, Record<string, unknown>]) => {
      const row = args.length === 2 ? args[1] : args[0];
      const entity =
        (args.length === 2 ? args[0] : undefined) ??
        created.get(row) ??
        [...rows.keys()].find((candidate) => table(candidate).includes(row));
      if (!entity) throw new Error('save: a row this manager did not create or find');
      const column = unique.get(entity);
      if (column && table(entity).some((other) => other !== row && other[column] === row[column])) {
        throw Object.assign(new Error('duplicate key'), { driverError: { code: '23505' } });
      }
      if (!table(entity).includes(row)) table(entity).push(Object.assign(row, { id: table(entity).length + 1 }));
      return row;
    },
    update: async (entity: Entity, where: Where, values: Record<string, unknown>) => {
      for (const row of table(entity).filter(matches(where))) Object.assign(row, values);
    },
    upsert: async (entity: Entity, values: Record<string, unknown>, keys: string[]) => {
      const existing = table(entity).find(matches(Object.fromEntries(keys.map((key) => [key, values[key]]))));
      if (existing) Object.assign(existing, values);
      else table(entity).push({ ...values });
    },
  };
  const transactions = {
    manager,
    run: async (fn: (manager: EntityManager) => Promise<unknown>) => fn(manager as unknown as EntityManager),
  } as unknown as TransactionHost;
  return { manager, transactions };
}

/** An event publisher and an audit trail that keep what they were given, in order. */
export function recorders() {
  const events: Array<{ type: string; data: unknown }> = [];
  const actions: Array<{ action: string; before?: unknown; after?: unknown }> = [];
  const publisher = {
    emit: async (definition: { type: string }, input: { data: unknown }) => {
      events.push({ type: definition.type, data: input.data });
    },
  } as unknown as EventPublisher;
  const audit = {
    record: async (entry: { action: string; before?: unknown; after?: unknown }) => {
      actions.push({ action: entry.action, before: entry.before, after: entry.after });
    },
  } as unknown as AuditTrail;
  return { events, actions, publisher, audit };
}
