/** Which addresses name another company's stored file, as the gateway would serve them. */
import { isOtherCompanysFile } from './platform-media.js';

const PUBLIC_URL = 'https://app.example.com/';
const other = (url: string, companyId = 7): boolean => isOtherCompanysFile(PUBLIC_URL, companyId, url);

describe('isOtherCompanysFile', () => {
  it('refuses a file of another company under every media route', () => {
    expect(other('https://app.example.com/media/tickets/8/templates/0f8e-a.png')).toBe(true);
    expect(other('https://app.example.com/files/media/8/campaign/3/0f8e-a.png')).toBe(true);
    expect(other('https://app.example.com/media/whatsapp/8/12/0f8e-a.jpg')).toBe(true);
  });

  it('accepts the company’s own files and any ordinary link', () => {
    expect(other('https://app.example.com/media/tickets/7/templates/0f8e-a.png')).toBe(false);
    expect(other('https://app.example.com/files/media/7/fileList/2/0f8e-a.pdf')).toBe(false);
    expect(other('https://cdn.example.com/media/tickets/8/templates/a.png')).toBe(false);
    expect(other('https://app.example.com/media/other/8/a.png')).toBe(false);
    expect(other('not a url')).toBe(false);
  });

  it('compares the address as the gateway serves it: case, port, dot segments, escapes and query', () => {
    expect(other('HTTPS://APP.EXAMPLE.COM:443/media/tickets/8/templates/a.png')).toBe(true);
    expect(other('https://app.example.com/x/../media/tickets/8/templates/a.png')).toBe(true);
    expect(other('https://app.example.com/media/tickets/%38/templates/a.png')).toBe(true);
    expect(other('https://app.example.com/media/tickets/8/templates/a.png?v=1#top')).toBe(true);
    expect(other('https://app.example.com/media/tickets/%E0%A4%A/templates/a.png')).toBe(true);
    expect(other('https://app.example.com/media/tickets/%37/templates/a.png')).toBe(false);
  });

  it('follows a PUBLIC_URL with a path', () => {
    const base = 'https://example.com/atendimento';
    expect(isOtherCompanysFile(base, 7, 'https://example.com/atendimento/media/tickets/8/t/a.png')).toBe(true);
    expect(isOtherCompanysFile(base, 7, 'https://example.com/media/tickets/8/t/a.png')).toBe(false);
  });
});
