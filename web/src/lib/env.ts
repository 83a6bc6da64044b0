import { z } from 'zod';

const EnvSchema = z.object({
  /** Where the gateway's REST API is reached from the browser (the dev server and preview proxy `/api`). */
  VITE_API_URL: z.string().default('/api'),
  /** The socket.io origin; empty means the page's own origin (proxied to the gateway). */
  VITE_SOCKET_URL: z.string().default(''),
});

export const env = EnvSchema.parse(import.meta.env);
