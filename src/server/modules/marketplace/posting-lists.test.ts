import { describe, expect, it } from 'vitest';
import { PostingLists } from './posting-lists';

/* The search index's posting lists against plain arrays, through the moves and rewrites of the pool. */

/** A small deterministic generator (mulberry32), so a failure replays. */
function random(seed: number) {
  let a = seed;
  return (below: number) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * below);
  };
}

/** List t as [value, frequency] pairs. */
const read = (lists: PostingLists, t: number) =>
  Array.from({ length: lists.length(t) }, (_, i) => [
    lists.data[2 * (lists.start(t) + i)],
    lists.data[2 * (lists.start(t) + i) + 1],
  ]);

describe('posting lists', () => {
  it('hold what was inserted, removed, replaced and cleared, in place, across moves and rewrites of the pool', () => {
    const lists = new PostingLists();
    const model: number[][][] = [];
    const next = random(7);
    // Enough entries to fill the first pool many times over (it starts with 65 536 places), with
    // removals leaving space behind to be rewritten away.
    const entries = () => model.reduce((n, l) => n + l.length, 0);
    for (let step = 0; step < 300_000; step++) {
      if (step % 100_000 === 50_000) {
        // As after the index's build: the room to grow given back, the pool an eighth over.
        lists.trim();
        expect(lists.data.length / 2).toBeLessThanOrEqual(Math.max(Math.ceil(entries() * 1.125), 1 << 16));
        for (let t = 0; t < model.length; t++) expect(read(lists, t)).toEqual(model[t]);
      }
      if (model.length < 2000 && next(50) === 0) {
        expect(lists.add()).toBe(model.length);
        model.push([]);
        continue;
      }
      if (model.length === 0) continue;
      // A few long lists and many short ones, as words are.
      const t = next(4) === 0 ? next(Math.min(model.length, 5)) : next(model.length);
      const list = model[t]!;
      if (next(400) === 0) {
        // A document's terms, as the index keeps them: replaced whole when it is re-indexed,
        // emptied when it is removed.
        if (next(4) === 0) {
          model[t] = [];
          lists.clear(t);
        } else {
          const fresh = Array.from({ length: next(60) }, (_, i) => [step + i, (step + i) % 40]);
          model[t] = fresh;
          lists.replace(
            t,
            Int32Array.from(fresh, ([v]) => v!),
            Int32Array.from(fresh, ([, f]) => f!),
          );
        }
        continue;
      }
      if (list.length > 0 && next(3) === 0) {
        const at = next(list.length);
        list.splice(at, 1);
        lists.removeAt(t, at);
      } else {
        const at = next(3) === 0 ? next(list.length + 1) : list.length;
        // Frequencies are sums of column weights: small whole numbers.
        list.splice(at, 0, [step, step % 40]);
        lists.insert(t, at, step, step % 40);
      }
    }
    expect(lists.size).toBe(model.length);
    for (let t = 0; t < model.length; t++) expect(read(lists, t)).toEqual(model[t]);
    expect(entries()).toBeGreaterThan(65_536);
  });

  it("keep each list's note through its moves, the rewrites of the pool and a renumbering", () => {
    const lists = new PostingLists();
    for (let t = 0; t < 3; t++) {
      lists.add();
      lists.setNote(t, 100 + t);
    }
    // Enough entries to move every list several times and fill the first pool (65 536 places).
    for (let i = 0; i < 40_000; i++) lists.insert(i % 3, Math.floor(i / 3), i, i % 7);
    lists.trim();
    expect([0, 1, 2].map((t) => lists.note(t))).toEqual([100, 101, 102]);
    lists.permute([2, 0, 1]);
    expect([0, 1, 2].map((t) => lists.note(t))).toEqual([102, 100, 101]);
    expect(read(lists, 0).slice(0, 2)).toEqual([
      [2, 2],
      [5, 5],
    ]);
    lists.clear(1);
    expect(lists.length(1)).toBe(0);
    expect(lists.note(1)).toBe(100);
  });

  it('renumber their lists', () => {
    const lists = new PostingLists();
    for (let t = 0; t < 3; t++) {
      lists.add();
      for (let i = 0; i <= t; i++) lists.insert(t, i, 10 * t + i, i + 1);
    }
    lists.permute([2, 0, 1]);
    const values = () => [0, 1, 2].map((t) => read(lists, t).map(([value]) => value));
    expect(values()).toEqual([[20, 21, 22], [0], [10, 11]]);
    lists.insert(1, 0, 5, 9);
    expect(values()).toEqual([
      [20, 21, 22],
      [5, 0],
      [10, 11],
    ]);
    expect(read(lists, 1)).toEqual([
      [5, 9],
      [0, 1],
    ]);
  });
});
