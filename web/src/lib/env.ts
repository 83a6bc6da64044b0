/**
 * Build-time settings (Vite `VITE_*`). Kept free of schema libraries so the first screen stays small.
 * VITE_API_URL: where the gateway's REST API is reached from the browser (dev server and preview proxy `/api`).
 * VITE_SOCKET_URL: the socket.io origin; empty means the page's own origin (proxied to the gateway).
 */
function text(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().replace(/\/$/, '') : fallback;
}

export const env = {
  VITE_API_URL: text(import.meta.env.VITE_API_URL, '/api'),
  VITE_SOCKET_URL: text(import.meta.env.VITE_SOCKET_URL, ''),
} as const;

/** Where the gateway's own media routes begin in a path (`/media/tickets/...`, `/media/whatsapp/...`). */
const GATEWAY_MEDIA = /\/media\/(?:tickets|whatsapp)\/.*$/;

/**
 * Media URLs from the server may be relative to the gateway (`/media/whatsapp/2/<hash>.jpg`); the browser reaches
 * the gateway under VITE_API_URL. The gateway's own media named with an absolute URL (built from the services'
 * PUBLIC_URL, which may name another host or port than the one this page talks to) are reached the same way.
 * Other absolute http(s), data: and blob: URLs are used as they are; anything else (javascript:, unknown schemes)
 * is refused.
 */
export function mediaSrc(url: string | null | undefined): string | null {
  if (!url) return null;
  if (/^https?:/i.test(url)) {
    const ours = GATEWAY_MEDIA.exec(url.replace(/^https?:\/\/[^/]+/i, ''));
    return ours ? `${env.VITE_API_URL}${ours[0]}` : url;
  }
  if (/^(data:image\/|blob:)/i.test(url)) return url;
  if (url.startsWith('/')) return `${env.VITE_API_URL}${url}`;
  return null;
}
