import { fileNameOf } from './contact-export.js';

describe('the name of a stored file in an export', () => {
  it('drops the random prefix and keeps the readable name', () => {
    expect(fileNameOf('https://cs.example/media/whatsapp/42/7/0b6f3c1e-1234-4e56-8a9b-0123456789ab-foto.jpg')).toBe(
      'foto.jpg',
    );
    expect(fileNameOf('https://cs.example/media/tickets/42/messages/x/Contrato%20Final.pdf')).toBe(
      'Contrato_Final.pdf',
    );
  });

  it('never names a path, a dot-file or nothing', () => {
    expect(fileNameOf('https://cs.example/media/tickets/42/a/..%2F..%2Fetc')).toBe('arquivo.._.._etc');
    expect(fileNameOf('https://cs.example/media/tickets/')).toBe('arquivo');
    expect(fileNameOf('https://cs.example/media/tickets/.env')).toBe('arquivo.env');
  });
});
