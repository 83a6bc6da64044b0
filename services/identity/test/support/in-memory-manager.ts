import { type EntityManager, getMetadataArgsStorage } from 'typeorm';
import type { AuditTrail } from '@cs/platform/audit';
import type { TransactionHost } from '@cs/platform/database';
import type { EventPublisher } from '@cs/platform/events';

type Entity = abstract new (...args: never[]) => unknown;
type Where = Record<string, unknown>;

/**
 * The few `EntityManager` calls identity's use-cases make around their rules (`find`, `findOne`, `exists`, `count`,
 * `update`, `upsert`, `delete` by `where` equality; `insert`; `create` and `save`, with or without the entity class), over
 * rows in memory per entity class, for unit specs of those rules. As with a database, what is read is a copy (a
 * change reaches the rows only when saved or updated), and `save` writes by primary key, inserting (with the next
 * `id`) when no row has it; it stamps the entity's create/update date columns as TypeORM does, and fails as
 * PostgreSQL's unique violation when it would repeat a `unique` column's value.
 */
export function inMemoryManager(
  rows: Map<Entity, Array<Record<string, unknown>>>,
  unique: ReadonlyMap<Entity, string> = new Map(),
) {
  const entityOf = new WeakMap<object, Entity>();
  const table = (entity: Entity) => rows.get(entity) ?? rows.set(entity, []).get(entity) ?? [];
  const matches = (where: Where) => (row: Record<string, unknown>) =>
    Object.entries(where).every(([field, value]) => row[field] === value);
  const columnsOf = (entity: Entity) => getMetadataArgsStorage().columns.filter((column) => column.target === entity);
  const primaryKey = (entity: Entity) => {
    const keys = columnsOf(entity)
      .filter((column) => column.options.primary === true)
      .map((column) => column.propertyName);
    return keys.length > 0 ? keys : ['id'];
  };
  const copy = (entity: Entity, row: Record<string, unknown>) => {
    const read = structuredClone(row);
    entityOf.set(read, entity);
    return read;
  };
  const manager = {
    find: async (entity: Entity, options: { where: Where }) =>
      table(entity)
        .filter(matches(options.where))
        .map((row) => copy(entity, row)),
    findOne: async (entity: Entity, options: { where: Where }) => {
      const row = table(entity).find(matches(options.where));
      return row ? copy(entity, row) : null;
    },
    count: async (entity: Entity, options: { where: Where }) => table(entity).filter(matches(options.where)).length,
    exists: async (entity: Entity, options: { where: Where }) => table(entity).some(matches(options.where)),
    delete: async (entity: Entity, where: Where) => {
      const kept = table(entity).filter((row) => !matches(where)(row));
      table(entity).splice(0, Infinity, ...kept);
    },
    create: (entity: Entity, values: Record<string, unknown>) => {
      const row = { ...values };
      entityOf.set(row, entity);
      return row;
    },
    save: async (...args: [Record<string, unknown>] | [Entity, Record<string, unknown>]) => {
      const row = args.length === 2 ? args[1] : args[0];
      const entity = (args.length === 2 ? args[0] : undefined) ?? entityOf.get(row);
      if (!entity) throw new Error('save: a row this manager did not create or read');
      const keys = primaryKey(entity);
      const stored = keys.every((key) => row[key] !== undefined)
        ? table(entity).find((other) => keys.every((key) => other[key] === row[key]))
        : undefined;
      const column = unique.get(entity);
      if (column && table(entity).some((other) => other !== stored && other[column] === row[column])) {
        throw Object.assign(new Error('duplicate key'), { driverError: { code: '23505' } });
      }
      const now = new Date();
      for (const { propertyName, mode } of columnsOf(entity)) {
        if (mode === 'updateDate' || (mode === 'createDate' && row[propertyName] === undefined))
          row[propertyName] = now;
      }
      if (stored) {
        Object.assign(stored, structuredClone(row));
      } else {
        if (keys.includes('id') && row['id'] === undefined) {
          row['id'] = Math.max(0, ...table(entity).map((other) => Number(other['id']))) + 1;
        }
        table(entity).push(structuredClone(row));
      }
      return row;
    },
    update: async (entity: Entity, where: Where, values: Record<string, unknown>) => {
      for (const row of table(entity).filter(matches(where))) Object.assign(row, structuredClone(values));
    },
    insert: async (entity: Entity, values: Record<string, unknown>) => {
      table(entity).push(structuredClone(values));
    },
    upsert: async (entity: Entity, values: Record<string, unknown>, keys: string[]) => {
      const existing = table(entity).find(matches(Object.fromEntries(keys.map((key) => [key, values[key]]))));
      if (existing) Object.assign(existing, structuredClone(values));
      else table(entity).push(structuredClone(values));
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
