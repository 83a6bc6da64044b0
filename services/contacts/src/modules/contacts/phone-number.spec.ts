import { groupIdOf, normalizePhoneNumber, numberSpellings } from './phone-number.js';

describe(normalizePhoneNumber.name, () => {
  it.each([
    '+55 (21) 99876-5432',
    '21998765432',
    '2198765432',
    '5521998765432',
    '552198765432',
    '+55 21 9876-5432',
    '021998765432',
    '55 21 99876 5432',
    '5521998765432@s.whatsapp.net',
    '552198765432@s.whatsapp.net',
    '552198765432:12@s.whatsapp.net',
  ])('reads %s as the one Brazilian mobile 5521998765432', (input) => {
    expect(normalizePhoneNumber(input)).toBe('5521998765432');
  });

  it('keeps Brazilian landlines without adding a ninth digit', () => {
    expect(normalizePhoneNumber('(11) 3333-4444')).toBe('551133334444');
    expect(normalizePhoneNumber('551133334444')).toBe('551133334444');
    expect(normalizePhoneNumber('+55 11 3333-4444')).toBe('551133334444');
  });

  it('reads foreign numbers with or without the plus sign', () => {
    expect(normalizePhoneNumber('+1 415 555 2671')).toBe('14155552671');
    expect(normalizePhoneNumber('14155552671')).toBe('14155552671');
    expect(normalizePhoneNumber('+351 912 345 678')).toBe('351912345678');
    expect(normalizePhoneNumber('00351912345678')).toBe('351912345678');
  });

  it('refuses what is not a phone number', () => {
    expect(normalizePhoneNumber('12345')).toBeNull();
    expect(normalizePhoneNumber('abcdefghij')).toBeNull();
    expect(normalizePhoneNumber('98765432')).toBeNull();
    expect(normalizePhoneNumber('+55 21 1234-567')).toBeNull();
    expect(normalizePhoneNumber('')).toBeNull();
  });
});

describe(groupIdOf.name, () => {
  it('keeps the group id as WhatsApp gives it', () => {
    expect(groupIdOf('120363025246125888@g.us')).toBe('120363025246125888');
    expect(groupIdOf('5521998765432-1612345678@g.us')).toBe('5521998765432-1612345678');
  });
});

describe(numberSpellings.name, () => {
  it("gives a Brazilian mobile's both spellings of the ninth digit, the digits as sent first", () => {
    expect(numberSpellings('5521998765432')).toEqual(['5521998765432', '552198765432']);
    expect(numberSpellings('552198765432')).toEqual(['552198765432', '5521998765432']);
    expect(numberSpellings('21998765432')).toEqual(['21998765432', '5521998765432', '552198765432']);
  });

  it('leaves landlines, foreign numbers and group ids to their own spelling', () => {
    expect(numberSpellings('551133334444')).toEqual(['551133334444']);
    expect(numberSpellings('14155552671')).toEqual(['14155552671']);
    expect(numberSpellings('120363025246125888')).toEqual(['120363025246125888']);
  });
});
