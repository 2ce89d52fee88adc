import { describe, expect, it } from 'vitest';
import {
  detectGrowth,
  mannKendallUpward,
  normalCdf,
  type Sample,
  theilSen,
  windowGrowth,
} from '../../soak/growth';

/*
 * The soak test's memory verdict. Series are shaped like the server's own readings: a V8 heap
 * sampled every 2 s that saws between collections, with noise, over a 10-minute run.
 */

const MiB = 1024 * 1024;

/** Deterministic noise (mulberry32), so a failure replays. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A heap series: `floor(t)` is what is retained; on top, garbage climbs by `sawMiB` over each
 * collection cycle of `cycleSeconds`, plus uniform noise of ±`noiseMiB`.
 */
function heap(
  floor: (t: number) => number,
  { seconds = 600, every = 2, sawMiB = 20, cycleSeconds = 17, noiseMiB = 3, seed = 1 } = {},
): Sample[] {
  const random = rng(seed);
  const out: Sample[] = [];
  for (let t = 0; t <= seconds; t += every) {
    const saw = ((t % cycleSeconds) / cycleSeconds) * sawMiB * MiB;
    out.push({ t, value: floor(t) + saw + (random() * 2 - 1) * noiseMiB * MiB });
  }
  return out;
}

const options = { minSlopePerMinute: 1 * MiB };

describe('memory growth detector', () => {
  it('flags a steady leak hidden under the collector saw and noise', () => {
    // 2 MiB a minute: about 3 KiB per request at the soak's rate, far below the saw's 20 MiB.
    for (const seed of [1, 2, 3, 4, 5]) {
      const verdict = detectGrowth(
        heap((t) => 60 * MiB + (t / 60) * 2 * MiB, { seed }),
        options,
      );
      expect(verdict.enough).toBe(true);
      expect(verdict.growing).toBe(true);
      expect(verdict.slopePerMinute / MiB).toBeGreaterThan(1.5);
      expect(verdict.slopePerMinute / MiB).toBeLessThan(2.5);
    }
  });

  it('passes a flat but noisy series', () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const verdict = detectGrowth(
        heap(() => 60 * MiB, { seed, noiseMiB: 6 }),
        options,
      );
      expect(verdict.enough).toBe(true);
      expect(verdict.growing).toBe(false);
      expect(Math.abs(verdict.slopePerMinute)).toBeLessThan(1 * MiB);
    }
  });

  it('passes a series that grows while warming up and then levels off', () => {
    // +40 MiB over the first four minutes (caches, JIT), flat afterwards.
    const verdict = detectGrowth(
      heap((t) => 60 * MiB + Math.min(t, 240) * (40 / 240) * MiB),
      options,
    );
    expect(verdict.growing).toBe(false);
  });

  it('flags a leak that only starts in the second half', () => {
    const verdict = detectGrowth(
      heap((t) => 60 * MiB + Math.max(0, t - 300) * (3 / 60) * MiB),
      options,
    );
    expect(verdict.growing).toBe(true);
  });

  it('does not call a significant but negligible trend growth', () => {
    // 0.2 MiB a minute, without noise: certainly a trend, but under the threshold.
    const verdict = detectGrowth(
      heap((t) => 60 * MiB + (t / 60) * 0.2 * MiB, { noiseMiB: 0, sawMiB: 0 }),
      options,
    );
    expect(verdict.pValue).toBeLessThan(0.01);
    expect(verdict.growing).toBe(false);
  });

  it('is not fooled by a few outliers (a single huge reading at the end)', () => {
    const series = heap(() => 60 * MiB, { seed: 9 });
    series[series.length - 1]!.value = 400 * MiB;
    series[series.length - 2]!.value = 400 * MiB;
    expect(detectGrowth(series, options).growing).toBe(false);
  });

  it('passes RSS that the allocator gave back and that slowly fills again below its earlier level', () => {
    // A 3-minute soak's RSS on CI: up to 200 MiB while warming up, given back to 188, then
    // creeping back up to 193.5 by the end (a significant trend of about 2.4 MiB a minute).
    const random = rng(11);
    const rss = (climbTo: number) =>
      Array.from({ length: 181 }, (_, t) => {
        const level =
          t <= 16
            ? 194.5 + (t / 16) * 5.5
            : t <= 31
              ? 200 - ((t - 16) / 15) * 12.4
              : 187.6 + ((t - 31) / 149) * (climbTo - 187.6);
        return { t, value: (level + (random() * 2 - 1) * 0.2) * MiB };
      });
    const refill = detectGrowth(rss(193.5), { minSlopePerMinute: 2 * MiB });
    expect(refill.pValue).toBeLessThan(0.01);
    expect(refill.slopePerMinute).toBeGreaterThan(2 * MiB);
    expect(refill.earlierHigh).toBeGreaterThan(195 * MiB);
    expect(refill.growing).toBe(false);
    // The same start, but climbing past everything it held before: growing.
    expect(detectGrowth(rss(215), { minSlopePerMinute: 2 * MiB }).growing).toBe(true);
  });

  it('says when there is too little to judge', () => {
    const verdict = detectGrowth(
      [
        { t: 0, value: 1 },
        { t: 1, value: 2 },
        { t: 2, value: 3 },
      ],
      options,
    );
    expect(verdict.enough).toBe(false);
    expect(verdict.growing).toBe(false);
  });
});

describe('statistics', () => {
  it('normal CDF matches known values', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 6);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 5);
    expect(normalCdf(-2.326348)).toBeCloseTo(0.01, 5);
  });

  it('Theil-Sen recovers a line through outliers', () => {
    const points = Array.from({ length: 20 }, (_, i) => ({ t: i, value: 3 * i + 5 }));
    points[3]!.value = 1000;
    points[15]!.value = -1000;
    expect(theilSen(points)).toBe(3);
  });

  it('Mann-Kendall: strictly increasing is significant, constant and decreasing are not', () => {
    const up = Array.from({ length: 12 }, (_, i) => i);
    expect(mannKendallUpward(up)).toBeLessThan(0.001);
    expect(mannKendallUpward(up.map(() => 7))).toBe(1);
    expect(mannKendallUpward([...up].reverse())).toBeGreaterThan(0.99);
  });
});

describe('windowGrowth', () => {
  /** A reading every 5 s for `minutes`, from `level(t)` plus up to 2 MiB of transient allocation. */
  const series = (minutes: number, level: (seconds: number) => number, seed = 7) => {
    const noise = rng(seed);
    const out: Sample[] = [];
    for (let t = 5; t <= minutes * 60; t += 5) out.push({ t, value: level(t) + noise() * 2 * MiB });
    return out;
  };

  it('measures what is held between two minutes, not the noise of single readings', () => {
    const flat = series(30, () => 300 * MiB);
    expect(Math.abs(windowGrowth(flat, 5, 30)!)).toBeLessThan(0.5 * MiB);
    const creeping = series(30, (t) => 300 * MiB + (t / 60) * 1.5 * MiB);
    expect(windowGrowth(creeping, 5, 30)! / MiB).toBeGreaterThan(35);
    expect(windowGrowth(creeping, 5, 30)! / MiB).toBeLessThan(39);
  });

  it('is null for a minute the run did not reach', () => {
    expect(
      windowGrowth(
        series(3, () => MiB),
        5,
        30,
      ),
    ).toBeNull();
  });
});
