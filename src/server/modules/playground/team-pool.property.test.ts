import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSubscription, insertUser } from '../../../../tests/support/factories';
import { createTestDatabase, testEngine } from '../../../../tests/support/test-db';
import { LIMIT_REACHED_MESSAGE } from '../../../shared/playground';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/time';
import { type PlanAllowance, type Reservation, monthOf, reserve, settle } from './allowance';

/*
 * Generated sequences of first turns (alone, as compares of several columns, failing or not, and
 * several members at once), joins, removals, changes of the plan's pool and month rollovers, run
 * through the allowance's own reserve and settle on a real database of the engine under test, and
 * checked after every step against a model: a turn is let through exactly when the model says (the
 * user's own sessions first, then the team's pool for a member), and every month of the pool holds
 * 0 <= used <= size with `used` the number of slots drawn from it (decision 064).
 */

const OWN = 1;
const PEOPLE = 3;
const FREE: PlanAllowance = { limit: OWN, unlimited: false, plan: 'Free' };

let database: Database;
let planId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  planId = newId();
  const now = new Date().toISOString();
  await database.db
    .insertInto('plans')
    .values({
      id: planId,
      slug: `team-${planId}`,
      name: 'Team',
      session_limit: null,
      max_users: 10,
      team_sessions: 2,
      created_at: now,
      updated_at: now,
    })
    .execute();
});
afterAll(() => database.close());

type Op =
  | { op: 'turn'; who: number; columns: number; fail: boolean }
  | { op: 'race'; who: number[] }
  | { op: 'join'; who: number }
  | { op: 'remove'; who: number }
  | { op: 'resize'; size: number }
  | { op: 'rollover' };

const who = fc.integer({ min: 0, max: PEOPLE - 1 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant('turn' as const),
      who,
      columns: fc.integer({ min: 1, max: 3 }),
      fail: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('race' as const),
      who: fc.array(who, { minLength: 2, maxLength: 5 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('join' as const), who }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('remove' as const), who }) },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('resize' as const), size: fc.integer({ min: 0, max: 4 }) }),
  },
  { weight: 1, arbitrary: fc.constant({ op: 'rollover' as const }) },
);

/** A world: a team whose owner is on the team plan, and people on one session a month of their own. */
async function world() {
  const db = database.db;
  const owner = await insertUser(db, { name: 'Owner' });
  await insertSubscription(db, owner.id, planId);
  const teamId = newId();
  const now = new Date().toISOString();
  await db
    .insertInto('teams')
    .values({ id: teamId, name: 'Crew', created_by: owner.id, created_at: now })
    .execute();
  await db
    .insertInto('team_members')
    .values({ team_id: teamId, user_id: owner.id, role: 'owner', joined_at: now })
    .execute();
  const people = [];
  for (let i = 0; i < PEOPLE; i++) people.push((await insertUser(db, { name: `Person ${i}` })).id);
  return { teamId, people };
}

/** One first turn's reservation, as the playground makes it; true when it was let through. */
async function firstTurn(userId: string, now: string, fail: boolean): Promise<boolean> {
  const r: Reservation = {
    userId,
    sessionId: newId(),
    promptId: null,
    needs: { slot: true, try: false },
    allowance: FREE,
    triesTotal: 3,
    check: true,
    now,
  };
  let taken;
  try {
    taken = await database.db.transaction().execute((trx) => reserve(trx, testEngine, r));
  } catch (err) {
    if (err instanceof AppError && err.userMessage === LIMIT_REACHED_MESSAGE) return false;
    throw err;
  }
  if (fail) await database.db.transaction().execute((trx) => settle(trx, r, taken, false));
  return true;
}

