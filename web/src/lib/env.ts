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
