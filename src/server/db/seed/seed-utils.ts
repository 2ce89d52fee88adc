/** Helpers shared by the demo and the bulk seeders. */
import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../types';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** The timestamp `ms` before `now`, in the database's ISO-8601 UTC form. */
export function isoBefore(now: number, ms: number): string {
  return new Date(now - ms).toISOString();
}

export function isoAfter(base: string, ms: number): string {
  return new Date(Date.parse(base) + ms).toISOString();
}

/** kebab-case of a title, ASCII only, so slugs are safe in URLs without escaping. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= 80) return slug || 'prompt';
  // Long titles are cut at a word boundary, so a slug never ends in half a word.
  const cut = slug.slice(0, 81);
  return cut.slice(0, cut.lastIndexOf('-') > 40 ? cut.lastIndexOf('-') : 80);
}

/** Hands out slugs that are unique within `taken` (which it updates): `title`, `title-2`, `title-3`... */
export function uniqueSlug(title: string, taken: Set<string>): string {
  const base = slugify(title);
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}

export function chunk<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * Bound parameters one statement may carry: SQLite's default since 3.32 (better-sqlite3 builds with
 * 32766; older builds had 999) and PostgreSQL's wire-protocol limit of 65535. A margin is kept for safety.
 */
export const MAX_PARAMS = { sqlite: 32_000, postgres: 60_000, portable: 990 } as const;

/** How many rows of `columns` columns fit in one multi-row insert. */
export function rowsPerStatement(columns: number, maxParams: number): number {
  return Math.max(1, Math.floor(maxParams / columns));
}

/** A rough token count (about four characters a token for English), for seeded playground usage. */
export function estimateTokens(text: string): number {
  return Math.max(1, Math.round(text.length / 4));
}

/**
 * Multi-row inserts. The default batch fits any SQLite build (999 bound parameters); the bulk seeder
 * passes its engine's real limit. Every row of a table must carry the same keys (nulls spelled out),
 * because SQLite has no DEFAULT keyword inside VALUES.
 */
export async function insertRows<T extends keyof DB & string>(
  db: Kysely<DB>,
  table: T,
  rows: readonly Insertable<DB[T]>[],
  maxParams: number = MAX_PARAMS.portable,
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const perStatement = rowsPerStatement(Object.keys(first).length, maxParams);
  for (const part of chunk(rows, perStatement)) {
    // Kysely cannot relate Insertable<DB[T]> to its own insert type while T is still generic.
    await db
      .insertInto(table)
      .values(part as never)
      .execute();
  }
}
