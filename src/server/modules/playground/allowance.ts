import type { Kysely } from 'kysely';
import { LIMITS, type Role } from '../../../shared/constants';
import { LIMIT_REACHED_MESSAGE, type TeamPool, type Usage } from '../../../shared/playground';
import { TEAM_MESSAGES } from '../../../shared/teams';
import type { Engine } from '../../db/database';
import type { DB } from '../../db/types';
import { AppError } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { AuthContext } from '../../plugins/app/auth';
import { currentSubscriptionFinder, findFreePlan } from '../billing/service';
import { teamPlanId, teamPoolOf } from '../teams/service';
import * as ledger from './allowance-repository';
import { monthOf, poolsUsed } from './pool-usage';

/*
 * The one owner of "how much of the playground allowance is used, and how much the plan gives"
 * (issue 51, decision 039). The allowance is a ledger (allowance_entries): a session takes a slot of
 * its UTC month, and a premium try, when its first reply succeeds, and keeps them whatever becomes
 * of the session. The playground, the account summary (/api/auth/me), the dashboard and the admin
 * panel all read their figures here. Each rule is one function, so a model-based test can mirror it.
 *
 * A team's pool (decision 064): a member whose own sessions of the month are used up draws a new
 * session from their team's pool, the plan's `team_sessions` a month. `reserve` is the one place a
 * slot is taken, from the user's own allowance or the pool; the pool's month row never goes past its
 * size (its CHECK, and the draw's condition on the merged row, in the reservation's transaction).
 */

export { monthOf } from './pool-usage';
export const nextMonthStart = (d = new Date()) =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString();

export interface PlanAllowance {
  /** Sessions a month; LIMITS.adminSessionLimit when unlimited (the spec's figure). */
  limit: number;
  unlimited: boolean;
  /** The plan's name as the usage counter shows it. */
  plan: string;
  /** The plan's id (none for an admin, or when no free plan exists). */
  planId?: string | null;
}

interface PlanLimit {
  name: string;
  /** Sessions a month, null for unlimited. */
  sessionLimit: number | null;
}

/**
 * The monthly sessions a user gets: admins the spec's 999999; a current subscription its plan's
 * limit; anyone else the free plan's (10 when no free plan exists). A plan without a limit is
 * unlimited.
 */
export function planAllowance(
  role: Role,
  subscription: PlanLimit | null,
  freePlan: PlanLimit | null,
): PlanAllowance {
  if (role === 'admin') return { limit: LIMITS.adminSessionLimit, unlimited: false, plan: 'Admin' };
  const plan = subscription ?? freePlan ?? { name: 'Free', sessionLimit: LIMITS.freeSessionsPerMonth };
  return plan.sessionLimit === null
    ? { limit: LIMITS.adminSessionLimit, unlimited: true, plan: plan.name }
    : { limit: plan.sessionLimit, unlimited: false, plan: plan.name };
}

/** Whether one more session fits in the month. */
export const slotAvailable = (used: number, allowance: PlanAllowance): boolean =>
  allowance.unlimited || used < allowance.limit;

/** Tries of a premium prompt left to a user who has used `used` of `total`. */
export const triesLeft = (used: number, total: number): number => Math.max(0, total - used);

export const triesUsedUpMessage = (total: number) =>
  `You have used your ${total} tries of this premium prompt. Buy it to keep using it.`;

/** Sessions the user took of their own allowance in a month (this one by default), pool draws aside. */
export const sessionsUsed = (db: Kysely<DB>, userId: string, month = monthOf()) =>
  ledger.countSessionsInMonth(db, userId, month);

/** sessionsUsed for many users at once (the admin panel's list). */
export const sessionsUsedByUsers = (db: Kysely<DB>, userIds: string[], month = monthOf()) =>
  ledger.countSessionsInMonthByUser(db, userIds, month);

/** sessionsUsed as a column of a one-statement read of the user at `userIdRef` (the account summary). */
export const sessionsUsedColumn = ledger.sessionsInMonthColumn;

/** Tries of a premium prompt the user took, in any month: tries do not come back. */
export const triesUsed = (db: Kysely<DB>, userId: string, promptId: string) =>
  ledger.countTries(db, userId, promptId);

