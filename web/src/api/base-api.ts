import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { env } from '../lib/env';
import { sessionExpired, signedIn, tokenStore } from './session';
import type { AuthResponse } from './types';

const rawBaseQuery = fetchBaseQuery({
  baseUrl: env.VITE_API_URL,
  credentials: 'include',
  prepareHeaders: (headers) => {
    const token = tokenStore.get();
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

const urlOf = (args: string | FetchArgs) => (typeof args === 'string' ? args : args.url);
/** Sign-in calls: their 401s are answers to the sign-in (wrong password, a code due), not an ended session. */
const isAuthCall = (args: string | FetchArgs) =>
  /^\/?auth\/(login|refresh_token|two-factor\/(verify|enrolment))/.test(urlOf(args));
const isRefreshCall = (args: string | FetchArgs) => /^\/?auth\/refresh_token/.test(urlOf(args));

/**
 * Refreshes are serialised across the browser's tabs (Web Locks): the refresh cookie rotates on every use and
 * identity ends the session when a rotated cookie is presented again, which two tabs refreshing at the same
 * instant would do. One after the other, the second tab sends the already-rotated cookie.
 */
export async function acrossTabs<T>(fn: () => T | PromiseLike<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('cs-session-refresh', async () => await fn()) : await fn();
}

let refreshing: Promise<AuthResponse | null> | null = null;

/** One refresh at a time: concurrent 403s wait for the same `POST /auth/refresh_token`. */
export function refreshSession(
  api: Parameters<BaseQueryFn>[1],
  extraOptions: Parameters<BaseQueryFn>[2] = {},
): Promise<AuthResponse | null> {
  refreshing ??= (async () => {
    const result = await acrossTabs(() =>
      rawBaseQuery({ url: '/auth/refresh_token', method: 'POST' }, api, extraOptions),
    );
    if (result.error || !result.data) return null;
    const data = result.data as AuthResponse;
    tokenStore.set(data.token, data.user);
    api.dispatch(signedIn(data));
    return data;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * The spec's interceptor: a 403 refreshes the access token once and retries the call; if the refresh fails the
 * session ends. A 401 ends the session (the app then shows `/login?expired=true`).
 */
export const baseQueryWithReauth: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  if (isRefreshCall(args)) return acrossTabs(() => rawBaseQuery(args, api, extraOptions));
  let result = await rawBaseQuery(args, api, extraOptions);
  if (isAuthCall(args)) return result;
  if (result.error?.status === 403) {
    const refreshed = await refreshSession(api, extraOptions);
    if (!refreshed) {
      api.dispatch(sessionExpired());
      return result;
    }
    result = await rawBaseQuery(args, api, extraOptions);
  }
  if (result.error?.status === 401) api.dispatch(sessionExpired());
  if (result.error?.status === 402 && !dueDatePassed(api.getState())) {
    // the company lapsed during the session: the refreshed session carries its due date, and the app then takes
    // its users to /financeiro (billing's ExpiredGate); once the due date is known as past, no more refreshes
    await refreshSession(api, extraOptions);
  }
  return result;
};

/** Whether the session's company is already known to be past its due date (local calendar day). */
function dueDatePassed(state: unknown): boolean {
  const due = (state as { session?: { user?: { company?: { dueDate?: string | null } } | null } }).session?.user
    ?.company?.dueDate;
  if (!due) return false;
  const now = new Date();
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return due.slice(0, 10) < today;
}

export const TAG_TYPES = [
  'TicketList',
  'Ticket',
  'Messages',
  'Contact',
  'Notes',
  'Tags',
  'Queues',
  'Users',
  'Connections',
  'QuickMessages',
  'Settings',
  'Notifications',
  'Announcements',
  'Chats',
  'Plans',
  'Invoices',
] as const;

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});

/** Tags that describe data kept live by the socket: refetched after a reconnect so missed events are caught up. */
export const LIVE_TAGS = ['TicketList', 'Ticket', 'Messages', 'Notifications', 'Connections'] as const;
