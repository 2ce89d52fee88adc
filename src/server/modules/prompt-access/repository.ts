import type { Kysely } from 'kysely';
import { compiledOnce } from '../../db/precompiled';
import type { DB } from '../../db/types';

/** All SQL behind who may see, read or try a prompt. */

const livePurchases = compiledOnce(3, (db, promptId: string, userId: string, memberId: string) =>
  db
    .selectFrom('purchases')
    .select('buyer_id')
    .where('prompt_id', '=', promptId)
    // A refunded purchase no longer grants access.
    .where('revoked_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('buyer_id', '=', userId),
        // A team's purchase, while the user is a member of that team (decision 063).
        eb('team_id', 'in', eb.selectFrom('team_members').select('team_id').where('user_id', '=', memberId)),
      ]),
    )
    .limit(2),
);

/**
 * The user's live (not refunded) purchase of the prompt: their own ('own'), else one of the team
 * they are a member of now ('team'), else null.
 */
export async function livePurchaseOf(
  db: Kysely<DB>,
  promptId: string,
  userId: string,
): Promise<'own' | 'team' | null> {
  const { rows } = await livePurchases(db, promptId, userId, userId);
  if (rows.some((r) => r.buyer_id === userId)) return 'own';
  return rows.length > 0 ? 'team' : null;
}

/** A team's live (not refunded) purchase of the prompt, for its API key (decision 071). */
export async function teamPurchaseOf(
  db: Kysely<DB>,
  promptId: string,
  teamId: string,
): Promise<'team' | null> {
  const row = await db
    .selectFrom('purchases')
    .select('id')
    .where('prompt_id', '=', promptId)
    .where('team_id', '=', teamId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row ? 'team' : null;
}
