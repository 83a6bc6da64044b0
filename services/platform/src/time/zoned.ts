/**
 * Wall-clock readings in a company's time zone, for every deployable (the tickets' message variables and business
 * hours, the campaigns' schedules, the dashboard's days, the gateway's due dates, identity's next due date).
 *
 * Building an `Intl.DateTimeFormat` costs tens of times what formatting with a built one does, so each zone's
 * formatter is built once per process and kept (at most `MAX_ZONES`; a zone beyond that is formatted with a
 * formatter built for the call). An unknown zone reads as UTC.
 */
const MAX_ZONES = 1_000;

/** The clock in a time zone at an instant. */
export interface ZonedParts {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  /** The English weekday in lower case (`monday` … `sunday`). */
  readonly weekday: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter) return formatter;
  const options: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    weekday: 'long',
    hourCycle: 'h23',
  };
  try {
    formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
  } catch {
    formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
  }
  if (formatters.size < MAX_ZONES) formatters.set(timeZone, formatter);
  return formatter;
}

/** The clock in `timeZone` at `instant` (an unknown zone: UTC). */
export function zonedParts(instant: Date | number, timeZone: string): ZonedParts {
  const read = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, weekday: '' };
  for (const part of formatterOf(timeZone).formatToParts(instant)) {
    switch (part.type) {
      case 'weekday':
        read.weekday = part.value.toLowerCase();
        break;
      case 'year':
      case 'month':
      case 'day':
      case 'minute':
      case 'second':
        read[part.type] = Number(part.value);
        break;
      case 'hour':
        read.hour = Number(part.value) % 24;
        break;
      default:
        break;
    }
  }
  return read;
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** The `YYYY-MM-DD` date in `timeZone` at `instant` (an unknown zone: UTC). */
export function localDate(instant: Date | number, timeZone: string): string {
  const { year, month, day } = zonedParts(instant, timeZone);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The zone's offset at an instant in ms: its wall time minus UTC (-3 h for America/Sao_Paulo). */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const { year, month, day, hour, minute, second } = zonedParts(instant, timeZone);
  return Date.UTC(year, month - 1, day, hour, minute, second) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant at which the zone's clock reads a wall time, the wall time given as if it were UTC
 * (`Date.UTC(year, month - 1, day, hour, minute, second)`). Around a daylight-saving change the offset at the result
 * can differ from the one at the first guess, so it is read twice.
 */
export function wallTimeToInstant(wallAsUtc: number, timeZone: string): number {
  const first = wallAsUtc - zoneOffsetMs(wallAsUtc, timeZone);
  return wallAsUtc - zoneOffsetMs(first, timeZone);
}
