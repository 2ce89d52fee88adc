/*
 * Keeps a premium prompt's text out of a reply. A model told to keep its instructions private can
 * still be talked into reciting them, so the stream itself is checked: any run of WINDOW characters
 * (case and spacing ignored) that also appears in the prompt stops the reply. The last HOLD
 * characters are held back until they are known to be safe, so a recital is cut before it is sent.
 */

const WINDOW = 60;
const HOLD = 80;

const normalize = (text: string) => text.toLowerCase().replace(/\s+/g, ' ');

export const LEAK_REFUSAL =
  "\n\n*Promptforge stopped this reply because it repeated the premium prompt's text. Buy the prompt to see it in full.*";

export interface LeakGuard {
  /** Adds model output; returns the part that is safe to send now, or null when the reply leaked. */
  push(delta: string): string | null;
  /** The held-back rest at the end of a clean reply. */
  flush(): string;
  readonly leaked: boolean;
}

export function createLeakGuard(secret: string | null): LeakGuard {
  if (!secret || normalize(secret).length < WINDOW) {
    return { push: (d) => d, flush: () => '', leaked: false };
  }
  const source = normalize(secret);
  const windows = new Set<string>();
  for (let i = 0; i + WINDOW <= source.length; i++) windows.add(source.slice(i, i + WINDOW));

  let raw = '';
  let sent = 0;
  let seen = '';
  let leaked = false;
  return {
    get leaked() {
      return leaked;
    },
    push(delta) {
      if (leaked) return null;
      raw += delta;
      const before = seen.length;
      seen = normalize(raw);
      for (let end = Math.max(WINDOW, before + 1); end <= seen.length; end++) {
        if (windows.has(seen.slice(end - WINDOW, end))) {
          leaked = true;
          return null;
        }
      }
      const safeUntil = Math.max(sent, raw.length - HOLD);
      const out = raw.slice(sent, safeUntil);
      sent = safeUntil;
      return out;
    },
    flush() {
      if (leaked) return '';
      const out = raw.slice(sent);
      sent = raw.length;
      return out;
    },
  };
}
