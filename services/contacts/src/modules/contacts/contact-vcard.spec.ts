import { contactVcard, vcardText } from './contact-vcard.js';

describe(contactVcard.name, () => {
  it("writes a vCard 3.0 whose phone opens the number's WhatsApp chat", () => {
    expect(contactVcard('Maria Souza', '5521998765432')).toBe(
      'BEGIN:VCARD\r\nVERSION:3.0\r\nN:;Maria Souza;;;\r\nFN:Maria Souza\r\n' +
        'TEL;type=CELL;waid=5521998765432:+5521998765432\r\nEND:VCARD\r\n',
    );
  });

  it('escapes what would break the card (a name cannot add lines or properties)', () => {
    expect(vcardText('Souza; Maria, \\ Jr\r\nTEL:+1')).toBe('Souza\\; Maria\\, \\\\ Jr\\nTEL:+1');
    expect(contactVcard('A\nEND:VCARD', '55').split('\r\n')).toHaveLength(7);
  });
});
