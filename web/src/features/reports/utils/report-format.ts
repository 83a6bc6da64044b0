import type { ReportDuration, ReportRow } from '@cs/proto/http';
import { env } from '../../../lib/env';
import { tokenStore } from '../../../api/session';

/** A duration in seconds as the tables show it: `45s`, `12m 05s`, `3h 20m`, `2d 4h`; `—` when none. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${String(seconds % 60).padStart(2, '0')}s`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours}h ${String(minutes % 60).padStart(2, '0')}m`;
  return `${Math.floor(hours / 24)}d ${hours % 24}h`;
}

/** A histogram bucket's label from its bounds (seconds): `<15s`, `1m–2m`, `≥7d`. */
export function bucketLabel(buckets: readonly number[], index: number): string {
  const short = (s: number) =>
    s < 60 ? `${s}s` : s < 3600 ? `${s / 60}m` : s < 86_400 ? `${s / 3600}h` : `${s / 86_400}d`;
  if (index === 0) return `<${short(buckets[0] ?? 0)}`;
  if (index >= buckets.length) return `≥${short(buckets[buckets.length - 1] ?? 0)}`;
  return `${short(buckets[index - 1] ?? 0)}–${short(buckets[index] ?? 0)}`;
}

/** Histograms of several rows added bucket by bucket. */
export function sumHistograms(durations: readonly ReportDuration[]): number[] {
  const length = Math.max(0, ...durations.map((d) => d.histogram.length));
  return Array.from({ length }, (_, i) => durations.reduce((sum, d) => sum + (d.histogram[i] ?? 0), 0));
}

/** The volumes over time: opened and closed per period (rows of several keys in one period added up). */
export function volumesByPeriod(rows: readonly ReportRow[]): Array<{ period: string; opened: number; closed: number }> {
  const byPeriod = new Map<string, { period: string; opened: number; closed: number }>();
  for (const row of rows) {
    const period = row.period ?? '';
    const entry = byPeriod.get(period) ?? { period, opened: 0, closed: 0 };
    entry.opened += row.opened;
    entry.closed += row.closed;
    byPeriod.set(period, entry);
  }
  return [...byPeriod.values()].sort((a, b) => a.period.localeCompare(b.period));
}

/** Downloads a CSV export of the API with the session's token (the server streams it). */
export async function downloadCsv(
  path: string,
  query: Record<string, string | number | boolean | undefined>,
  name: string,
) {
  const search = new URLSearchParams(
    Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
  );
  const token = tokenStore.get();
  const response = await fetch(`${env.VITE_API_URL}${path}?${search.toString()}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  if (!response.ok) throw new Error(String(response.status));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}
