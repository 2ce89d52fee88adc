import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Category, PromptStatus, PromptType, Sort } from '../../../shared/constants';
import type { Engine } from '../../db/database';
import type { DB } from '../../db/types';
import { passesSql, sortTerms } from './list-repository';
import { qualityFactorSql } from './ranking';
import {
  type Group,
  allowedEdits,
  editDistance,
  fullTextQuery,
  group,
  groupWords,
  requiredGroups,
  searchTerms,
} from './search';

/** All SQL of a search (decision 044): the vocabulary, the plan's look-ups, the ranked matches. */

/**
 * FTS5's bm25 weights of title, tags, description, category and author. bm25 saturates a row's
 * weighted count of a word, so large weights (10 for a title) end up nearly equal to small ones
 * (6 for tags): these keep a title match about 1.7 times a description match.
 */
const BM25_WEIGHTS = sql.raw('4.0, 2.5, 1.0, 2.0, 1.5');

/** A search made ready for the database: its queries, the words to highlight, a correction. */
export interface SearchPlan {
  /** Prompts holding enough of the words. */
  any: string;
  /** Prompts holding every word (the same as `any` for one group). */
  all: string;
  groups: number;
  highlight: string[];
  /** The query with its typos corrected, when any was. */
  suggestion: string | null;
}

/** Which of these words some prompt's text holds as written (search_words, migration 0023). */
async function vocabularyHas(db: Kysely<DB>, engine: Engine, words: string[]): Promise<Set<string>> {
  if (words.length === 0) return new Set();
  const list = engine === 'sqlite' ? JSON.stringify(words) : words;
  const inList =
    engine === 'sqlite'
      ? sql`word in (select value from json_each(${list}))`
      : sql`word = any(${list}::text[])`;
  const { rows } = await sql<{ word: string }>`select word from search_words where ${inList}`.execute(db);
  return new Set(rows.map((r) => r.word));
}

/**
 * Words of the vocabulary within the allowed edits of `word`, nearest first. Candidates share its
 * first letter or its last two (one or two edits rarely change both), or on PostgreSQL are
 * trigram-similar (pg_trgm); the edit distance is then checked here.
 */
async function vocabularyNear(db: Kysely<DB>, engine: Engine, word: string): Promise<string[]> {
  const max = allowedEdits(word);
  if (max === 0) return [];
  const lo = word.length - max;
  const hi = word.length + max;
  const first = word.slice(0, 1);
  const last = word.slice(-2);
  const { rows } =
    engine === 'sqlite'
      ? await sql<{ word: string }>`select word from search_words
          where length(word) between ${lo} and ${hi} and (substr(word, 1, 1) = ${first} or substr(word, -2) = ${last})`.execute(
          db,
        )
      : await sql<{ word: string }>`select word from search_words
          where (length(word) between ${lo} and ${hi} and (left(word, 1) = ${first} or right(word, 2) = ${last}))
             or word % ${word}`.execute(db);
  return rows
    .map((r) => ({ w: r.word, d: editDistance(word, r.word, max) }))
    .filter((c) => c.d <= max && c.w !== word)
    .sort((a, b) => a.d - b.d || a.w.localeCompare(b.w))
    .map((c) => c.w);
}

/** Whether any prompt matches each of these full-text queries (one group each). */
async function matchesAny(db: Kysely<DB>, engine: Engine, queries: string[]): Promise<boolean[]> {
  if (queries.length === 0) return [];
  if (engine === 'sqlite') {
    return Promise.all(
      queries.map(async (q) => {
        const { rows } = await sql<{
          n: number;
        }>`select count(*) as n from (select 1 from prompts_fts where prompts_fts match ${q} limit 1)`.execute(
          db,
        );
        return Number(rows[0]?.n ?? 0) > 0;
      }),
    );
  }
  const { rows } = await sql<{ i: number; found: boolean }>`
    select t.i, exists(select 1 from prompts where search_vector @@ to_tsquery('english', t.q)) as found
    from unnest(${queries}::text[]) with ordinality as t(q, i) order by t.i`.execute(db);
  return rows.map((r) => r.found);
}

/** The most splits of a word into two catalogue words tried, and the shortest half. */
const MIN_HALF = 3;

/**
 * Makes a search's queries from what was typed: null when nothing searchable is left. Looks up the
 * vocabulary and which words match (a few index reads); typos and splits only for words nothing
 * matches.
 */
