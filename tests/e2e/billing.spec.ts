import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './test';
import { signedInAccount } from './auth-helpers';

/*
 * Billing in the browser (issue 7) against the built-in test gateway the e2e server runs without
 * Razorpay keys: subscribing, buying a premium prompt, a declined payment, the signed-out toast and
 * the settings Billing section. Every test signs up its own account (through the API, and starts
 * signed in: the forms have their tests in auth.spec.ts), so none depends on another.
 */

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const planCard = (page: Page, name: string) => page.getByRole('article', { name });
const checkoutDialog = (page: Page) => page.getByRole('dialog', { name: 'Complete your payment' });

async function billingOf(request: APIRequestContext, token: string) {
  const response = await request.get('/api/payments/me', { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { plan: { name: string }; subscription: unknown } }).data;
}

/** A premium prompt of another author, as the public catalogue lists it. */
async function premiumPrompt(request: APIRequestContext, skip = 0) {
  const response = await request.get('/api/marketplace/prompts', {
    params: { type: 'premium', sort: 'latest', limit: 50 },
  });
  expect(response.ok()).toBe(true);
  const { prompts } = (
    (await response.json()) as {
      data: { prompts: { id: string; slug: string; title: string; priceMinor: number }[] };
    }
  ).data;
  const prompt = prompts[skip];
  if (!prompt) throw new Error('The demo data has no premium prompt');
  return prompt;
}

test('a visitor who subscribes is asked to log in first', async ({ page }) => {
  await page.goto('/pricing');
  await expect(planCard(page, 'Premium')).toBeVisible();
  await expect(page.getByText(/^Save \d+%$/)).toBeVisible();
  await planCard(page, 'Premium').getByRole('button', { name: 'Get Premium' }).click();
  await expect(toast(page, 'Authentication Required')).toContainText('Please log in to subscribe to a plan.');
  await expect(checkoutDialog(page)).toHaveCount(0);
  await expect(planCard(page, 'Free').getByRole('link', { name: 'Get Started' })).toHaveAttribute(
    'href',
    '/auth/signup',
  );
});

