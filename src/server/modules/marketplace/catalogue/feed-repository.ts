import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../db/types';

/** All SQL of the search feed (search_changes, migration 0014): its marks, its notes, its pruning. */

/** The search feed's last number and the highest one pruned (migration 0014). */
export async function searchFeedMarks(db: Kysely<DB>): Promise<{ search: number; pruned: number }> {
  const { rows } = await sql<{
    search: number | string;
    search_pruned: number | string;
  }>`select search, search_pruned from catalogue_version where id = 1`.execute(db);
  return { search: Number(rows[0]?.search ?? 0), pruned: Number(rows[0]?.search_pruned ?? 0) };
}

/**
 * The feed's notes past a number, oldest first, and the highest number pruned, in one statement
 * (one snapshot: a prune deletes notes and moves the mark in one transaction).
 */
export async function searchChanges(db: Kysely<DB>, after: number, limit: number) {
  const { rows } = await sql<{
    seq: number | string | null;
    prompt_id: string | null;
    author_id: string | null;
    pruned: number | string;
  }>`select c.seq, c.prompt_id, c.author_id, v.search_pruned as pruned from catalogue_version v
     left join (select seq, prompt_id, author_id from search_changes where seq > ${after} order by seq limit ${limit}) c
     on true where v.id = 1 order by c.seq`.execute(db);
  return {
    pruned: Number(rows[0]?.pruned ?? 0),
    changes: rows.flatMap((r) =>
      r.seq === null ? [] : [{ seq: Number(r.seq), promptId: r.prompt_id, authorId: r.author_id }],
    ),
  };
}

/** Deletes all but the last `keep` numbers' notes and records the highest number deleted. */
export async function pruneSearchChanges(db: Kysely<DB>, keep: number) {
  const { search, pruned } = await searchFeedMarks(db);
  const upTo = search - keep;
  if (upTo <= pruned) return;
  await db.transaction().execute(async (trx) => {
    await sql`delete from search_changes where seq <= ${upTo}`.execute(trx);
    await sql`update catalogue_version set search_pruned = ${upTo} where id = 1 and search_pruned < ${upTo}`.execute(
      trx,
    );
  });
}
