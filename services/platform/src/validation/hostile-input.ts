import type { FieldError } from '../errors/domain-error.js';

/** PostgreSQL's `integer`: every id column of the platform. */
export const PG_INT_MAX = 2_147_483_647;

/** The platform's id fields (camelCase); third parties' snake_case ids (`phone_number_id`, `wa_id`) are not ours. */
const ID_KEY = /(^id$|Id$|Ids$)/;
/** Third parties' ids kept under our camelCase names (Meta's `cloudPhoneNumberId`, …): long numbers, not ours. */
const FOREIGN_ID_KEY = /^cloud[A-Z]/;
const isOwnIdKey = (key: string): boolean => ID_KEY.test(key) && !FOREIGN_ID_KEY.test(key);
const NUMERIC = /^-?\d+(\.\d+)?$/;
const MAX_DEPTH = 32;

/** A NUL byte, or a UTF-16 surrogate half without its pair (PostgreSQL refuses both in text columns). */
export function badStringReason(value: string): string | undefined {
  if (value.includes('\u0000')) return 'Caractere inválido';
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        index += 1;
        continue;
      }
      return 'Caractere inválido';
    }
    if (code >= 0xdc00 && code <= 0xdfff) return 'Caractere inválido';
  }
  return undefined;
}

const idOutOfRange = (value: unknown, numericStrings: boolean): boolean => {
  if (typeof value === 'number') return Number.isFinite(value) && Math.abs(value) > PG_INT_MAX;
  if (numericStrings && typeof value === 'string' && NUMERIC.test(value.trim())) {
    return Math.abs(Number(value)) > PG_INT_MAX;
  }
  return false;
};

export interface HostileInputOptions {
  /** Check ids at all (path params: no, `IdPipe` answers 404 for them). */
  readonly ids: boolean;
  /**
   * Also numeric strings in id fields (query strings, and bodies our own schemas coerce). Off for raw JSON bodies:
   * a third party's payload (Meta's webhook `entry[].id`) carries ids of its own far beyond our integers.
   */
  readonly numericStrings: boolean;
}

/**
 * The problems no route can store: strings with NUL bytes or unpaired surrogates (in values and keys), and
 * ids (`id`, `…Id`, `…Ids`) outside PostgreSQL's integer range. Applied to every request's params, query and
 * body before any handler runs, so current and future routes answer 400 instead of failing in the database.
 */
export function findHostileInput(
  value: unknown,
  path = '',
  idKey = false,
  depth = 0,
  options: HostileInputOptions = { ids: true, numericStrings: true },
): FieldError | undefined {
  if (depth > MAX_DEPTH) return { path, message: 'Estrutura muito profunda' };
  if (typeof value === 'string') {
    const reason = badStringReason(value);
    if (reason) return { path, message: reason };
    if (idKey && idOutOfRange(value, options.numericStrings)) return { path, message: 'Id inválido' };
    return undefined;
  }
  if (typeof value === 'number') {
    return idKey && idOutOfRange(value, false) ? { path, message: 'Id inválido' } : undefined;
  }
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findHostileInput(
        value[index],
        path ? `${path}.${index}` : String(index),
        idKey,
        depth + 1,
        options,
      );
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      const childPath = path ? `${path}.${key}` : key;
      if (badStringReason(key)) return { path: childPath, message: 'Caractere inválido' };
      const found = findHostileInput(child, childPath, options.ids && isOwnIdKey(key), depth + 1, options);
      if (found) return found;
    }
  }
  return undefined;
}