export async function planSearch(db: Kysely<DB>, engine: Engine, text: string): Promise<SearchPlan | null> {
  const terms = searchTerms(text);
  if (terms.length === 0) return null;
  const lastAt = terms.length - 1;
  const joined = terms.slice(1).map((t, i) => terms[i]! + t);
  const known = await vocabularyHas(db, engine, [...terms, ...joined]);
  const base = (t: string, i: number): Group => [
    i === lastAt && !known.has(t) && t.length >= 2 ? { word: t, prefix: 'also' } : { word: t },
  ];
  const groups: Group[] = terms.map(base);
  const joinGroup = (i: number): Group => [
    { word: joined[i]!, ...(i + 1 === lastAt ? { prefix: 'also' as const } : {}) },
  ];
  const found = await matchesAny(db, engine, [
    ...groups.map((g) => group(engine, g)),
    ...joined.map((_, i) => group(engine, joinGroup(i))),
  ]);
  const corrected = [...terms];
  /** Words that can match nothing, even corrected: left out, rather than failing every prompt. */
  const hopeless = new Set<number>();
  for (let i = 0; i < terms.length; i++) {
    const t = terms[i]!;
    if (found[i]) continue;
    if (i === lastAt) {
      // The stemmer may cut a word short of what is being typed ("negotia" against the stem
      // "negoti"): the catalogue's words it begins are matched instead.
      for (const w of await vocabularyStarting(db, engine, t)) groups[i]!.push({ word: w });
    }
    const [near, halves, stems] = await Promise.all([
      vocabularyNear(db, engine, t),
      t.length >= 2 * MIN_HALF ? splitsOf(db, engine, t) : Promise.resolve([]),
      shorterForms(db, engine, t),
    ]);
    for (const w of [...stems, ...near.slice(0, 5)]) groups[i]!.push({ word: w });
    for (const p of halves) groups[i]!.push({ phrase: p });
    if (near[0] && stems.length === 0) corrected[i] = near[0];
    if (groups[i]!.length === 1) hopeless.add(i);
  }
  // Neighbours written apart that a prompt holds together: either form matches, as one group.
  const merged: Group[] = [];
  for (let i = 0; i < groups.length; i++) {
    if (i < joined.length && found[terms.length + i]) {
      merged.push([{ all: [groups[i]!, groups[i + 1]!] }, ...joinGroup(i)]);
      i++;
    } else if (!hopeless.has(i)) merged.push(groups[i]!);
  }
  if (merged.length === 0) merged.push(groups[0]!);
  const suggestion = corrected.some((w, i) => w !== terms[i]) ? corrected.join(' ') : null;
  const all = fullTextQuery(engine, merged, merged.length);
  // No prompt holds every word: one fewer will do (either of two).
  let required = requiredGroups(merged.length);
  if (merged.length > 1 && !(await matchesAny(db, engine, [all]))[0]) required = Math.max(1, required - 1);
  return {
    any: fullTextQuery(engine, merged, required),
    all,
    groups: merged.length,
    highlight: groupWords(merged),
    suggestion,
  };
}

/** Words of the catalogue a word being typed begins (at most a few, from 3 letters). */
async function vocabularyStarting(db: Kysely<DB>, engine: Engine, prefix: string): Promise<string[]> {
  if (prefix.length < 3) return [];
  const starts =
    engine === 'sqlite'
      ? sql`word > ${prefix} and word < ${prefix + '\u{10FFFF}'}`
      : sql`starts_with(word, ${prefix}) and word <> ${prefix}`;
  const { rows } = await sql<{ word: string }>`select word from search_words where ${starts}
    order by word limit 8`.execute(db);
  return rows.map((r) => r.word);
}

/**
 * Catalogue words a word nothing matches begins with, up to three letters shorter: the forms a
 * stemmer does not relate ("quizzes" holds "quiz", which porter stems apart).
 */
async function shorterForms(db: Kysely<DB>, engine: Engine, word: string): Promise<string[]> {
  const forms: string[] = [];
  for (let cut = 1; cut <= 3 && word.length - cut >= 4; cut++) forms.push(word.slice(0, -cut));
  const known = await vocabularyHas(db, engine, forms);
  return forms.filter((f) => known.has(f));
}

/** How many prompts (any status) match each of these full-text queries. */
async function matchCounts(db: Kysely<DB>, engine: Engine, queries: string[]): Promise<number[]> {
  return Promise.all(
    queries.map(async (q) => {
      const { rows } =
        engine === 'sqlite'
          ? await sql<{
              n: number;
            }>`select count(*) as n from prompts_fts where prompts_fts match ${q}`.execute(db)
          : await sql<{ n: string }>`select count(*) as n from prompts
              where search_vector @@ to_tsquery('english', ${q})`.execute(db);
      return Number(rows[0]?.n ?? 0);
    }),
  );
}

