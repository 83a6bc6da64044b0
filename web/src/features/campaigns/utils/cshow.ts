/** The spec's local flag (set at sign-in by the session, `api/session.ts`): campaign routes exist only with it. */
export const CSHOW_KEY = 'cshow';

export function campaignsShown(): boolean {
  try {
    return window.localStorage.getItem(CSHOW_KEY) !== null;
  } catch {
    return false;
  }
}
