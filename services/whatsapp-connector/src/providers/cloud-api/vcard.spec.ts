import { cardToVcard, vcardToCard } from './vcard.js';

describe(vcardToCard.name, () => {
  it("turns a WhatsApp vCard (grouped TEL with waid) into the Cloud API's contact object", () => {
    const vcard = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Pereira;João;;;',
      'FN:João Pereira',
      'ORG:Oficina Pereira;Funilaria',
      'TITLE:Mecânico',
      'item1.TEL;waid=5511912345678:+55 11 91234-5678',
      'item1.X-ABLabel:Celular',
      'EMAIL;type=WORK:joao@oficinapereira.com.br',
      'END:VCARD',
    ].join('\n');
    expect(vcardToCard('João', vcard)).toEqual({
      name: { formatted_name: 'João Pereira', first_name: 'João', last_name: 'Pereira' },
      phones: [{ phone: '+55 11 91234-5678', wa_id: '5511912345678' }],
      emails: [{ email: 'joao@oficinapereira.com.br' }],
      org: { company: 'Oficina Pereira', department: 'Funilaria', title: 'Mecânico' },
    });
  });

  it('falls back to the display name when the card has no name, since Meta requires one', () => {
    expect(vcardToCard('Suporte', 'BEGIN:VCARD\nVERSION:3.0\nTEL:+5511400312345\nEND:VCARD').name).toEqual({
      formatted_name: 'Suporte',
      first_name: 'Suporte',
    });
  });

  it('round-trips a received card', () => {
    const card = {
      name: { formatted_name: 'Ana Lima', first_name: 'Ana', last_name: 'Lima' },
      phones: [{ phone: '+55 21 99887-7665', wa_id: '5521998877665', type: 'CELL' }],
    };
    const { displayName, vcard } = cardToVcard(card);
    expect(displayName).toBe('Ana Lima');
    expect(vcardToCard(displayName, vcard)).toEqual(card);
  });
});
