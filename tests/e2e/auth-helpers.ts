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

/** Creates the account through the API (faster than the form, which has its own test). */
export async function registerAccount(request: APIRequestContext, tag: string): Promise<TestAccount> {
  const account = newAccount(tag);
  const response = await request.post('/api/auth/register', { data: account });
  expect(response.status()).toBe(201);
  return account;
}

export async function signIn(page: Page, account: Pick<TestAccount, 'email' | 'password'>) {
  if (!page.url().includes('/auth/login')) await page.goto('/auth/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

export async function signInAsAdmin(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In to Admin Panel' }).click();
  await expect(page).toHaveURL('/admin/dashboard');
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
