/*
 * Which words of a card's text a search matched, for highlighting (decision 044). The server says
 * which words it searched for (as typed or corrected, lower-case, accents folded); a word of the
 * text is marked when it is one of them in another form: it begins with it ("emails" for "email",
 * "flashcard" for "flash"), or they share all but their last three letters and at least four
 * ("negotiation" for "negotiating", as a stemmer relates them).
 */

const fold = (word: string) => word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

export function matchesSearchWord(word: string, searched: readonly string[]): boolean {
  const w = fold(word);
  return searched.some((s) => {
    if (w === s) return true;
    if (s.length < 3) return false;
    const shared = commonPrefix(w, s);
    return shared === s.length || (shared >= 4 && shared >= Math.min(w.length, s.length) - 3);
  });
}

/** The text in pieces, each marked when it is a word the search matched. */
export function highlightParts(
  text: string,
  searched: readonly string[],
): { text: string; match: boolean }[] {
  if (searched.length === 0) return [{ text, match: false }];
  const parts: { text: string; match: boolean }[] = [];
  for (const piece of text.split(/([\p{L}\p{M}\p{N}]+)/u)) {
    if (!piece) continue;
    const match = /[\p{L}\p{N}]/u.test(piece) && matchesSearchWord(piece, searched);
    const last = parts[parts.length - 1];
    if (last && last.match === match) last.text += piece;
    else parts.push({ text: piece, match });
  }
  return parts;
}
