import type { ReportDuration } from '@cs/proto/http';
import { REPORT_BUCKET_BOUNDS } from '../../database/migrations/1766510000000-report-rollups.js';

/**
 * The `q` quantile (0 < q < 1) of values kept as a histogram over `bounds` (bucket i: [bounds[i-1], bounds[i]),
 * the last one from the last bound on): the bucket holding the value of rank ⌈q·n⌉, interpolated linearly
 * within it; in the open last bucket, its lower bound. Null without values.
 */
export function histogramQuantile(counts: readonly number[], q: number, bounds: readonly number[]): number | null {
  const n = counts.reduce((sum, count) => sum + count, 0);
  if (n <= 0) return null;
  const rank = Math.max(1, Math.ceil(q * n));
  let before = 0;
  for (let i = 0; i < counts.length; i += 1) {
    const count = counts[i] ?? 0;
    if (count > 0 && before + count >= rank) {
      const lower = i === 0 ? 0 : (bounds[i - 1] ?? 0);
      const upper = bounds[i];
      if (upper === undefined) return lower;
      return Math.round(lower + ((upper - lower) * (rank - before)) / count);
    }
    before += count;
  }
  return null;
}

/** A duration figure from its count, sum (seconds) and histogram. */
export function durationFigure(count: number, sum: number, histogram: number[]): ReportDuration {
  return {
    count,
    avg: count > 0 ? Math.round(sum / count) : null,
    median: histogramQuantile(histogram, 0.5, REPORT_BUCKET_BOUNDS),
    p90: histogramQuantile(histogram, 0.9, REPORT_BUCKET_BOUNDS),
    histogram,
  };
}

/** The bucket (index) a duration in seconds falls in, as `width_bucket` puts it. */
export const bucketOf = (seconds: number, bounds: readonly number[] = REPORT_BUCKET_BOUNDS): number =>
  bounds.filter((bound) => bound <= seconds).length;
