import type { MigrationInterface, QueryRunner } from 'typeorm';
import { nonZero, sums } from './1766510000000-report-rollups.js';
import {
  businessCompactFunction,
  businessRollupFunctions,
  DAILY_REPORT_COLUMNS,
} from './1766710000000-report-business-hours.js';

/** The groupings `report_key_daily` keeps, each by a key column of `report_daily` (the cycles' column of that name). */
export const REPORT_KEY_DIMENSIONS = { agent: 'user_id', queue: 'queue_id', connection: 'whatsapp_id' } as const;
export type ReportKeyDimension = keyof typeof REPORT_KEY_DIMENSIONS;

/**
 * `report_key_daily`'s rows from `rows` (a relation with `report_daily`'s columns): per company, day, dimension and
 * key, the sum of every column, in one pass (a grouping set per dimension).
 */
const keyRows = (rows: string, where: string): string => `
  SELECT company_id, day,
         CASE WHEN grouping(user_id) = 0 THEN 'agent' WHEN grouping(queue_id) = 0 THEN 'queue' ELSE 'connection' END,
         coalesce(user_id, queue_id, whatsapp_id), ${sums(DAILY_REPORT_COLUMNS)}
    FROM ${rows} WHERE ${where}
   GROUP BY GROUPING SETS ((company_id, day, user_id), (company_id, day, queue_id), (company_id, day, whatsapp_id))
  HAVING ${nonZero(DAILY_REPORT_COLUMNS)}`;

/**
 * The reports' roll-up per single key (issue 55): `report_key_daily` holds, per company × day × dimension (agent,
 * queue or connection) × key, the sum of `report_daily`'s compacted rows of that key. A report by agent or queue
 * reads one row per day and key there, plus the deltas not yet folded from `report_daily`, instead of a row per day
 * and every combination of agent, queue and connection. The compaction adds the deltas it folds in the same
 * statement, and a rebuild (backfill, time zone change) writes it from the rows it compacts, so both reads see one
 * consistent state. Backfilled here.
 */
export class ReportKeyRollups1766820000000 implements MigrationInterface {
  name = 'ReportKeyRollups1766820000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const [current] = (await queryRunner.query('SELECT current_schema() AS schema')) as Array<{ schema: string }>;
    const path = `SET search_path = "${current?.schema ?? 'tickets'}"`;
    const columns = DAILY_REPORT_COLUMNS.join(', ');
    await queryRunner.query(`
      CREATE TABLE report_key_daily (
        company_id integer NOT NULL,
        day date NOT NULL,
        dimension text NOT NULL CHECK (dimension IN (${Object.keys(REPORT_KEY_DIMENSIONS)
          .map((dimension) => `'${dimension}'`)
          .join(', ')})),
        key integer NOT NULL,
        ${DAILY_REPORT_COLUMNS.map(
          (c) => `${c} ${c.endsWith('_sum') || c === 'online_seconds' ? 'bigint' : 'integer'} NOT NULL DEFAULT 0`,
        ).join(',\n        ')},
        PRIMARY KEY (company_id, dimension, day, key)
      )`);
    await queryRunner.query(`
      CREATE FUNCTION report_rebuild_keys(company integer) RETURNS void LANGUAGE sql ${path} AS $$
        DELETE FROM report_key_daily WHERE company_id = company;
        INSERT INTO report_key_daily (company_id, day, dimension, key, ${columns})
        ${keyRows('report_daily', 'company_id = company AND compacted')};
      $$`);
    await queryRunner.query('ALTER FUNCTION report_rebuild(integer) RENAME TO report_rebuild_daily');
    await queryRunner.query(`
      CREATE FUNCTION report_rebuild(company integer) RETURNS void LANGUAGE plpgsql ${path} AS $$
      BEGIN
        PERFORM report_rebuild_daily(company);
        PERFORM report_rebuild_keys(company);
      END
      $$`);
    // the compaction as ReportBusinessHours1766710000000 writes it, and the deltas it folds added per key
    await queryRunner.query(
      businessCompactFunction(
        path,
        `keyed AS (
          INSERT INTO report_key_daily AS r (company_id, day, dimension, key, ${columns})
          ${keyRows('gone', 'NOT compacted')}
          ON CONFLICT (company_id, dimension, day, key) DO UPDATE
            SET ${DAILY_REPORT_COLUMNS.map((c) => `${c} = r.${c} + EXCLUDED.${c}`).join(', ')}
          RETURNING 1
        ), `,
      ),
    );
    await queryRunner.query(`
      INSERT INTO report_key_daily (company_id, day, dimension, key, ${columns})
      ${keyRows('report_daily', 'compacted')}`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const [current] = (await queryRunner.query('SELECT current_schema() AS schema')) as Array<{ schema: string }>;
    const path = `SET search_path = "${current?.schema ?? 'tickets'}"`;
    await queryRunner.query('DROP FUNCTION report_rebuild(integer)');
    await queryRunner.query('ALTER FUNCTION report_rebuild_daily(integer) RENAME TO report_rebuild');
    await queryRunner.query('DROP FUNCTION report_rebuild_keys(integer)');
    for (const statement of businessRollupFunctions(path)) await queryRunner.query(statement);
    await queryRunner.query('DROP TABLE report_key_daily');
  }
}
