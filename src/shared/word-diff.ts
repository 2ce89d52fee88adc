import { type DiffOp, lineDiff, sequenceDiff } from './line-diff';

/*
 * The words that changed inside changed lines (issue 57, decision 066). A run of removed and added
 * lines between two kept ones pairs its k-th removed line with its k-th added one; each pair is
 * compared word by word with the line diff's own LCS (line-diff.ts), so a removed line carries its
 * kept and removed words and an added line its kept and added words. A pair that shares no word,
 * or whose table would pass MAX_WORD_CELLS (a 20 000-character prompt on one line), stays whole.
 */

/** A changed line, with its words when it pairs with a line on the other side. */
export interface DiffLineWords extends DiffOp {
  words?: DiffOp[];
}

const MAX_WORD_CELLS = 1_000_000;
/** Words (letters, digits, underscores), runs of white space, and each other character alone. */
const TOKEN = /[\p{L}\p{N}_]+|\s+|[^\p{L}\p{N}_\s]/gu;

const tokens = (line: string) => line.match(TOKEN) ?? [];

/**
 * Joins neighbouring pieces of one kind; a space between two changed words joins them, and a
 * change ends at its last word (a space after it goes back to the kept text that follows).
 */
function joined(ops: DiffOp[]): DiffOp[] {
  const out: DiffOp[] = [];
  ops.forEach((o, i) => {
    const before = out.at(-1);
    const next = ops[i + 1];
    const bridge = o.op === 'same' && /^\s+$/.test(o.text) && before && next && before.op === next.op;
    const op = bridge ? before.op : o.op;
    if (before && before.op === op) before.text += o.text;
    else out.push({ op, text: o.text });
  });
  out.forEach((o, i) => {
    const next = out[i + 1];
    const space = o.op !== 'same' && next?.op === 'same' ? /\s+$/.exec(o.text)?.[0] : undefined;
    if (space && next && space.length < o.text.length) {
      o.text = o.text.slice(0, -space.length);
      next.text = space + next.text;
    }
  });
  return out;
}

/** The words of a removed line and of the added line that replaced it, or null when they share none. */
export function wordDiff(removed: string, added: string): { removed: DiffOp[]; added: DiffOp[] } | null {
  const ops = sequenceDiff(tokens(removed), tokens(added), MAX_WORD_CELLS);
  if (!ops.some((o) => o.op === 'same' && o.text.trim() !== '')) return null;
  return {
    removed: joined(ops.filter((o) => o.op !== 'add')),
    added: joined(ops.filter((o) => o.op !== 'remove')),
  };
}

/** The line diff of two texts, each changed line that pairs with one on the other side with its words. */
export function textDiff(before: string, after: string): DiffLineWords[] {
  const lines: DiffLineWords[] = lineDiff(before, after);
  for (let start = 0; start < lines.length;) {
    let end = start;
    while (end < lines.length && lines[end]!.op !== 'same') end++;
    const run = lines.slice(start, end);
    const removed = run.filter((l) => l.op === 'remove');
    const added = run.filter((l) => l.op === 'add');
    for (let k = 0; k < Math.min(removed.length, added.length); k++) {
      const words = wordDiff(removed[k]!.text, added[k]!.text);
      if (words) {
        removed[k]!.words = words.removed;
        added[k]!.words = words.added;
      }
    }
    start = end === start ? end + 1 : end;
  }
  return lines;
}
