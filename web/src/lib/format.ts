/**
 * A phone as the spec shows it: a leading 55 (Brazil) is dropped, then 11 digits read `(99) 99999-9999` and
 * 10 digits `(99) 9999-9999`. Anything else (groups, foreign numbers) is shown as it came.
 */
export function formatPhone(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  const local = digits.length > 11 && digits.startsWith('55') ? digits.slice(2) : digits;
  if (local.length === 11) return `(${local.slice(0, 2)}) ${local.slice(2, 7)}-${local.slice(7)}`;
  if (local.length === 10) return `(${local.slice(0, 2)}) ${local.slice(2, 6)}-${local.slice(6)}`;
  return raw;
}

/** The signup form's mask `(99) 99999-9999`, applied while typing. */
export function maskPhoneInput(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 11);
  if (digits.length === 0) return '';
  if (digits.length <= 2) return `(${digits}`;
  if (digits.length <= 7) return `(${digits.slice(0, 2)}) ${digits.slice(2)}`;
  return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** A list item's time: `HH:mm` when it is today, `dd/MM/yyyy` otherwise (local time). */
export function formatListTime(value: string | Date, now: Date = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  if (sameDay(date, now)) return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** `HH:mm` of a message. */
export function formatClock(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** `dd/MM/yyyy`, the daily divider of the message list. */
export function formatDay(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** An instant's wall-clock fields in a time zone (two digits each, the year four). */
export function zonedParts(
  value: string | Date,
  timeZone: string,
): { year: string; month: string; day: string; hour: string; minute: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(typeof value === 'string' ? new Date(value) : value)
      .map((part) => [part.type, part.value]),
  );
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute! };
}

/**
 * The spec's general date format `DD/MM/YY HH:mm`: in the browser's zone, or in `timeZone` (a company's schedule,
 * which the server reads in the company's zone, shows the same wall clock wherever the browser is).
 */
export function formatDateTime(value: string | Date, timeZone?: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (timeZone) {
    const { year, month, day, hour, minute } = zonedParts(date, timeZone);
    return `${day}/${month}/${year.slice(2)} ${hour}:${minute}`;
  }
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${String(date.getFullYear()).slice(2)} ${formatClock(date)}`;
}

export function isSameDay(a: string | Date, b: string | Date): boolean {
  return sameDay(new Date(a), new Date(b));
}

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
