import type { Kysely } from 'kysely';
import type { DB } from '../../../db/types';

/** Prompts for sale, their purchases and the creator earnings ledger. */

type Db = Kysely<DB>;

/** A premium prompt someone may buy: published, with its author. */
export const findPromptForSale = (db: Db, idOrSlug: string) =>
  db
    .selectFrom('prompts')
    .select(['id', 'title', 'author_id', 'type', 'price_minor', 'status', 'licence'])
    .where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug)]))
    .executeTakeFirst();

export const findPromptTitle = (db: Db, id: string) =>
  db
    .selectFrom('prompts')
    .select(['id', 'title', 'author_id', 'slug', 'licence'])
    .where('id', '=', id)
    .executeTakeFirst();

/**
 * Grants a prompt to a user (`buyerId`) or a team (`teamId`), exactly one of them (the table's
 * CHECK): a new purchase, or a refunded one restored by a new payment.
 */
export async function upsertPurchase(
  db: Db,
  row: {
    id: string;
    promptId: string;
    holder: { buyerId: string } | { teamId: string };
    paymentId: string;
    amountMinor: number;
    shareMinor: number;
    currency: string;
    now: string;
  },
): Promise<string> {
  const holder =
    'teamId' in row.holder
      ? { buyer_id: null, team_id: row.holder.teamId }
      : { buyer_id: row.holder.buyerId, team_id: null };
  const key = 'teamId' in row.holder ? ('team_id' as const) : ('buyer_id' as const);
  await db
    .insertInto('purchases')
    .values({
      id: row.id,
      prompt_id: row.promptId,
      ...holder,
      payment_id: row.paymentId,
      amount_minor: row.amountMinor,
      creator_share_minor: row.shareMinor,
      currency: row.currency,
      created_at: row.now,
      revoked_at: null,
    })
    .onConflict((oc) =>
      oc.columns(['prompt_id', key]).doUpdateSet({
        payment_id: row.paymentId,
        amount_minor: row.amountMinor,
        creator_share_minor: row.shareMinor,
        currency: row.currency,
        created_at: row.now,
        revoked_at: null,
      }),
    )
    .execute();
  const stored = await db
    .selectFrom('purchases')
    .select('id')
    .where('prompt_id', '=', row.promptId)
    .where(key, '=', holder[key]!)
    .executeTakeFirstOrThrow();
  return stored.id;
}

export const findPurchaseByPayment = (db: Db, paymentId: string) =>
  db.selectFrom('purchases').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();

export async function revokePurchase(db: Db, id: string, now: string): Promise<void> {
  await db.updateTable('purchases').set({ revoked_at: now }).where('id', '=', id).execute();
}

/** The buyer's unrevoked purchase of a prompt, with the payment that bought it. */
export const findLivePurchase = (db: Db, promptId: string, userId: string) =>
  db
    .selectFrom('purchases')
    .select(['id', 'payment_id'])
    .where('prompt_id', '=', promptId)
    .where('buyer_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();

/** The team's unrevoked purchase of a prompt, with the payment that bought it (decision 063). */
export const findLiveTeamPurchase = (db: Db, promptId: string, teamId: string) =>
  db
    .selectFrom('purchases')
    .select(['id', 'payment_id'])
    .where('prompt_id', '=', promptId)
    .where('team_id', '=', teamId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();

/** A team, while it exists: what an order for it grants to. */
export const findTeam = (db: Db, teamId: string) =>
  db.selectFrom('teams').select(['id', 'name']).where('id', '=', teamId).executeTakeFirst();

/** The prompts a team holds a live purchase of, newest first (its page lists them). */
export const listTeamPurchases = (db: Db, teamId: string) =>
  db
    .selectFrom('purchases as pu')
    .innerJoin('prompts as p', 'p.id', 'pu.prompt_id')
    .innerJoin('users as a', 'a.id', 'p.author_id')
    .leftJoin('payments as pay', 'pay.id', 'pu.payment_id')
    .leftJoin('users as b', 'b.id', 'pay.user_id')
    .select([
      'p.id as prompt_id',
      'p.slug',
      'p.title',
      'p.category',
      'a.name as author_name',
      'b.name as bought_by',
      'pu.amount_minor',
      'pu.currency',
      'pu.created_at',
    ])
    .where('pu.team_id', '=', teamId)
    .where('pu.revoked_at', 'is', null)
    .orderBy('pu.created_at', 'desc')
    .orderBy('pu.id')
    .execute();

/** One line of the creator earnings ledger; a second sale or refund of the same payment is ignored. */
export async function insertEarning(
  db: Db,
  row: {
    id: string;
    creatorId: string;
    promptId: string;
    purchaseId: string;
    paymentId: string;
    kind: 'sale' | 'refund';
    amountMinor: number;
    currency: string;
    now: string;
  },
): Promise<boolean> {
  const result = await db
    .insertInto('creator_earnings')
    .values({
      id: row.id,
      creator_id: row.creatorId,
      prompt_id: row.promptId,
      purchase_id: row.purchaseId,
      payment_id: row.paymentId,
      kind: row.kind,
      amount_minor: row.amountMinor,
      currency: row.currency,
      created_at: row.now,
    })
    .onConflict((oc) => oc.columns(['payment_id', 'kind']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export const findSaleEarning = (db: Db, paymentId: string) =>
  db
    .selectFrom('creator_earnings')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .where('kind', '=', 'sale')
    .executeTakeFirst();

export const listOwnedPrompts = (db: Db, userId: string) =>
  db
    .selectFrom('purchases as pu')
    .innerJoin('prompts as p', 'p.id', 'pu.prompt_id')
    .innerJoin('users as a', 'a.id', 'p.author_id')
    .select([
      'p.id as prompt_id',
      'p.title',
      'p.category',
      'a.name as author_name',
      'pu.amount_minor',
      'pu.currency',
      'pu.created_at',
    ])
    .where('pu.buyer_id', '=', userId)
    .where('pu.revoked_at', 'is', null)
    .orderBy('pu.created_at', 'desc')
    .execute();
