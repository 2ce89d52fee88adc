import { describe, expect, it } from 'vitest';
import { Rng } from './prng';

/** The shuffle of a copy that `sample` replaced: the seeded data must come out as it did. */
function sampleByCopy<T>(rng: Rng, items: readonly T[], count: number): T[] {
  const copy = [...items];
  const n = Math.min(count, copy.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(rng.next() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, n);
}

describe('Rng.sample', () => {
  it('draws what shuffling a copy drew, so seeded data does not change', () => {
    for (const [size, count] of [
      [0, 3],
      [1, 1],
      [5, 5],
      [5, 9],
      [10, 3],
      [1_000, 5],
      [1_000, 333],
      [20_000, 4],
    ] as const) {
      const items = Array.from({ length: size }, (_, i) => `item-${i}`);
      const a = new Rng(size * 31 + count);
      const b = new Rng(size * 31 + count);
      for (let round = 0; round < 20; round++) {
        expect(a.sample(items, count)).toEqual(sampleByCopy(b, items, count));
      }
      // Both generators drew the same numbers: what follows a sample is unchanged too.
      expect(a.next()).toBe(b.next());
    }
  });

  it('gives distinct items, as many as asked for or all there are', () => {
    const items = Array.from({ length: 50 }, (_, i) => i);
    const rng = new Rng(7);
    const some = rng.sample(items, 12);
    expect(some).toHaveLength(12);
    expect(new Set(some).size).toBe(12);
    const all = rng.sample(items, 80);
    expect([...all].sort((x, y) => x - y)).toEqual(items);
  });

  it('leaves the list it samples from as it was', () => {
    const items = Object.freeze(['a', 'b', 'c', 'd']);
    new Rng(3).sample(items, 4);
    expect(items).toEqual(['a', 'b', 'c', 'd']);
  });
});
