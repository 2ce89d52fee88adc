import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { perTurn } from './per-turn';

/* Lookups of one turn answered by one read, never by a read sent before they were asked. */

/** A lookup over `values` that records the keys of each read and answers when `gate` opens. */
function recorded(values: Map<string, number>) {
  const reads: string[][] = [];
  let open: () => void = () => {};
  let gate = Promise.resolve();
  const lookup = perTurn<string, number>(async (keys) => {
    reads.push(keys);
    // What the database had when the read was sent; the answer arrives when the gate opens.
    const found = new Map(keys.flatMap((k) => (values.has(k) ? [[k, values.get(k)!] as const] : [])));
    await gate;
    return found;
  }, 3);
  return {
    lookup,
    reads,
    hold() {
      gate = new Promise((resolve) => (open = resolve));
    },
    release: () => open(),
  };
}

describe('per-turn lookups', () => {
  it('answer the keys asked in one turn with one read of each key once, and unknown keys with nothing', async () => {
    const r = recorded(
      new Map([
        ['a', 1],
        ['b', 2],
      ]),
    );
    const answers = await Promise.all([r.lookup('a'), r.lookup('b'), r.lookup('a'), r.lookup('zzz')]);
    expect(answers).toEqual([1, 2, 1, undefined]);
    // Three distinct keys: the batch's limit, so one read.
    expect(r.reads).toEqual([['a', 'b', 'zzz']]);
  });

  it('never answer a key with a read sent before it was asked', async () => {
    const values = new Map([['a', 1]]);
    const r = recorded(values);
    r.hold();
    const first = r.lookup('a');
    await nextTurn();
    // The first read is on its way (it has not answered): a change made now, then a lookup, must
    // be read again rather than get the answer of the read already sent.
    expect(r.reads).toEqual([['a']]);
    values.set('a', 2);
    const second = r.lookup('a');
    r.release();
    expect(await first).toBe(1);
    expect(await second).toBe(2);
    expect(r.reads).toEqual([['a'], ['a']]);
  });

  it('split a turn with more keys than a read takes', async () => {
    const r = recorded(new Map(['a', 'b', 'c', 'd', 'e'].map((k, i) => [k, i])));
    const answers = await Promise.all(['a', 'b', 'c', 'd', 'e', 'a'].map(r.lookup));
    expect(answers).toEqual([0, 1, 2, 3, 4, 0]);
    expect(r.reads).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e', 'a'],
    ]);
  });

  it('fail every lookup of a failed read, and read again for the next ones', async () => {
    let fail = true;
    const lookup = perTurn<string, number>(async (keys) => {
      if (fail) throw new Error('connection lost');
      return new Map(keys.map((k) => [k, 7]));
    });
    const failed = await Promise.allSettled([lookup('a'), lookup('b')]);
    expect(failed.map((f) => f.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await lookup('a')).toBe(7);
  });
});
