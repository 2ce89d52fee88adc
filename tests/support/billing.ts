import { expect } from 'vitest';
import { type FakeRazorpay, razorpayEnv, startFakeRazorpay } from './fake-razorpay';
import { insertPrompt } from './factories';
import { type TestApp, createTestApp } from './test-app';

/*
 * What billing's test files share: the app against a fake Razorpay that speaks the real API (the
 * app's own HTTP client, signature checks and webhook handler run for real), and the calls they make.
 */

/** The demo app with Razorpay keys pointing at a fresh fake Razorpay. */
export async function startBillingApp(): Promise<{ t: TestApp; fake: FakeRazorpay }> {
  const fake = await startFakeRazorpay();
  const t = await createTestApp({
    demo: true,
    env: { ...razorpayEnv(fake), AUTH_RATE_LIMIT_PER_ADDRESS: '10000', RAZORPAY_TIMEOUT_MS: '500' },
  });
  return { t, fake };
}

let n = 0;

/** `app` is read on each call, so it may be assigned in beforeAll. */
export function billingHelpers(app: () => TestApp) {
  const db = () => app().database.db;

  async function signUp(name = 'Bea Buyer') {
    const res = await app().app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name, email: `buyer${n++}.${Date.now()}@example.test`, password: 'buyer-pass-123' },
    });
    expect(res.statusCode).toBe(201);
    return {
      token: res.json().data.token as string,
      id: res.json().data.user.id as string,
      email: res.json().data.user.email as string,
    };
  }

  async function adminToken() {
    const res = await app().app.inject({
      method: 'POST',
      url: '/api/auth/admin/login',
      payload: { email: 'admin@promptforge.test', password: 'admin-pass-123' },
    });
    return res.json().data.token as string;
  }

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown) =>
    app().app.inject({
      method,
      url,
      payload: payload as object,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  const planId = async (slug: string) =>
    (await db().selectFrom('plans').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;

  async function premiumPrompt(priceMinor = 1299) {
    const author = await signUp('Carl Creator');
    const prompt = await insertPrompt(db(), author.id, {
      type: 'premium',
      price_minor: priceMinor,
      status: 'published',
      content: 'SECRET premium instructions: write like a pirate poet about {{topic}}.',
    });
    return { author, prompt };
  }

  const webhook = (w: { body: string; headers: Record<string, string> }) =>
    app().app.inject({ method: 'POST', url: '/api/payments/webhook', payload: w.body, headers: w.headers });

  async function subscriptionsOf(userId: string) {
    return db().selectFrom('subscriptions').selectAll().where('user_id', '=', userId).execute();
  }

  return { db, signUp, adminToken, call, planId, premiumPrompt, webhook, subscriptionsOf };
}