/**
 * The allowance of a signed-in user, read from their current plan. A team's API key (decision 071)
 * has none of its own: every session it starts is drawn from the team's pool (a limit of 0 sends
 * `reserve` straight to it), on the models of the team's plan.
 */
export function allowanceReader(db: Kysely<DB>) {
  const findSubscription = currentSubscriptionFinder(db);
  return async function allowanceOf(auth: AuthContext): Promise<PlanAllowance> {
    const teamId = auth.apiKey?.teamId;
    if (teamId)
      return { limit: 0, unlimited: false, plan: 'Team pool', planId: await teamPlanId(db, teamId) };
    if (auth.role === 'admin') return planAllowance('admin', null, null);
    const subscription = await findSubscription(auth.userId, nowIso());
    if (subscription) {
      return {
        ...planAllowance(
          auth.role,
          { name: subscription.plan_name, sessionLimit: subscription.session_limit },
          null,
        ),
        planId: subscription.plan_id,
      };
    }
    const free = await findFreePlan(db);
    return {
      ...planAllowance(auth.role, null, free ? { name: free.name, sessionLimit: free.session_limit } : null),
      planId: free?.id ?? null,
    };
  };
}

/** A pool's sessions left: none once it is used up (or its plan shrank below what was used). */
export const poolLeft = (used: number, size: number): number => Math.max(0, size - used);

/** The usage counter: this month's sessions against the plan, the team's pool, and when the month ends. */
export async function usageOf(db: Kysely<DB>, allowance: PlanAllowance, userId: string): Promise<Usage> {
  const [current, pool] = await Promise.all([sessionsUsed(db, userId), teamPoolOf(db, userId)]);
  const used = pool ? ((await poolsUsed(db, [pool.teamId])).get(pool.teamId) ?? 0) : 0;
  const team = pool ? { teamId: pool.teamId, name: pool.name, used, limit: pool.sessions } : null;
  return {
    current,
    limit: allowance.limit,
    unlimited: allowance.unlimited,
    plan: allowance.plan,
    resetsAt: nextMonthStart(),
    team,
    countsAgainst: slotAvailable(current, allowance)
      ? 'plan'
      : team && poolLeft(team.used, team.limit) > 0
        ? 'team'
        : 'none',
  };
}

/**
 * The caller's team pool this month, with each user's draws for the team's owners and admins only;
 * NOT_FOUND for someone in no team.
 */
export async function teamPoolView(db: Kysely<DB>, userId: string): Promise<TeamPool> {
  const pool = await teamPoolOf(db, userId);
  if (!pool) throw new AppError('NOT_FOUND_ERROR', TEAM_MESSAGES.noTeam);
  const month = monthOf();
  const manager = pool.role !== 'member';
  const [used, byUser] = await Promise.all([
    poolsUsed(db, [pool.teamId], month),
    manager ? ledger.poolUseByUser(db, pool.teamId, month) : null,
  ]);
  return {
    teamId: pool.teamId,
    name: pool.name,
    used: used.get(pool.teamId) ?? 0,
    limit: pool.sessions,
    resetsAt: nextMonthStart(),
    members: byUser && [...byUser].map(([id, sessions]) => ({ userId: id, sessions })),
  };
}

/** What a session holds of the allowance, or what a turn needs or took. */
export interface Holding {
  slot: boolean;
  try: boolean;
}

export const NOTHING: Holding = { slot: false, try: false };

/** What a session already holds (nothing for a session not written yet). */
export async function heldBy(db: Kysely<DB>, sessionId: string): Promise<Holding> {
  const kinds = await ledger.entriesOfSession(db, sessionId);
  return { slot: kinds.has('session'), try: kinds.has('try') };
}

/**
 * What a turn must take: the session's slot until it holds one, and a try when the turn is a premium
 * try and the session holds none (a session becomes a try when its user loses the right to read the
 * prompt, e.g. after a refund).
 */
export const needsOf = (held: Holding, premiumTry: boolean): Holding => ({
  slot: !held.slot,
  try: premiumTry && !held.try,
});

