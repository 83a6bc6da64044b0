import { AUDIT_SECRET_MASK, type AuditChange } from '@cs/proto/events';

/** The most changes one entry keeps, and the longest text value (longer ones end with `…`). */
export const AUDIT_MAX_CHANGES = 200;
export const AUDIT_MAX_TEXT = 500;

const SECRET_NAME = /pass(word|wd)?|secret|token|credential|certificate|private|jsoncontent|(key|enc)$/i;
/** Bookkeeping every record has: never a change worth a line. */
const IGNORED_FIELDS = new Set(['createdAt', 'updatedAt']);

/**
 * Whether a field holds a secret by its name: passwords, secrets, tokens, credentials, certificates, private keys and
 * any `...key` (API keys, speech keys) or `...Enc` (a value stored encrypted). The log shows such a value only as
 * set (`********`) or empty.
 */
export const isSecretField = (field: string): boolean => SECRET_NAME.test(field.replace(/[-_]/g, ''));

const maskSecret = (value: unknown): unknown =>
  value === undefined || value === null || value === '' ? value : AUDIT_SECRET_MASK;

/** A value as the log keeps it: dates as ISO text, long text cut, secret fields of nested objects masked. */
function loggable(value: unknown, depth = 0): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value.length > AUDIT_MAX_TEXT ? `${value.slice(0, AUDIT_MAX_TEXT)}…` : value;
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return depth > 4 ? '[…]' : value.slice(0, 100).map((item) => loggable(item, depth + 1));
  if (value !== null && typeof value === 'object') {
    if (depth > 4) return '{…}';
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        isSecretField(key) ? maskSecret(inner) : loggable(inner, depth + 1),
      ]),
    );
  }
  return value;
}

/** Order-insensitive for object keys, so `{a, b}` and `{b, a}` compare equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner instanceof Date) return inner.toISOString();
    if (inner !== null && typeof inner === 'object' && !Array.isArray(inner)) {
      return Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)));
    }
    return inner;
  });
}

/**
 * What changed between two states of a record: one entry per field whose value differs (`before` absent on a
 * creation, `after` absent on a deletion; `createdAt`/`updatedAt` left out). Secret fields (by name, or listed in `secrets`) are masked on both
 * sides, so the log tells that a password or key changed, never what it was or became.
 */
export function auditChanges(
  beforeRecord: object | null,
  afterRecord: object | null,
  options: { readonly secrets?: readonly string[] } = {},
): AuditChange[] {
  const before: Readonly<Record<string, unknown>> | null = beforeRecord
    ? Object.fromEntries(Object.entries(beforeRecord))
    : null;
  const after: Readonly<Record<string, unknown>> | null = afterRecord
    ? Object.fromEntries(Object.entries(afterRecord))
    : null;
  const fields = [...new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})])].filter(
    (field) => !IGNORED_FIELDS.has(field),
  );
  const changes: AuditChange[] = [];
  for (const field of fields) {
    const old = before?.[field];
    const next = after?.[field];
    if (before && after && canonical(old ?? null) === canonical(next ?? null)) continue;
    if (old === undefined && next === undefined) continue;
    const secret = isSecretField(field) || (options.secrets ?? []).includes(field);
    const show = (value: unknown) => (secret ? maskSecret(value) : loggable(value));
    changes.push({
      field,
      ...(before && old !== undefined ? { before: show(old) } : {}),
      ...(after && next !== undefined ? { after: show(next) } : {}),
    });
    if (changes.length === AUDIT_MAX_CHANGES) break;
  }
  return changes;
}
