import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './test';
import { type RegisteredAccount, registerAccount, useSession } from './auth-helpers';
import { type ThemeName, accessibilityViolations, sidewaysScroll, switchTheme } from './page-checks';

/*
 * Versions and notices (issue 57): a creator publishes version 2 of a premium prompt with a
 * changelog note; a buyer sees the notice in the bell, follows it to the prompt's version history
 * and reads what changed. Screenshots of the history and the notifications centre in both themes.
 */

test.describe.configure({ timeout: 180_000 });

const V1 = 'You write release notes.\nGroup the changes by area.\nKeep each line short.';
const V2_LINE = 'Group the changes by area and by risk.';

const auth = (account: RegisteredAccount) => ({ authorization: `Bearer ${account.token}` });

async function createPremiumPrompt(request: APIRequestContext, creator: RegisteredAccount, title: string) {
  const res = await request.post('/api/user/prompts', {
    headers: auth(creator),
    data: {
      title,
      description: 'Turns a list of changes into clear release notes.',
      content: V1,
      category: 'writing',
      isPaid: true,
      price: 4.99,
      note: 'First release',
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { prompt: { id: string; slug: string } } }).data.prompt;
}

/** Buys through the built-in test gateway, as its checkout dialog does (billing.spec.ts tests the dialog). */
async function buy(request: APIRequestContext, buyer: RegisteredAccount, promptId: string) {
  const order = await request.post('/api/payments/create-order', {
    headers: auth(buyer),
    data: { promptId },
  });
  expect(order.status()).toBe(200);
  const { orderId } = ((await order.json()) as { data: { orderId: string } }).data;
  const paid = await request.post('/api/payments/test-gateway/pay', {
    headers: auth(buyer),
    data: { orderId, outcome: 'succeed' },
  });
  const verified = await request.post('/api/payments/verify', {
    headers: auth(buyer),
    data: ((await paid.json()) as { data: unknown }).data,
  });
  expect(verified.status()).toBe(200);
}

async function shoot(page: Page, name: string, theme: ThemeName, width: number, anchor?: string) {
  await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
  await switchTheme(page, theme);
  expect(await sidewaysScroll(page)).toBe(0);
  if (anchor) await page.evaluate((id) => document.getElementById(id)?.scrollIntoView(), anchor);
  if (width > 1000) {
    // Every WCAG A and AA rule in the light theme, colour contrast in the dark one (as every-page.spec.ts).
    const problems = await accessibilityViolations(page, { contrastOnly: theme === 'dark' });
    expect(problems, problems.join('\n')).toEqual([]);
  }
  await page.screenshot({ path: `.tmp/shots/${name}-${theme}-${width}.png` });
}

test('a creator publishes version 2 with a note; a buyer gets the notice and sees the diff', async ({
  page,
  browser,
}) => {
  const creator = await registerAccount(page.request, 'versions-creator');
  const buyer = await registerAccount(page.request, 'versions-buyer');
  const title = `Release notes writer ${Date.now()}`;
  const prompt = await createPremiumPrompt(page.request, creator, title);
  await buy(page.request, buyer, prompt.id);

  // The creator edits the text: the dialog asks what changed before it saves.
  await useSession(page, creator.token);
  await page.goto('/dashboard?tab=prompts');
  const item = page.getByTestId('creator-prompt').filter({ has: page.getByRole('heading', { name: title }) });
  await item.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit prompt' });
  await dialog.getByLabel('Prompt content').fill(V1.replace('Group the changes by area.', V2_LINE));
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Add a short note on what changed')).toBeVisible();
  await dialog.getByLabel('What changed?').fill('Grouped by risk too');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();

  // The buyer, in a browser of their own, sees the notice in the bell.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const buyerPage = await context.newPage();
  await useSession(buyerPage, buyer.token);
  await buyerPage.goto('/marketplace');
  const bell = buyerPage.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await expect(buyerPage.getByTestId('notification-count')).toHaveText('1');
  await bell.click();
  const notice = buyerPage.getByRole('menuitem', { name: new RegExp(`${title} was updated to version 2`) });
  await expect(notice).toContainText('Grouped by risk too');
  for (const theme of ['light', 'dark'] as const) {
    await switchTheme(buyerPage, theme);
    await buyerPage.screenshot({ path: `.tmp/shots/notification-menu-${theme}-1280.png` });
  }
  await notice.click();

  // The notice opens the changes that made version 2, and is read.
  await expect(buyerPage).toHaveURL(new RegExp(`/marketplace/${prompt.slug}\\?version=2#versions$`));
  const diff = buyerPage.getByTestId('version-diff');
  await expect(diff.locator('[data-op="add"]')).toHaveText([
    '+Added: Group the changes by area[added:  and by risk].',
  ]);
  await expect(diff.locator('[data-op="add"] ins')).toHaveText(['[added:  and by risk]']);
  await expect(diff.locator('[data-op="remove"]')).toHaveText(['−Removed: Group the changes by area.']);
  await expect(buyerPage.getByTestId('version-2')).toContainText('Grouped by risk too');
  await expect(buyerPage.getByTestId('version-1')).toContainText('First release');
  await expect(bell).toHaveAccessibleName('Notifications');

  // An earlier version's whole text.
  await buyerPage.getByRole('button', { name: 'View version 1' }).click();
  await expect(buyerPage.getByTestId('version-text')).toContainText('Group the changes by area.');
  await buyerPage.getByRole('button', { name: 'Changes in version 2' }).click();
  await expect(buyerPage.getByTestId('version-diff')).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) await shoot(buyerPage, 'version-history', theme, width, 'versions');
  }

  // A visitor sees the list, not the texts.
  const visitor = await browser.newPage({ baseURL: test.info().project.use.baseURL });
  await visitor.goto(`/marketplace/${prompt.slug}`);
  await expect(visitor.getByTestId('version-2')).toContainText('Grouped by risk too');
  await expect(visitor.getByText('Buy this prompt to read every version and what changed.')).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'View version 1' })).toHaveCount(0);
  await visitor.close();

  // The notifications centre.
  await buyerPage.goto('/notifications');
  await expect(buyerPage.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(buyerPage.getByRole('list', { name: 'Notifications' })).toContainText(`${title} was updated`);
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) await shoot(buyerPage, 'notifications', theme, width);
  }
  // The e-mail about updates is off until the buyer turns it on in Settings.
  await buyerPage.setViewportSize({ width: 1280, height: 900 });
  await buyerPage.goto('/settings');
  const optIn = buyerPage.getByRole('switch', {
    name: 'E-mail me when a prompt I bought or liked is updated',
  });
  await expect(optIn).not.toBeChecked();
  await optIn.click();
  await expect(
    buyerPage.locator('[data-sonner-toast]').filter({ hasText: 'Notifications Updated' }),
  ).toBeVisible();
  await buyerPage.reload();
  await expect(optIn).toBeChecked();
  await context.close();

  // The creator's centre: the sale, unread, marked read on its own.
  await page.goto('/notifications');
  const sale = page.getByRole('listitem').filter({ hasText: `${title} was sold` });
  await expect(sale).toContainText('Your share:');
  await expect(page.getByRole('tab', { name: 'Unread (1)' })).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) await shoot(page, 'notifications-creator', theme, width);
  }
  await sale.getByRole('button', { name: /^Mark .* read$/ }).click();
  await expect(page.getByRole('tab', { name: 'Unread', exact: true })).toBeVisible();
  await expect(page.getByTestId('notification-count')).toHaveCount(0);

  // From the studio to the history: the creator restores version 1, which becomes version 3.
  await page.goto('/dashboard?tab=prompts');
  await item.getByRole('link', { name: '1 earlier version kept' }).click();
  await expect(page).toHaveURL(new RegExp(`/marketplace/${prompt.slug}#versions$`));
  await page.getByRole('button', { name: 'Restore version 1' }).click();
  const confirm = page.getByRole('dialog', { name: 'Restore version 1?' });
  await expect(confirm).toContainText('become version 3');
  await confirm.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByTestId('version-3')).toContainText('Restored from version 1');
  await expect(page.getByTestId('prompt-content')).toContainText('Group the changes by area.');
  await expect(page.getByRole('button', { name: 'Restore version 3' })).toHaveCount(0);
});
