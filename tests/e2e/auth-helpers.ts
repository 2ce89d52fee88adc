import { type APIRequestContext, type Page, expect } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { E2E_DB_FILE } from './e2e-env';

/*
 * Shared steps of the auth journeys. Tests run in parallel on one database, so every account a test
 * creates has its own address.
 */

export const DEMO_USER = { email: 'demo@promptforge.test', password: 'demo-pass-123', name: 'Demo User' };
export const DEMO_ADMIN = { email: 'admin@promptforge.test', password: 'admin-pass-123' };
export const SESSION_EXPIRED = 'Your session has expired. Please log in again.';

/** The e2e server's database (scripts/e2e-server.ts). */
const DB_FILE = E2E_DB_FILE;

export interface TestAccount {
  name: string;
  email: string;
  password: string;
}

let counter = 0;
export function newAccount(tag: string): TestAccount {
  counter += 1;
  const id = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  return { name: `Test ${tag} ${counter}`, email: `${tag}-${id}@example.test`, password: `Forge-${id}-pw` };
}

/** An account with the token its sign-up returned. */
export interface RegisteredAccount extends TestAccount {
  token: string;
}

/** Creates the account through the API (faster than the form, which has its own test). */
export async function registerAccount(request: APIRequestContext, tag: string): Promise<RegisteredAccount> {
  const account = newAccount(tag);
  const response = await request.post('/api/auth/register', { data: account });
  expect(response.status()).toBe(201);
  const token = ((await response.json()) as { data: { token: string } }).data.token;
  return { ...account, token };
}

/** A session token from the API's sign-in (the site's, or the admin panel's). */
export async function apiSignIn(
  request: APIRequestContext,
  account: Pick<TestAccount, 'email' | 'password'>,
  kind: 'web' | 'admin' = 'web',
): Promise<string> {
  const response = await request.post(kind === 'admin' ? '/api/auth/admin/login' : '/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/**
 * Opens the tab already signed in, as the app finds a session kept from an earlier visit (spec
 * section 3): the token and role under the spec's keys. For tests whose subject is not a sign-in form
 * (auth.spec.ts, admin-auth.spec.ts and the journeys that end in a sign-in keep the forms). Written
 * once per tab, before the first page of the site loads, so a sign-out later in the test stays one.
 */
export async function useSession(page: Page, token: string, kind: 'web' | 'admin' = 'web') {
  await page.addInitScript(
    ({ token, kind }) => {
      try {
        if (sessionStorage.getItem('e2e-session')) return;
        sessionStorage.setItem('e2e-session', '1');
        localStorage.setItem(kind === 'admin' ? 'adminToken' : 'authToken', token);
        localStorage.setItem('role', kind === 'admin' ? 'admin' : 'user');
      } catch {
        // about:blank and other opaque origins have no storage.
      }
    },
    { token, kind },
  );
}

/** A new account, signed in in this tab (through the API). */
export async function signedInAccount(page: Page, tag: string): Promise<RegisteredAccount> {
  const account = await registerAccount(page.request, tag);
  await useSession(page, account.token);
  return account;
}

/** The demo admin's panel at `path`, signed in through the API (admin-auth.spec.ts tests the form). */
export async function openAdminPanel(page: Page, path = '/admin/dashboard') {
  await useSession(page, await apiSignIn(page.request, DEMO_ADMIN, 'admin'), 'admin');
  await page.goto(path);
  // The panel's header (at every width) shows only once the server has accepted the session.
  await expect(page.getByRole('button', { name: /^Admin menu for / })).toBeVisible();
  await expect(page).toHaveURL(path);
}

export async function signIn(page: Page, account: Pick<TestAccount, 'email' | 'password'>) {
  if (!page.url().includes('/auth/login')) await page.goto('/auth/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** The newest password reset link mailed to this address (the e2e server has no SMTP: mail waits in the outbox). */
export function latestResetPath(email: string): string | null {
  const db = new SQLite(DB_FILE, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(
        'SELECT text_body FROM mail_outbox WHERE lower(to_address) = lower(?) ORDER BY created_at DESC LIMIT 1',
      )
      .get(email) as { text_body: string } | undefined;
    return row?.text_body.match(/\/auth\/reset-password\/[A-Za-z0-9_-]+/)?.[0] ?? null;
  } finally {
    db.close();
  }
}

/** A JWT-shaped token the browser can read but the server would never accept. */
export function unsignedToken(payload: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.not-a-signature`;
}

/** Subscribes the account to the plan named by `slug` through the test gateway, as a buyer's checkout does. */
export async function subscribe(request: APIRequestContext, account: RegisteredAccount, slug: string) {
  const auth = { authorization: `Bearer ${account.token}` };
  const plans = (await (await request.get('/api/payments/plans')).json()).data.plans;
  const plan = plans.find((p: { slug: string }) => p.slug === slug);
  const order = (
    await (
      await request.post('/api/payments/create-order', { headers: auth, data: { planId: plan.id } })
    ).json()
  ).data;
  const signed = (
    await (
      await request.post('/api/payments/test-gateway/pay', {
        headers: auth,
        data: { orderId: order.orderId, outcome: 'succeed' },
      })
    ).json()
  ).data;
  expect((await request.post('/api/payments/verify', { headers: auth, data: signed })).ok()).toBe(true);
}

/** A word no other prompt has, so a search finds only what the test made. */
export function uniqueWord(): string {
  let word = 'qvx';
  for (let i = 0; i < 9; i++) word += 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)];
  return word;
}
