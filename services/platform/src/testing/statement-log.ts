import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { AfterQueryEvent, DataSource, EntitySubscriberInterface, QueryRunner } from 'typeorm';
import { type PreparedQuery, preparedQueries } from '../database/prepared.js';

export interface Statement {
  readonly sql: string;
  readonly params: readonly unknown[];
}

const normalized = (sql: string): string => sql.replace(/\s+/g, ' ').trim();

/**
 * Records every statement the service sends through its data source, grouped by query runner (one runner is one
 * transaction, or one statement outside a transaction), so a test can count the round trips of one event's
 * handling: the transaction that inserted the event's inbox row. TypeORM's statements come from its `afterQuery`
 * subscriber event, prepared statements (`runPrepared`) from `preparedQueries`; each is recorded once answered, so a
 * transaction whose COMMIT is in the log is committed.
 */
export class StatementLog {
  private readonly byRunner = new Map<QueryRunner, Statement[]>();
  private readonly subscriber: EntitySubscriberInterface = {
    afterQuery: (event: AfterQueryEvent) => {
      const params: readonly unknown[] = Array.isArray(event.parameters) ? event.parameters : [];
      this.record(event.queryRunner, { sql: normalized(event.query), params });
    },
  };
  private readonly onPrepared = (message: unknown): void => {
    const { runner, statement, values } = message as PreparedQuery;
    this.record(runner, { sql: normalized(statement.text), params: values });
  };

  constructor(private readonly dataSource: DataSource) {
    dataSource.subscribers.push(this.subscriber);
    subscribe(preparedQueries.name, this.onPrepared);
  }

  private record(runner: QueryRunner, statement: Statement): void {
    const statements = this.byRunner.get(runner);
    if (statements) statements.push(statement);
    else this.byRunner.set(runner, [statement]);
  }

  /**
   * The statements of the transaction that handled this event (BEGIN, inbox row, the handler's, COMMIT): also a
   * batch's, whose one inbox insert carries every event id of the batch as an array.
   */
  transactionOf(eventId: string): Statement[] | undefined {
    const names = (param: unknown): boolean => param === eventId || (Array.isArray(param) && param.includes(eventId));
    return [...this.byRunner.values()].find((statements) =>
      statements.some((statement) => statement.sql.startsWith('INSERT INTO inbox') && statement.params.some(names)),
    );
  }

  /** Whether the service has sent (and got the answer to) a statement `match` accepts: a sign of where it is. */
  sent(match: (statement: Statement) => boolean): boolean {
    return [...this.byRunner.values()].some((statements) => statements.some(match));
  }

  stop(): void {
    unsubscribe(preparedQueries.name, this.onPrepared);
    const at = this.dataSource.subscribers.indexOf(this.subscriber);
    if (at >= 0) this.dataSource.subscribers.splice(at, 1);
  }
}