describe("a team's playground pool", () => {
  it('never goes past its size nor below zero, and lets through exactly what the rules allow', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        const { teamId, people } = await world();
        const db = database.db;
        let size = 2;
        await db.updateTable('plans').set({ team_sessions: size }).where('id', '=', planId).execute();
        let monthIndex = 0;
        const members = new Set<number>();
        const own = new Map<string, number>();
        const pooled = new Map<string, number>();
        const nowOf = () => `2031-${String(monthIndex + 1).padStart(2, '0')}-15T12:00:00.000Z`;
        const key = (i: number) => `${monthIndex}:${i}`;

        /** What the model lets one more first turn of person i take: 'own', 'pool' or nothing. */
        const next = (i: number) =>
          (own.get(key(i)) ?? 0) < OWN
            ? 'own'
            : members.has(i) && (pooled.get(String(monthIndex)) ?? 0) < size
              ? 'pool'
              : null;
        const take = (i: number, from: 'own' | 'pool') => {
          if (from === 'own') own.set(key(i), (own.get(key(i)) ?? 0) + 1);
          else pooled.set(String(monthIndex), (pooled.get(String(monthIndex)) ?? 0) + 1);
        };

        for (const op of ops) {
          if (op.op === 'turn') {
            for (let c = 0; c < op.columns; c++) {
              const expected = next(op.who);
              expect(await firstTurn(people[op.who]!, nowOf(), op.fail)).toBe(expected !== null);
              if (expected && !op.fail) take(op.who, expected);
            }
          } else if (op.op === 'race') {
            // Order-free: each person's own sessions first, the pool shared by the members' excess.
            const asks = new Map<number, number>();
            for (const i of op.who) asks.set(i, (asks.get(i) ?? 0) + 1);
            let fromPool = 0;
            let expected = 0;
            for (const [i, n] of asks) {
              const ownLeft = Math.max(0, OWN - (own.get(key(i)) ?? 0));
              expected += Math.min(n, ownLeft);
              if (members.has(i)) fromPool += Math.max(0, n - ownLeft);
            }
            const poolLeft = Math.max(0, size - (pooled.get(String(monthIndex)) ?? 0));
            expected += Math.min(fromPool, poolLeft);
            const results = await Promise.all(op.who.map((i) => firstTurn(people[i]!, nowOf(), false)));
            expect(results.filter(Boolean).length).toBe(expected);
            for (const [i, n] of asks) {
              const ownTaken = Math.min(n, Math.max(0, OWN - (own.get(key(i)) ?? 0)));
              for (let k = 0; k < ownTaken; k++) take(i, 'own');
            }
            for (let k = 0; k < Math.min(fromPool, poolLeft); k++) take(0, 'pool');
          } else if (op.op === 'join') {
            if (!members.has(op.who)) {
              await db
                .insertInto('team_members')
                .values({ team_id: teamId, user_id: people[op.who]!, role: 'member', joined_at: nowOf() })
                .execute();
              members.add(op.who);
            }
          } else if (op.op === 'remove') {
            await db.deleteFrom('team_members').where('user_id', '=', people[op.who]!).execute();
            members.delete(op.who);
          } else if (op.op === 'resize') {
            size = op.size;
            await db.updateTable('plans').set({ team_sessions: size }).where('id', '=', planId).execute();
          } else {
            monthIndex++;
          }

          // The invariant, on the stored rows: every month of the pool within its size, and its
          // count the slots drawn from it.
          const months = await db
            .selectFrom('team_pool_months')
            .selectAll()
            .where('team_id', '=', teamId)
            .execute();
          for (const m of months) {
            expect(m.used).toBeGreaterThanOrEqual(0);
            expect(m.used).toBeLessThanOrEqual(m.size);
            const drawn = await db
              .selectFrom('allowance_entries')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('team_id', '=', teamId)
              .where('month', '=', m.month)
              .where('kind', '=', 'session')
              .executeTakeFirstOrThrow();
            expect(Number(drawn.n)).toBe(m.used);
            expect(m.used).toBe(pooled.get(String(Number(m.month.slice(5)) - 1)) ?? 0);
          }
          expect(monthOf(new Date(nowOf()))).toBe(`2031-${String(monthIndex + 1).padStart(2, '0')}`);
        }
      }),
      { numRuns: 25 },
    );
  });
});
