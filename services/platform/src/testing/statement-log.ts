import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { DataSource, QueryRunner } from 'typeorm';
import { type PreparedQuery, preparedQueries } from '../database/prepared.js';

export interface Statement {
  readonly sql: string;
  readonly params: readonly unknown[];
}

const normalized = (sql: string): string => sql.replace(/\s+/g, ' ').trim();

/**
 * Records every statement the service sends through its data source, grouped by query runner (one runner is one
 * transaction, or one statement outside a transaction), so a test can count the round trips of one event's
 * handling: the transaction that inserted the event's inbox row. Prepared statements (`runPrepared`) are recorded from
 * `preparedQueries`.
 */
export class StatementLog {
  private readonly runners: Statement[][] = [];
  private readonly byRunner = new WeakMap<QueryRunner, Statement[]>();
  private readonly original: DataSource['createQueryRunner'];
  private readonly onPrepared = (message: unknown): void => {
    const { runner, statement, values } = message as PreparedQuery;
    this.byRunner.get(runner)?.push({ sql: normalized(statement.text), params: values });
  };

  constructor(private readonly dataSource: DataSource) {
    this.original = dataSource.createQueryRunner.bind(dataSource);
    subscribe(preparedQueries.name, this.onPrepared);
    dataSource.createQueryRunner = (...args: Parameters<DataSource['createQueryRunner']>): QueryRunner => {
      const runner = this.original(...args);
      const statements: Statement[] = [];
      this.runners.push(statements);
      this.byRunner.set(runner, statements);
      const query = runner.query.bind(runner) as (
        sql: string,
        params?: unknown[],
        structured?: boolean,
      ) => Promise<unknown>;
      // recorded once answered: a transaction whose COMMIT is in the log is committed
      runner.query = (async (sql: string, params?: unknown[], structured?: boolean) => {
        try {
          return structured ? await query(sql, params, true) : await query(sql, params);
        } finally {
          statements.push({ sql: normalized(sql), params: params ?? [] });
        }
      }) as QueryRunner['query'];
      return runner;
    };
  }

  /**
   * The statements of the transaction that handled this event (BEGIN, inbox row, the handler's, COMMIT): also a
   * batch's, whose one inbox insert carries every event id of the batch as an array.
   */
  transactionOf(eventId: string): Statement[] | undefined {
    const names = (param: unknown): boolean => param === eventId || (Array.isArray(param) && param.includes(eventId));
    return this.runners.find((statements) =>
      statements.some((statement) => statement.sql.startsWith('INSERT INTO inbox') && statement.params.some(names)),
    );
  }

  stop(): void {
    unsubscribe(preparedQueries.name, this.onPrepared);
    this.dataSource.createQueryRunner = this.original;
  }
}
