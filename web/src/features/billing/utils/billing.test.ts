import { describe, expect, it } from 'vitest';
import { daysUntil, formatDueDate, invoiceStatus, isExpired } from './billing';
import { checkoutSchema } from './checkout-form';

const messages = {
  fullName: 'O nome completo é obrigatório',
  address: 'O Endereço é obrigatório',
  city: 'Cidade é obrigatória',
  zip: 'CEP é obrigatório',
  zipFormat: 'Formato de CEP inválido',
  country: 'País é obrigatório',
};
const NOW = new Date(2026, 10, 24, 10, 0, 0);

describe('billing rules', () => {
  it('shows Pago, Vencido (before today) or Em Aberto', () => {
    expect(invoiceStatus({ status: 'paid', dueDate: '2020-01-01' }, NOW)).toBe('paid');
    expect(invoiceStatus({ status: 'open', dueDate: '2026-11-23' }, NOW)).toBe('overdue');
    expect(invoiceStatus({ status: 'open', dueDate: '2026-11-24' }, NOW)).toBe('open');
  });

  it('formats due dates and counts the days left', () => {
    expect(formatDueDate('2026-12-05')).toBe('05/12/2026');
    expect(daysUntil('2026-11-27', NOW)).toBe(3);
    expect(isExpired('2026-11-23', NOW)).toBe(true);
    expect(isExpired('2026-11-24', NOW)).toBe(false);
  });

  it("validates the checkout's data step with the spec's messages and the CEP format", () => {
    const schema = checkoutSchema(messages);
    const empty = schema.safeParse({ firstName: '', address2: '', city: '', state: '', zipcode: '', country: '' });
    expect(empty.error?.issues.map((issue) => issue.message).sort()).toEqual(
      Object.values(messages)
        .filter((m) => m !== messages.zipFormat)
        .sort(),
    );
    const badZip = schema.safeParse({
      firstName: 'Ana',
      address2: 'Rua A, 1',
      city: 'São Paulo',
      state: 'SP',
      zipcode: '1234',
      country: 'BR',
    });
    expect(badZip.error?.issues).toEqual([
      expect.objectContaining({ path: ['zipcode'], message: 'Formato de CEP inválido' }),
    ]);
    expect(
      schema.safeParse({
        firstName: 'Ana',
        address2: 'Rua A, 1',
        city: 'São Paulo',
        state: 'SP',
        zipcode: '01310-100',
        country: 'BR',
      }).success,
    ).toBe(true);
    expect(
      schema.safeParse({
        firstName: 'Ann',
        address2: '1 Main St',
        city: 'Austin',
        state: 'TX',
        zipcode: '73301',
        country: 'US',
      }).success,
    ).toBe(true);
  });
});
