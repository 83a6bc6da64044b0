import { describe, expect, it } from 'vitest';
import { dayBoundary, formatAuditValue } from './audit-format';

describe('formatAuditValue', () => {
  it('shows text as it is, secrets as dots, empties marked, the rest as JSON', () => {
    expect(formatAuditValue('Vendas', '(vazio)')).toBe('Vendas');
    expect(formatAuditValue('********', '(vazio)')).toBe('••••••••');
    expect(formatAuditValue('', '(vazio)')).toBe('(vazio)');
    expect(formatAuditValue(null, '(vazio)')).toBe('(vazio)');
    expect(formatAuditValue(3, '-')).toBe('3');
    expect(formatAuditValue([1, 2], '-')).toBe('[1,2]');
  });
});

describe('dayBoundary', () => {
  it('turns a local day into the instant it starts, or the next one starts', () => {
    expect(dayBoundary('2026-03-10', 'start')).toBe(new Date(2026, 2, 10).toISOString());
    expect(dayBoundary('2026-03-10', 'end')).toBe(new Date(2026, 2, 11).toISOString());
    expect(dayBoundary('', 'start')).toBeUndefined();
  });
});