/** How few matches make a search worth a "Did you mean". */
export const FEW_MATCHES = 2;

/**
 * A correction for a search that found few prompts although its words are in the catalogue (a
 * misspelling some prompt shares): each word of 5 letters or more is replaced by the nearest word
 * of the catalogue that matches more prompts, if one does. Null when none does.
 */
export async function suggestCorrection(
  db: Kysely<DB>,
  engine: Engine,
  text: string,
): Promise<string | null> {
  const terms = searchTerms(text);
  let changed = false;
  const out = await Promise.all(
    terms.map(async (t) => {
      const near = (await vocabularyNear(db, engine, t)).slice(0, 5);
      if (near.length === 0) return t;
      const [own, ...counts] = await matchCounts(
        db,
        engine,
        [t, ...near].map((w) => group(engine, [{ word: w }])),
      );
      const best = counts.reduce((b, n, i) => (n > counts[b]! ? i : b), 0);
      if (counts[best]! <= own!) return t;
      changed = true;
      return near[best]!;
    }),
  );
  return changed ? out.join(' ') : null;
}

/** The ways `word` splits into two words of the catalogue ("flashcards": flash + cards). */
async function splitsOf(db: Kysely<DB>, engine: Engine, word: string): Promise<[string, string][]> {
  const pairs: [string, string][] = [];
  for (let at = MIN_HALF; at <= word.length - MIN_HALF; at++) pairs.push([word.slice(0, at), word.slice(at)]);
  const known = await vocabularyHas(db, engine, [...new Set(pairs.flat())]);
  return pairs.filter(([a, b]) => known.has(a) && known.has(b));
}

export interface SearchFilters {
  /** Undefined: every status (the admin's search). */
  status?: PromptStatus;
  category?: Category;
  type?: PromptType;
  /** A model the prompt's latest version passes every test case on (list-repository's passesSql). */
  passes?: string;
}

const orderSql = (terms: [RawBuilder<unknown>, 'asc' | 'desc'][]) =>
  sql.join(terms.map(([ref, dir]) => sql`${ref} ${sql.raw(dir)}`));

function filterSql(f: SearchFilters, alias: string) {
  const c = (column: string) => sql.ref(`${alias}.${column}`);
  return sql.join(
    [
      sql`1 = 1`,
      ...(f.status ? [sql`${c('status')} = ${f.status}`] : []),
      ...(f.category ? [sql`${c('category')} = ${f.category}`] : []),
      ...(f.type ? [sql`${c('type')} = ${f.type}`] : []),
      // SQLite's matches are rows of prompt_search (`s`), which keeps no test results: asked of the prompt.
      ...(f.passes
        ? [
            alias === 's'
              ? sql`${c('prompt_id')} in (select t.id from prompts t where ${passesSql(sql.ref('t.tested_on'), f.passes)})`
              : passesSql(c('tested_on'), f.passes),
          ]
        : []),
    ],
    sql` and `,
  );
}

/**
 * One page of a search's matches, as prompt ids in order, with the number of matches: by
 * relevance (ranking.ts) or by an explicit sort, over every match.
 */
export async function searchPage(
  db: Kysely<DB>,
  engine: Engine,
  plan: SearchPlan,
  f: SearchFilters & { sort: Sort; page: number; limit: number },
): Promise<{ ids: string[]; total: number }> {
  const offset = (f.page - 1) * f.limit;
  const { rows } = await pageQuery(engine, plan, f, offset).execute(db);
  const ids = rows.map((r) => r.id);
  if (rows.length === 0 && offset > 0) return { ids, total: await countSearch(db, engine, plan, f) };
  return { ids, total: Number(rows[0]?.total ?? 0) };
}

/**
 * SQLite: the number of matches, counted in the page's statement from the matches it already read
 * (once: the subquery does not depend on the row). A window's count would make SQLite sort every
 * match, where the page alone keeps a sorter of `limit` rows.
 */
const sqliteTotal = (f: SearchFilters) =>
  sql`(select count(*) from m cross join prompt_search s on s.seq = m.seq where ${filterSql(f, 's')})`;

/*
 * On SQLite `cross join` keeps the matches as the outer loop, each joined by its integer key: left
 * to itself the planner read every published row of prompt_search by its status index and looked
 * each up in the matches (100 000 rows for any search on the bench catalogue).
 */
