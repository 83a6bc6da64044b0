import type { ScheduleEntry } from '@cs/proto/events';
import { isWithinSchedule } from './business-hours.js';

const week = (overrides: Partial<Record<ScheduleEntry['weekdayEn'], [string, string]>>): ScheduleEntry[] =>
  (['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const).map((day) => {
    const [startTime, endTime] = overrides[day] ?? ['08:00', '18:00'];
    return { weekday: day, weekdayEn: day, startTime, endTime };
  });
const SP = 'America/Sao_Paulo';
// 2026-11-20 is a Friday. São Paulo is UTC-3.
const at = (localIso: string): Date => new Date(`${localIso}-03:00`);

describe(isWithinSchedule.name, () => {
  it('is open inside the window and closed outside it, in the company time zone', () => {
    const schedules = week({});
    expect(isWithinSchedule(schedules, SP, at('2026-11-20T08:00:00'))).toBe(true);
    expect(isWithinSchedule(schedules, SP, at('2026-11-20T17:59:00'))).toBe(true);
    expect(isWithinSchedule(schedules, SP, at('2026-11-20T18:00:00'))).toBe(false);
    expect(isWithinSchedule(schedules, SP, at('2026-11-20T07:59:00'))).toBe(false);
    // 20:30 UTC is 17:30 in São Paulo: open, although the UTC clock says otherwise
    expect(isWithinSchedule(schedules, SP, new Date('2026-11-20T20:30:00Z'))).toBe(true);
  });

  it('treats 00:00-00:00 as closed all day and a missing day as open', () => {
    expect(isWithinSchedule(week({ sunday: ['00:00', '00:00'] }), SP, at('2026-11-22T10:00:00'))).toBe(false);
    const withoutSaturday = week({}).filter((entry) => entry.weekdayEn !== 'saturday');
    expect(isWithinSchedule(withoutSaturday, SP, at('2026-11-21T23:00:00'))).toBe(true);
  });

  it('supports windows crossing midnight, including the morning after', () => {
    const night = week({ friday: ['22:00', '02:00'], saturday: ['00:00', '00:00'] });
    expect(isWithinSchedule(night, SP, at('2026-11-20T21:59:00'))).toBe(false);
    expect(isWithinSchedule(night, SP, at('2026-11-20T23:30:00'))).toBe(true);
    expect(isWithinSchedule(night, SP, at('2026-11-21T01:30:00'))).toBe(true);
    expect(isWithinSchedule(night, SP, at('2026-11-21T02:00:00'))).toBe(false);
  });
});
