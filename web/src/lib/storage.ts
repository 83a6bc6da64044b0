/** The keys the app keeps in localStorage (the spec's names where it gives them). */
export const storageKey = {
  token: 'token',
  companyId: 'companyId',
  userId: 'userId',
  theme: 'preferredTheme',
  volume: 'volume',
  language: 'i18nextLng',
  signMessage: 'signOption',
  drawerCollapsed: 'drawerCollapsed',
} as const;

type Key = (typeof storageKey)[keyof typeof storageKey];

export function readStored(key: Key): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: Key, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // storage full or disabled: the preference lasts only for this page
  }
}

export function readJson<T>(key: Key): T | null {
  const raw = readStored(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function clearStored(): void {
  try {
    window.localStorage.clear();
  } catch {
    // nothing to clear
  }
}
