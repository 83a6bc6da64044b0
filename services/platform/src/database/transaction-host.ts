import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource, EntityManager } from 'typeorm';

const active = new AsyncLocalStorage<Map<DataSource, EntityManager>>();
/** Callbacks to run once a transaction (its manager) committed. */
const afterCommit = new WeakMap<EntityManager, Array<() => void>>();

/**
 * The current transaction of a data source, carried through async calls. A use-case calls `run(fn)`: it joins
 * the transaction already open (an event consumer opens one around its handler, with the inbox row) or opens
 * one. Outbox writes require an open transaction, so an event is always committed with the change it describes.
 */
export class TransactionHost {
  constructor(readonly dataSource: DataSource) {}

  /** The transactional manager when inside `run`, else the data source's default manager. */
  get manager(): EntityManager {
    return active.getStore()?.get(this.dataSource) ?? this.dataSource.manager;
  }

  get inTransaction(): boolean {
    return active.getStore()?.has(this.dataSource) ?? false;
  }

  /**
   * Runs `fn` outside every current transaction: what it starts (a timer armed inside a transaction that fires
   * after it ended, say) opens transactions of its own instead of joining one already released.
   */
  static outside<T>(fn: () => T): T {
    return active.exit(fn);
  }

  /**
   * Runs `fn` once the current transaction committed (at once outside a transaction); never when it rolls back.
   * For what must see the committed rows, such as waking the outbox relay of this process.
   */
  afterCommit(fn: () => void): void {
    const manager = active.getStore()?.get(this.dataSource);
    if (!manager) {
      fn();
      return;
    }
    const callbacks = afterCommit.get(manager);
    if (callbacks) callbacks.push(fn);
    else afterCommit.set(manager, [fn]);
  }

  /**
   * Runs `fn` as a part of the transaction of `manager`, opened by a `run` of this host (`run` itself, and
   * `GroupCommit`, which runs each unit in its caller's async context): a `run` inside `fn` joins that transaction.
   */
  within<T>(manager: EntityManager, fn: () => Promise<T>): Promise<T> {
    const managers = new Map(active.getStore() ?? []);
    managers.set(this.dataSource, manager);
    return active.run(managers, fn);
  }

  async run<T>(fn: (manager: EntityManager) => Promise<T>): Promise<T> {
    const current = active.getStore()?.get(this.dataSource);
    if (current) return fn(current);
    let transactional: EntityManager | undefined;
    const result = await this.dataSource.transaction(async (manager) => {
      transactional = manager;
      return this.within(manager, () => fn(manager));
    });
    const callbacks = transactional ? afterCommit.get(transactional) : undefined;
    if (transactional) afterCommit.delete(transactional);
    for (const callback of callbacks ?? []) callback();
    return result;
  }
}
