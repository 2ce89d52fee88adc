/*
 * Keeps a premium prompt's text out of a reply. A model told to keep its instructions private can
 * still be talked into reciting them, so the stream itself is checked (docs/security.md, "Premium
 * prompt text").
 *
 * The rule: a reply leaks when it holds a passage of the prompt (runs of WINDOW characters found in
 * it, case and spacing ignored) with WINDOW characters the user did not supply. Text the user sent
 * in the session (their messages, their variable values) is theirs: a character of the reply is
 * "supplied" when it lies in a run of SUPPLIED characters that the user sent and the prompt also
 * holds. Were the user's own text counted, the guard would answer questions: echoing a guessed
 * passage would be cut exactly when the guess is right (issue 51). Now an echoed guess is never a
 * leak, right or wrong, and a reply is cut only for hidden text the user did not give.
 *
 * Whether a character belongs to such a passage is known once WINDOW more characters have come.
 * What is sent never depends on the prompt's text: everything but the last HOLD characters goes out
 * as it comes (HOLD = WINDOW to know, plus WINDOW + 1 so no character of a new passage leaves before
 * the passage is known), so a correct and a wrong guess stream alike.
 */

const WINDOW = 60;
const SUPPLIED = 20;
const HOLD = 2 * WINDOW + 1;

/** Case and runs of white space ignored, one UTF-16 unit at a time (so a stream can be read in pieces). */
function normalizeUnit(unit: string, afterSpace: boolean): string {
  if (/\s/.test(unit)) return afterSpace ? '' : ' ';
  return unit.toLowerCase();
}

export function normalize(text: string): string {
  let out = '';
  for (const unit of text.split('')) out += normalizeUnit(unit, out.endsWith(' '));
  return out;
}

/**
 * Whether a text holds the whole hidden text (as the guard reads both). What is kept for others to
 * read after the reply (a prompt test's run, a review's snapshot) is refused on this: a hidden text
 * shorter than the guard's window passes the guard, whole.
 */
export function holdsWholeText(hidden: string, text: string): boolean {
  const whole = normalize(hidden).trim();
  return whole !== '' && normalize(text).includes(whole);
}

function grams(text: string, size: number): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + size <= text.length; i++) out.add(text.slice(i, i + size));
  return out;
}

export const LEAK_REFUSAL =
  "\n\n*Promptforge stopped this reply because it repeated the premium prompt's text. Buy the prompt to see it in full.*";

export interface LeakGuard {
  /** Adds model output; returns the part that is safe to send now, or null when the reply leaked. */
  push(delta: string): string | null;
  /** The held-back rest at the end of a reply, or null when its end leaked. */
  flush(): string | null;
  readonly leaked: boolean;
}

const passThrough: LeakGuard = { push: (d) => d, flush: () => '', leaked: false };

/**
 * A guard for one reply. `secret` is the hidden text (null: nothing to guard); `supplied` is what the
 * user sent in the session, which never counts as a leak.
 */
export function createLeakGuard(secret: string | null, supplied: readonly string[] = []): LeakGuard {
  const source = secret ? normalize(secret) : '';
  if (source.length < WINDOW) return passThrough;
  const passages = grams(source, WINDOW);
  const sourceRuns = grams(source, SUPPLIED);
  const theirs = new Set<string>();
  for (const text of supplied) {
    for (const run of grams(normalize(text), SUPPLIED)) if (sourceRuns.has(run)) theirs.add(run);
  }

  let raw = '';
  /** The normalized reply: its length, its last WINDOW characters. */
  let seen = 0;
  let tail = '';
  /** Per normalized character: where it starts in `raw`, in a passage of the prompt, supplied by the user. */
  const rawStart: number[] = [];
  const inPassage: boolean[] = [];
  const isTheirs: boolean[] = [];
  /** Characters whose marks are final, and the new characters in the passage they end in. */
  let settled = 0;
  let fresh = 0;
  let sent = 0;
  let leaked = false;

  const mark = (marks: boolean[], from: number, to: number) => {
    for (let i = from; i < to; i++) marks[i] = true;
  };
  /** Reads the marks of characters up to `until`, which no later window can change any more. */
  const settle = (until: number) => {
    for (; settled < until && !leaked; settled++) {
      if (!inPassage[settled]) fresh = 0;
      else if (!isTheirs[settled] && ++fresh >= WINDOW) leaked = true;
    }
  };
  const sendUpTo = (end: number) => {
    const out = raw.slice(sent, end);
    sent = Math.max(sent, end);
    return out;
  };

  return {
    get leaked() {
      return leaked;
    },
    push(delta) {
      if (leaked) return null;
      for (const unit of delta.split('')) {
        const at = raw.length;
        raw += unit;
        for (const ch of normalizeUnit(unit, tail.endsWith(' ')).split('')) {
          tail = (tail + ch).slice(-WINDOW);
          rawStart.push(at);
          inPassage.push(false);
          isTheirs.push(false);
          seen++;
          if (seen >= WINDOW && passages.has(tail)) mark(inPassage, seen - WINDOW, seen);
          if (seen >= SUPPLIED && theirs.has(tail.slice(-SUPPLIED))) mark(isTheirs, seen - SUPPLIED, seen);
        }
      }
      settle(seen - WINDOW + 1);
      if (leaked) return null;
      return seen > HOLD ? sendUpTo(rawStart[seen - HOLD]!) : '';
    },
    flush() {
      if (leaked) return null;
      settle(seen);
      return leaked ? null : sendUpTo(raw.length);
    },
  };
}
