import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textDiff, wordDiff } from './word-diff';

const join = (ops: { text: string }[]) => ops.map((o) => o.text).join('');

describe('wordDiff', () => {
  it('marks the words a line lost and gained, joining neighbouring changes', () => {
    expect(wordDiff('Write a short poem about cats.', 'Write a long, funny poem about dogs.')).toEqual({
      removed: [
        { op: 'same', text: 'Write a ' },
        { op: 'remove', text: 'short' },
        { op: 'same', text: ' poem about ' },
        { op: 'remove', text: 'cats' },
        { op: 'same', text: '.' },
      ],
      added: [
        { op: 'same', text: 'Write a ' },
        { op: 'add', text: 'long, funny' },
        { op: 'same', text: ' poem about ' },
        { op: 'add', text: 'dogs' },
        { op: 'same', text: '.' },
      ],
    });
  });

  it('leaves lines that share no word whole', () => {
    expect(wordDiff('Alpha beta', 'Gamma delta')).toBeNull();
    expect(wordDiff('', 'Something new')).toBeNull();
  });

  it('gives both lines back, with only kept and removed words on one side and kept and added on the other', () => {
    const line = fc
      .array(fc.constantFrom('a', 'b', 'cat', ' ', '  ', ',', 'é', '{x}'), { maxLength: 14 })
      .map((w) => w.join(''));
    fc.assert(
      fc.property(line, line, (before, after) => {
        const words = wordDiff(before, after);
        if (!words) return;
        expect(join(words.removed)).toBe(before);
        expect(join(words.added)).toBe(after);
        expect(words.removed.every((o) => o.op !== 'add')).toBe(true);
        expect(words.added.every((o) => o.op !== 'remove')).toBe(true);
        // Kept words are the same on both sides (a space between two changed words joins them).
        const kept = (ops: typeof words.added) =>
          join(ops.filter((o) => o.op === 'same')).replace(/\s+/g, '');
        expect(kept(words.removed)).toBe(kept(words.added));
      }),
    );
  });
});

describe('textDiff', () => {
  it('pairs the changed lines of a run and words them; unpaired and kept lines stay plain', () => {
    const lines = textDiff('Intro\nUse a formal tone.\nEnd', 'Intro\nUse a friendly tone.\nA new line\nEnd');
    expect(lines.map((l) => [l.op, l.text, l.words?.map((w) => `${w.op}:${w.text}`)])).toEqual([
      ['same', 'Intro', undefined],
      ['remove', 'Use a formal tone.', ['same:Use a ', 'remove:formal', 'same: tone.']],
      ['add', 'Use a friendly tone.', ['same:Use a ', 'add:friendly', 'same: tone.']],
      ['add', 'A new line', undefined],
      ['same', 'End', undefined],
    ]);
  });

  it('leaves a long line past the table limit whole instead of slowing the answer', () => {
    const long = Array.from({ length: 1200 }, (_, i) => `w${i}`).join(' ');
    const changed = long.replace('w0 ', 'x0 ').replace('w1199', 'x1199');
    const [removed, added] = textDiff(long, changed);
    expect(removed?.words).toBeUndefined();
    expect(added?.words).toBeUndefined();
    // With the head and tail kept aside a change in one place is worded at any length.
    const [r2] = textDiff(long, long.replace('w600', 'x600'));
    expect(r2?.words?.filter((w) => w.op === 'remove')).toEqual([{ op: 'remove', text: 'w600' }]);
  });
});
