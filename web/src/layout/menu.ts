import { PLATFORM_COMPANY_ID } from '@cs/proto/common';
import {
  ChartColumn,
  Blocks,
  Bot,
  CalendarClock,
  CircleHelp,
  Code,
  ContactRound,
  FolderOpen,
  LayoutDashboard,
  ListTodo,
  ListTree,
  type LucideIcon,
  Megaphone,
  MessageSquare,
  MessagesSquare,
  Newspaper,
  Plug,
  ScrollText,
  Settings,
  SquareKanban,
  Tags,
  Users,
  Wallet,
  Zap,
} from 'lucide-react';
import type { PlanFlags, SessionUser } from '../api/types';
import { can, PERMISSIONS } from '../lib/permissions';

export interface MenuItem {
  key: string;
  path: string;
  /** i18n key under `menu.` */
  label: string;
  /** The item's icon (lucide-react). */
  icon: LucideIcon;
  /** Admin items other than the dashboard are listed under "Administração", as in the established product. */
  admin?: boolean;
  superOnly?: boolean;
  flag?: keyof PlanFlags;
}

/** The drawer's items in the spec's order (§2): everyone's first, then the admin's. */
export const MENU: MenuItem[] = [
  { key: 'dashboard', path: '/', label: 'dashboard', icon: LayoutDashboard, admin: true },
  { key: 'reports', path: '/reports', label: 'reports', icon: ChartColumn, admin: true },
  { key: 'tickets', path: '/tickets', label: 'tickets', icon: MessageSquare },
  { key: 'quickMessages', path: '/quick-messages', label: 'quickMessages', icon: Zap },
  { key: 'kanban', path: '/kanban', label: 'kanban', icon: SquareKanban, flag: 'useKanban' },
  { key: 'todo', path: '/todolist', label: 'todo', icon: ListTodo },
  { key: 'contacts', path: '/contacts', label: 'contacts', icon: ContactRound },
  { key: 'schedules', path: '/schedules', label: 'schedules', icon: CalendarClock, flag: 'useSchedules' },
  { key: 'tags', path: '/tags', label: 'tags', icon: Tags },
  { key: 'chats', path: '/chats', label: 'chats', icon: MessagesSquare, flag: 'useInternalChat' },
  { key: 'helps', path: '/helps', label: 'helps', icon: CircleHelp },
  { key: 'campaigns', path: '/campaigns', label: 'campaigns', icon: Megaphone, admin: true, flag: 'useCampaigns' },
  {
    key: 'announcements',
    path: '/announcements',
    label: 'announcements',
    icon: Newspaper,
    admin: true,
    superOnly: true,
  },
  { key: 'prompts', path: '/prompts', label: 'prompts', icon: Bot, admin: true, flag: 'useOpenAi' },
  {
    key: 'integrations',
    path: '/queue-integration',
    label: 'integrations',
    icon: Blocks,
    admin: true,
    flag: 'useIntegrations',
  },
  { key: 'connections', path: '/connections', label: 'connections', icon: Plug, admin: true },
  { key: 'files', path: '/files', label: 'files', icon: FolderOpen, admin: true },
  { key: 'queues', path: '/queues', label: 'queues', icon: ListTree, admin: true },
  { key: 'users', path: '/users', label: 'users', icon: Users, admin: true },
  { key: 'api', path: '/messages-api', label: 'api', icon: Code, admin: true, flag: 'useExternalApi' },
  { key: 'financeiro', path: '/financeiro', label: 'financeiro', icon: Wallet, admin: true },
  { key: 'settings', path: '/settings', label: 'settings', icon: Settings, admin: true },
  { key: 'audit', path: '/audit', label: 'audit', icon: ScrollText, admin: true },
];

export interface MenuGroup {
  /** `main`, or `administration` (i18n `menu.administration` as its heading). */
  key: 'main' | 'administration';
  items: MenuItem[];
}

/** The visible items in the established product's two groups: everyone's (with the dashboard), then the admin's. */
export function menuGroups(items: MenuItem[]): MenuGroup[] {
  const administration = items.filter((item) => item.admin && item.path !== '/');
  const main = items.filter((item) => !administration.includes(item));
  return [
    { key: 'main' as const, items: main },
    { key: 'administration' as const, items: administration },
  ].filter((group) => group.items.length > 0);
}

/** The menu item a location belongs to (the page's name in the header), if any. */
export function menuItemFor(pathname: string): MenuItem | undefined {
  if (pathname === '/') return MENU.find((item) => item.path === '/');
  return MENU.find((item) => item.path !== '/' && (pathname === item.path || pathname.startsWith(`${item.path}/`)));
}

export function visibleMenu(
  user: Pick<SessionUser, 'profile' | 'super' | 'companyId'>,
  flags: PlanFlags | null,
): MenuItem[] {
  const admin = can(user, PERMISSIONS.drawerAdminItems);
  return MENU.filter((item) => {
    if (item.admin && !admin) return false;
    // super users of the operator company only (spec §6: announcements)
    if (item.superOnly && !(user.super && user.companyId === PLATFORM_COMPANY_ID)) return false;
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
