import type { Engine } from '../../db/database';

/*
 * What a search asks the database (decision 044). Whatever was typed is reduced to words (runs of
 * letters and digits, lower-cased, accents folded), so quotes, operators or column filters never
 * reach a query parser. Each word becomes a group of alternatives the database's stemmer matches
 * in its word forms (FTS5's porter, PostgreSQL's `english`):
 *
 * - the word itself; the last one also as a prefix when it is no whole word of the catalogue
 *   (people are still typing it), the whole word then ranking above the completions;
 * - a word no prompt holds: its typo corrections (one edit from 5 letters, two from 9, counting a
 *   swap of neighbours as one) and its splits into two catalogue words ("flashcards" as
 *   "flash cards");
 * - two neighbours whose joined form a prompt holds ("flash cards" as "flashcard") are one group.
 *
 * A prompt matches when it holds most of the groups (both of two, two of three, three of four),
 * and those holding them all rank first; when no prompt holds them all, one fewer will do (either
 * of two). A word nothing matches, even corrected, is left out.
 */

export const MAX_TERMS = 6;
const MAX_TERM_LENGTH = 64;
/** Words too common to count as one of a query's words when others are given. */
const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'the',
  'for',
  'of',
  'to',
  'in',
  'on',
  'with',
  'my',
  'your',
  'or',
  'how',
]);

/** The words of a text as the search vocabulary holds them: lower-cased, accents folded. */
export function textTerms(text: string): string[] {
  const folded = text.normalize('NFKD').replace(/\p{M}/gu, '').normalize('NFKC').toLowerCase();
  const words = folded.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.map((w) => (w.length > MAX_TERM_LENGTH ? w.slice(0, MAX_TERM_LENGTH) : w));
}

/** The words of a query that count (stop words dropped unless nothing else is left), at most MAX_TERMS. */
export function searchTerms(text: string): string[] {
  const words = textTerms(text);
  const kept = words.filter((w) => !STOP_WORDS.has(w));
  return (kept.length > 0 ? kept : words).slice(0, MAX_TERMS);
}

/** Edits a typo may have: one from 5 letters, two from 9 (none below 5). */
export const allowedEdits = (word: string) => (word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0);

/**
 * The optimal string alignment distance: insertions, deletions, substitutions and swaps of two
 * neighbours each count one. Stops early (returns max + 1) once it exceeds `max`.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      }
      row.push(d);
      best = Math.min(best, d);
    }
    rows.push(row);
    if (i > 0 && best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

/** One way a group of the query can match. */
export type Alternative =
  { word: string; prefix?: 'also' | 'only' } | { phrase: [string, string] } | { all: Alternative[][] };

/** A group: any of its alternatives. */
export type Group = Alternative[];

/** How many of a query's groups a prompt must hold: most of them (both of two, two of three). */
export const requiredGroups = (n: number) => Math.floor(n / 2) + 1;

function alternative(engine: Engine, alt: Alternative): string {
  const sqlite = engine === 'sqlite';
  if ('phrase' in alt)
    return sqlite ? `"${alt.phrase[0]} ${alt.phrase[1]}"` : `(${alt.phrase[0]} <-> ${alt.phrase[1]})`;
  if ('all' in alt) return `(${alt.all.map((g) => group(engine, g)).join(sqlite ? ' AND ' : ' & ')})`;
  const w = alt.word;
  if (alt.prefix === 'only') return sqlite ? `"${w}"*` : `${w}:*`;
  if (alt.prefix === 'also') return sqlite ? `("${w}" OR "${w}"*)` : `(${w} | ${w}:*)`;
  return sqlite ? `"${w}"` : w;
}

export function group(engine: Engine, g: Group): string {
  const parts = g.map((a) => alternative(engine, a));
  return parts.length === 1 ? parts[0]! : `(${parts.join(engine === 'sqlite' ? ' OR ' : ' | ')})`;
}

function combinations<T>(items: T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [first, ...rest] = items;
  return [...combinations(rest, k - 1).map((c) => [first!, ...c]), ...combinations(rest, k)];
}

/**
 * The full-text query (FTS5 MATCH text, or to_tsquery text with the `english` configuration) for
 * prompts holding at least `required` of the groups; `required` = all gives the all-words query.
 */
export function fullTextQuery(engine: Engine, groups: Group[], required: number): string {
  const and = engine === 'sqlite' ? ' AND ' : ' & ';
  const or = engine === 'sqlite' ? ' OR ' : ' | ';
  const parts = groups.map((g) => group(engine, g));
  if (required >= parts.length) return parts.join(and);
  return combinations(parts, required)
    .map((c) => (c.length === 1 ? c[0]! : `(${c.join(and)})`))
    .join(or);
}

/** Every word a group can match as typed or corrected: the words a card highlights. */
export function groupWords(groups: Group[]): string[] {
  const out = new Set<string>();
  const visit = (a: Alternative) => {
    if ('word' in a) out.add(a.word);
    else if ('phrase' in a) a.phrase.forEach((w) => out.add(w));
    else a.all.flat().forEach(visit);
  };
  groups.flat().forEach(visit);
  return [...out];
}
