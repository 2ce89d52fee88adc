import type { Kysely } from 'kysely';
import type { TeamPurchase } from '../../../shared/teams';
import type { DB } from '../../db/types';
import { fromMinor, storedMinor } from '../../lib/money';
import * as repo from './repository';

/*
 * Prompts bought for a team (decision 063), as the team's page and the prompt's page ask of them.
 * Who is entitled by them is prompt-access's rule; who may buy for a team is teams'.
 */

/** Whether the team holds a live (not refunded) purchase of the prompt. */
export const teamOwnsPrompt = async (db: Kysely<DB>, promptId: string, teamId: string) =>
  Boolean(await repo.findLiveTeamPurchase(db, promptId, teamId));

/** The team's live purchases, newest first, with who paid. */
export async function teamPurchases(db: Kysely<DB>, teamId: string): Promise<TeamPurchase[]> {
  const rows = await repo.listTeamPurchases(db, teamId);
  return rows.map((r) => ({
    promptId: r.prompt_id,
    slug: r.slug,
    title: r.title,
    category: r.category,
    authorName: r.author_name,
    boughtBy: r.bought_by,
    amountMinor: storedMinor(r.amount_minor),
    amount: fromMinor(r.amount_minor),
    currency: r.currency,
    purchasedAt: r.created_at,
  }));
}
