import { dateInZonePlusDays, extendDueDate, RECURRENCE_MONTHS } from './companies.mapper.js';

describe('due dates', () => {
  it('extends by the recurrence from the current due date, clamping to the end of the month', () => {
    expect(extendDueDate('2026-01-31', RECURRENCE_MONTHS.MENSAL, '2026-01-15')).toBe('2026-02-28');
    expect(extendDueDate('2026-01-15', RECURRENCE_MONTHS.BIMESTRAL, '2026-01-10')).toBe('2026-03-15');
    expect(extendDueDate('2026-01-15', RECURRENCE_MONTHS.TRIMESTRAL, '2026-01-10')).toBe('2026-04-15');
    expect(extendDueDate('2026-08-31', RECURRENCE_MONTHS.SEMESTRAL, '2026-08-01')).toBe('2027-02-28');
    expect(extendDueDate('2028-02-29', RECURRENCE_MONTHS.ANUAL, '2028-01-01')).toBe('2029-02-28');
  });

  it('extends from today when the company is already past its due date (or has none)', () => {
    expect(extendDueDate('2025-01-10', 1, '2026-05-20')).toBe('2026-06-20');
    expect(extendDueDate(null, 1, '2026-05-20')).toBe('2026-06-20');
  });

  it('computes the trial in the company time zone', () => {
    // 01:00 UTC on the 10th is still the 9th in São Paulo
    expect(dateInZonePlusDays(new Date('2026-03-10T01:00:00Z'), 'America/Sao_Paulo', 3)).toBe('2026-03-12');
  });
});
