import { AsyncResource } from 'node:async_hooks';
import type { EntityManager } from 'typeorm';
import type { TransactionHost } from './transaction-host.js';

export interface GroupCommitOptions {
  /** The most units in one transaction (default 64). */
  readonly maxUnits?: number;
  /** How many group transactions run at once (default 2: the next group gathers while one commits). */
  readonly concurrency?: number;
}

interface Unit {
  readonly work: (manager: EntityManager) => Promise<unknown>;
  /** The caller's async context: the unit runs in it (its logger bindings, trace and event context). */
  readonly scope: AsyncResource;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Group commit: units of work from concurrent callers that arrive in the same turn of the event loop (or while the
 * previous groups are committing) run one after another in ONE transaction, each in its caller's async context, and
 * commit together. Ten sessions of the connector that each report a message at the same moment paid ten transactions
 * (ten `BEGIN`s and ten commits, each commit a flush of the write-ahead log, and ten rounds of the outbox relay); now
 * they pay one.
 *
 * When a unit fails, nothing of its group stays (the transaction rolls back) and every unit of the group runs again
 * alone, in order: the failing one fails on its own and the others commit. A unit may therefore run twice, so it must
 * have no effect outside the transaction, and it gains nothing from running here when it does slow work (a network
 * call) inside it: the units after it wait. A call made inside a transaction already open joins that transaction, as
 * `TransactionHost.run` does. Each caller's promise settles once its unit committed (or failed); callbacks given to
 * `afterCommit` run after the group's commit.
 */
export class GroupCommit {
  private queue: Unit[] = [];
  private scheduled = false;
  private running = 0;
  private readonly maxUnits: number;
  private readonly concurrency: number;

  constructor(
    private readonly transactions: TransactionHost,
    options: GroupCommitOptions = {},
  ) {
    this.maxUnits = Math.max(1, options.maxUnits ?? 64);
    this.concurrency = Math.max(1, options.concurrency ?? 2);
  }

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.transactions.inTransaction) return this.transactions.run(work);
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        work,
        scope: new AsyncResource('GroupCommit'),
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      this.schedule();
    });
  }

  /** Starts groups on the next turn: the units submitted in this one (a fetch's, a tick's) go together. */
  private schedule(): void {
    if (this.scheduled || this.running >= this.concurrency) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      while (this.running < this.concurrency && this.queue.length > 0) {
        const units = this.queue.splice(0, this.maxUnits);
        this.running += 1;
        void this.commit(units).finally(() => {
          this.running -= 1;
          if (this.queue.length > 0) this.schedule();
        });
      }
    });
  }

  private async commit(units: readonly Unit[]): Promise<void> {
    if (units.length > 1) {
      const results: unknown[] = [];
      const committed = await this.transactions
        .run(async (manager) => {
          for (const unit of units) results.push(await this.inScope(unit, manager));
        })
        .then(
          () => true,
          () => false,
        );
      if (committed) {
        units.forEach((unit, index) => unit.resolve(results[index]));
        return;
      }
    }
    // alone: one unit, or every unit of a group that did not commit, in order
    for (const unit of units) {
      await this.transactions.run((manager) => this.inScope(unit, manager)).then(unit.resolve, unit.reject);
    }
  }

  /** The unit's work in its caller's async context, inside the group's transaction (`run` there joins it). */
  private inScope(unit: Unit, manager: EntityManager): Promise<unknown> {
    return unit.scope.runInAsyncScope(() => this.transactions.within(manager, () => unit.work(manager)));
  }
}
