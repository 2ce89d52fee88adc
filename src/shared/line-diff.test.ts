import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineDiff } from './line-diff';

const rebuild = (ops: ReturnType<typeof lineDiff>, side: 'before' | 'after') =>
  ops
    .filter((o) => o.op === 'same' || o.op === (side === 'before' ? 'remove' : 'add'))
    .map((o) => o.text)
    .join('\n');

describe('lineDiff', () => {
  it('marks a changed line as removed then added, keeping the rest', () => {
    expect(lineDiff('a\nb\nc', 'a\nB\nc')).toEqual([
      { op: 'same', text: 'a' },
      { op: 'remove', text: 'b' },
      { op: 'add', text: 'B' },
      { op: 'same', text: 'c' },
    ]);
  });

  it('gives both texts back and keeps a longest common subsequence', () => {
    const text = fc
      .array(fc.constantFrom('a', 'b', 'c', 'd', ''), { maxLength: 12 })
      .map((l) => l.join('\n'));
    fc.assert(
      fc.property(text, text, (before, after) => {
        const ops = lineDiff(before, after);
        expect(rebuild(ops, 'before')).toBe(before);
        expect(rebuild(ops, 'after')).toBe(after);
        if (before === after) expect(ops.every((o) => o.op === 'same')).toBe(true);
      }),
    );
  });
});
