import { tokenStore } from '../api/session';
import { env } from './env';

/** Saves bytes as a file download. */
export function saveFile(data: Blob, fileName: string): void {
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** A file route's refusal: its status and `{ error }` body, the shape `toastError` reads the code from. */
export class DownloadError extends Error {
  constructor(
    readonly status: number,
    readonly data: unknown,
  ) {
    super(`download answered ${status}`);
  }
}

/**
 * Downloads a file route of the API (`path` under `VITE_API_URL`) with the session's token; a refusal rejects with a
 * `DownloadError`.
 */
export async function downloadFromApi(path: string, fileName: string): Promise<void> {
  const token = tokenStore.get();
  const response = await fetch(`${env.VITE_API_URL}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  if (!response.ok) {
    const data = (await response.json().catch(() => ({}))) as unknown;
    throw new DownloadError(response.status, data);
  }
  saveFile(await response.blob(), fileName);
}
