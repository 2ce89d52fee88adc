import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHelpers } from '../../../../../tests/support/api';
import { type TestApp, createTestApp } from '../../../../../tests/support/test-app';

/*
 * Plans say what they give from what they give (issue 59): seats, sessions, models, API access and
 * the test budget are fields, written by the admin, held by the database's constraints, and listed
 * by the public plans endpoint the pricing page reads. Both engines.
 */

let t: TestApp;
let admin: { token: string; id: string };
const { call, signInAdmin, signUp } = apiHelpers(() => t);

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_ADDRESS: '10000' } });
  admin = await signInAdmin();
});
afterAll(() => t.close());

const base = {
  description: 'Limits as data',
  price: { monthly: 49 },
  metadata: { order: 5 },
};

async function create(name: string, limits: object) {
  const res = await call('POST', '/api/admin/plans', admin.token, { ...base, name, limits, maxUsers: 4 });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.plan as { id: string; limits: Record<string, unknown> };
}

const publicPlan = async (id: string) => {
  const res = await call('GET', '/api/payments/plans');
  expect(res.statusCode).toBe(200);
  return (res.json().data.plans as { id: string; limits: Record<string, unknown> }[]).find(
    (p) => p.id === id,
  );
};

describe('a plan’s limits', () => {
  it('are saved from the admin dialog and listed by the public plans endpoint', async () => {
    const plan = await create('Teams', {
      playgroundSessions: 40,
      apiAccess: true,
      testBudget: 12.5,
      teamSessions: 200,
    });
    expect(plan.limits).toMatchObject({
      playgroundSessions: 40,
      seats: 4,
      apiAccess: true,
      testBudgetMinor: 1250,
      teamSessions: 200,
    });
    const listed = await publicPlan(plan.id);
    expect(listed?.limits).toMatchObject({
      playgroundSessions: 40,
      seats: 4,
      apiAccess: true,
      testBudgetMinor: 1250,
      teamSessions: 200,
    });
    // No models chosen: every configured model, the spec's three first.
    expect((listed?.limits.models as { name: string }[]).length).toBeGreaterThanOrEqual(3);

    const edited = await call('PUT', `/api/admin/plans/${plan.id}`, admin.token, {
      limits: { apiAccess: false },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // What the edit left out stays as it was.
    expect(edited.json().data.plan.limits).toMatchObject({
      playgroundSessions: 40,
      apiAccess: false,
      testBudgetMinor: 1250,
      teamSessions: 200,
    });
    const refused = await call('PUT', `/api/admin/plans/${plan.id}`, admin.token, {
      limits: { teamSessions: -1 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The team pool must be 0 or more');
    expect((await publicPlan(plan.id))?.limits.apiAccess).toBe(false);
  });

  it('list only the models the admin chose for the plan, by name', async () => {
    const plan = await create('Claude only', { playgroundSessions: -1 });
    const models = await call('GET', '/api/admin/models', admin.token);
    const claude = (models.json().data.models as { key: string; name: string; choices: string[] }[]).find(
      (m) => m.choices.includes('claude'),
    )!;
    const saved = await call('PUT', `/api/admin/plans/${plan.id}/models`, admin.token, {
      models: [claude.key],
      default: claude.key,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await publicPlan(plan.id))?.limits.models).toEqual([{ key: claude.key, name: claude.name }]);
  });

  it('refuse values out of range with the field named, and leave the plan unchanged', async () => {
    const plan = await create('Checked', { testBudget: 1 });
    for (const limits of [{ testBudget: -1 }, { testBudget: 'lots' }, { apiAccess: 'yes' }]) {
      const res = await call('PUT', `/api/admin/plans/${plan.id}`, admin.token, { limits });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
    expect((await publicPlan(plan.id))?.limits).toMatchObject({ testBudgetMinor: 100, apiAccess: false });
  });

  it('are held by the database too: a flag is 0 or 1, a budget is not negative', async () => {
    const plan = await create('Constrained', {});
    const db = t.database.db;
    await expect(sql`update plans set api_access = 2 where id = ${plan.id}`.execute(db)).rejects.toThrow(
      /check/i,
    );
    await expect(
      sql`update plans set test_budget_minor = -5 where id = ${plan.id}`.execute(db),
    ).rejects.toThrow(/check/i);
  });

  it('may not be written by a user', async () => {
    const user = await signUp();
    const plan = await create('Not yours', {});
    const res = await call('PUT', `/api/admin/plans/${plan.id}`, user.token, { limits: { apiAccess: true } });
    expect(res.statusCode).toBe(403);
    expect((await publicPlan(plan.id))?.limits.apiAccess).toBe(false);
  });
});
