import { apiHelpers } from './api';
import { type FakeRazorpay, razorpayEnv, startFakeRazorpay } from './fake-razorpay';
import { insertPrompt } from './factories';
import { type TestApp, createTestApp } from './test-app';

/*
 * What billing's test files share: the app against a fake Razorpay that speaks the real API (the
 * app's own HTTP client, signature checks and webhook handler run for real), and the calls they make.
 */

/** The demo app with Razorpay keys pointing at a fresh fake Razorpay. */
export async function startBillingApp(
  env: Record<string, string> = {},
): Promise<{ t: TestApp; fake: FakeRazorpay }> {
  const fake = await startFakeRazorpay();
  const t = await createTestApp({
    demo: true,
    env: { ...razorpayEnv(fake), AUTH_RATE_LIMIT_PER_ADDRESS: '10000', RAZORPAY_TIMEOUT_MS: '500', ...env },
  });
  return { t, fake };
}

/**
 * apiHelpers' calls and sign-up with billing's own: the demo admin, plans, a premium prompt, the
 * webhook. `app` is read on each call, so it may be assigned in beforeAll.
 */
export function billingHelpers(app: () => TestApp) {
  const db = () => app().database.db;
  const api = apiHelpers(app);
  const { call } = api;
  /** A new customer signed up through the API (a buyer unless named otherwise). */
  const signUp = (name = 'Bea Buyer') => api.signUp(name);

  /** The seeded demo admin's admin-panel token (the audit log names that admin). */
  async function adminToken() {
    const res = await call('POST', '/api/auth/admin/login', undefined, {
      email: 'admin@promptforge.test',
      password: 'admin-pass-123',
    });
    return res.json().data.token as string;
  }

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
