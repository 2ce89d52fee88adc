/*
 * Text similarity as PostgreSQL's pg_trgm measures it, for SQLite, which has no such function
 * (decision 058): the text lower-cased and split into words of letters and digits, each word padded
 * with two spaces before and one after, its three-character pieces collected as a set; the
 * similarity of two texts is the number of pieces they share over the number in either (Jaccard).
 * pg_trgm's `similarity()` gives the same number for the same texts (checked by trigrams.test.ts).
 */

/** The set of trigrams of a text, as pg_trgm makes them. */
export function trigramsOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const padded = `  ${word} `;
    const chars = [...padded];
    for (let i = 0; i + 3 <= chars.length; i++) out.add(chars.slice(i, i + 3).join(''));
  }
  return out;
}

/** Shared trigrams over all trigrams of either set: 0 (nothing shared) to 1 (the same set). */
export function trigramSimilarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const t of small) if (large.has(t)) shared++;
  return shared / (a.size + b.size - shared);
}
