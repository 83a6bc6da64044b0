import { describe, expect, it } from 'vitest';
import { formatDateTime, formatListTime, formatPhone, maskPhoneInput } from './format';

describe('formatPhone', () => {
  it('drops the leading 55 and formats 11 digits as a mobile', () => {
    expect(formatPhone('5511987654321')).toBe('(11) 98765-4321');
  });
  it('formats 10 digits as a landline', () => {
    expect(formatPhone('551133334444')).toBe('(11) 3333-4444');
    expect(formatPhone('1133334444')).toBe('(11) 3333-4444');
  });
  it('keeps a number of another length as it came', () => {
    expect(formatPhone('120363025000000000')).toBe('120363025000000000');
    expect(formatPhone('14155550100')).toBe('(14) 15555-0100');
  });
});

describe('formatListTime', () => {
  const now = new Date(2026, 10, 21, 15, 30);
  it('shows HH:mm for today', () => {
    expect(formatListTime(new Date(2026, 10, 21, 9, 5), now)).toBe('09:05');
  });
  it('shows dd/MM/yyyy for another day', () => {
    expect(formatListTime(new Date(2026, 10, 20, 23, 59), now)).toBe('20/11/2026');
    expect(formatListTime(new Date(2025, 0, 2, 8, 0), now)).toBe('02/01/2025');
  });
});

describe('maskPhoneInput', () => {
  it('applies (99) 99999-9999 while typing', () => {
    expect(maskPhoneInput('1')).toBe('(1');
    expect(maskPhoneInput('1198')).toBe('(11) 98');
    expect(maskPhoneInput('11987654321999')).toBe('(11) 98765-4321');
  });
});

describe('formatDateTime in a time zone', () => {
  it("shows the zone's wall clock, not the browser's", () => {
    // 2026-12-01 02:30 UTC is still 30/11 23:30 in São Paulo (UTC−3) and already 01/12 11:30 in Tokyo
    expect(formatDateTime('2026-12-01T02:30:00Z', 'America/Sao_Paulo')).toBe('30/11/26 23:30');
    expect(formatDateTime('2026-12-01T02:30:00Z', 'Asia/Tokyo')).toBe('01/12/26 11:30');
  });
});
