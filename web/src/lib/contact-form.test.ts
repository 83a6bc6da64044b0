import { describe, expect, it } from 'vitest';
import { ContactFieldsSchema, ContactFormSchema } from './contact-form';
import { validateForm } from './form';

const valid = { name: 'Maria Souza', number: '5511987654321', email: '', extraInfo: [] };

describe('the shared contact form schema', () => {
  it("gives the spec's messages for each field", () => {
    expect(validateForm(ContactFormSchema, { ...valid, name: '  ', number: '', email: 'nao-email' })).toEqual({
      ok: false,
      errors: { name: 'Required', number: 'Required', email: 'Invalid email' },
    });
    expect(validateForm(ContactFormSchema, { ...valid, name: 'J', number: '1234567' })).toEqual({
      ok: false,
      errors: { name: 'Too Short!', number: 'Too Short!' },
    });
    expect(validateForm(ContactFormSchema, { ...valid, name: 'x'.repeat(51), number: '1'.repeat(51) })).toEqual({
      ok: false,
      errors: { name: 'Too Long!', number: 'Too Long!' },
    });
  });

  it('accepts the bounds, an empty email, and trims the name, number and extra field names', () => {
    const result = validateForm(ContactFormSchema, {
      name: ' Jo ',
      number: ' 12345678 ',
      email: 'jo@exemplo.com',
      extraInfo: [{ name: ' CPF ', value: ' 1 ' }],
    });
    expect(result).toEqual({
      ok: true,
      data: { name: 'Jo', number: '12345678', email: 'jo@exemplo.com', extraInfo: [{ name: 'CPF', value: ' 1 ' }] },
    });
    expect(validateForm(ContactFormSchema, { ...valid, name: 'x'.repeat(50), number: '1'.repeat(50) }).ok).toBe(true);
  });

  it("is a contact list item's form without the extra fields", () => {
    expect(validateForm(ContactFieldsSchema, { name: 'Jo', number: '1234', email: 'a@' })).toEqual({
      ok: false,
      errors: { number: 'Too Short!', email: 'Invalid email' },
    });
    expect(validateForm(ContactFieldsSchema, { name: 'Jo', number: '12345678', email: '' })).toEqual({
      ok: true,
      data: { name: 'Jo', number: '12345678', email: '' },
    });
  });
});
