import type { z } from 'zod';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** Runs a zod schema over a form's values: the parsed data, or the first message of each field. */
export function validateForm<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { ok: true; data: z.infer<S> } | { ok: false; errors: Record<string, string> } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The field messages of a server `ERR_VALIDATION` (`details: [{ path, message }]`), keyed by field. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const data = (error as { data?: { error?: unknown; details?: unknown } } | null)?.data;
  const out: Record<string, string> = {};
  if (data?.error !== 'ERR_VALIDATION' || !Array.isArray(data.details)) return out;
  for (const item of data.details as Array<{ path?: unknown; message?: unknown }>) {
    if (typeof item.path === 'string' && typeof item.message === 'string') out[item.path] ??= item.message;
  }
  return out;
}
