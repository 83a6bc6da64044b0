import { parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js/max';

const BRAZIL = '55';

/**
 * Brazil's mobiles gained a ninth digit (a leading 9) between 2012 and 2016, but WhatsApp still knows many
 * accounts by the old eight-digit number. A national number of DDD + eight digits starting with 6-9 is such a
 * mobile: the canonical form adds the 9, so both spellings are one contact. Landlines (2-5) stay as they are.
 */
function withNinthDigit(nationalNumber: string): string {
  if (nationalNumber.length === 10 && /^[1-9]{2}[6-9]/.test(nationalNumber)) {
    return `${nationalNumber.slice(0, 2)}9${nationalNumber.slice(2)}`;
  }
  return nationalNumber;
}

function canonicalOf(phone: PhoneNumber | undefined): string | null {
  if (!phone) return null;
  if (phone.countryCallingCode === BRAZIL) {
    const fixed = parsePhoneNumberFromString(`+${BRAZIL}${withNinthDigit(phone.nationalNumber)}`);
    return fixed?.isValid() ? fixed.number.slice(1) : null;
  }
  return phone.isValid() ? phone.number.slice(1) : null;
}

/**
 * The one canonical form of a phone number: E.164 digits without '+', Brazilian mobiles with the ninth digit.
 * Accepts what people type and what WhatsApp sends: `+55 (21) 99876-5432`, `21 99876-5432`, `2198765432`,
 * `5521998765432`, `552198765432`, `5521998765432@s.whatsapp.net`, `+1 415 555 2671`. Numbers without a
 * country code are read as Brazilian first. Returns null when the input is not a valid phone number.
 */
export function normalizePhoneNumber(raw: string): string | null {
  // every inbound message carries its sender's number: the same few thousand numbers over and over
  const known = normalized.get(raw);
  if (known !== undefined) return known;
  const result = normalize(raw);
  normalized.set(raw, result);
  if (normalized.size > NORMALIZED_KEPT) {
    const oldest = normalized.keys().next().value;
    if (oldest !== undefined) normalized.delete(oldest);
  }
  return result;
}

/** Recently normalized numbers (parsing one with libphonenumber costs tens of microseconds), oldest first. */
const normalized = new Map<string, string | null>();
const NORMALIZED_KEPT = 20_000;

function normalize(raw: string): string | null {
  const local = raw.split('@')[0]?.split(':')[0]?.trim() ?? '';
  const international = local.startsWith('+') || local.startsWith('00');
  const digits = local.replace(/\D/g, '').replace(international && local.startsWith('00') ? /^00/ : /^$/, '');
  if (digits.length < 8 || digits.length > 17) return null;
  if (international) return canonicalOf(parsePhoneNumberFromString(`+${digits}`));
  const asBrazilian = canonicalOf(parsePhoneNumberFromString(digits, 'BR'));
  if (asBrazilian) return asBrazilian;
  const asInternational = parsePhoneNumberFromString(`+${digits}`);
  return asInternational && asInternational.countryCallingCode !== BRAZIL ? canonicalOf(asInternational) : null;
}

/** A group's id from its jid (`120363025246125888@g.us` → `120363025246125888`); group ids are never rewritten. */
export function groupIdOf(jid: string): string {
  return jid.split('@')[0] ?? jid;
}

/**
 * The spellings a stored number may have for digits someone sends, best first: the digits themselves, their
 * canonical form, and for a Brazilian mobile the other spelling of its ninth digit (`55 DD 9XXXX-XXXX` and
 * `55 DD XXXX-XXXX`), as WhatsApp may know it by either.
 */
export function numberSpellings(digits: string): string[] {
  const spellings = [digits, normalizePhoneNumber(digits) ?? digits];
  for (const spelling of [...spellings]) {
    const mobile = /^55([1-9]{2})(9?)([6-9]\d{7})$/.exec(spelling);
    if (mobile) spellings.push(`55${mobile[1]}${mobile[2] ? '' : '9'}${mobile[3]}`);
  }
  return [...new Set(spellings)];
}
