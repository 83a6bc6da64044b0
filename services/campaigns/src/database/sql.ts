import type { EntityManager } from 'typeorm';

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
