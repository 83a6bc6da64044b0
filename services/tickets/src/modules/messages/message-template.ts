import { zonedParts as clockIn } from '@cs/platform/time';

const two = (value: number): string => String(value).padStart(2, '0');

/** The clock in a time zone: the parts the message variables need (zero-padded) and the minutes since midnight. */
export function zonedParts(
  now: Date,
  timeZone: string,
): {
  year: string;
  month: string;
  day: string;
  hour: number;
  minute: string;
  second: string;
  weekday: string;
  minutesOfDay: number;
} {
  const clock = clockIn(now, timeZone);
  return {
    year: String(clock.year),
    month: two(clock.month),
    day: two(clock.day),
    hour: clock.hour,
    minute: two(clock.minute),
    second: two(clock.second),
    weekday: clock.weekday,
    minutesOfDay: clock.hour * 60 + clock.minute,
  };
}

/** The greeting of the time of day (`{{ms}}`): Bom dia from 6h, Boa tarde from 12h, Boa noite from 18h. */
export function greetingOfHour(hour: number): string {
  if (hour < 6) return 'Boa madrugada';
  if (hour < 12) return 'Bom dia';
  if (hour < 18) return 'Boa tarde';
  return 'Boa noite';
}

export interface TemplateContext {
  readonly contactName: string;
  readonly now: Date;
  readonly timeZone: string;
}

/**
 * Renders the spec's message variables server-side: `{{firstName}}`, `{{name}}`, `{{ms}}` (greeting of the
 * hour), `{{protocol}}` (yyyyMMddHHmmss), `{{date}}` (dd/MM/yyyy), `{{hour}}` (HH:mm:ss), plus upstream's
 * `{{gretting}}` and `{{hora}}` spellings. Unknown variables are left as typed.
 */
export function renderTemplate(text: string, context: TemplateContext): string {
  const clock = zonedParts(context.now, context.timeZone);
  const hh = String(clock.hour).padStart(2, '0');
  const name = context.contactName.trim();
  const values: Record<string, string> = {
    firstName: name.split(/\s+/)[0] ?? '',
    name,
    ms: greetingOfHour(clock.hour),
    gretting: greetingOfHour(clock.hour),
    protocol: `${clock.year}${clock.month}${clock.day}${hh}${clock.minute}${clock.second}`,
    date: `${clock.day}/${clock.month}/${clock.year}`,
    hour: `${hh}:${clock.minute}:${clock.second}`,
    hora: `${hh}:${clock.minute}:${clock.second}`,
  };
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, key: string) => values[key] ?? match);
}
