import { LOCAL_DATE_TIME } from '@cs/proto/http';
import { wallTimeToInstant, zoneOffsetMs } from '@cs/platform/time';

/** `YYYY-MM-DD HH:mm:ss` read in the company's time zone, as an instant (null when it is not a real date). */
export function zonedToUtc(value: string, timeZone: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(value.trim());
  if (!match) return null;
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0] = match.slice(1).map((part) => Number(part ?? 0));
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  return new Date(wallTimeToInstant(wall, timeZone));
}

/** An instant as `YYYY-MM-DD HH:mm:ss` in the time zone. */
export function utcToZoned(instant: Date, timeZone: string): string {
  const local = new Date(instant.getTime() + zoneOffsetMs(instant.getTime(), timeZone));
  return local.toISOString().slice(0, 19).replace('T', ' ');
}
