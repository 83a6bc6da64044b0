import type { PlanFlag } from '@cs/proto/events';
import { type PublicRoute, PUBLIC_API, type RouteAccess } from '@cs/proto/http';
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
  { prefix: '/platform-settings', service: 'identity' },
  { prefix: '/audit-logs', service: 'identity' },
  { prefix: '/tickets', service: 'tickets' },
  { prefix: '/ticket', service: 'tickets' },
  { prefix: '/messages', service: 'tickets' },
  { prefix: '/messages-allMe', service: 'tickets' },
  { prefix: '/message-templates', service: 'tickets' },
  { prefix: '/queue', service: 'tickets' },
  { prefix: '/queue-options', service: 'tickets' },
  { prefix: '/queueIntegration', service: 'tickets' },
  { prefix: '/prompt', service: 'tickets' },
  { prefix: '/ai-assist', service: 'tickets' },
  { prefix: '/tags', service: 'tickets' },
  { prefix: '/ticket-tags', service: 'tickets' },
  { prefix: '/quick-messages', service: 'tickets' },
  { prefix: '/ticket-notes', service: 'tickets' },
  { prefix: '/schedules', service: 'tickets' },
  { prefix: '/dashboard', service: 'tickets' },
  { prefix: '/reports', service: 'tickets' },
  { prefix: '/service-levels', service: 'tickets' },
  { prefix: '/chats', service: 'tickets' },
  { prefix: '/media/tickets', service: 'tickets' },
  { prefix: '/contacts', service: 'contacts' },
  { prefix: '/contact', service: 'contacts' },
  { prefix: '/contact-lists', service: 'contacts' },
  { prefix: '/contact-list-items', service: 'contacts' },
  { prefix: '/privacy/contact-exports', service: 'tickets' },
  { prefix: '/privacy', service: 'contacts' },
  { prefix: '/whatsapp', service: 'whatsapp-connector' },
  { prefix: '/whatsappsession', service: 'whatsapp-connector' },
  { prefix: '/simulator', service: 'whatsapp-connector' },
  { prefix: '/webhooks/whatsapp', service: 'whatsapp-connector' },
  { prefix: '/media/whatsapp', service: 'whatsapp-connector' },
  { prefix: '/campaigns', service: 'campaigns' },
  { prefix: '/campaign-settings', service: 'campaigns' },
  { prefix: '/files', service: 'campaigns' },
  { prefix: '/invoices', service: 'billing' },
  { prefix: '/subscription', service: 'billing' },
  { prefix: '/api/messages', service: 'tickets' },
];

/** A catalogue route's path template as a regular expression (`{id}` matches one segment, `{path*}` several). */
const templatePattern = (path: string): RegExp =>
  new RegExp(
    `^${path
      .split('/')
      .map((segment) =>
        /^\{\w+\*\}$/.test(segment)
          ? '.+'
          : /^\{\w+\}$/.test(segment)
            ? '[^/]+'
            : segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&'),
      )
      .join('/')}/?$`,
    // case-insensitive: a gate must not be bypassed by letter case (`/ticket/Kanban`); the services' routers are
    // case-sensitive, so a differently-cased path never reaches a handler anyway
    'i',
  );

const CATALOGUE = PUBLIC_API.map((route) => ({ route, pattern: templatePattern(route.path) }));

/**
 * The catalogue route (`@cs/proto/http` PUBLIC_API) a call matches. Literal segments win over parameters
 * (`/users/list` before `/users/{id}`), as the services' routers order them.
 */
export function catalogueRouteFor(method: string, path: string): PublicRoute | undefined {
  const matches = CATALOGUE.filter((entry) => entry.route.method === method && entry.pattern.test(path));
  matches.sort((a, b) => (a.route.path.match(/\{/g)?.length ?? 0) - (b.route.path.match(/\{/g)?.length ?? 0));
  return matches[0]?.route;
}

/**
 * Who may call: the catalogue's rule for known routes; any other path under a routed prefix needs a signed-in
 * user (its service decides the rest).
 */
export function accessFor(method: string, path: string): RouteAccess {
  return catalogueRouteFor(method, path)?.access ?? 'user';
}

/** Calls that need no access token at the gateway (`public`, and `service`: the service authenticates). */
export function isPublic(method: string, path: string): boolean {
  const access = accessFor(method, path);
  return access === 'public' || access === 'service';
}

/**
 * Server-side plan gates (upstream only hid menu items): a company whose plan has the flag off gets 403
 * ERR_NO_PERMISSION on these prefixes.
 */
export const PLAN_GATES: ReadonlyArray<{ readonly prefix: string; readonly flag: PlanFlag }> = [
  { prefix: '/campaigns', flag: 'useCampaigns' },
  { prefix: '/campaign-settings', flag: 'useCampaigns' },
  { prefix: '/files', flag: 'useCampaigns' },
  { prefix: '/contact-lists', flag: 'useCampaigns' },
  { prefix: '/contact-list-items', flag: 'useCampaigns' },
  { prefix: '/schedules', flag: 'useSchedules' },
  { prefix: '/chats', flag: 'useInternalChat' },
  { prefix: '/api/messages', flag: 'useExternalApi' },
  { prefix: '/ticket/kanban', flag: 'useKanban' },
  { prefix: '/tags/kanban', flag: 'useKanban' },
  { prefix: '/ticket-tags', flag: 'useKanban' },
  { prefix: '/prompt', flag: 'useOpenAi' },
  { prefix: '/ai-assist', flag: 'useOpenAi' },
  { prefix: '/queueIntegration', flag: 'useIntegrations' },
];

const underPrefix = (path: string, prefix: string): boolean => path === prefix || path.startsWith(`${prefix}/`);

/** Gates compare lower-cased, percent-decoded paths: `/ticket/Kanban` and `/ticket/%4Banban` are gated too. */
const gatePath = (path: string): string => {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // a malformed escape: the raw path, lower-cased
  }
  return decoded.toLowerCase();
};
const underGatePrefix = (path: string, prefix: string): boolean => underPrefix(gatePath(path), prefix.toLowerCase());

export function planFlagFor(path: string): PlanFlag | undefined {
  return PLAN_GATES.find((gate) => underGatePrefix(path, gate.prefix))?.flag;
}

/** What an expired company can still reach: signing in and out, its invoices, the subscription and the plans. */
export const EXPIRED_COMPANY_PREFIXES: readonly string[] = ['/auth', '/invoices', '/subscription', '/plans'];

export const reachableWhenExpired = (path: string): boolean =>
  EXPIRED_COMPANY_PREFIXES.some((prefix) => underPrefix(path, prefix));

export function routeFor(path: string): { prefix: string; service: ServiceName } | undefined {
  return ROUTES.find((route) => underPrefix(path, route.prefix));
}
