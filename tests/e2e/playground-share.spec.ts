import { signedInAccount } from './auth-helpers';
import { accessibilityViolations, settled, sidewaysScroll, switchTheme } from './page-checks';
import { expect, test } from './test';

/*
 * Share links (issue 55, decision 059) in the browser: the owner shares a conversation, a visitor
 * who is not signed in reads it (and only what was shared), the owner updates the link after going
 * on, then stops sharing and the link stops working.
 */

test('share a conversation, read it signed out, update the link, stop sharing', async ({ page, browser }) => {
  await signedInAccount(page, 'share');
  await page.goto('/playground');
  const composer = page.getByLabel('Message', { exact: true });
  await composer.fill('Write a haiku about autumn');
  await composer.press('Enter');
  const replies = page.locator('[data-testid="message"][data-role="ai"]');
  await expect(replies.last()).toHaveAttribute('data-status', 'complete', { timeout: 15_000 });

  await page.getByRole('button', { name: 'Share conversation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share conversation' });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await dialog.getByLabel('Share link').inputValue();
  expect(link).toMatch(/\/share\/[A-Za-z0-9_-]{22}$/);
  await expect(dialog.getByTestId('share-state')).toHaveText('The link shows all 2 messages.');
  await page.screenshot({ path: '.tmp/screens/share-dialog-1280.png' });
  await page.keyboard.press('Escape');

  // A visitor who is not signed in reads what was shared.
  const visitor = await browser.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Write a haiku about autumn');
  await expect(visitor.locator('[data-testid="message"]')).toHaveCount(2);
  await expect(visitor.locator('[data-role="user"]')).toHaveText('Write a haiku about autumn');
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await settled(visitor);
  expect(await accessibilityViolations(visitor)).toEqual([]);
  for (const theme of ['light', 'dark'] as const) {
    await switchTheme(visitor, theme);
    for (const width of [1280, 390]) {
      await visitor.setViewportSize({ width, height: 900 });
      expect(await sidewaysScroll(visitor)).toBe(0);
      await visitor.screenshot({
        path: `.tmp/screens/shared-conversation-${theme}-${width}.png`,
        fullPage: true,
      });
    }
  }

  // The owner goes on: the link keeps what was shared until it is updated.
  await composer.fill('Now one about winter');
  await composer.press('Enter');
  await expect(replies).toHaveCount(2);
  await expect(replies.last()).toHaveAttribute('data-status', 'complete', { timeout: 15_000 });
  await visitor.reload();
  await expect(visitor.locator('[data-testid="message"]')).toHaveCount(2);
  await page.getByRole('button', { name: 'Share conversation' }).click();
  await expect(dialog.getByTestId('share-state')).toHaveText(
    'The conversation went on after you shared it: the link shows its first 2 messages.',
  );
  await dialog.getByRole('button', { name: 'Update link' }).click();
  await expect(dialog.getByTestId('share-state')).toHaveText('The link shows all 4 messages.');
  expect(await dialog.getByLabel('Share link').inputValue()).toBe(link);
  await visitor.reload();
  await expect(visitor.locator('[data-testid="message"]')).toHaveCount(4);

  await dialog.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(dialog.getByRole('button', { name: 'Create link' })).toBeVisible();
  await visitor.reload();
  await expect(
    visitor.getByRole('heading', { name: 'This shared conversation could not be found' }),
  ).toBeVisible();
  await visitor.close();
});
