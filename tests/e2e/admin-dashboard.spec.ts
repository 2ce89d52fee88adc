import { type Page } from '@playwright/test';
import { expect, test } from './test';
import SQLite from 'better-sqlite3';
import { DEMO_ADMIN, apiSignIn, openAdminPanel, registerAccount, useSession } from './auth-helpers';
import { E2E_DB_FILE } from './e2e-env';

/*
 * The admin dashboard (issue 8): real figures from the database, the tabs' charts, recent activity,
 * quick actions, the failure state with Retry, and the header search's routes.
 */

test.describe.configure({ timeout: 60_000 });

/** A figure straight from the e2e server's database. */
function dbCount(query: string): number {
  const db = new SQLite(E2E_DB_FILE, { readonly: true, fileMustExist: true });
  try {
    return Number((db.prepare(query).get() as { n: number }).n);
  } finally {
    db.close();
  }
}

const cardValue = (page: Page, testId: string) => page.getByTestId(testId).locator('[data-slot="value"]');
const asNumber = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));

test('the dashboard shows the figures the database holds', async ({ page }) => {
  await useSession(page, await apiSignIn(page.request, DEMO_ADMIN, 'admin'), 'admin');
  // Other suites add users and prompts while this runs: the figure lies between two readings.
  const usersBefore = dbCount('SELECT count(*) AS n FROM users');
  const promptsBefore = dbCount('SELECT count(*) AS n FROM prompts');
  const viewsBefore = dbCount('SELECT sum(views_count) AS n FROM prompts');
  await page.goto('/admin/dashboard');
  await expect(cardValue(page, 'stat-users')).toHaveText(/\d/);
  const usersAfter = dbCount('SELECT count(*) AS n FROM users');
  const promptsAfter = dbCount('SELECT count(*) AS n FROM prompts');

  const users = asNumber(await cardValue(page, 'stat-users').textContent());
  expect(users).toBeGreaterThanOrEqual(usersBefore);
  expect(users).toBeLessThanOrEqual(usersAfter);
  const prompts = asNumber(await cardValue(page, 'stat-prompts').textContent());
  expect(prompts).toBeGreaterThanOrEqual(promptsBefore);
  expect(prompts).toBeLessThanOrEqual(promptsAfter);

  const drafts = dbCount("SELECT count(*) AS n FROM prompts WHERE status = 'draft'");
  await expect(page.getByTestId('stat-prompts')).toContainText(`${drafts} pending`);
  const revenue = dbCount(
    "SELECT coalesce(sum(amount_minor - refunded_minor), 0) AS n FROM payments WHERE status IN ('captured', 'refunded')",
  );
  expect(revenue).toBeGreaterThan(0);
  await expect(cardValue(page, 'stat-revenue')).toHaveText(
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(revenue / 100),
  );
  await expect(cardValue(page, 'stat-conversion')).toHaveText(/^\d+\.\d%$/);
  const views = asNumber(await cardValue(page, 'stat-views').textContent());
  expect(views).toBeGreaterThanOrEqual(viewsBefore);
  expect(views).toBeLessThanOrEqual(dbCount('SELECT sum(views_count) AS n FROM prompts'));
  await expect(cardValue(page, 'stat-downloads')).toHaveText(/\d/);
});

