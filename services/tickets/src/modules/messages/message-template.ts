/** One formatter per time zone: building an `Intl.DateTimeFormat` costs far more than formatting with it. */
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterOf = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'long',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

/** The clock in a time zone: the parts the message variables need. */
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
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const hour = Number(parts['hour']) % 24;
  return {
    year: parts['year'] ?? '',
    month: parts['month'] ?? '',
    day: parts['day'] ?? '',
    hour,
    minute: parts['minute'] ?? '00',
    second: parts['second'] ?? '00',
    weekday: (parts['weekday'] ?? '').toLowerCase(),
    minutesOfDay: hour * 60 + Number(parts['minute']),
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
