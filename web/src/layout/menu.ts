import type { PlanFlags, SessionUser } from '../api/types';
import { isAdmin } from '../api/session';

export interface MenuItem {
  key: string;
  path: string;
  /** i18n key under `menu.` */
  label: string;
  admin?: boolean;
  superOnly?: boolean;
  flag?: keyof PlanFlags;
}

/** The drawer's items in the spec's order (§2): everyone's first, then the admin's. */
export const MENU: MenuItem[] = [
  { key: 'dashboard', path: '/', label: 'dashboard', admin: true },
  { key: 'tickets', path: '/tickets', label: 'tickets' },
  { key: 'quickMessages', path: '/quick-messages', label: 'quickMessages' },
  { key: 'kanban', path: '/kanban', label: 'kanban', flag: 'useKanban' },
  { key: 'todo', path: '/todolist', label: 'todo' },
  { key: 'contacts', path: '/contacts', label: 'contacts' },
  { key: 'schedules', path: '/schedules', label: 'schedules', flag: 'useSchedules' },
  { key: 'tags', path: '/tags', label: 'tags' },
  { key: 'chats', path: '/chats', label: 'chats', flag: 'useInternalChat' },
  { key: 'helps', path: '/helps', label: 'helps' },
  { key: 'campaigns', path: '/campaigns', label: 'campaigns', admin: true, flag: 'useCampaigns' },
  { key: 'announcements', path: '/announcements', label: 'announcements', admin: true, superOnly: true },
  { key: 'prompts', path: '/prompts', label: 'prompts', admin: true, flag: 'useOpenAi' },
  { key: 'integrations', path: '/queue-integration', label: 'integrations', admin: true, flag: 'useIntegrations' },
  { key: 'connections', path: '/connections', label: 'connections', admin: true },
  { key: 'files', path: '/files', label: 'files', admin: true },
  { key: 'queues', path: '/queues', label: 'queues', admin: true },
  { key: 'users', path: '/users', label: 'users', admin: true },
  { key: 'api', path: '/messages-api', label: 'api', admin: true, flag: 'useExternalApi' },
  { key: 'financeiro', path: '/financeiro', label: 'financeiro', admin: true },
  { key: 'settings', path: '/settings', label: 'settings', admin: true },
];

export function visibleMenu(user: Pick<SessionUser, 'profile' | 'super'>, flags: PlanFlags | null): MenuItem[] {
  const admin = isAdmin(user);
  return MENU.filter((item) => {
    if (item.admin && !admin) return false;
    if (item.superOnly && !user.super) return false;
    if (item.flag && !flags?.[item.flag]) return false;
    return true;
  });
}

/** Connection states that earn the connections item its `!` badge. */
export const UNHEALTHY_CONNECTION_STATES = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'];
/** The badge is checked this long after the layout opens. */
export const CONNECTION_CHECK_DELAY_MS = 2000;

export function hasUnhealthyConnection(connections: Array<{ status: string }>): boolean {
  return connections.some((c) => UNHEALTHY_CONNECTION_STATES.includes(c.status));
}
