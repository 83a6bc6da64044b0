import type { GatewayConfig } from '../config/env.js';

export type ServiceName = 'identity' | 'tickets' | 'contacts' | 'whatsapp-connector' | 'campaigns' | 'billing';

export const SERVICE_URL_KEY: Record<ServiceName, keyof GatewayConfig> = {
  identity: 'IDENTITY_URL',
  tickets: 'TICKETS_URL',
  contacts: 'CONTACTS_URL',
  'whatsapp-connector': 'WHATSAPP_CONNECTOR_URL',
  campaigns: 'CAMPAIGNS_URL',
  billing: 'BILLING_URL',
};

/**
 * Every public path prefix of the spec and the service that owns it. The first matching prefix wins; a prefix
 * matches the path itself and anything under `prefix/`. Paths and payloads go through unchanged.
 */
export const ROUTES: ReadonlyArray<{ readonly prefix: string; readonly service: ServiceName }> = [
  { prefix: '/auth', service: 'identity' },
  { prefix: '/users', service: 'identity' },
  { prefix: '/companies', service: 'identity' },
  { prefix: '/companiesPlan', service: 'identity' },
  { prefix: '/plans', service: 'identity' },
  { prefix: '/settings', service: 'identity' },
  { prefix: '/helps', service: 'identity' },
  { prefix: '/announcements', service: 'identity' },
  { prefix: '/tickets', service: 'tickets' },
  { prefix: '/ticket', service: 'tickets' },
  { prefix: '/messages', service: 'tickets' },
  { prefix: '/queue', service: 'tickets' },
  { prefix: '/queue-options', service: 'tickets' },
  { prefix: '/queueIntegration', service: 'tickets' },
  { prefix: '/prompt', service: 'tickets' },
  { prefix: '/tags', service: 'tickets' },
  { prefix: '/ticket-tags', service: 'tickets' },
  { prefix: '/quick-messages', service: 'tickets' },
  { prefix: '/ticket-notes', service: 'tickets' },
  { prefix: '/schedules', service: 'tickets' },
  { prefix: '/dashboard', service: 'tickets' },
  { prefix: '/chats', service: 'tickets' },
  { prefix: '/media/tickets', service: 'tickets' },
  { prefix: '/contacts', service: 'contacts' },
  { prefix: '/contact', service: 'contacts' },
  { prefix: '/contact-lists', service: 'contacts' },
  { prefix: '/contact-list-items', service: 'contacts' },
  { prefix: '/whatsapp', service: 'whatsapp-connector' },
  { prefix: '/whatsappsession', service: 'whatsapp-connector' },
  { prefix: '/campaigns', service: 'campaigns' },
  { prefix: '/campaign-settings', service: 'campaigns' },
  { prefix: '/files', service: 'campaigns' },
  { prefix: '/invoices', service: 'billing' },
  { prefix: '/subscription', service: 'billing' },
];

/** Calls that need no access token (`METHOD path-pattern`). Everything else requires one. */
export const PUBLIC_ROUTES: ReadonlyArray<{ readonly method: string; readonly pattern: RegExp }> = [
  { method: 'POST', pattern: /^\/auth\/login$/ },
  { method: 'POST', pattern: /^\/auth\/refresh_token$/ },
  { method: 'POST', pattern: /^\/companies\/cadastro$/ },
  { method: 'GET', pattern: /^\/plans\/(list|all)$/ },
  // stored media: unguessable names (uuid), fetched by browsers and by the connector when it sends by URL
  { method: 'GET', pattern: /^\/media\/tickets\/[^?#]+$/ },
];

export function routeFor(path: string): { prefix: string; service: ServiceName } | undefined {
  return ROUTES.find((route) => path === route.prefix || path.startsWith(`${route.prefix}/`));
}

export function isPublic(method: string, path: string): boolean {
  return PUBLIC_ROUTES.some((route) => route.method === method && route.pattern.test(path));
}
