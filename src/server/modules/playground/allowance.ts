import type { Kysely } from 'kysely';
import { LIMITS, type Role } from '../../../shared/constants';
import { LIMIT_REACHED_MESSAGE, type Usage } from '../../../shared/playground';
import type { Engine } from '../../db/database';
import type { DB } from '../../db/types';
import { AppError } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { AuthContext } from '../../plugins/auth';
import { currentPlanReader, freePlan } from '../auth/current-plan';
import * as ledger from './allowance-repository';

/*
 * The one owner of "how much of the playground allowance is used, and how much the plan gives"
 * (issue 51, decision 039). The allowance is a ledger (allowance_entries): a session takes a slot of
 * its UTC month, and a premium try, when its first reply succeeds, and keeps them whatever becomes
 * of the session. The playground, the account summary (/api/auth/me), the dashboard and the admin
 * panel all read their figures here. Each rule is one function, so a model-based test can mirror it.
 */

/** A UTC month as the ledger keys it: '2026-12'. */
export const monthOf = (d = new Date()): string => d.toISOString().slice(0, 7);
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

/** Sessions the user took in a month (this one by default). */
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

/** The allowance of a signed-in user, read from their current plan. */
export function allowanceReader(db: Kysely<DB>) {
  const findPlan = currentPlanReader(db);
  return async function allowanceOf(auth: AuthContext): Promise<PlanAllowance> {
    if (auth.role === 'admin') return planAllowance('admin', null, null);
    const current = await findPlan(auth.userId, nowIso());
    if (current) {
      return { ...planAllowance(auth.role, current, null), planId: current.planId };
    }
    const free = await freePlan(db);
    return { ...planAllowance(auth.role, null, free ?? null), planId: free?.planId ?? null };
  };
}

/** The usage counter: this month's sessions against the plan, and when the month ends. */
export async function usageOf(db: Kysely<DB>, allowance: PlanAllowance, userId: string): Promise<Usage> {
  return {
    current: await sessionsUsed(db, userId),
    limit: allowance.limit,
    unlimited: allowance.unlimited,
    plan: allowance.plan,
    resetsAt: nextMonthStart(),
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
  if (r.check) {
    await ledger.lockUser(trx, engine, r.userId);
    const held = await heldBy(trx, r.sessionId);
    needs = { slot: needs.slot && !held.slot, try: needs.try && !held.try };
    if (
      needs.slot &&
      r.allowance &&
      !slotAvailable(await sessionsUsed(trx, r.userId, monthOf(new Date(r.now))), r.allowance)
    ) {
      throw new AppError('AUTHORIZATION_ERROR', LIMIT_REACHED_MESSAGE);
    }
    if (needs.try && triesLeft(await triesUsed(trx, r.userId, r.promptId!), r.triesTotal) === 0) {
      throw new AppError('AUTHORIZATION_ERROR', triesUsedUpMessage(r.triesTotal));
    }
  }
  return take(trx, r, needs);
}

type Owner = Pick<Reservation, 'sessionId' | 'userId' | 'promptId' | 'now'>;

async function take(trx: Kysely<DB>, r: Owner, needs: Holding): Promise<Holding> {
  const entry = {
    sessionId: r.sessionId,
    userId: r.userId,
    promptId: r.promptId,
    month: monthOf(new Date(r.now)),
    now: r.now,
  };
  return {
    slot: needs.slot && (await ledger.insertEntry(trx, { ...entry, kind: 'session' })),
    try: needs.try && (await ledger.insertEntry(trx, { ...entry, kind: 'try' })),
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
    await ledger.deleteEntries(trx, r.sessionId, kinds);
  } else if (r.needs.slot || r.needs.try) {
    const missing = { slot: r.needs.slot && !taken.slot, try: r.needs.try && !taken.try };
    if (missing.slot || missing.try) await take(trx, r, missing);
  }
}