test('subscribing to Premium in test mode makes the playground allowance unlimited', async ({ page }) => {
  await signedInAccount(page, 'sub');
  await page.goto('/playground');
  await expect(page.getByTestId('usage-meter')).toContainText('0 of 10 sessions this month');

  await page.goto('/pricing');
  await expect(page.getByTestId('test-mode-notice')).toContainText('No real money moves');
  // On Free already: the Free card says so.
  await planCard(page, 'Free').getByRole('button', { name: 'Current Plan' }).click();
  await expect(toast(page, 'Already on Free Plan')).toBeVisible();

  await page.getByRole('radio', { name: /Annual/ }).check();
  await expect(planCard(page, 'Premium').getByTestId('plan-billing')).toHaveText('$182.40 billed annually');
  await page.getByRole('radio', { name: 'Monthly' }).check();

  await planCard(page, 'Premium').getByRole('button', { name: 'Get Premium' }).click();
  const dialog = checkoutDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Test mode');
  await expect(dialog).toContainText('no real money moves');
  await expect(dialog.getByTestId('test-checkout-item')).toHaveText('Premium plan, billed monthly');
  await expect(dialog.getByTestId('test-checkout-amount')).toHaveText('$19.00');
  await dialog.getByRole('button', { name: 'Pay $19.00' }).click();

  await expect(toast(page, 'Payment Successful!')).toContainText(
    'Welcome to Premium plan! Your subscription is now active.',
  );
  await expect(dialog).toHaveCount(0);
  // The page follows without a reload.
  await expect(planCard(page, 'Premium').getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  await expect(planCard(page, 'Free').getByRole('link', { name: 'Manage Plan' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Playground' }).click();
  await expect(page.getByTestId('plan-name')).toHaveText('Premium plan');
  await expect(page.getByTestId('usage-meter')).toContainText('Unlimited');
});

test('buying a premium prompt unlocks its text and marks it owned', async ({ page, request }) => {
  const prompt = await premiumPrompt(request, 1);
  await signedInAccount(page, 'buy');

  await page.goto(`/marketplace/${prompt.slug}`);
  await expect(page.getByTestId('premium-preview')).toBeVisible();
  await expect(page.getByTestId('prompt-content')).toHaveCount(0);
  await page.getByTestId('prompt-actions').getByRole('button', { name: 'Buy Prompt' }).click();

  const dialog = checkoutDialog(page);
  await expect(dialog.getByTestId('test-checkout-item')).toHaveText(`Prompt: ${prompt.title}`);
  const amount = (await dialog.getByTestId('test-checkout-amount').textContent()) ?? '';
  expect(amount).toMatch(/^\$\d+\.\d{2}$/);
  await dialog.getByRole('button', { name: `Pay ${amount}` }).click();

  await expect(toast(page, 'Payment Successful!')).toContainText(`You now own ${prompt.title}.`);
  await expect(page.getByTestId('prompt-content')).toBeVisible();
  await expect(page.getByTestId('premium-preview')).toHaveCount(0);
  await expect(page.getByTestId('prompt-actions')).toContainText('You own this prompt');

  await page.goto(`/marketplace?type=premium&search=${encodeURIComponent(prompt.title)}`);
  const card = page.getByTestId('prompt-card').filter({ hasText: prompt.title }).first();
  await expect(card.getByTestId('prompt-owned')).toHaveText('Owned');
  await expect(card.getByRole('button', { name: 'Buy Prompt' })).toHaveCount(0);
  await expect(card.getByRole('link', { name: 'Try in Playground' })).toBeVisible();
});

/**
 * Opens `path` with the answer to the app's start-up session check held until the returned function
 * is called: until then the page is the one the server rendered, drawn as a visitor's.
 */
async function openWithSessionCheckHeld(page: Page, path: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.unrouteAll();
  await page.route('**/api/auth/me', async (route) => {
    asked = true;
    await released;
    await route.fallback();
  });
  await page.goto(path);
  await expect.poll(() => asked).toBe(true);
  return release;
}

test('a signed-in user who clicks Buy or Subscribe before the session check answers goes on to pay', async ({
  page,
  request,
}) => {
  const prompt = await premiumPrompt(request, 3);
  await signedInAccount(page, 'early');

  let release = await openWithSessionCheckHeld(page, `/marketplace/${prompt.slug}`);
  await page.getByTestId('prompt-actions').getByRole('button', { name: 'Buy Prompt' }).click();
  release();
  // Not sent to the login page as a visitor would be: the click waited for the answer.
  await expect(checkoutDialog(page).getByTestId('test-checkout-item')).toHaveText(`Prompt: ${prompt.title}`);
  await expect(page).toHaveURL(`/marketplace/${prompt.slug}`);
  await page.keyboard.press('Escape');
  await expect(checkoutDialog(page)).toHaveCount(0);

  const other = await premiumPrompt(request, 4);
  release = await openWithSessionCheckHeld(
    page,
    `/marketplace?type=premium&search=${encodeURIComponent(other.title)}`,
  );
  const card = page.getByTestId('prompt-card').filter({ hasText: other.title }).first();
  await card.getByRole('button', { name: 'Buy Prompt' }).click();
  release();
  await expect(checkoutDialog(page).getByTestId('test-checkout-item')).toHaveText(`Prompt: ${other.title}`);
  await page.keyboard.press('Escape');
  await expect(checkoutDialog(page)).toHaveCount(0);

  release = await openWithSessionCheckHeld(page, '/pricing');
  await planCard(page, 'Premium').getByRole('button', { name: 'Get Premium' }).click();
  release();
  await expect(checkoutDialog(page).getByTestId('test-checkout-item')).toHaveText(
    'Premium plan, billed monthly',
  );
  await expect(toast(page, 'Authentication Required')).toHaveCount(0);
});

// The page left behind either unmounts at once, or (its next page's module held back) stays mounted
// under the new address while the router waits for the next page to render.
for (const nextPageHeld of [false, true]) {
  test(`a click waiting for the session check is dropped once its page has been left${nextPageHeld ? ', even while the next page loads' : ''}`, async ({
    page,
    request,
  }) => {
    const prompt = await premiumPrompt(request, 3);
    const account = await signedInAccount(page, nextPageHeld ? 'left-loading' : 'left');
    // The stored session has ended on the server: the check will answer that it has expired.
    const logout = await request.post('/api/auth/logout', {
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(logout.ok()).toBe(true);

    const release = await openWithSessionCheckHeld(page, `/marketplace/${prompt.slug}`);
    let releasePage = () => {};
    if (nextPageHeld) {
      const pageHeld = new Promise<void>((resolve) => (releasePage = resolve));
      await page.route(/\/assets\/marketplace-page-[\w-]+\.js$/, async (route) => {
        await pageHeld;
        await route.fallback();
      });
    }
    await page.getByTestId('prompt-actions').getByRole('button', { name: 'Buy Prompt' }).click();
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Marketplace' })
      .click();
    await expect(page).toHaveURL('/marketplace');
    release();

    await expect(toast(page, 'Your session has expired')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    releasePage();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Discover prompts that work');
    // The Buy of the page left behind did not send this page to the login page.
    await expect(page).toHaveURL('/marketplace');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });
}

test('a declined payment grants nothing', async ({ page, request }) => {
  const account = await signedInAccount(page, 'fail');
  await page.goto('/pricing');
  await planCard(page, 'Premium').getByRole('button', { name: 'Get Premium' }).click();
  await checkoutDialog(page).getByRole('button', { name: 'Simulate failure' }).click();

  await expect(toast(page, 'Subscription Failed')).toBeVisible();
  await expect(checkoutDialog(page)).toHaveCount(0);
  await expect(planCard(page, 'Premium').getByRole('button', { name: 'Get Premium' })).toBeEnabled();

  const billing = await billingOf(request, account.token);
  expect(billing.plan.name).toBe('Free');
  expect(billing.subscription).toBeNull();

  // A prompt whose payment fails stays locked too.
  const prompt = await premiumPrompt(request, 2);
  await page.goto(`/marketplace/${prompt.slug}`);
  await page.getByTestId('premium-preview').getByRole('button', { name: 'Buy Prompt' }).click();
  await checkoutDialog(page).getByRole('button', { name: 'Simulate failure' }).click();
  await expect(toast(page, 'Purchase Failed')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('premium-preview')).toBeVisible();
  await expect(page.getByTestId('prompt-content')).toHaveCount(0);

  await page.goto('/settings');
  const history = page.getByTestId('payment-history');
  await expect(history.getByRole('row').filter({ hasText: 'Premium plan' })).toContainText('Failed');
  await expect(page.getByTestId('bought-prompts')).toHaveCount(0);
});

test('a visitor on a premium prompt logs in before buying', async ({ page, request }) => {
  const prompt = await premiumPrompt(request, 3);
  await page.goto(`/marketplace/${prompt.slug}`);
  await page.getByTestId('premium-preview').getByRole('button', { name: 'Buy Prompt' }).click();
  await expect(page).toHaveURL('/auth/login');
});

test('settings shows the plan, until when it runs (nothing renews), and its payment', async ({ page }) => {
  await signedInAccount(page, 'settle');
  await page.goto('/settings');
  const billing = page.getByRole('region', { name: 'Billing' });
  await expect(billing.getByTestId('billing-plan-name')).toHaveText('Free');
  await expect(billing.getByTestId('billing-test-mode')).toContainText('Test mode');
  await expect(billing).toContainText('No payments yet');

  await page.goto('/user/pricing');
  await planCard(page, 'Premium').getByRole('button', { name: 'Get Premium' }).click();
  await checkoutDialog(page).getByRole('button', { name: 'Pay $19.00' }).click();
  await expect(toast(page, 'Payment Successful!')).toBeVisible();

  await page.goto('/settings');
  await expect(billing.getByTestId('billing-plan-name')).toHaveText('Premium');
  await expect(billing.getByTestId('billing-plan-status')).toHaveText('Active');
  await expect(billing.getByTestId('billing-period-end')).toContainText('Active until');
  await expect(billing.getByTestId('billing-period-end')).toContainText('Nothing renews by itself');
  await expect(billing).not.toContainText(/renews on/i);
  await expect(billing.getByRole('button', { name: /cancel/i })).toHaveCount(0);
  const row = billing.getByTestId('payment-history').getByRole('row').filter({ hasText: 'Premium plan' });
  await expect(row).toContainText('$19.00');
  await expect(row).toContainText('Paid');
});

test('the 14-day Premium trial starts once from settings', async ({ page }) => {
  await signedInAccount(page, 'trial');
  await page.goto('/settings');
  const billing = page.getByRole('region', { name: 'Billing' });
  await billing.getByRole('button', { name: 'Start 14-day trial' }).click();
  await expect(toast(page, 'Trial started')).toBeVisible();
  await expect(billing.getByTestId('billing-plan-name')).toHaveText('Premium');
  await expect(billing.getByTestId('billing-plan-status')).toHaveText('Trial');
  await expect(billing.getByTestId('billing-period-end')).toContainText('Trial ends on');
  await expect(billing.getByRole('button', { name: 'Start 14-day trial' })).toHaveCount(0);

  await page.goto('/pricing');
  await expect(planCard(page, 'Premium').getByRole('button', { name: 'Subscribe Now' })).toBeEnabled();
  await expect(planCard(page, 'Premium').getByRole('button', { name: /free trial/ })).toHaveCount(0);
});

test("the playground's try banner buys the prompt, and the prompt then runs in the open", async ({
  page,
  request,
}) => {
  const prompt = await premiumPrompt(request, 5);
  await signedInAccount(page, 'tryb');
  await page.goto(`/playground?prompt=${prompt.id}`);
  const panel = page.getByTestId('prompt-try');
  const banner = panel.getByTestId('premium-banner');
  await expect(banner).toContainText('free try: 3 of 3 left');
  await banner.getByRole('button', { name: /^Buy for \$/ }).click();

  const dialog = checkoutDialog(page);
  await expect(dialog.getByTestId('test-checkout-item')).toHaveText(`Prompt: ${prompt.title}`);
  await dialog.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(toast(page, 'Payment Successful!')).toContainText(`You now own ${prompt.title}.`);
  // Owned: no tries to count, and the text itself is in the form.
  await expect(panel.getByTestId('premium-banner')).toHaveCount(0);
  await expect(panel.getByTestId('prompt-preview')).toBeVisible();
});
