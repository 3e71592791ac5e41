/**
 * Fixed log-scale histogram buckets for performance metrics (Core Web Vitals and any other rum-
 * metric). Every site, day, page and metric counts its values in the same buckets, so the counts of
 * any range of days and pages simply add up, and a percentile over the range is read from the
 * summed counts: exact to the bucket, never an average of daily percentiles.
 *
 * Bucket 0 holds values up to BUCKET_MIN; bucket b > 0 holds values in
 * (BUCKET_MIN * GROWTH^(b-1), BUCKET_MIN * GROWTH^b]; values past the last bound fall in the last
 * bucket. With GROWTH 1.02 a bucket's upper bound is less than 2% above any value in it, from
 * a thousandth (a layout-shift score) to hours in milliseconds, in about 1,200 buckets, of which a
 * metric's values use a few hundred at most.
 */

export const BUCKET_MIN = 0.001;
export const GROWTH = 1.02;
/** The largest value with a bucket of its own (milliseconds: about 2.8 hours). */
export const BUCKET_MAX_VALUE = 1e7;
export const LAST_BUCKET = Math.ceil(Math.log(BUCKET_MAX_VALUE / BUCKET_MIN) / Math.log(GROWTH));

/** The upper bound of bucket `b` (the value a percentile in that bucket reports). */
export function bucketUpperBound(b: number): number {
  return BUCKET_MIN * GROWTH ** b;
}

/** The bucket of a finite value of at least 0. */
export function bucketOf(value: number): number {
  if (!(value > BUCKET_MIN)) return 0;
  let b = Math.min(LAST_BUCKET, Math.ceil(Math.log(value / BUCKET_MIN) / Math.log(GROWTH)));
  // Floating point can land one bucket off at a bound: step to the bucket whose range holds the value.
  while (b > 0 && value <= bucketUpperBound(b - 1)) b -= 1;
  while (b < LAST_BUCKET && value > bucketUpperBound(b)) b += 1;
  return b;
}

export type BucketCounts = ReadonlyMap<number, number>;

/** Counts of values by bucket. */
export function histogramOf(values: readonly number[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const v of values) {
    const b = bucketOf(v);
    counts.set(b, (counts.get(b) ?? 0) + 1);
  }
  return counts;
}

/** Sums histograms (the rows of several days or pages). */
export function mergeHistograms(histograms: Iterable<BucketCounts>): Map<number, number> {
  const total = new Map<number, number>();
  for (const h of histograms) for (const [b, n] of h) total.set(b, (total.get(b) ?? 0) + n);
  return total;
}

/**
 * The p-th percentile (0 < p <= 100) by nearest rank, read from bucket counts: the upper bound of
 * the bucket holding the value of rank ceil(p/100 * n). Undefined for an empty histogram.
 */
export function percentileOf(counts: BucketCounts, p: number): number | undefined {
  if (!(p > 0 && p <= 100)) throw new RangeError('a percentile is above 0 and at most 100');
  let n = 0;
  for (const c of counts.values()) n += c;
  if (n === 0) return undefined;
  const rank = Math.ceil((p / 100) * n);
  let seen = 0;
  for (const b of [...counts.keys()].sort((x, y) => x - y)) {
    seen += counts.get(b)!;
    if (seen >= rank) return bucketUpperBound(b);
  }
  return undefined;
}
