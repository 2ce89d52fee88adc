import type { APIRequestContext, Page } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { E2E_DB_FILE } from './e2e-env';
import { type RegisteredAccount, registerAccount, useSession } from './auth-helpers';
import { expect, test } from './test';

/*
 * Prompts bought for a team (issue 59, decision 063): the owner buys a premium prompt for the team
 * through the test gateway, a member reads its text, the team page lists it (screenshots), and the
 * owner deletes the team, after which the member no longer reads it.
 */

const SHOTS = process.env.TEAMBUY_SHOTS ?? '.tmp/shots';

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

/** The owner on Premium (3 seats) through the test gateway, with a team the member joined. */
async function teamOf(request: APIRequestContext, owner: RegisteredAccount, member: RegisteredAccount) {
  const plans = (await (await request.get('/api/payments/plans')).json()).data.plans;
  const premium = plans.find((p: { name: string }) => p.name === 'Premium');
  const order = await api(request, owner, 'POST', '/api/payments/create-order', { planId: premium.id });
  const signed = await api(request, owner, 'POST', '/api/payments/test-gateway/pay', {
    orderId: order.orderId,
    outcome: 'succeed',
  });
  await api(request, owner, 'POST', '/api/payments/verify', signed);
  await api(request, owner, 'POST', '/api/team', { name: 'Launch Crew' });
  await api(request, owner, 'POST', '/api/team/invitations', { email: member.email, role: 'member' });
  const db = new SQLite(E2E_DB_FILE, { readonly: true, fileMustExist: true });
  const row = db
    .prepare(
      'SELECT text_body FROM mail_outbox WHERE lower(to_address) = lower(?) ORDER BY created_at DESC LIMIT 1',
    )
    .get(member.email) as { text_body: string };
  db.close();
  const token = row.text_body.match(/\/team\/join\/([A-Za-z0-9_-]+)/)![1];
  await api(request, member, 'POST', '/api/team/join', { token });
}

async function premiumPrompt(request: APIRequestContext) {
  const res = await request.get('/api/marketplace/prompts', {
    params: { type: 'premium', sort: 'latest', limit: 50 },
  });
  const prompts = (await res.json()).data.prompts as { id: string; slug: string; title: string }[];
  // Past the ones billing.spec.ts buys, so neither depends on the other.
  return prompts[4]!;
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test('the owner buys a prompt for the team, a member reads it, and deleting the team ends it', async ({
  page,
  browser,
}) => {
  // Two browsers, two payments and four screenshots.
  test.setTimeout(120_000);
  const owner = await registerAccount(page.request, 'teambuy-owner');
  const member = await registerAccount(page.request, 'teambuy-member');
  await teamOf(page.request, owner, member);
  const prompt = await premiumPrompt(page.request);
  await useSession(page, owner.token);

  await page.goto(`/marketplace/${prompt.slug}`);
  const card = page.getByTestId('team-access-card');
  await card.getByRole('button', { name: /^Buy for Launch Crew/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete your payment' });
  await expect(dialog.getByTestId('test-checkout-item')).toHaveText(
    `Prompt: ${prompt.title}, for Launch Crew`,
  );
  const amount = (await dialog.getByTestId('test-checkout-amount').textContent()) ?? '';
  await dialog.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(toast(page, 'Payment Successful!')).toBeVisible();
  await expect(card.getByTestId('team-owns')).toBeVisible();
  await expect(page.getByTestId('prompt-content')).toBeVisible();

  // The member reads it in their own browser, and is told the team owns it.
  const context = await browser.newContext();
  const memberPage = await context.newPage();
  await useSession(memberPage, member.token);
  await memberPage.goto(`/marketplace/${prompt.slug}`);
  await expect(memberPage.getByTestId('prompt-content')).toBeVisible();
  await expect(memberPage.getByTestId('team-owns')).toBeVisible();

  // The team page lists what was bought for it.
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await page.emulateMedia({ colorScheme: theme });
      await page.evaluate((t) => localStorage.setItem('promptforge-theme', t), theme);
      await page.goto('/team');
      const bought = page.getByTestId('team-purchase');
      await expect(bought).toHaveCount(1);
      await expect(bought).toContainText(prompt.title);
      await expect(bought).toContainText(`bought by ${owner.name}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.locator('#team-purchases').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/team-purchases-${theme}-${width}.png` });
    }
  }

  // The owner deletes the team: the dialog says the purchase is lost; the member loses it at once.
  await page.getByRole('button', { name: 'Delete team' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByTestId('delete-team-impact')).toContainText('bought for the team will be lost');
  await page.screenshot({ path: `${SHOTS}/team-delete-dialog.png` });
  await confirm.getByRole('button', { name: 'Delete team' }).click();
  await expect(toast(page, 'Team deleted')).toBeVisible();
  await expect(page.getByTestId('team-purchase')).toHaveCount(0);
  await memberPage.reload();
  await expect(memberPage.getByTestId('premium-preview')).toBeVisible();
  await expect(memberPage.getByTestId('prompt-content')).toHaveCount(0);
  await context.close();
});
