import type { SessionUser } from '../api/types';

/**
 * The permission names of the spec (core-operations.md §6, administration-and-extended.md §6), in one place:
 * every page that gates an action asks `can(user, PERMISSIONS.x)` instead of checking the profile itself.
 */
export const PERMISSIONS = {
  dashboardView: 'dashboard:view',
  drawerAdminItems: 'drawer-admin-items:view',
  ticketsShowAll: 'tickets-manager:showall',
  editProfile: 'user-modal:editProfile',
  editQueues: 'user-modal:editQueues',
  deleteTicket: 'ticket-options:deleteTicket',
  deleteContact: 'contacts-page:deleteContact',
  addConnection: 'connections-page:addConnection',
  connectionActionButtons: 'connections-page:actionButtons',
  editOrDeleteConnection: 'connections-page:editOrDeleteConnection',
} as const;

export type Permission = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];

/** Which profile holds which permissions: the admin all of them, the profile `user` none (spec §6). */
const RULES: Readonly<Record<string, readonly Permission[]>> = {
  admin: Object.values(PERMISSIONS),
  user: [],
};

export function can(user: Pick<SessionUser, 'profile'> | null | undefined, permission: Permission): boolean {
  const profile = user?.profile.toLowerCase();
  return profile !== undefined && (RULES[profile]?.includes(permission) ?? false);
}
