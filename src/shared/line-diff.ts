/*
 * A line diff by the longest common subsequence (decision 055): the textbook dynamic programme over
 * the lines that differ once the common head and tail are set aside (the same over a changed line's
 * words: word-diff.ts, decision 066). Prompts are at most 20 000
 * characters, so the table is small; past MAX_CELLS the middle is shown as removed then added.
 */

export interface DiffOp {
  op: 'same' | 'add' | 'remove';
  text: string;
}

const MAX_CELLS = 4_000_000;

/** The lines of `after` against `before`: kept, removed and added, in reading order. */
export const lineDiff = (before: string, after: string): DiffOp[] =>
  sequenceDiff(before.split('\n'), after.split('\n'));

/**
 * Any two sequences of strings (lines, or a line's words: word-diff.ts) compared the same way; past
 * `maxCells` the differing middle is shown as removed then added.
 */
export function sequenceDiff(a: string[], b: string[], maxCells = MAX_CELLS): DiffOp[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  ) {
    tail++;
  }
  const x = a.slice(head, a.length - tail);
  const y = b.slice(head, b.length - tail);
  const same = (lines: string[]) => lines.map((text): DiffOp => ({ op: 'same', text }));
  return [...same(a.slice(0, head)), ...middle(x, y, maxCells), ...same(a.slice(a.length - tail))];
}

function middle(x: string[], y: string[], maxCells: number): DiffOp[] {
  const remove = x.map((text): DiffOp => ({ op: 'remove', text }));
  const add = y.map((text): DiffOp => ({ op: 'add', text }));
  if (x.length === 0 || y.length === 0 || (x.length + 1) * (y.length + 1) > maxCells) {
    return [...remove, ...add];
  }
  const w = y.length + 1;
  // lcs[i * w + j]: the common subsequence's length of x[i..] and y[j..].
  const lcs = new Uint32Array((x.length + 1) * w);
  for (let i = x.length - 1; i >= 0; i--) {
    for (let j = y.length - 1; j >= 0; j--) {
      lcs[i * w + j] =
        x[i] === y[j] ? lcs[(i + 1) * w + j + 1]! + 1 : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!);
    }
  }
  const out: DiffOp[] = [];
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    if (x[i] === y[j]) {
      out.push({ op: 'same', text: x[i]! });
      i++;
      j++;
    } else if (lcs[(i + 1) * w + j]! >= lcs[i * w + j + 1]!) {
      out.push({ op: 'remove', text: x[i++]! });
    } else {
      out.push({ op: 'add', text: y[j++]! });
    }
  }
  while (i < x.length) out.push({ op: 'remove', text: x[i++]! });
  while (j < y.length) out.push({ op: 'add', text: y[j++]! });
  return out;
}
