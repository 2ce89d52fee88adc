/*
 * Does a memory series stop growing? Used by the soak test on the server's RSS and V8 heap.
 *
 * One sample decides nothing: the heap is a saw (it climbs between collections and drops at each),
 * and RSS moves in steps. So the verdict looks at the second half of the run only (the first half
 * is warm-up: JIT, caches, pools), cuts it into equal time windows and keeps each window's minimum
 * (the floor the collector gets back to, i.e. what is really retained). On those floors it asks three
 * questions, and calls the series growing only when all say yes:
 *   - is there a monotonic trend at all? Mann-Kendall test, one-sided, at `alpha`;
 *   - is it big enough to matter? The Theil-Sen slope (median of pairwise slopes, unmoved by a few
 *     outliers) above `minSlopePerMinute`;
 *   - has it outgrown the warm-up? The last floor above every floor of the part before (cut into
 *     windows the same way). Memory that grows without bound soon passes any level it reached
 *     before; RSS that the allocator gave back early and that slowly fills again up to a level it
 *     already held is not growing (seen in 3-minute soaks: 200 MiB, down to 188, back up to 192).
 */

export interface Sample {
  /** Seconds since the start of the run. */
  t: number;
  value: number;
}

export interface GrowthOptions {
  /** Only samples after this fraction of the run are judged (default 0.5: the second half). */
  fromFraction?: number;
  /** How many time windows the judged part is cut into (default 12). */
  windows?: number;
  /** One-sided significance level of the trend test (default 0.01). */
  alpha?: number;
  /** A trend slower than this (value units per minute) is not growth (default 0). */
  minSlopePerMinute?: number;
}

export interface GrowthVerdict {
  growing: boolean;
  /** False when there were too few windows with samples to judge (the caller should fail). */
  enough: boolean;
  /** Theil-Sen slope of the window floors, in value units per minute. */
  slopePerMinute: number;
  /** One-sided Mann-Kendall p-value for an upward trend of the window floors. */
  pValue: number;
  /** The window floors that were judged. */
  floors: Sample[];
  /** The highest window floor before the judged part (-Infinity when there is none). */
  earlierHigh: number;
}

const MIN_WINDOWS = 6;

/** Standard normal cumulative distribution (Abramowitz-Stegun 7.1.26 for erf; error < 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** Median of pairwise slopes. */
export function theilSen(points: Sample[]): number {
  const slopes: number[] = [];
  for (let i = 0; i < points.length; i++)
    for (let j = i + 1; j < points.length; j++) {
      const dt = points[j]!.t - points[i]!.t;
      if (dt !== 0) slopes.push((points[j]!.value - points[i]!.value) / dt);
    }
  if (slopes.length === 0) return 0;
  slopes.sort((a, b) => a - b);
  const mid = slopes.length >> 1;
  return slopes.length % 2 ? slopes[mid]! : (slopes[mid - 1]! + slopes[mid]!) / 2;
}

/** One-sided p-value of the Mann-Kendall test for an increasing trend (normal approximation, ties corrected). */
export function mannKendallUpward(values: number[]): number {
  const n = values.length;
  if (n < 3) return 1;
  let s = 0;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) s += Math.sign(values[j]! - values[i]!);
  const ties = new Map<number, number>();
  for (const v of values) ties.set(v, (ties.get(v) ?? 0) + 1);
  let tieTerm = 0;
  for (const k of ties.values()) tieTerm += k * (k - 1) * (2 * k + 5);
  const variance = (n * (n - 1) * (2 * n + 5) - tieTerm) / 18;
  if (variance <= 0) return 1;
  const z = s > 0 ? (s - 1) / Math.sqrt(variance) : s < 0 ? (s + 1) / Math.sqrt(variance) : 0;
  return 1 - normalCdf(z);
}

/** The verdict on one series: growing or not, with the slope and the evidence. */
export function detectGrowth(samples: Sample[], options: GrowthOptions = {}): GrowthVerdict {
  const { fromFraction = 0.5, windows = 12, alpha = 0.01, minSlopePerMinute = 0 } = options;
  const sorted = [...samples].sort((a, b) => a.t - b.t);
  const none: GrowthVerdict = {
    growing: false,
    enough: false,
    slopePerMinute: 0,
    pValue: 1,
    floors: [],
    earlierHigh: -Infinity,
  };
  if (sorted.length === 0) return none;
  const start = sorted[0]!.t;
  const end = sorted[sorted.length - 1]!.t;
  const from = start + (end - start) * fromFraction;
  const width = (end - from) / windows;
  if (width <= 0) return none;

  /** The lowest sample of each of `windows` equal windows of [lo, hi). */
  const floorsOf = (lo: number, hi: number, last: boolean) => {
    const step = (hi - lo) / windows;
    const out: Sample[] = [];
    if (step <= 0) return out;
    for (let w = 0; w < windows; w++) {
      const a = lo + w * step;
      const b = w === windows - 1 ? hi + (last ? 1e-9 : 0) : a + step;
      let floor: Sample | null = null;
      for (const s of sorted) if (s.t >= a && s.t < b && (!floor || s.value < floor.value)) floor = s;
      if (floor) out.push(floor);
    }
    return out;
  };
  const floors = floorsOf(from, end, true);
  if (floors.length < MIN_WINDOWS) return { ...none, floors };
  const earlierHigh = Math.max(...floorsOf(start, from, false).map((f) => f.value));

  const slopePerMinute = theilSen(floors) * 60;
  const pValue = mannKendallUpward(floors.map((f) => f.value));
  return {
    growing:
      pValue < alpha && slopePerMinute > minSlopePerMinute && floors[floors.length - 1]!.value > earlierHigh,
    enough: true,
    slopePerMinute,
    pValue,
    floors,
    earlierHigh,
  };
}

/**
 * How much a series grew between two moments (minutes into the run): the lowest sample
 * in the minute up to `toMinute` less the lowest in the minute up to `fromMinute`. The lowest of a
 * minute (a dozen readings after full collections) is what the process holds, not a moment's
 * allocation. Null when either minute has no sample.
 */
export function windowGrowth(samples: Sample[], fromMinute: number, toMinute: number): number | null {
  const levelAt = (minute: number) => {
    const hi = minute * 60;
    const inMinute = samples.filter((s) => s.t > hi - 60 && s.t <= hi).map((s) => s.value);
    return inMinute.length > 0 ? Math.min(...inMinute) : null;
  };
  const [from, to] = [levelAt(fromMinute), levelAt(toMinute)];
  return from === null || to === null ? null : to - from;
}
