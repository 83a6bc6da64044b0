import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { i18n } from '../i18n';
import { notify, TOAST_MS } from '../components/toaster';

/** The `error` code of a `{ error: 'ERR_CODE' }` response, when there is one. */
export function errorCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const data = (error as Partial<FetchBaseQueryError> & { data?: unknown }).data;
  if (typeof data === 'object' && data !== null && 'error' in data) {
    const code = data.error;
    return typeof code === 'string' && code.length > 0 ? code : null;
  }
  return null;
}

/** The spec's display rule: a known code translated, an unknown one raw, otherwise "An error occurred!". */
export function errorMessage(error: unknown): string {
  const code = errorCode(error);
  if (!code) return i18n.t('errors.generic');
  const key = `errors.${code}`;
  return i18n.exists(key) ? i18n.t(key) : code;
}

/** The field messages of a 400 ERR_VALIDATION (`details: [{path, message}]`), empty for any other error. */
export function validationDetails(error: unknown): Array<{ path: string; message: string }> {
  if (errorCode(error) !== 'ERR_VALIDATION') return [];
  const details = (error as { data?: { details?: unknown } }).data?.details;
  if (!Array.isArray(details)) return [];
  return details.filter(
    (detail): detail is { path: string; message: string } =>
      typeof detail === 'object' &&
      detail !== null &&
      typeof (detail as { path?: unknown }).path === 'string' &&
      typeof (detail as { message?: unknown }).message === 'string',
  );
}

export function toastError(error: unknown): void {
  notify('error', errorMessage(error), TOAST_MS);
}

export function httpStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('status' in error)) return null;
  const status = error.status;
  return typeof status === 'number' ? status : null;
}
