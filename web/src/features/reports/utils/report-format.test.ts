import { describe, expect, it } from 'vitest';
import { bucketLabel, formatDuration, volumesByPeriod } from './report-format';

describe('report formatting', () => {
  it('writes durations as a manager reads them', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(45)).toBe('45s');
    expect(formatDuration(725)).toBe('12m 05s');
    expect(formatDuration(12_000)).toBe('3h 20m');
    expect(formatDuration(3 * 86_400 + 4 * 3600)).toBe('3d 4h');
  });

  it('labels the histogram buckets by their bounds', () => {
    const bounds = [15, 60, 3600];
    expect([0, 1, 2, 3].map((i) => bucketLabel(bounds, i))).toEqual(['<15s', '15s–1m', '1m–1h', '≥1h']);
  });

  it('adds the keys of one period together, in period order', () => {
    const row = (period: string, opened: number, closed: number) =>
      ({ period, opened, closed }) as Parameters<typeof volumesByPeriod>[0][number];
    expect(volumesByPeriod([row('2026-12-02', 1, 0), row('2026-12-01', 2, 1), row('2026-12-02', 3, 2)])).toEqual([
      { period: '2026-12-01', opened: 2, closed: 1 },
      { period: '2026-12-02', opened: 4, closed: 2 },
    ]);
  });
});
