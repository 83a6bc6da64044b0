import { LOCAL_DATE_TIME } from '@cs/proto/http';

/** The offset (ms) of a time zone at an instant: local wall time minus UTC. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string): number => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return local - Math.floor(instant / 1000) * 1000;
}

/** `YYYY-MM-DD HH:mm:ss` read in the company's time zone, as an instant (null when it is not a real date). */
export function zonedToUtc(value: string, timeZone: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(value.trim());
  if (!match) return null;
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0] = match.slice(1).map((part) => Number(part ?? 0));
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  let instant = wall - offsetAt(wall, timeZone);
  instant = wall - offsetAt(instant, timeZone);
  return new Date(instant);
}

/** An instant as `YYYY-MM-DD HH:mm:ss` in the time zone. */
export function utcToZoned(instant: Date, timeZone: string): string {
  const local = new Date(instant.getTime() + offsetAt(instant.getTime(), timeZone));
  return local.toISOString().slice(0, 19).replace('T', ' ');
}
