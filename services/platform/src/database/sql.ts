import type { EntityManager } from 'typeorm';

/** One row as the `pg` driver returns it from a raw query. */
export type SqlRow = Record<string, unknown>;

/**
 * The rows of an `UPDATE`/`DELETE ... RETURNING` (TypeORM's postgres driver answers those as `[rows, count]`,
 * and plain rows for `SELECT`/`INSERT`).
 */
export async function returningRows<T>(manager: EntityManager, sql: string, parameters: unknown[]): Promise<T[]> {
  const result = (await manager.query(sql, parameters)) as unknown;
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') {
    return result[0] as T[];
  }
  return result as T[];
}

/**
 * Typed, checked reads of one raw SQL row: the one row-mapping helper (ADR 0007) instead of hand-written
 * `row['x'] as T` casts. A read of a column that is absent or of the wrong type throws, naming the column, so a
 * renamed column or a changed `SELECT` fails loudly instead of leaking `undefined` into a snapshot.
 */
export class RowReader {
  constructor(private row: SqlRow) {}

  /** The reader, moved on to `row` ({@link mapRows} reads a result's rows through one reader, one after another). */
  next(row: SqlRow): this {
    this.row = row;
    return this;
  }

  /** An integer column (`int4` arrives as a number, `int8`/`numeric` as a string). */
  readonly int = (column: string): number => {
    const value = this.present(column);
    const parsed = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
    if (typeof parsed !== 'number' || !Number.isInteger(parsed)) throw this.mismatch(column, 'an integer', value);
    return parsed;
  };

  readonly string = (column: string): string => {
    const value = this.present(column);
    if (typeof value !== 'string') throw this.mismatch(column, 'a string', value);
    return value;
  };

  readonly boolean = (column: string): boolean => {
    const value = this.present(column);
    if (typeof value !== 'boolean') throw this.mismatch(column, 'a boolean', value);
    return value;
  };

  /** A finite number column (`real`/`double precision` arrive as a number, `numeric` as a string). */
  readonly float = (column: string): number => {
    const value = this.present(column);
    const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof parsed !== 'number' || !Number.isFinite(parsed)) throw this.mismatch(column, 'a number', value);
    return parsed;
  };

  /** A `timestamp`/`timestamptz` column as an ISO-8601 string. */
  readonly isoDate = (column: string): string => {
    const value = this.present(column);
    const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null;
    if (!date || Number.isNaN(date.getTime())) throw this.mismatch(column, 'a timestamp', value);
    return date.toISOString();
  };

  /** A `timestamp`/`timestamptz` column as a `Date` (the driver's own `Date`, or one parsed from text). */
  readonly date = (column: string): Date => {
    const value = this.present(column);
    const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null;
    if (!date || Number.isNaN(date.getTime())) throw this.mismatch(column, 'a timestamp', value);
    return date;
  };

  /** An `int[]` column (or a JSON array of integers); every element must be an integer, none NULL. */
  readonly intArray = (column: string): number[] => {
    const value = this.present(column);
    if (!Array.isArray(value)) throw this.mismatch(column, 'an integer array', value);
    return value.map((element: unknown) => {
      const parsed = typeof element === 'string' && /^-?\d+$/.test(element) ? Number(element) : element;
      if (typeof parsed !== 'number' || !Number.isInteger(parsed)) {
        throw this.mismatch(column, 'an integer array', element);
      }
      return parsed;
    });
  };

  /** A `bytea` column (the driver's `Buffer`). */
  readonly bytes = (column: string): Buffer => {
    const value = this.present(column);
    if (!Buffer.isBuffer(value)) throw this.mismatch(column, 'bytes', value);
    return value;
  };

  /** A `json`/`jsonb` column, typed by the caller (its shape is the writer's contract, not checked here). */
  readonly json = <T>(column: string): T => this.present(column) as T;

  /** One of a closed set of values (a status or kind column). */
  readonly oneOf = <const T extends string>(column: string, values: readonly T[]): T => {
    const value = this.string(column);
    if (!(values as readonly string[]).includes(value))
      throw this.mismatch(column, `one of ${values.join('|')}`, value);
    return value as T;
  };

  /** Whether the `SELECT` names the column at all (a column only some queries select). */
  readonly has = (column: string): boolean => column in this.row;

  /** Whether the column is SQL NULL (or missing from a LEFT JOIN's side). */
  readonly isNull = (column: string): boolean => {
    return this.row[column] === null || this.row[column] === undefined;
  };

  /** `read(column)` when the column is not NULL, else null: `r.nullable('ticket_id', r.int)`. */
  readonly nullable = <T>(column: string, read: (column: string) => T): T | null =>
    this.isNull(column) ? null : read(column);

  private present(column: string): unknown {
    if (!(column in this.row)) throw new Error(`SQL row has no column "${column}"`);
    const value = this.row[column];
    if (value === null || value === undefined) throw new Error(`SQL column "${column}" is NULL`);
    return value;
  }

  private mismatch(column: string, expected: string, value: unknown): Error {
    return new Error(`SQL column "${column}" is not ${expected} (got ${typeof value})`);
  }
}

/** Maps raw rows through `map`, handing it a {@link RowReader} on each row in turn (keep what it returns, not the reader). */
export function mapRows<T>(rows: readonly SqlRow[], map: (row: RowReader) => T): T[] {
  if (rows.length === 0) return [];
  // one reader (and its bound reads) for the whole result: a map reads its row before the next one is mapped
  const reader = new RowReader(rows[0]!);
  return rows.map((row) => map(reader.next(row)));
}

/** Maps one raw row through `map` (see {@link mapRows}). */
export function mapRow<T>(row: SqlRow, map: (row: RowReader) => T): T {
  return map(new RowReader(row));
}
