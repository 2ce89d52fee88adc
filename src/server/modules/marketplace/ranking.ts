import { sql } from 'kysely';
import type { Engine } from '../../db/database';

/*
 * How a search orders its matches by relevance (decision 044). Every match is ranked, then:
 *
 * 1. prompts holding every word of the query before those holding most of them;
 * 2. score = relevance × (1 + quality / 2), where relevance is the engine's text score (FTS5's
 *    bm25 with weights title 4, tags 2.5, category 2, author 1.5, description 1; PostgreSQL's
 *    ts_rank over the weights A title, B tags and category, C description, D author) and quality,
 *    from 0 to 1, can raise it by half at most (a better match stays ahead of a better prompt):
 *      quality = 0.5 × rating + 0.3 × downloads + 0.2 × recent
 *      rating    = (bayesian average - 1) / 4, the average pulled towards 3 stars by 5 ratings'
 *                  worth, so one 5-star rating is not a 5.0 (no ratings: 0.5)
 *      downloads = d / (d + 50)       (half way at 50 downloads)
 *      recent    = t / (t + 20)       (t: the last 7 days' weighted likes, downloads, tries and
 *                                      purchases, the trending score)
 * 3. ties newest first, then by id.
 */

export const QUALITY = {
  priorMean: 3,
  priorCount: 5,
  rating: 0.5,
  downloads: 0.3,
  recent: 0.2,
  downloadsHalf: 50,
  recentHalf: 20,
} as const;

export interface QualityInputs {
  rating_sum: number;
  rating_count: number;
  downloads_count: number;
  trending_score: number;
}

/** The quality of a prompt, 0 to 1 (the formula above; the SQL below computes the same). */
export function quality(p: QualityInputs): number {
  const q = QUALITY;
  const bayes = (p.rating_sum + q.priorMean * q.priorCount) / (p.rating_count + q.priorCount);
  return (
    (q.rating * (bayes - 1)) / 4 +
    (q.downloads * p.downloads_count) / (p.downloads_count + q.downloadsHalf) +
    (q.recent * p.trending_score) / (p.trending_score + q.recentHalf)
  );
}

/** A match's score from its relevance (higher is better) and quality. */
export const score = (relevance: number, p: QualityInputs) => relevance * (1 + quality(p) / 2);

/** The factor quality multiplies relevance by, in SQL. */
export const qualityFactorSql = (engine: Engine, alias: string) =>
  sql<number>`(1 + ${qualitySql(engine, alias)} / 2)`;

/** quality() in SQL over the columns of `alias` (prompts, or SQLite's prompt_search). */
export function qualitySql(engine: Engine, alias: string) {
  const q = QUALITY;
  const c = (column: string) => sql.ref(`${alias}.${column}`);
  const f = (n: number) =>
    sql.raw(engine === 'postgres' ? `${n}::float8` : Number.isInteger(n) ? `${n}.0` : `${n}`);
  return sql<number>`(${f(q.rating / 4)} * ((${c('rating_sum')} + ${f(q.priorMean * q.priorCount)}) / (${c('rating_count')} + ${f(q.priorCount)}) - 1)
    + ${f(q.downloads)} * ${c('downloads_count')} / (${c('downloads_count')} + ${f(q.downloadsHalf)})
    + ${f(q.recent)} * ${c('trending_score')} / (${c('trending_score')} + ${f(q.recentHalf)}))`;
}
