import { expect, test } from './test';

/* Any path without a page (spec section 2): the 404 page in the normal layout, with HTTP status 404. */

test('an unknown path shows the 404 page with status 404', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Promptforge');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();

  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page).toHaveTitle('Promptforge · Create, try, share and sell AI prompts');
});

test('a deep unknown path also gets the 404 page', async ({ page }) => {
  const response = await page.goto('/marketplace/does/not/exist?x=1');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await expect(page.getByText('/marketplace/does/not/exist')).toBeVisible();
});

test('a known page answers 200', async ({ page }) => {
  const response = await page.goto('/features');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toHaveCount(0);
});
