import type { EntityManager } from 'typeorm';
import type { AuditTrail } from '@cs/platform/audit';
import type { TransactionHost } from '@cs/platform/database';
import type { EventPublisher } from '@cs/platform/events';

type Entity = abstract new (...args: never[]) => unknown;
type Where = Record<string, unknown>;

/**
 * The few `EntityManager` calls identity's use-cases make before their first write (`findOne`, `count`, `upsert`
 * by `where` equality), over rows in memory per entity class, for unit specs of the rules they check there.
 */
export function inMemoryManager(rows: Map<Entity, Array<Record<string, unknown>>>) {
  const table = (entity: Entity) => rows.get(entity) ?? rows.set(entity, []).get(entity) ?? [];
  const matches = (where: Where) => (row: Record<string, unknown>) =>
    Object.entries(where).every(([field, value]) => row[field] === value);
  const manager = {
    findOne: async (entity: Entity, options: { where: Where }) => table(entity).find(matches(options.where)) ?? null,
    count: async (entity: Entity, options: { where: Where }) => table(entity).filter(matches(options.where)).length,
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
