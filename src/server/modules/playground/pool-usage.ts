import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import * as ledger from './allowance-repository';

/*
 * A team pool's use as the allowance ledger counts it, apart from allowance.ts so that the teams
 * module (its admin list) reads it without importing the allowance, which imports teams for a
 * caller's pool: imports go one way, playground/allowance → teams → playground/pool-usage.
 */

/** A UTC month as the ledger keys it: '2026-12'. */
export const monthOf = (d = new Date()): string => d.toISOString().slice(0, 7);

/** Sessions drawn from each team's pool in `month` (this one by default); teams with none are absent. */
export const poolsUsed = (db: Kysely<DB>, teamIds: string[], month = monthOf()) =>
  ledger.poolsUsed(db, teamIds, month);
