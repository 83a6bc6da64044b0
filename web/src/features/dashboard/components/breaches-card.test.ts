import { describe, expect, it } from 'vitest';
import { reportDays } from './breaches-card';

describe('the breaches card', () => {
  it("reads the dashboard's period as whole days", () => {
    expect(reportDays({ days: '7' }, '2026-12-06')).toEqual({ from: '2026-11-30', to: '2026-12-06' });
    expect(reportDays({ date_from: '2026-12-01' }, '2026-12-06')).toEqual({ from: '2026-12-01', to: '2026-12-06' });
    expect(reportDays({ date_to: '2026-12-06' }, '2026-12-06').from).toBe('2023-12-03');
  });
});
