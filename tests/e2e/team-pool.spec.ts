import type { APIRequestContext, Page } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { E2E_DB_FILE } from './e2e-env';
import { type RegisteredAccount, openAdminPanel, registerAccount, useSession } from './auth-helpers';
import { expect, test } from './test';

/*
 * A team's shared playground pool (issue 59, decision 064): a member whose own sessions of the month
 * are used up chats with the team's pool, and sees it counted on the playground's allowance card;
 * the team's owner sees the pool and each member's use on the Team page, the admin on the teams list.
 */

const SHOTS = process.env.SHOTS_DIR ?? '.tmp/shots';
const auth = (a: RegisteredAccount) => ({ authorization: `Bearer ${a.token}` });

async function subscribeToPremium(request: APIRequestContext, account: RegisteredAccount) {
  const plans = (await (await request.get('/api/payments/plans')).json()).data.plans;
  const premium = plans.find((p: { name: string }) => p.name === 'Premium');
  const order = (
    await (
      await request.post('/api/payments/create-order', {
        headers: auth(account),
        data: { planId: premium.id },
      })
    ).json()
  ).data;
  const signed = (
    await (
      await request.post('/api/payments/test-gateway/pay', {
        headers: auth(account),
        data: { orderId: order.orderId, outcome: 'succeed' },
      })
    ).json()
  ).data;
  expect((await request.post('/api/payments/verify', { headers: auth(account), data: signed })).ok()).toBe(
    true,
  );
}

/** Reads or writes the e2e server's database (the mail outbox; a month's sessions already used). */
function withDb<T>(work: (db: SQLite.Database) => T): T {
  const db = new SQLite(E2E_DB_FILE, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    return work(db);
  } finally {
    db.close();
  }
}

const invitationToken = (email: string) =>
  withDb((db) => {
    const row = db
      .prepare(
        'SELECT text_body FROM mail_outbox WHERE lower(to_address) = lower(?) ORDER BY created_at DESC LIMIT 1',
      )
      .get(email) as { text_body: string } | undefined;
    return row?.text_body.match(/\/team\/join\/([A-Za-z0-9_-]+)/)?.[1] ?? null;
  });

/** The member has had their Free plan's ten sessions this month (as ten earlier chats would have). */
function useOwnSessions(userId: string, n: number) {
  const now = new Date().toISOString();
  withDb((db) => {
    const insert = db.prepare(
      "INSERT INTO allowance_entries (session_id, kind, user_id, prompt_id, month, team_id, created_at) VALUES (?, 'session', ?, NULL, ?, NULL, ?)",
    );
    for (let i = 0; i < n; i++) insert.run(`earlier-${userId}-${i}`, userId, now.slice(0, 7), now);
  });
}