export interface Reservation {
  userId: string;
  sessionId: string;
  promptId: string | null;
  needs: Holding;
  /** The plan's allowance; with `check`, the slot is refused when the month is full. */
  allowance: PlanAllowance | null;
  triesTotal: number;
  /** Count and refuse under the user's lock; false writes without counting (nothing could refuse). */
  check: boolean;
  now: string;
}

/**
 * Takes what a turn needs, inside the caller's transaction. With `check`, the user's lock is taken
 * first and the counts are read under it, so concurrent first messages can never exceed the
 * allowance or the tries. Answers what this call wrote (a concurrent turn of the same session may
 * have taken it first): only that may be released if the reply fails.
 */
export async function reserve(trx: Kysely<DB>, engine: Engine, r: Reservation): Promise<Holding> {
  let needs = r.needs;
  let pool: Pool | null = null;
  if (r.check) {
    await ledger.lockUser(trx, engine, r.userId);
    const held = await heldBy(trx, r.sessionId);
    needs = { slot: needs.slot && !held.slot, try: needs.try && !held.try };
    if (
      needs.slot &&
      r.allowance &&
      !slotAvailable(await sessionsUsed(trx, r.userId, monthOf(new Date(r.now))), r.allowance)
    ) {
      // The user's own sessions are used up: the slot comes from their team's pool, if any is left.
      pool = await poolToDraw(trx, engine, r.userId);
    }
    if (needs.try && triesLeft(await triesUsed(trx, r.userId, r.promptId!), r.triesTotal) === 0) {
      throw new AppError('AUTHORIZATION_ERROR', triesUsedUpMessage(r.triesTotal));
    }
  }
  return take(trx, r, needs, pool);
}

interface Pool {
  teamId: string;
  size: number;
}

/** The team pool a user may draw on now, read under the team's lock; the spec's refusal when none. */
async function poolToDraw(trx: Kysely<DB>, engine: Engine, userId: string): Promise<Pool> {
  const team = await teamPoolOf(trx, userId, engine);
  if (!team || team.sessions <= 0) throw new AppError('AUTHORIZATION_ERROR', LIMIT_REACHED_MESSAGE);
  return { teamId: team.teamId, size: team.sessions };
}

type Owner = Pick<Reservation, 'sessionId' | 'userId' | 'promptId' | 'now'>;

async function take(trx: Kysely<DB>, r: Owner, needs: Holding, pool: Pool | null = null): Promise<Holding> {
  const entry = {
    sessionId: r.sessionId,
    userId: r.userId,
    promptId: r.promptId,
    month: monthOf(new Date(r.now)),
    now: r.now,
  };
  const slot =
    needs.slot &&
    (await ledger.insertEntry(trx, { ...entry, kind: 'session', teamId: pool?.teamId ?? null }));
  // The pool's count moves with the entry, in the same transaction; a draw past its size is refused
  // and the transaction (the entry with it) rolls back.
  if (slot && pool && !(await ledger.drawFromPool(trx, pool.teamId, entry.month, pool.size))) {
    throw new AppError('AUTHORIZATION_ERROR', LIMIT_REACHED_MESSAGE);
  }
  return {
    slot,
    try: needs.try && (await ledger.insertEntry(trx, { ...entry, kind: 'try', teamId: null })),
  };
}

/**
 * After a turn's reply: a failed first reply gives back what its turn took; a successful one keeps
 * it, and makes sure the session holds what the turn needed (a concurrent turn of the same session
 * that took it may have failed and given it back).
 */
export async function settle(
  trx: Kysely<DB>,
  r: Owner & Pick<Reservation, 'needs'>,
  taken: Holding,
  succeeded: boolean,
): Promise<void> {
  if (!succeeded) {
    const kinds: ledger.EntryKind[] = [];
    if (taken.slot) kinds.push('session');
    if (taken.try) kinds.push('try');
    for (const gone of await ledger.deleteEntries(trx, r.sessionId, kinds)) {
      if (gone.team_id) await ledger.releaseToPool(trx, gone.team_id, gone.month);
    }
  } else if (r.needs.slot || r.needs.try) {
    const missing = { slot: r.needs.slot && !taken.slot, try: r.needs.try && !taken.try };
    if (missing.slot || missing.try) await take(trx, r, missing);
  }
}
