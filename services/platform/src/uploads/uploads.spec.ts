import { isAllowedType, safeFileHeaders, sniffType, UPLOAD_ALLOW_LISTS } from './index.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d494844520000000100000001080600000000000000', 'hex');

describe('@cs/platform/uploads', () => {
  it('sniffs the bytes: a PNG is a PNG whatever its name; markup is never text', async () => {
    expect(await sniffType(PNG, 'foto.txt')).toBe('image/png');
    expect(await sniffType(Buffer.from('%PDF-1.4 x'), 'a.bin')).toBe('application/pdf');
    expect(await sniffType(Buffer.from('nome;numero\nAna;1199'), 'lista.csv')).toBe('text/csv');
    expect(await sniffType(Buffer.from('olá, tudo bem?'), 'nota.txt')).toBe('text/plain');
    // a Latin-1 CSV (not valid UTF-8) is still a contact list; markup named .csv is still refused
    const latin1 = Buffer.from('nome;numero\nJoão Conceição;5511999990001', 'latin1');
    expect(await sniffType(latin1, 'contatos.csv')).toBe('text/csv');
    expect(isAllowedType('text/csv', UPLOAD_ALLOW_LISTS.spreadsheets)).toBe(true);
    expect(await sniffType(Buffer.from('<script>alert(1)</script>', 'latin1'), 'contatos.csv')).toBeUndefined();
    for (const markup of [
      '<html><body>x</body></html>',
      '<svg onload=alert(1)>',
      '<?xml version="1.0"?><x/>',
      'a\u0000b',
    ])
      expect(
        isAllowedType((await sniffType(Buffer.from(markup), 'x.txt')) ?? 'none', UPLOAD_ALLOW_LISTS.messageMedia),
      ).toBe(false);
  });

  it('checks a sniffed type against an allow-list with families', () => {
    expect(isAllowedType('audio/ogg', UPLOAD_ALLOW_LISTS.messageMedia)).toBe(true);
    expect(isAllowedType('image/svg+xml', UPLOAD_ALLOW_LISTS.messageMedia)).toBe(false);
    expect(isAllowedType('text/html', UPLOAD_ALLOW_LISTS.messageMedia)).toBe(false);
    expect(isAllowedType('image/gif', UPLOAD_ALLOW_LISTS.spreadsheets)).toBe(false);
  });

  it('serves pictures, audio, video and PDF inline, anything else as an attachment, always nosniff with a CSP', () => {
    expect(safeFileHeaders('image/png', 'a.png')).toMatchObject({
      'Content-Type': 'image/png',
      'X-Content-Type-Options': 'nosniff',
    });
    expect(safeFileHeaders('image/png', 'a.png')['Content-Disposition']).toMatch(/^inline/);
    expect(safeFileHeaders('image/png', 'a.png')['Content-Security-Policy']).toContain('sandbox');
    expect(safeFileHeaders('application/pdf', 'a.pdf')['Content-Disposition']).toMatch(/^inline/);
    expect(safeFileHeaders('application/pdf', 'a.pdf')['Content-Security-Policy']).toContain("default-src 'none'");
    const other = safeFileHeaders('application/octet-stream', 'página "x".html');
    expect(other['Content-Type']).toBe('application/octet-stream');
    expect(other['Content-Disposition']).toBe(
      `attachment; filename="p_gina _x_.html"; filename*=UTF-8''${encodeURIComponent('página "x".html')}`,
    );
    expect(safeFileHeaders('text/plain', 'a.txt')['Content-Disposition']).toMatch(/^attachment/);
  });
});
