/** A text value of a vCard 3.0 (RFC 2426 §4): backslash, comma, semicolon and line breaks escaped. */
export const vcardText = (value: string): string =>
  value.replace(/[\\,;]/g, (char) => `\\${char}`).replace(/\r\n|\r|\n/g, '\\n');

/**
 * A contact as a vCard 3.0, the shape WhatsApp reads: `FN` and `TEL;type=CELL;waid=<number>:+<number>`, so the
 * card opens the number's chat. Lines end in CRLF (RFC 2426).
 */
export function contactVcard(name: string, number: string): string {
  const text = vcardText(name);
  const digits = number.replace(/\D/g, '');
  return [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:;${text};;;`,
    `FN:${text}`,
    `TEL;type=CELL;waid=${digits}:+${digits}`,
    'END:VCARD',
    '',
  ].join('\r\n');
}
