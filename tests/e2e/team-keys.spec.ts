import type { APIRequestContext, Page } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { E2E_DB_FILE } from './e2e-env';
import { type RegisteredAccount, registerAccount, useSession } from './auth-helpers';
import { expect, test } from './test';

/*
 * Team API keys and handing a team on (issue 59, decisions 063 and 071): a team admin makes a team
 * key on the team page, the key reads the team's library, the admin revokes it and it stops at once;
 * the owner transfers the team to that admin. Screenshots of the keys section and the dialog.
 */

const SHOTS = process.env.TEAMKEYS_SHOTS ?? '.tmp/shots';

async function api(
  request: APIRequestContext,
  account: RegisteredAccount,
  method: string,
  url: string,
  data?: object,
) {
  const res = await request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${account.token}` },
    data,
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).data;
}

/** The owner on Business (API access) through the test gateway, with a team the admin joined. */
async function teamOf(request: APIRequestContext, owner: RegisteredAccount, admin: RegisteredAccount) {
  const plans = (await (await request.get('/api/payments/plans')).json()).data.plans;
  const business = plans.find((p: { name: string }) => p.name === 'Business');
  const order = await api(request, owner, 'POST', '/api/payments/create-order', { planId: business.id });
  const signed = await api(request, owner, 'POST', '/api/payments/test-gateway/pay', {
    orderId: order.orderId,
    outcome: 'succeed',
  });
  await api(request, owner, 'POST', '/api/payments/verify', signed);
  await api(request, owner, 'POST', '/api/team', { name: 'Key Crew' });
  await api(request, owner, 'POST', '/api/team/invitations', { email: admin.email, role: 'admin' });
  const db = new SQLite(E2E_DB_FILE, { readonly: true, fileMustExist: true });
  const row = db
    .prepare(
      'SELECT text_body FROM mail_outbox WHERE lower(to_address) = lower(?) ORDER BY created_at DESC LIMIT 1',
    )
    .get(admin.email) as { text_body: string };
  db.close();
  const token = row.text_body.match(/\/team\/join\/([A-Za-z0-9_-]+)/)![1];
  await api(request, admin, 'POST', '/api/team/join', { token });
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a team admin makes a team key, uses it, and revokes it; the owner hands the team on', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await registerAccount(page.request, 'teamkeys-owner');
  const admin = await registerAccount(page.request, 'teamkeys-admin');
  await teamOf(page.request, owner, admin);

  const context = await browser.newContext();
  const adminPage = await context.newPage();
  await useSession(adminPage, admin.token);
  await adminPage.goto('/team');
  const section = adminPage.locator('#team-api-keys');
  await expect(section).toBeVisible();
  const form = section.getByRole('form', { name: 'Create a team API key' });
  await form.getByLabel('Name').fill('Team CI');
  await form.getByRole('checkbox', { name: /Use playground/ }).check();
  await form.getByRole('button', { name: 'Create key' }).click();
  const token = (await section.getByTestId('new-api-key-token').textContent()) ?? '';
  expect(token).toMatch(/^pf_/);
  const row = section.getByTestId('api-key-row').filter({ hasText: 'Team CI' });
  await expect(row).toContainText(`Made by ${admin.name}`);
  await expect(row).toHaveAttribute('data-status', 'active');

  // The key reads the team's library; a personal route refuses it.
  const withKey = { headers: { authorization: `Bearer ${token}` } };
  expect((await adminPage.request.get('/api/user/library', withKey)).status()).toBe(200);
  expect((await adminPage.request.get('/api/user/prompts', withKey)).status()).toBe(403);

  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) {
      await adminPage.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await adminPage.emulateMedia({ colorScheme: theme });
      await adminPage.evaluate((t) => localStorage.setItem('promptforge-theme', t), theme);
      await adminPage.goto('/team');
      await expect(row).toBeVisible();
      await noSidewaysScroll(adminPage);
      await section.scrollIntoViewIfNeeded();
      await adminPage.screenshot({ path: `${SHOTS}/team-keys-${theme}-${width}.png`, fullPage: true });
    }
  }

  await row.getByRole('button', { name: 'Revoke Team CI' }).click();
  await adminPage.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
  await expect(toast(adminPage, 'API key revoked')).toBeVisible();
  await expect(row).toHaveAttribute('data-status', 'revoked');
  expect((await adminPage.request.get('/api/user/library', withKey)).status()).toBe(401);

  // A prompt bought for the team shows in the admin's own library, with the team's name.
  const teamId = (await api(adminPage.request, admin, 'GET', '/api/team')).team.id as string;
  const premium = (
    await (
      await adminPage.request.get('/api/marketplace/prompts', { params: { type: 'premium', limit: 50 } })
    ).json()
  ).data.prompts[7] as { id: string; title: string };
  const db = new SQLite(E2E_DB_FILE, { fileMustExist: true });
  db.prepare(
    `INSERT INTO purchases (id, prompt_id, buyer_id, team_id, amount_minor, creator_share_minor, currency, created_at)
     VALUES (?, ?, NULL, ?, 900, 720, 'USD', ?)`,
  ).run(`teamkeys-${Date.now()}`, premium.id, teamId, new Date().toISOString());
  db.close();
  for (const width of [1280, 390]) {
    await adminPage.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await adminPage.goto('/library');
    const item = adminPage.getByTestId('library-item').filter({ hasText: premium.title });
    await expect(item.getByTestId('library-team-purchase')).toHaveText('Bought for Key Crew');
    await noSidewaysScroll(adminPage);
    await adminPage.screenshot({ path: `${SHOTS}/library-team-purchase-dark-${width}.png` });
  }

  // The owner transfers the team to the admin.
  await useSession(page, owner.token);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/team');
  await page.getByRole('button', { name: 'Transfer ownership' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByLabel('New owner').selectOption({ label: `${admin.name} (Admin)` });
  await noSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/team-transfer-dialog-390.png` });
  await dialog.getByRole('button', { name: 'Transfer ownership' }).click();
  await expect(toast(page, `${admin.name} is now the team owner`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Transfer ownership' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete team' })).toHaveCount(0);
  await adminPage.goto('/team');
  await expect(adminPage.getByRole('button', { name: 'Delete team' })).toBeVisible();
  await context.close();
});
