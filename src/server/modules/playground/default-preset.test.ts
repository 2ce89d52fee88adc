import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSubscription } from '../../../../tests/support/factories';
import {
  FREE_PLAN,
  PREMIUM_PLAN,
  type PlaygroundHarness,
  startPlayground,
} from '../../../../tests/support/playground';

/*
 * The admin's default chat preset (issue 55, decision 065): set by an admin only, any configured
 * model; every user reads it as it applies to their plan, the plan's default model standing in for
 * one the plan does not offer. Runs on SQLite and PostgreSQL.
 */

let h: PlaygroundHarness;
let admin = '';

beforeAll(async () => {
  h = await startPlayground();
  admin = (await h.signInAdmin()).token;
});
afterAll(() => h.close());

const PRESET = {
  name: 'Concise helper',
  model: 'chatgpt',
  settings: { systemPrompt: 'Answer in three sentences at most.', temperature: 0.3, maxTokens: 600 },
};

const startOf = async (token: string) => {
  const res = await h.call('GET', '/api/playground/presets', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { presets: { name: string }[]; default: Record<string, unknown> | null };
};

describe('the default preset', () => {
  it('is set by an admin and starts every user’s new chats, beside their own presets', async () => {
    const set = await h.call('PUT', '/api/admin/models/default-preset', admin, PRESET);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      message: 'Default preset saved',
      data: { preset: { ...PRESET, updatedAt: expect.any(String) }, plansWithout: [] },
    });
    expect((await h.call('GET', '/api/admin/models/default-preset', admin)).json().data.preset.name).toBe(
      'Concise helper',
    );

    const u = await h.signUp();
    await h.call('POST', '/api/playground/presets', u.token, {
      name: 'Mine',
      model: 'claude',
      settings: { temperature: 1 },
    });
    const start = await startOf(u.token);
    expect(start.presets.map((p) => p.name)).toEqual(['Mine']);
    expect(start.default).toEqual({ ...PRESET, replacedModel: null });

    const audit = await h.t.database.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('action', '=', 'playground.default-preset')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
  });

  it('falls back to the plan’s default model when the plan does not offer the preset’s, keeping its settings', async () => {
    await h.call('PUT', '/api/admin/models/default-preset', admin, PRESET);
    const limit = await h.call('PUT', `/api/admin/plans/${FREE_PLAN}/models`, admin, {
      models: ['anthropic/claude-fake', 'local/llama-fake'],
      default: 'local/llama-fake',
    });
    expect(limit.statusCode, limit.body).toBe(200);
    try {
      const free = await h.signUp();
      expect((await startOf(free.token)).default).toEqual({
        ...PRESET,
        model: 'local/llama-fake',
        replacedModel: expect.stringMatching(/./),
      });
      // The admin is told which plans start it on another model.
      const view = (await h.call('GET', '/api/admin/models/default-preset', admin)).json().data;
      expect(view.plansWithout).toEqual([{ id: FREE_PLAN, name: 'Free' }]);

      // A plan that offers it gets it as set.
      const premium = await h.signUp();
      await insertSubscription(h.t.database.db, premium.id, PREMIUM_PLAN);
      expect((await startOf(premium.token)).default).toMatchObject({ model: 'chatgpt', replacedModel: null });

      // A preset started on the fallback model is a chat the plan allows.
      const res = await h.chat(free.token, {
        message: 'Hi',
        model: 'local/llama-fake',
        settings: PRESET.settings,
      });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await h.call('PUT', `/api/admin/plans/${FREE_PLAN}/models`, admin, { models: [], default: null });
    }
  });

  it('is for admins only', async () => {
    const u = await h.signUp();
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', PRESET],
      ['DELETE', undefined],
    ] as const) {
      const asUser = await h.call(method, '/api/admin/models/default-preset', u.token, body);
      expect(asUser.statusCode, `${method} as a user`).toBe(403);
      expect(asUser.json().code).toBe('AUTHORIZATION_ERROR');
      const anonymous = await h.call(method, '/api/admin/models/default-preset', undefined, body);
      expect(anonymous.statusCode, `${method} signed out`).toBe(401);
    }
    // Nothing changed: the preset is still the admin's.
    expect((await startOf(u.token)).default).toMatchObject({ name: 'Concise helper' });
  });

  it('refuses an unknown model and bad settings with the spec’s envelope', async () => {
    const unknown = await h.call('PUT', '/api/admin/models/default-preset', admin, {
      ...PRESET,
      model: 'nobody/nothing',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    const long = await h.call('PUT', '/api/admin/models/default-preset', admin, {
      ...PRESET,
      name: 'n'.repeat(61),
      settings: { systemPrompt: 's'.repeat(4001), temperature: 3 },
    });
    expect(long.statusCode).toBe(400);
    expect(
      long
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['name', 'settings.systemPrompt', 'settings.temperature'].sort());
  });

  it('keeps a single row, and once removed new chats start from the playground’s own settings', async () => {
    await h.call('PUT', '/api/admin/models/default-preset', admin, PRESET);
    await h.call('PUT', '/api/admin/models/default-preset', admin, { ...PRESET, name: 'Second' });
    const rows = await h.t.database.db.selectFrom('playground_default_preset').selectAll().execute();
    expect(rows.map((r) => [r.id, r.name])).toEqual([['default', 'Second']]);
    await expect(
      h.t.database.db
        .insertInto('playground_default_preset')
        .values({ id: 'other', name: 'x', model: 'claude', updated_by: null, updated_at: '2026-12-07' })
        .execute(),
    ).rejects.toThrow();

    const removed = await h.call('DELETE', '/api/admin/models/default-preset', admin);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toEqual({ preset: null, plansWithout: [] });
    const u = await h.signUp();
    expect((await startOf(u.token)).default).toBeNull();
  });
});
