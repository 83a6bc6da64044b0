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

/**
 * Downloads a file route of the API (`path` under `VITE_API_URL`) with the session's token. A refusal rejects with
 * `{ status, data }`, the shape `toastError` reads the `{ error }` code from.
 */
export async function downloadFromApi(path: string, fileName: string): Promise<void> {
  const token = tokenStore.get();
  const response = await fetch(`${env.VITE_API_URL}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  if (!response.ok) throw { status: response.status, data: await response.json().catch(() => ({})) };
  saveFile(await response.blob(), fileName);
}
