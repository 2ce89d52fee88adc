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
  await expect(cards.getByRole('heading', { name: 'Multi-model playground' })).toBeVisible();
  await expect(cards.getByRole('heading', { name: 'Secure payments' })).toBeVisible();
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
  await expect(page.getByText('24/7').first()).toBeVisible();
  const topics = page.getByRole('region', { name: 'Browse by topic' });
  for (const category of ['Account', 'Billing', 'Playground', 'Marketplace']) {
    await expect(topics.getByRole('heading', { name: category })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'support@promptforge.test' })).toHaveAttribute(
    'href',
    'mailto:support@promptforge.test',
  );

  await page.getByText('When is support available, and how fast will I hear back?').click();
  await expect(page.getByText(/24\/7, and we reply in under 2 hours/)).toBeVisible();
});
