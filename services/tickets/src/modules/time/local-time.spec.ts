import { parseDateTime } from './local-time.js';

describe(parseDateTime.name, () => {
  it('reads a wall-clock time without offset in the company time zone', () => {
    expect(parseDateTime('2026-10-02T14:30', 'America/Sao_Paulo')?.toISOString()).toBe('2026-10-02T17:30:00.000Z');
    expect(parseDateTime('2026-10-02 14:30:15', 'Europe/Lisbon')?.toISOString()).toBe('2026-10-02T13:30:15.000Z');
  });

  it('keeps an instant that carries its offset', () => {
    expect(parseDateTime('2026-10-02T14:30:00-03:00', 'Europe/Lisbon')?.toISOString()).toBe('2026-10-02T17:30:00.000Z');
    expect(parseDateTime('2026-10-02T14:30:00.000Z', 'America/Sao_Paulo')?.toISOString()).toBe(
      '2026-10-02T14:30:00.000Z',
    );
  });

  it('follows daylight-saving time', () => {
    // New York: UTC-4 in July, UTC-5 in January
    expect(parseDateTime('2026-07-01T09:00', 'America/New_York')?.toISOString()).toBe('2026-07-01T13:00:00.000Z');
    expect(parseDateTime('2026-01-05T09:00', 'America/New_York')?.toISOString()).toBe('2026-01-05T14:00:00.000Z');
  });

  it('answers null for anything unreadable', () => {
    expect(parseDateTime('amanhã', 'America/Sao_Paulo')).toBeNull();
    expect(parseDateTime(new Date('x'), 'America/Sao_Paulo')).toBeNull();
  });
});
