import { personJids, personNumbers } from './erasure.consumer.js';

describe('the jids a person is known by', () => {
  it('are their WhatsApp jid, their number as a jid and their LID', () => {
    expect(
      personJids({ number: '5521998765432', lid: '99887766', whatsappJid: '552198765432@s.whatsapp.net' }),
    ).toEqual(['552198765432@s.whatsapp.net', '5521998765432@s.whatsapp.net', '99887766@lid']);
  });

  it('name each jid once and skip what the contact lacks', () => {
    expect(personJids({ number: '', lid: '1@lid', whatsappJid: null })).toEqual(['1@lid']);
    expect(personJids({ number: '5511', lid: null, whatsappJid: '5511@s.whatsapp.net' })).toEqual([
      '5511@s.whatsapp.net',
    ]);
  });
});

describe('the numbers a person is known by', () => {
  it("are their number and their WhatsApp jid's, without a device suffix", () => {
    expect(personNumbers({ number: '5521998765432', whatsappJid: '552198765432:7@s.whatsapp.net' })).toEqual([
      '5521998765432',
      '552198765432',
    ]);
  });

  it('leave out a LID or group jid and what the contact lacks', () => {
    expect(personNumbers({ number: '', whatsappJid: '99887766@lid' })).toEqual([]);
    expect(personNumbers({ number: '5511', whatsappJid: '5511@s.whatsapp.net' })).toEqual(['5511']);
  });
});
