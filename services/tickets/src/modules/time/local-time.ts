import { wallTimeToInstant } from '@cs/platform/time';

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/**
 * A date-time as clients send it. One with an offset or `Z` is an instant; one without (the spec's
 * `datetime-local` field, `2026-10-02T14:30`) is a wall-clock time in the company's time zone.
 * Answers null for anything unreadable.
 */
export function parseDateTime(value: string | Date, timeZone: string): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const local = LOCAL.exec(value.trim());
  if (!local) {
    const instant = new Date(value);
    return Number.isNaN(instant.getTime()) ? null : instant;
  }
  const [, y, mo, d, h, mi, s] = local;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  return new Date(wallTimeToInstant(wall, timeZone));
}