async function shoot(page: Page, name: string, ready: (phone: boolean) => Promise<void>) {
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await page.emulateMedia({ colorScheme: theme });
      await page.evaluate((t) => localStorage.setItem('promptforge-theme', t), theme);
      await page.reload();
      await ready(width < 500);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/${name}-${theme}-${width}.png` });
    }
  }
}

test("a member chats with the team's pool once their own sessions are used up, and sees it counted", async ({
  page,
  browser,
}) => {
  // A journey through three signed-in views and twelve screenshots.
  test.setTimeout(240_000);
  const owner = await registerAccount(page.request, 'pool-owner');
  const member = await registerAccount(page.request, 'pool-member');
  await subscribeToPremium(page.request, owner);
  const made = await page.request.post('/api/team', { headers: auth(owner), data: { name: 'Launch Crew' } });
  expect(made.status()).toBe(201);
  const invited = await page.request.post('/api/team/invitations', {
    headers: auth(owner),
    data: { email: member.email, role: 'member' },
  });
  expect(invited.status()).toBe(201);
  let token: string | null = null;
  await expect.poll(() => (token = invitationToken(member.email))).not.toBeNull();
  expect((await page.request.post('/api/team/join', { headers: auth(member), data: { token } })).ok()).toBe(
    true,
  );
  const memberId = (await (await page.request.get('/api/auth/me', { headers: auth(member) })).json()).data
    .user.id;
  useOwnSessions(memberId, 10);

  // The member's allowance card: their own ten used, new chats count against the team's pool.
  await useSession(page, member.token);
  await page.goto('/playground');
  await expect(page.getByRole('heading', { name: 'How can I help you today?' })).toBeVisible({
    timeout: 20_000,
  });
  const card = page.getByRole('region', { name: /Free plan/ });
  const pool = page.getByTestId('team-pool-meter');
  await expect(page.getByTestId('usage-meter')).toContainText('10 of 10 sessions this month');
  await expect(pool).toContainText('Launch Crew · team pool');
  await expect(pool).toContainText('0 of 100 sessions shared this month');
  await expect(page.getByTestId('counts-against')).toHaveText(
    "Your own sessions are used up: new chats count against Launch Crew's pool.",
  );
  await expect(card).toBeVisible();

  // A chat goes through on the pool and is counted there.
  const composer = page.getByLabel('Message', { exact: true });
  await composer.fill('Draft a launch announcement in three sentences.');
  await composer.press('Enter');
  const reply = page.locator('[data-testid="message"][data-role="ai"]').last();
  await expect(reply).toHaveAttribute('data-status', 'complete', { timeout: 15_000 });
  await expect(pool).toContainText('1 of 100 sessions shared this month');
  await expect(page.getByTestId('usage-meter')).toContainText('10 of 10 sessions this month');
  await shoot(page, 'team-pool-playground', async (phone) => {
    await expect(
      page.getByRole('heading', { name: 'Draft a launch announcement in three sentences.' }),
    ).toBeVisible({
      timeout: 20_000,
    });
    // On a phone the allowance card is in the playground's panel.
    if (phone) await page.getByRole('button', { name: 'Open playground panel' }).click();
    await expect(page.getByTestId('team-pool-meter').last()).toBeVisible();
    await expect(page.getByTestId('team-pool-meter').last()).toContainText(
      '1 of 100 sessions shared this month',
    );
  });

  // The member's Team page shows the pool, without each member's use.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/team');
  await expect(page.getByTestId('team-pool-used')).toHaveText('1 of 100 sessions used this month', {
    timeout: 20_000,
  });
  await expect(page.getByTestId('team-pool-member')).toHaveCount(0);

  // The owner sees each member's use this month.
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await useSession(ownerPage, owner.token);
  await ownerPage.goto('/team');
  const section = ownerPage.getByRole('region', { name: 'Shared playground sessions' });
  // Pages load slowly on a shared machine: the first look waits longer.
  await expect(section.getByTestId('team-pool-used')).toHaveText('1 of 100 sessions used this month', {
    timeout: 20_000,
  });
  await expect(section.getByTestId('team-pool-member').filter({ hasText: member.name })).toContainText(
    '1 session',
  );
  await expect(section.getByTestId('team-pool-member').filter({ hasText: owner.name })).toContainText(
    '0 sessions',
  );
  await shoot(ownerPage, 'team-pool-team-page', async () => {
    await expect(section.getByTestId('team-pool-member')).toHaveCount(2, { timeout: 20_000 });
    await section.scrollIntoViewIfNeeded();
  });
  await ownerContext.close();

  // The admin panel's teams list shows the team's use of its pool.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await openAdminPanel(adminPage, '/admin/users');
  const row = adminPage.getByTestId('admin-team-row').filter({ hasText: owner.email });
  await expect(row.getByTestId('admin-team-pool')).toContainText('1 / 100', { timeout: 20_000 });
  await row.scrollIntoViewIfNeeded();
  await adminPage.screenshot({ path: `${SHOTS}/team-pool-admin-1280.png` });
  await adminContext.close();
});
