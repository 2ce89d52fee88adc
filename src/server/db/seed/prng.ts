/*
 * A small seeded generator (mulberry32) so the demo and bulk data come out the same on every run:
 * screenshots, tests and benchmarks can rely on the same titles, counts and spreads.
 */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /**
   * Up to `count` distinct items, in random order: the first `count` steps of a Fisher-Yates
   * shuffle, with the positions it has swapped kept in a map instead of a copy of the list, so a
   * few reviewers drawn from 100 000 users cost a few steps, not a copy of 100 000 (the bulk seed
   * draws them for every prompt). Same draws, same result as shuffling a copy.
   */
  sample<T>(items: readonly T[], count: number): T[] {
    const n = Math.min(count, items.length);
    const moved = new Map<number, number>();
    const out: T[] = [];
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (items.length - i));
      out.push(items[moved.get(j) ?? j] as T);
      moved.set(j, moved.get(i) ?? i);
    }
    return out;
  }

  /**
   * A long-tailed count between min and max: most values sit near min, a few are large, as with
   * views and likes on any marketplace.
   */
  skewed(min: number, max: number, power = 3): number {
    return min + Math.floor(Math.pow(this.next(), power) * (max - min + 1));
  }
}
