import { bucketOf, durationFigure, histogramQuantile } from './report-stats.js';

describe('report durations from histograms', () => {
  const bounds = [60, 120, 300];

  it('puts a median in the bucket that holds the middle value, interpolated within it', () => {
    // values 10, 20, 70, 80, 90 → buckets [2, 3, 0, 0]; the median (rank 3) is the first of bucket [60, 120)
    expect(histogramQuantile([2, 3, 0, 0], 0.5, bounds)).toBe(80);
    expect(histogramQuantile([2, 3, 0, 0], 0.9, bounds)).toBe(120);
  });

  it('answers the lower bound in the open last bucket and null without values', () => {
    expect(histogramQuantile([0, 0, 0, 4], 0.5, bounds)).toBe(300);
    expect(histogramQuantile([0, 0, 0, 0], 0.5, bounds)).toBeNull();
  });

  it('buckets a value as width_bucket does: a bound belongs to the bucket it opens', () => {
    expect(bucketOf(59, bounds)).toBe(0);
    expect(bucketOf(60, bounds)).toBe(1);
    expect(bucketOf(300, bounds)).toBe(3);
  });

  it('averages over the values counted and has no average without them', () => {
    expect(durationFigure(2, 90, [0, 0, 2]).avg).toBe(45);
    expect(durationFigure(0, 0, []).avg).toBeNull();
  });
});
