import type { Kysely } from 'kysely';
import type { User } from '../../../shared/auth';
import type { Role } from '../../../shared/constants';
import type { Engine } from '../../db/database';
import type { DB, UserRow } from '../../db/types';
import { AppError } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { monthOf, planAllowance } from '../playground/allowance';
import type { AuthRuntime } from './deps';
import * as repo from './repository';

/**
 * The signed-in user's summary by id. On PostgreSQL the summaries asked for at once share one round
 * trip (every signed-in page load asks for one).
 */
export function accountSummaryReader(db: Kysely<DB>, engine: Engine): AuthRuntime['accountSummary'] {
  if (engine === 'postgres') return repo.accountSummaryBatcher(db, () => monthOf());
  const find = repo.accountSummaryFinder(db);
  return (userId: string) => find(userId, nowIso(), monthOf());
}

/** The user's answer; `known` is the summary when the caller has read it already. */
export async function toUser(
  deps: Pick<AuthRuntime, 'accountSummary'>,
  row: UserRow,
  known?: repo.AccountSummary,
): Promise<User> {
  const summary = known ?? (await deps.accountSummary(row.id));
  // The current subscription, when there is one (a user deleted in between has no summary at all).
  const subscription =
    summary?.subscription_status != null && summary.plan_id != null && summary.plan_name != null
      ? { plan: summary.plan_name, status: summary.subscription_status, planId: summary.plan_id }
      : null;
  const role = row.role as Role;
  const { limit } = planAllowance(
    role,
    subscription ? { name: subscription.plan, sessionLimit: summary?.session_limit ?? null } : null,
    summary?.free_plan_name != null
      ? { name: summary.free_plan_name, sessionLimit: summary.free_session_limit ?? null }
      : null,
  );
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role,
    subscription: subscription ?? {
      plan: summary?.free_plan_name ?? 'Free',
      status: 'active',
      planId: summary?.free_plan_id ?? null,
    },
    usage: {
      playgroundSessions: { current: Number(summary?.sessions ?? 0), limit },
      promptsCreated: Number(summary?.prompts ?? 0),
    },
    avatar: row.avatar_url,
  };
}

/** The signed-in user's answer; a user deleted since the token was issued is signed out. */
export async function me(deps: Pick<AuthRuntime, 'accountSummary'>, userId: string): Promise<User> {
  // The user's row and its summary in one statement.
  const row = await deps.accountSummary(userId);
  if (!row) throw new AppError('AUTHENTICATION_ERROR');
  return toUser(deps, row, row);
}
