import { CATEGORIES, PROMPT_TYPES } from '../../../shared/constants';
import type { Engine } from '../../db/database';

/*
 * Turns whatever a person typed into a safe full-text query. Only runs of letters and digits survive,
 * so quotes, operators, NEAR, column filters or emoji can never reach the query parser; the last word
 * matches as a prefix (people are still typing it). Returns null when nothing searchable is left.
 */

const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 64;

export function searchTerms(text: string): string[] {
  return textTerms(text).slice(0, MAX_TERMS);
}

/**
 * The words of a text as the search index holds them: runs of letters and digits, lower-cased,
 * diacritics folded away (as FTS5's remove_diacritics and a translate() on PostgreSQL do).
 */
export function textTerms(text: string): string[] {
  const folded = text.normalize('NFKD').replace(/\p{M}/gu, '').normalize('NFKC').toLowerCase();
  const words = folded.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.map((w) => (w.length > MAX_TERM_LENGTH ? w.slice(0, MAX_TERM_LENGTH) : w));
}

/**
 * The words SQLite's index holds in its filter columns (category and type, migration 0003), which
 * a search must not match: only these need the searchable-columns filter.
 */
const FILTER_WORDS = [...CATEGORIES, ...PROMPT_TYPES];
const SEARCHABLE = '{title description tags author}';

/** The full-text query for a search's terms (searchTerms), or null when there are none. */
export function fullTextQuery(engine: Engine, terms: string[]): string | null {
  if (terms.length === 0) return null;
  const last = terms.length - 1;
  if (engine === 'sqlite') {
    // FTS5: each term a quoted string; a prefix needs two characters to use the prefix index. A
    // term that can match a category or type word is limited to the searchable columns; the others
    // cannot match there, and without the filter FTS5 does not check each hit's column (about a
    // fifth of the query's cost, in bm25's counts). Same matches, same ranks (decision 017).
    return terms
      .map((t, i) => {
        const prefix = i === last && t.length >= 2;
        const phrase = prefix ? `"${t}"*` : `"${t}"`;
        const clash = FILTER_WORDS.some((w) => (prefix ? w.startsWith(t) : w === t));
        return clash ? `${SEARCHABLE} : ${phrase}` : phrase;
      })
      .join(' AND ');
  }
  return terms.map((t, i) => (i === last ? `${t}:*` : t)).join(' & ');
}
