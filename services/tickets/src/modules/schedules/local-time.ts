import { zonedParts } from '../messages/message-template.js';

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/** Minutes the zone's clock is ahead of UTC at an instant. */
function offsetMinutes(instant: number, timeZone: string): number {
  const clock = zonedParts(new Date(instant), timeZone);
  const asUtc = Date.UTC(
    Number(clock.year),
    Number(clock.month) - 1,
    Number(clock.day),
    clock.hour,
    Number(clock.minute),
    Number(clock.second),
  );
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

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
  const first = wall - offsetMinutes(wall, timeZone) * 60_000;
  // around a daylight-saving change the offset at the result can differ from the one at the guess
  const second = wall - offsetMinutes(first, timeZone) * 60_000;
  return new Date(second);
}
