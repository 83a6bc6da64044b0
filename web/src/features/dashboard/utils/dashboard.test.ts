import { describe, expect, it } from 'vitest';
import {
  dashboardParams,
  defaultFilter,
  isoDay,
  formatDueDate,
  hourlySlots,
  splitMinutes,
  stars,
  validDay,
} from './dashboard';

describe('dashboard filter', () => {
  it('defaults to the first of the month until today, by date', () => {
    expect(defaultFilter(new Date(2026, 10, 21, 15, 0))).toEqual({
      type: 'date',
      dateFrom: '2026-11-01',
      dateTo: '2026-11-21',
      period: 0,
    });
  });

  it('asks for a filter when there is none: no period chosen, or no valid date', () => {
    expect(dashboardParams({ type: 'period', period: 0, dateFrom: '2026-11-01', dateTo: '2026-11-21' })).toBeNull();
    expect(dashboardParams({ type: 'date', period: 0, dateFrom: '', dateTo: '2026-02-30' })).toBeNull();
  });

  it('sends the period as days, and leaves empty or invalid dates out (null)', () => {
    expect(dashboardParams({ type: 'period', period: 7, dateFrom: '', dateTo: '' })).toEqual({ days: '7' });
    expect(dashboardParams({ type: 'date', period: 0, dateFrom: '2026-11-01', dateTo: '2026-13-01' })).toEqual({
      date_from: '2026-11-01',
    });
    expect(dashboardParams({ type: 'date', period: 30, dateFrom: '', dateTo: '2026-11-21' })).toEqual({
      date_to: '2026-11-21',
    });
    expect(validDay('2024-02-29')).toBe('2024-02-29');
    expect(validDay('2025-02-29')).toBeNull();
  });
});

describe('dashboard figures', () => {
  it('shows minutes as hours and minutes', () => {
    expect(splitMinutes(135)).toEqual({ hours: 2, minutes: 15 });
    expect(splitMinutes('59.6')).toEqual({ hours: 1, minutes: 0 });
    expect(splitMinutes(null)).toEqual({ hours: 0, minutes: 0 });
  });

  it('reads the 24 hourly slots of the server, and shows none when the series is malformed', () => {
    const series = Array.from({ length: 24 }, (_, h) => (h === 9 ? 4 : 0));
    expect(hourlySlots(series)[9]).toBe(4);
    expect(hourlySlots([1, 2, 3])).toEqual(Array.from({ length: 24 }, () => 0));
    expect(hourlySlots(undefined)).toHaveLength(24);
  });

  it('rounds an average rating to 1–3 stars, 0 meaning no rating yet', () => {
    expect(stars(0)).toBe(0);
    expect(stars('1.4')).toBe(1);
    expect(stars(2.5)).toBe(3);
    expect(stars(9)).toBe(3);
  });

  it('shows the due date as DD/MM/yyyy without a time-zone shift', () => {
    expect(formatDueDate('2026-12-01')).toBe('01/12/2026');
    expect(formatDueDate('2026-12-01T00:00:00.000Z')).toBe('01/12/2026');
    expect(formatDueDate(null)).toBeNull();
  });
});

describe("the dashboard's days in the company's zone", () => {
  it("counts today and the month from the company's calendar, not the browser's", () => {
    // 2026-12-01 01:30 UTC is still 30 November in São Paulo
    const now = new Date('2026-12-01T01:30:00Z');
    expect(isoDay(now, 'America/Sao_Paulo')).toBe('2026-11-30');
    expect(defaultFilter(now, 'America/Sao_Paulo')).toEqual({
      type: 'date',
      dateFrom: '2026-11-01',
      dateTo: '2026-11-30',
      period: 0,
    });
  });
});