function pageQuery(
  engine: Engine,
  plan: SearchPlan,
  f: SearchFilters & { sort: Sort; limit: number },
  offset: number,
) {
  const every = plan.groups > 1;
  if (engine === 'sqlite') {
    if (f.sort !== 'relevance') {
      return sql<{ id: string; total: number }>`
        with m as materialized (select rowid as seq from prompts_fts where prompts_fts match ${plan.any})
        select p.id, ${sqliteTotal(f)} as total from m
        cross join prompt_search s on s.seq = m.seq join prompts p on p.id = s.prompt_id
        where ${filterSql(f, 's')} order by ${orderSql(sortTerms(f.sort, 'p'))}
        limit ${f.limit} offset ${offset}`;
    }
    return sql<{ id: string; total: number }>`
      with m as materialized (
        select rowid as seq, bm25(prompts_fts, ${BM25_WEIGHTS}) as r from prompts_fts where prompts_fts match ${plan.any})
      ${every ? sql`, a as materialized (select rowid as seq from prompts_fts where prompts_fts match ${plan.all})` : sql``}
      select s.prompt_id as id, ${sqliteTotal(f)} as total from m cross join prompt_search s on s.seq = m.seq
      where ${filterSql(f, 's')}
      order by ${every ? sql`(m.seq in a) desc,` : sql``} m.r * ${qualityFactorSql(engine, 's')} asc,
        s.created_at desc, s.prompt_id desc
      limit ${f.limit} offset ${offset}`;
  }
  const q = sql`to_tsquery('english', ${plan.any})`;
  if (f.sort !== 'relevance') {
    return sql<{ id: string; total: number }>`
      select p.id, count(*) over () as total from prompts p
      where p.search_vector @@ ${q} and ${filterSql(f, 'p')}
      order by ${orderSql(sortTerms(f.sort, 'p'))} limit ${f.limit} offset ${offset}`;
  }
  return sql<{ id: string; total: number }>`
    with m as materialized (
      select p.id, p.created_at,
        ${every ? sql`p.search_vector @@ to_tsquery('english', ${plan.all})` : sql`true`} as every,
        ts_rank(p.search_vector, ${q}) * ${qualityFactorSql(engine, 'p')} as score
      from prompts p where p.search_vector @@ ${q} and ${filterSql(f, 'p')})
    select id, count(*) over () as total from m
    order by every desc, score desc, created_at desc, id desc limit ${f.limit} offset ${offset}`;
}

export async function countSearch(db: Kysely<DB>, engine: Engine, plan: SearchPlan, f: SearchFilters) {
  const { rows } =
    engine === 'sqlite'
      ? await sql<{ n: number }>`select count(*) as n from prompts_fts
          cross join prompt_search s on s.seq = prompts_fts.rowid
          where prompts_fts match ${plan.any} and ${filterSql(f, 's')}`.execute(db)
      : await sql<{ n: string }>`select count(*) as n from prompts p
          where p.search_vector @@ to_tsquery('english', ${plan.any}) and ${filterSql(f, 'p')}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** How many matches each category and type has (status only filtered), for the filters' counts. */
export async function searchFacets(db: Kysely<DB>, engine: Engine, plan: SearchPlan, status: PromptStatus) {
  const { rows } =
    engine === 'sqlite'
      ? await sql<{ category: string; type: string; n: number }>`
          select s.category, s.type, count(*) as n from prompts_fts
          cross join prompt_search s on s.seq = prompts_fts.rowid
          where prompts_fts match ${plan.any} and s.status = ${status} group by s.category, s.type`.execute(
          db,
        )
      : await sql<{ category: string; type: string; n: string }>`
          select p.category, p.type, count(*) as n from prompts p
          where p.search_vector @@ to_tsquery('english', ${plan.any}) and p.status = ${status}
          group by p.category, p.type`.execute(db);
  return rows.map((r) => ({ category: r.category, type: r.type, n: Number(r.n) }));
}

/** A condition on the prompts table under `alias`: the prompt matches the search (any status). */
export function matchesSearch(engine: Engine, plan: SearchPlan, alias: string) {
  return engine === 'sqlite'
    ? sql<boolean>`${sql.ref(`${alias}.id`)} in (select s.prompt_id from prompts_fts cross join prompt_search s on s.seq = prompts_fts.rowid where prompts_fts match ${plan.any})`
    : sql<boolean>`${sql.ref(`${alias}.search_vector`)} @@ to_tsquery('english', ${plan.any})`;
}
