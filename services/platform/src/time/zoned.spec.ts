import { localDate, wallTimeToInstant, zonedParts, zoneOffsetMs } from './zoned.js';

describe('zoned time', () => {
  // 2026-11-27 02:30:15 UTC: still Thursday the 26th in São Paulo (UTC-3)
  const instant = Date.UTC(2026, 10, 27, 2, 30, 15);

  it('reads the clock of the zone, weekday included', () => {
    expect(zonedParts(instant, 'America/Sao_Paulo')).toEqual({
      year: 2026,
      month: 11,
      day: 26,
      hour: 23,
      minute: 30,
      second: 15,
      weekday: 'thursday',
    });
    expect(zonedParts(new Date(instant), 'Asia/Tokyo')).toMatchObject({ day: 27, hour: 11, weekday: 'friday' });
  });

  it('gives the local date, and UTC for a zone that does not exist', () => {
    expect(localDate(instant, 'America/Sao_Paulo')).toBe('2026-11-26');
    expect(localDate(instant, 'UTC')).toBe('2026-11-27');
    expect(localDate(instant, 'Mars/Olympus_Mons')).toBe('2026-11-27');
  });

  it('reads midnight as hour 0', () => {
    expect(zonedParts(Date.UTC(2026, 0, 1, 3, 0, 0), 'America/Sao_Paulo')).toMatchObject({ hour: 0, day: 1 });
  });

  it('gives the offset of the zone at the instant, daylight saving included', () => {
    expect(zoneOffsetMs(instant, 'America/Sao_Paulo')).toBe(-3 * 3_600_000);
    // New York: -5 h in November, -4 h in July
    expect(zoneOffsetMs(instant, 'America/New_York')).toBe(-5 * 3_600_000);
    expect(zoneOffsetMs(Date.UTC(2026, 6, 1, 12), 'America/New_York')).toBe(-4 * 3_600_000);
  });

  it('finds the instant of a wall time in the zone, across a daylight-saving change', () => {
    expect(wallTimeToInstant(Date.UTC(2026, 10, 26, 23, 30, 15), 'America/Sao_Paulo')).toBe(instant);
    // New York, the day clocks go back (2026-11-01): 12:00 is already EST (-5 h)
    expect(new Date(wallTimeToInstant(Date.UTC(2026, 10, 1, 12), 'America/New_York')).toISOString()).toBe(
      '2026-11-01T17:00:00.000Z',
    );
    // and the day before, EDT (-4 h)
    expect(new Date(wallTimeToInstant(Date.UTC(2026, 9, 31, 12), 'America/New_York')).toISOString()).toBe(
      '2026-10-31T16:00:00.000Z',
    );
  });
});
