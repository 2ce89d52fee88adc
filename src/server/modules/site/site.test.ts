import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPrompt, insertUser } from '../../../../tests/support/factories';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app';
import { nowIso } from '../../lib/time';
import { getPublicStats } from './service';

describe('live site figures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has no success rate or reply time before the first reply', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site/stats' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      users: 0,
      publishedPrompts: 0,
      successRate: null,
      medianReplyMs: null,
    });
  });

  it('counts active users, published prompts, completed replies and the median reply time', async () => {
    const db = t.database.db;
    const a = await insertUser(db);
    await insertUser(db, { status: 'suspended' });
    await insertPrompt(db, a.id);
    await insertPrompt(db, a.id);
    await insertPrompt(db, a.id, { status: 'draft' });
    await db
      .insertInto('playground_sessions')
      .values({ id: 's1', user_id: a.id, model: 'claude', created_at: nowIso(), updated_at: nowIso() })
      .execute();
    const replies: [string, number | null][] = [
      ['complete', 900],
      ['complete', 1500],
      ['complete', 3000],
      ['error', null],
    ];
    await db
      .insertInto('playground_messages')
      .values(
        replies.map(([status, latency], i) => ({
          id: `m${i}`,
          session_id: 's1',
          role: 'ai',
          content: 'hi',
          status,
          latency_ms: latency,
          created_at: nowIso(),
        })),
      )
      .execute();
    expect(await getPublicStats(db)).toEqual({
      users: 1,
      publishedPrompts: 2,
      successRate: 75,
      medianReplyMs: 1500,
    });
  });
});

describe('GET /api/site/config', () => {
  it('shows the demo credentials only in demo mode', async () => {
    const demo = await createTestApp({ env: { DEMO: 'true' } });
    const res = await demo.app.inject({ method: 'GET', url: '/api/site/config' });
    expect(res.json().data).toMatchObject({
      demo: true,
      demoAccounts: {
        user: { email: 'demo@promptforge.test', password: 'demo-pass-123' },
        admin: { email: 'admin@promptforge.test', password: 'admin-pass-123' },
      },
    });
    await demo.close();
    const production = await createTestApp({ env: { DEMO: 'false' } });
    const off = await production.app.inject({ method: 'GET', url: '/api/site/config' });
    expect(off.json().data).toMatchObject({ demo: false, demoAccounts: null });
    expect(off.body).not.toContain('pass');
    await production.close();
  });

  it('says the site is encrypted only when its public address is https', async () => {
    const plain = await createTestApp({ env: { PUBLIC_URL: 'http://promptforge.example' } });
    expect((await plain.app.inject({ method: 'GET', url: '/api/site/config' })).json().data.https).toBe(
      false,
    );
    await plain.close();
    const tls = await createTestApp({ env: { PUBLIC_URL: 'https://promptforge.example' } });
    expect((await tls.app.inject({ method: 'GET', url: '/api/site/config' })).json().data.https).toBe(true);
    await tls.close();
  });

  it('names the payment provider, the currency and the models that answer live as configured', async () => {
    const offline = await createTestApp({ env: { CURRENCY: 'EUR' } });
    expect((await offline.app.inject({ method: 'GET', url: '/api/site/config' })).json().data).toMatchObject({
      payments: 'test',
      currency: 'EUR',
      liveModels: [],
    });
    await offline.close();
    const live = await createTestApp({
      env: {
        RAZORPAY_KEY_ID: 'rzp_test_key',
        RAZORPAY_KEY_SECRET: 'secret',
        ANTHROPIC_API_KEY: 'sk-ant-test',
        OPENAI_API_KEY: 'sk-test',
      },
    });
    const facts = (await live.app.inject({ method: 'GET', url: '/api/site/config' })).json().data;
    expect(facts).toMatchObject({ payments: 'razorpay', currency: 'USD', liveModels: ['Claude', 'ChatGPT'] });
    expect(JSON.stringify(facts)).not.toMatch(/sk-|secret|rzp_/);
    await live.close();
  });
});
