import { isEditable } from './campaigns.service.js';
import { utcToZoned, zonedToUtc } from './zoned-time.js';

describe('company time zone', () => {
  it("reads 'YYYY-MM-DD HH:mm:ss' in the company's zone and writes it back", () => {
    expect(zonedToUtc('2026-12-24 10:30:00', 'America/Sao_Paulo')?.toISOString()).toBe('2026-12-24T13:30:00.000Z');
    expect(zonedToUtc('2026-07-01 09:00:00', 'Europe/Lisbon')?.toISOString()).toBe('2026-07-01T08:00:00.000Z');
    expect(utcToZoned(new Date('2026-12-24T13:30:00Z'), 'America/Sao_Paulo')).toBe('2026-12-24 10:30:00');
  });

  it('refuses dates that do not exist', () => {
    expect(zonedToUtc('2026-02-30 10:00:00', 'America/Sao_Paulo')).toBeNull();
    expect(zonedToUtc('2026-12-24 25:00:00', 'America/Sao_Paulo')).toBeNull();
    expect(zonedToUtc('24/12/2026', 'America/Sao_Paulo')).toBeNull();
  });
});

describe('isEditable', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  it('allows inactive, cancelled, and scheduled more than one hour ahead', () => {
    expect(isEditable({ status: 'INATIVA', scheduled_at: null }, now)).toBe(true);
    expect(isEditable({ status: 'CANCELADA', scheduled_at: null }, now)).toBe(true);
    expect(isEditable({ status: 'PROGRAMADA', scheduled_at: new Date(now + 61 * 60_000) }, now)).toBe(true);
    expect(isEditable({ status: 'PROGRAMADA', scheduled_at: new Date(now + 59 * 60_000) }, now)).toBe(false);
    expect(isEditable({ status: 'EM_ANDAMENTO', scheduled_at: null }, now)).toBe(false);
    expect(isEditable({ status: 'FINALIZADA', scheduled_at: null }, now)).toBe(false);
  });
});
