import { createListenerMiddleware, createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import { clearStored, readJson, storageKey, writeStored } from '../lib/storage';
import type { SessionUser } from './types';

/**
 * The session: the access token lives in memory and, as the spec's client does, in localStorage (with the
 * companyId and userId) so a new tab starts signed in; the refresh token is the server's httpOnly cookie.
 */
let accessToken: string | null = readJson<string>(storageKey.token);

export const tokenStore = {
  get: (): string | null => accessToken,
  set(token: string, user: Pick<SessionUser, 'id' | 'companyId'>): void {
    accessToken = token;
    writeStored(storageKey.token, JSON.stringify(token));
    writeStored(storageKey.companyId, String(user.companyId));
    writeStored(storageKey.userId, String(user.id));
  },
  clear(): void {
    accessToken = null;
    for (const key of [storageKey.token, storageKey.companyId, storageKey.userId]) {
      try {
        window.localStorage.removeItem(key);
      } catch {
        // storage disabled
      }
    }
  },
  /** "Another login": everything this browser kept is dropped. */
  clearAll(): void {
    accessToken = null;
    clearStored();
  },
};

/** Seconds since the epoch at which a JWT expires, read from its payload; null when unreadable. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp : null;
  } catch {
    return null;
  }
}

export function isTokenExpired(token: string, nowMs: number = Date.now()): boolean {
  const exp = tokenExpiry(token);
  return exp !== null && exp * 1000 <= nowMs;
}

export type SessionStatus = 'checking' | 'authenticated' | 'anonymous' | 'expired';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
}

const initialState: SessionState = { status: accessToken ? 'checking' : 'anonymous', user: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<{ token: string; user: SessionUser }>) {
      state.status = 'authenticated';
      state.user = action.payload.user;
    },
    userUpdated(state, action: PayloadAction<Partial<SessionUser>>) {
      if (state.user) state.user = { ...state.user, ...action.payload };
    },
    signedOut(state) {
      state.status = 'anonymous';
      state.user = null;
    },
    sessionExpired(state) {
      state.status = 'expired';
      state.user = null;
    },
  },
});

export const { signedIn, signedOut, sessionExpired, userUpdated } = sessionSlice.actions;

export const isAdmin = (user: Pick<SessionUser, 'profile'> | null | undefined): boolean =>
  user?.profile.toLowerCase() === 'admin';

/** Keeps the token store in step with the session (reducers stay pure). */
export const sessionListener = createListenerMiddleware();
sessionListener.startListening({
  actionCreator: signedIn,
  effect: (action) => tokenStore.set(action.payload.token, action.payload.user),
});
/** The spec's `cshow` flag: set at sign-in when the company's settings enable campaigns (issue 16). */
sessionListener.startListening({
  actionCreator: signedIn,
  effect: (action) => {
    const enabled = action.payload.user.company?.settings?.some(
      (setting) => setting.key === 'campaignsEnabled' && String(setting.value) === 'true',
    );
    try {
      if (enabled) window.localStorage.setItem('cshow', 'true');
      else window.localStorage.removeItem('cshow');
    } catch {
      // storage disabled: the campaign pages stay hidden
    }
  },
});
sessionListener.startListening({
  matcher: isAnyOf(signedOut, sessionExpired),
  effect: () => tokenStore.clear(),
});
