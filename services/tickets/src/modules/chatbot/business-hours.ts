import type { ScheduleEntry } from '@cs/proto/events';
import { zonedParts } from '../messages/message-template.js';

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

const minutes = (hhmm: string): number | null => {
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};

/**
 * Whether `now` is inside the opening hours, in the company's time zone. A day without an entry (or with empty
 * times) is open, as upstream; equal start and end (the default Sunday 00:00-00:00) is closed all day. A window
 * whose end is before its start crosses midnight: Friday 22:00-02:00 is open on Friday from 22:00 and on
 * Saturday until 02:00.
 */
export function isWithinSchedule(schedules: readonly ScheduleEntry[], timeZone: string, now: Date): boolean {
  const clock = zonedParts(now, timeZone);
  const todayIndex = WEEKDAYS.indexOf(clock.weekday as (typeof WEEKDAYS)[number]);
  const entryOf = (day: string) => schedules.find((entry) => entry.weekdayEn === day);
  const today = entryOf(clock.weekday);
  const yesterday = entryOf(WEEKDAYS[(todayIndex + 6) % 7] ?? 'sunday');

  // the tail of yesterday's window, when it crossed midnight
  if (yesterday) {
    const start = minutes(yesterday.startTime);
    const end = minutes(yesterday.endTime);
    if (start !== null && end !== null && end < start && clock.minutesOfDay < end) return true;
  }
  if (!today) return true;
  const start = minutes(today.startTime);
  const end = minutes(today.endTime);
  if (start === null || end === null) return true;
  if (start === end) return false;
  if (start < end) return clock.minutesOfDay >= start && clock.minutesOfDay < end;
  return clock.minutesOfDay >= start;
}
