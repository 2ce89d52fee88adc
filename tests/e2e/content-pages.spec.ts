import { type Page } from '@playwright/test';
import { expect, test } from './test';

/*
 * The static content pages (spec sections 1 and 2): features, about, the static pricing reading,
 * the legal texts and the Support Center.
 */

const plans = (page: Page) => page.getByRole('region', { name: 'Plans' }).getByRole('article');
const planPrice = (page: Page, name: string) => page.getByRole('article', { name }).getByTestId('plan-price');

test('the features page shows eight feature cards', async ({ page }) => {
  await page.goto('/features');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/write, test and sell prompts/);
  const cards = page.getByRole('list', { name: 'Platform features' }).getByRole('listitem');
  await expect(cards).toHaveCount(8);
  await expect(cards.getByRole('heading', { name: 'Playground' })).toBeVisible();
  // The e2e server has no payment keys and no AI provider: the page says so, and names no model.
  await expect(cards.filter({ hasText: 'Verified payments' })).toContainText('built-in test gateway');
  await expect(page.getByRole('main')).not.toContainText(/Claude|ChatGPT|Perplexity|Razorpay|team/);
  await expect(page.getByText('Works with')).toHaveCount(0);
});

test('the about page introduces the founder', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const founder = page.getByRole('article', { name: 'Priya Raman' });
  await expect(founder).toContainText('Founder & CEO');
  await expect(founder).toContainText('PR');
});

test('pricing shows three plans and the annual toggle switches the prices', async ({ page }) => {
  await page.goto('/pricing');
  await expect(plans(page)).toHaveCount(3);
  await expect(page.getByRole('article', { name: 'Premium' })).toContainText('Most Popular');
  await expect(planPrice(page, 'Free')).toHaveText('$0');
  await expect(planPrice(page, 'Premium')).toHaveText('$19');
  await expect(planPrice(page, 'Business')).toHaveText('$99');
  await expect(page.getByText('Save 20%')).toBeVisible();

  await page.getByRole('radio', { name: /Annual/ }).check();
  await expect(planPrice(page, 'Premium')).toHaveText('$15.20');
  await expect(page.getByRole('article', { name: 'Premium' })).toContainText('$182.40 billed annually');
  await expect(planPrice(page, 'Business')).toHaveText('$79.20');
  await expect(page.getByRole('article', { name: 'Business' })).toContainText('$950.40 billed annually');
  await expect(planPrice(page, 'Free')).toHaveText('$0');

  await page.getByRole('radio', { name: 'Monthly' }).check();
  await expect(planPrice(page, 'Premium')).toHaveText('$19');
  await expect(page.getByRole('article', { name: 'Premium' })).not.toContainText('billed annually');
});

test('a visitor is sent to sign up for Free and asked to log in for a paid plan', async ({ page }) => {
  await page.goto('/pricing');
  await expect(
    page.getByRole('article', { name: 'Free' }).getByRole('link', { name: 'Get Started' }),
  ).toHaveAttribute('href', '/auth/signup');
  for (const name of ['Premium', 'Business']) {
    await page
      .getByRole('article', { name })
      .getByRole('button', { name: `Get ${name}` })
      .click();
    await expect(page.getByText('Please log in to subscribe to a plan.').first()).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
});

test('the pricing FAQ explains the 14-day free trial', async ({ page }) => {
  await page.goto('/pricing');
  const question = page.getByText('How does the 14-day free trial work?');
  await expect(question).toBeVisible();
  await question.click();
  await expect(page.getByText(/no credit card is required/)).toBeVisible();
  await expect(page.getByText('Is there a money-back guarantee?')).toBeVisible();
  await expect(page.getByText('Can I change or cancel my plan later?')).toBeVisible();
});

test('the pricing FAQ works the annual prices out from the plans the server has now', async ({ page }) => {
  // An admin has just put Premium at $25 a month and $240 a year.
  await page.route('**/api/payments/plans', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as {
      data: { plans: { name: string; priceMinor: { monthly: number; yearly: number }; price: object }[] };
    };
    for (const plan of body.data.plans) {
      if (plan.name !== 'Premium') continue;
      plan.priceMinor = { monthly: 2500, yearly: 24000 };
      plan.price = { monthly: 25, yearly: 240 };
    }
    await route.fulfill({ response, json: body });
  });
  await page.goto('/pricing');
  await expect(planPrice(page, 'Premium')).toHaveText('$25');
  await page.getByText('How much do I save with annual billing?').click();
  await expect(page.getByText(/Premium works out at \$20 a month \(\$240 billed annually\)/)).toBeVisible();
  await expect(page.getByText(/Business works out at \$79\.20 a month/)).toBeVisible();
  await page.getByText('What counts as a playground session?').click();
  await expect(
    page.getByText(/Free includes 10 sessions a month; Premium and Business are unlimited/),
  ).toBeVisible();
  await page.getByText('How are payments handled?').click();
  await expect(page.getByText(/built-in test gateway: no real money moves/)).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('Razorpay');
});

test('/user/pricing shows the same plans', async ({ page }) => {
  await page.goto('/user/pricing');
  await expect(plans(page)).toHaveCount(3);
  await expect(planPrice(page, 'Premium')).toHaveText('$19');
  await page.getByRole('radio', { name: /Annual/ }).check();
  await expect(planPrice(page, 'Premium')).toHaveText('$15.20');
});

test('the privacy policy has its sections and a working table of contents', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByText('Last updated: November 1, 2026')).toBeVisible();
  for (const heading of [
    /Information we collect/,
    /AI providers and your prompts/,
    /Cookies and local storage/,
    /Data retention/,
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeAttached();
  }
  await expect(page.getByText('privacy@promptforge.test').first()).toBeAttached();

  await page
    .getByRole('navigation', { name: 'Table of contents' })
    .getByRole('link', { name: /Data retention/ })
    .click();
  await expect(page).toHaveURL(/#data-retention$/);
  await expect(page.getByRole('heading', { level: 2, name: /Data retention/ })).toBeInViewport();
});

test('the terms of service have their sections', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  for (const heading of [/Your account/, /Plans, trials and billing/, /Acceptable use/, /Contact us/]) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeAttached();
  }
});

test('the cookie policy opens the privacy text at its cookies section', async ({ page }) => {
  await page.goto('/cookies');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeAttached();
  await expect(page.getByRole('heading', { level: 2, name: /Cookies and local storage/ })).toBeInViewport();
  await expect(page.getByRole('region', { name: /Cookies and local storage/ })).toContainText(
    'Theme preference',
  );
});

test('the support center lists categories, contact hours and how to reach us', async ({ page }) => {
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1, name: 'How can we help?' })).toBeVisible();
  await expect(page.getByText('Mon-Fri 9AM-6PM EST').first()).toBeVisible();
  await expect(page.getByText('Email support').first()).toBeVisible();
  // No reply time or round-the-clock service the site cannot keep (issue 51).
  await expect(page.getByRole('main')).not.toContainText(/24\/7|under 2 h/i);
  const topics = page.getByRole('region', { name: 'Browse by topic' });
  for (const category of ['Account', 'Billing', 'Playground', 'Marketplace']) {
    await expect(topics.getByRole('heading', { name: category })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'support@promptforge.test' })).toHaveAttribute(
    'href',
    'mailto:support@promptforge.test',
  );

  await page.getByText('When is support available, and how fast will I hear back?').click();
  await expect(
    page.getByText(/we read every message and answer during our contact hours/).first(),
  ).toBeVisible();
});
