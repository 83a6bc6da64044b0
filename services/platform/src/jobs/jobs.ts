import {
  type DynamicModule,
  Inject,
  Injectable,
  Module,
  type OnApplicationShutdown,
  type OnModuleInit,
  Optional,
} from '@nestjs/common';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { APP_CONFIG } from '../config/config.module.js';
import { TransactionHost } from '../database/transaction-host.js';
import { HealthRegistry } from '../health/health-registry.js';
import { ShutdownRegistry } from '../health/shutdown-registry.js';
import { LOGGER } from '../logging/logging.module.js';
import { runWithContext } from '../logging/request-context.js';

export interface JobsModuleOptions {
  /** pg-boss's own schema in the service's database, e.g. `tickets_jobs`. */
  readonly schema: string;
}

export interface WorkOptions {
  readonly batchSize?: number;
  readonly pollingIntervalSeconds?: number;
  /** Retries before a job is failed for good. */
  readonly retryLimit?: number;
  /** Run the jobs of one fetched batch at the same time instead of one after another. */
  readonly parallel?: boolean;
}

export interface EnqueueOptions {
  /** Run at or after this time. */
  readonly startAfter?: Date;
  /** At most one pending job with this key (deduplication). */
  readonly singletonKey?: string;
  readonly retryLimit?: number;
}

type Job<T> = PgBoss.Job<T>;
type SendOptions = PgBoss.SendOptions;

const JOBS_OPTIONS = Symbol('JOBS_OPTIONS');

/**
 * Delayed and recurring work on the service's own database (pg-boss). A job enqueued inside a
 * `TransactionHost.run` is written in that transaction, so it exists only if the change that wanted it commits.
 * Jobs survive restarts: work that came due while the service was down runs when it comes back.
 */
@Injectable()
export class JobsService implements OnModuleInit, OnApplicationShutdown {
  private readonly boss: PgBoss;
  private readonly queues = new Set<string>();
  /** The queue creations, one after the other: pg-boss's `createQueue` run side by side can deadlock. */
  private creating: Promise<unknown> = Promise.resolve();
  private started = false;

  constructor(
    @Inject(JOBS_OPTIONS) options: JobsModuleOptions,
    @Inject(APP_CONFIG) config: { DATABASE_URL: string },
    @Inject(LOGGER) private readonly logger: Logger,
    health: HealthRegistry,
    shutdown: ShutdownRegistry,
    @Optional() private readonly transactions?: TransactionHost,
  ) {
    this.boss = new PgBoss({
      connectionString: config.DATABASE_URL,
      schema: options.schema,
      application_name: `${options.schema}`,
    });
    this.boss.on('error', (error) => this.logger.error({ err: error }, 'job queue error'));
    health.register('jobs', async () => {
      if (!this.started) throw new Error('job queue not started');
    });
    // a graceful shutdown: no new job is fetched and the running ones finish; one still running at the deadline is
    // failed, and retried as its queue's retry limit allows
    shutdown.register('work', 'jobs', (deadline) => this.stop(deadline - Date.now()));
  }

  async onModuleInit(): Promise<void> {
    await this.boss.start();
    this.started = true;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop(10_000);
  }

  /** Stops fetching jobs and waits for the running ones, at most `timeoutMs`. */
  private async stop(timeoutMs: number): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, timeout: Math.max(1_000, timeoutMs) });
  }

  private async ensureQueue(name: string, retryLimit?: number): Promise<void> {
    if (this.queues.has(name)) return;
    const created = this.creating.then(() =>
      this.boss.createQueue(name, { name, retryLimit: retryLimit ?? 5, retryDelay: 5, retryBackoff: true }),
    );
    this.creating = created.catch(() => undefined);
    await created;
    this.queues.add(name);
  }

  /** Registers the handler of a queue; each job runs with its own correlation id in the logs. */
  async work<T extends object>(
    name: string,
    handler: (data: T, job: Job<T>) => Promise<void>,
    options: WorkOptions = {},
  ): Promise<void> {
    await this.ensureQueue(name, options.retryLimit);
    await this.boss.work<T>(
      name,
      { batchSize: options.batchSize ?? 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
      async (jobs: Job<T>[]) => {
        const run = (job: Job<T>): Promise<void> =>
          runWithContext({ requestId: job.id, correlationId: job.id }, () => handler(job.data, job));
        if (!options.parallel) {
          for (const job of jobs) await run(job);
          return;
        }
        const failed = (await Promise.allSettled(jobs.map(run))).find((result) => result.status === 'rejected');
        if (failed) throw failed.reason;
      },
    );
  }

  /** Stops this process working a queue (its jobs wait for another worker; one running now finishes). */
  async stopWorking(name: string): Promise<void> {
    await this.boss.offWork(name);
  }

  /** Enqueues a job (inside the current transaction when there is one). */
  async send<T extends object>(name: string, data: T, options: EnqueueOptions = {}): Promise<string | null> {
    await this.ensureQueue(name, options.retryLimit);
    const sendOptions: SendOptions = {};
    if (options.startAfter) sendOptions.startAfter = options.startAfter;
    if (options.singletonKey) sendOptions.singletonKey = options.singletonKey;
    if (options.retryLimit !== undefined) sendOptions.retryLimit = options.retryLimit;
    if (this.transactions?.inTransaction) {
      const manager = this.transactions.manager;
      sendOptions.db = { executeSql: async (text, values) => ({ rows: await manager.query<unknown[]>(text, values) }) };
    }
    return this.boss.send(name, data, sendOptions);
  }

  /** A recurring job on a cron expression (in the given time zone), e.g. `* * * * *`. */
  async schedule(name: string, cron: string, data: object = {}, timezone = 'America/Sao_Paulo'): Promise<void> {
    await this.ensureQueue(name);
    await this.boss.schedule(name, cron, data, { tz: timezone });
  }
}

@Module({})
export class JobsModule {
  static forRoot(options: JobsModuleOptions): DynamicModule {
    return {
      module: JobsModule,
      global: true,
      providers: [{ provide: JOBS_OPTIONS, useValue: options }, JobsService],
      exports: [JobsService],
    };
  }
}
