import { describe, expect, it } from 'vitest';
import { env, mediaSrc } from './env';

describe('mediaSrc', () => {
  it('reaches gateway-relative media through the API base and keeps absolute URLs', () => {
    expect(mediaSrc('/media/whatsapp/2/ab.jpg')).toBe(`${env.VITE_API_URL}/media/whatsapp/2/ab.jpg`);
    expect(mediaSrc('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(mediaSrc('data:image/png;base64,AAA')).toBe('data:image/png;base64,AAA');
  });
  it("reaches the gateway's media named with any host or port through the API base", () => {
    expect(mediaSrc('http://127.0.0.1:8080/media/tickets/2/x.jpg')).toBe(`${env.VITE_API_URL}/media/tickets/2/x.jpg`);
    expect(mediaSrc('https://app.example.com/api/media/whatsapp/2/ab.pdf?v=1')).toBe(
      `${env.VITE_API_URL}/media/whatsapp/2/ab.pdf?v=1`,
    );
    expect(mediaSrc('https://cdn.example.com/media/other/a.png')).toBe('https://cdn.example.com/media/other/a.png');
  });
  it('refuses scripts and unknown schemes', () => {
    expect(mediaSrc('javascript:alert(1)')).toBeNull();
    expect(mediaSrc('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(mediaSrc('')).toBeNull();
  });
});
