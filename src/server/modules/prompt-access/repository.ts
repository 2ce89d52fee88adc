import type { Kysely } from 'kysely';
import { compiledOnceRow } from '../../db/precompiled';
import type { DB } from '../../db/types';

/** All SQL behind who may see, read or try a prompt. */

const livePurchase = compiledOnceRow(2, (db, promptId: string, userId: string) =>
  db
    .selectFrom('purchases')
    .select('id')
    .where('prompt_id', '=', promptId)
    .where('buyer_id', '=', userId)
    // A refunded purchase no longer grants access.
    .where('revoked_at', 'is', null)
    .limit(1),
);

/** Whether the user holds a purchase of the prompt that was not refunded. */
export const hasLivePurchase = async (db: Kysely<DB>, promptId: string, userId: string) =>
  Boolean(await livePurchase(db, promptId, userId));