test('each tab draws its charts and tables', async ({ page }) => {
  await openAdminPanel(page);
  const tabs = page.getByRole('tablist');
  for (const [tab, chart] of [
    ['Overview', /Sign-ups and publications per day/],
    ['Users', /Sign-ups per day/],
    ['Prompts', /Publications per day/],
    ['Revenue', /Revenue per day/],
  ] as const) {
    await tabs.getByRole('tab', { name: tab }).click();
    const panel = page.getByRole('tabpanel', { name: tab });
    const figure = panel.getByRole('figure', { name: chart });
    await expect(figure).toBeVisible();
    // Recharts has drawn the series, not only the frame.
    await expect(figure.locator('.recharts-surface').first()).toBeVisible();
    await expect(figure.locator('.recharts-area-area, .recharts-bar-rectangle').first()).toBeAttached();
  }
  await page.getByRole('button', { name: '90 days' }).first().click();
  await expect(
    page.getByRole('tabpanel', { name: 'Revenue' }).getByRole('figure', { name: /over the last 90 days/ }),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: 'Top creators' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Recent payments' })).toBeVisible();

  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(
    page.getByRole('figure', { name: 'Users on each plan' }).locator('.recharts-bar-rectangle').first(),
  ).toBeAttached();
});

test('recent activity lists a new sign-up with its icon', async ({ page, request }) => {
  const account = await registerAccount(request, 'feed');
  await openAdminPanel(page);
  const entry = page.getByTestId('activity-entry').filter({ hasText: `${account.name} joined Promptforge` });
  await expect(entry).toBeVisible();
  await expect(entry).toHaveAttribute('data-icon', 'user-plus');
  await expect(entry).toContainText('New user registered');
});

test('quick actions open the pending prompts, the users and the revenue reports', async ({ page }) => {
  await openAdminPanel(page);
  await page.getByRole('link', { name: /Review Pending Prompts/ }).click();
  await expect(page).toHaveURL('/admin/marketplace?status=draft');
  await page.goBack();
  await page.getByRole('link', { name: 'Manage Users' }).click();
  await expect(page).toHaveURL('/admin/users');
  await page.goBack();
  await page.getByRole('button', { name: 'View Revenue Reports' }).click();
  await expect(page).toHaveURL('/admin/dashboard?tab=revenue');
  await expect(page.getByRole('tab', { name: 'Revenue' })).toHaveAttribute('aria-selected', 'true');
});

test('a failed load shows the failure state, and Retry loads the figures', async ({ page }) => {
  await useSession(page, await apiSignIn(page.request, DEMO_ADMIN, 'admin'), 'admin');
  await page.route('**/api/admin/dashboard', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        success: false,
        message: 'The statistics are being rebuilt',
        code: 'VALIDATION_ERROR',
        status: 400,
        requestId: 'e2e',
      }),
    }),
  );
  await page.goto('/admin/dashboard');
  const alert = page.getByRole('alert').filter({ hasText: 'Failed to load dashboard' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('The statistics are being rebuilt');
  await page.unroute('**/api/admin/dashboard');
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(cardValue(page, 'stat-users')).toHaveText(/\d/);
  await expect(alert).toBeHidden();
});

test('the header search routes every keyword group, and anything else to the marketplace search', async ({
  page,
}) => {
  await openAdminPanel(page);
  const search = page.getByRole('searchbox', { name: 'Search the admin panel' });
  const cases: [string, string][] = [
    ['user', '/admin/users'],
    ['Members', '/admin/users'],
    ['customer list', '/admin/users'],
    ['prompt', '/admin/marketplace'],
    ['marketplace', '/admin/marketplace'],
    ['template', '/admin/marketplace'],
    ['templates', '/admin/marketplace'],
    ['plan', '/admin/plans'],
    ['subscription', '/admin/plans'],
    ['PRICING', '/admin/plans'],
    ['dashboard', '/admin/dashboard'],
    ['analytics', '/admin/dashboard'],
    ['stats', '/admin/dashboard'],
    ['setting', '/admin/settings'],
    ['config', '/admin/settings'],
    ['preferences', '/admin/settings'],
    ['email copywriter', '/admin/marketplace?search=email+copywriter'],
    ['seo writer', '/admin/marketplace?search=seo+writer'],
  ];
  for (const [text, url] of cases) {
    await search.fill(text);
    await search.press('Enter');
    await expect(page).toHaveURL(url);
  }
});

test('an admin refunds a payment from the Revenue tab and the plan ends', async ({ page, request }) => {
  // A subscriber who paid through the test gateway, exactly as the pricing page does it.
  const account = await registerAccount(request, 'refund');
  const auth = { authorization: `Bearer ${account.token}` };
  const plans = (await (await request.get('/api/payments/plans')).json()).data.plans;
  const premium = plans.find((p: { name: string }) => p.name === 'Premium');
  const order = (
    await (
      await request.post('/api/payments/create-order', { headers: auth, data: { planId: premium.id } })
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
  const me = async () =>
    (await (await request.get('/api/auth/me', { headers: auth })).json()).data.user.subscription.plan;
  expect(await me()).toBe('Premium');

  await openAdminPanel(page, '/admin/dashboard?tab=revenue');
  const row = page.getByTestId('payment-row').filter({ hasText: account.email });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Refund' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Refund' }).click();
  await expect(row.getByText('refunded')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Refund' })).toBeDisabled();
  expect(await me()).toBe('Free');
});
