import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './test';
import { type RegisteredAccount, registerAccount, useSession } from './auth-helpers';
import { type ThemeName, accessibilityViolations, sidewaysScroll, switchTheme } from './page-checks';

/*
 * My library's "updated" badge and the word diff (issue 57, decision 066): a buyer's library
 * shows "Updated, v1 → v2" once the creator publishes version 2; its link opens the words that
 * changed; back in the library the badge is gone. Screenshots of both, both themes, desktop and phone.
 */

test.describe.configure({ timeout: 180_000 });

const V1 = [
  'You are a careful editor of customer e-mails.',
  'Rewrite the e-mail below in a friendly tone and keep it under 120 words.',
  'Never promise a refund or a delivery date.',
  'Sign off with the agent name {{agent}}.',
].join('\n');
const V2 = [
  'You are a careful editor of customer e-mails.',
  'Rewrite the e-mail below in a warm but professional tone and keep it under 90 words.',
  'Never promise a refund, a discount or a delivery date; point to https://help.example.test/policies/customer-commitments-and-refund-rules instead.',
  'Sign off with the agent name {{agent}}.',
].join('\n');

const auth = (account: RegisteredAccount) => ({ authorization: `Bearer ${account.token}` });

async function buy(request: APIRequestContext, buyer: RegisteredAccount, promptId: string) {
  const order = await request.post('/api/payments/create-order', {
    headers: auth(buyer),
    data: { promptId },
  });
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
    const problems = await accessibilityViolations(page, { contrastOnly: theme === 'dark' });
    expect(problems, problems.join('\n')).toEqual([]);
  }
  await page.screenshot({ path: `/tmp/versions-shots/${name}-${theme}-${width}.png` });
}

test('a buyer sees "updated" in their library after version 2, reads the word diff, and the badge clears', async ({
  page,
}) => {
  const creator = await registerAccount(page.request, 'library-creator');
  const buyer = await registerAccount(page.request, 'library-buyer');
  const title = `Support e-mail editor ${Date.now()}`;
  const created = await page.request.post('/api/user/prompts', {
    headers: auth(creator),
    data: {
      title,
      description: 'Edits customer e-mails into a friendly, careful reply.',
      content: V1,
      category: 'business',
      isPaid: true,
      price: 3.99,
      note: 'First release',
    },
  });
  expect(created.status()).toBe(201);
  const prompt = ((await created.json()) as { data: { prompt: { id: string; slug: string } } }).data.prompt;
  await buy(page.request, buyer, prompt.id);

  await useSession(page, buyer.token);
  await page.goto('/library');
  const item = page.getByTestId('library-item').filter({ hasText: title });
  await expect(item).toContainText('version 1');
  await expect(item.getByTestId('library-updated')).toHaveCount(0);

  // The creator publishes version 2.
  const edited = await page.request.put(`/api/user/prompts/${prompt.id}`, {
    headers: auth(creator),
    data: { content: V2, note: 'Warmer tone, shorter, a link to the policies' },
  });
  expect(edited.status()).toBe(200);

  await page.reload();
  await expect(item.getByTestId('library-updated')).toHaveText('Updated');
  await expect(item).toContainText('v1 → v2');
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) await shoot(page, 'library-updated', theme, width);
  }

  // "See what changed" opens the changes from the version last seen to the current one, word by word.
  await page.setViewportSize({ width: 1280, height: 900 });
  await item.getByRole('link', { name: 'See what changed' }).click();
  await expect(page).toHaveURL(new RegExp(`/marketplace/${prompt.slug}\\?from=1&to=2#versions$`));
  const diff = page.getByTestId('version-diff');
  await expect(diff.locator('ins').first()).toHaveText('[added: warm but professional]');
  await expect(diff.locator('del').first()).toHaveText('[removed: friendly]');
  await expect(diff.locator('[data-op="add"] ins')).toHaveText([
    '[added: warm but professional]',
    '[added: 90]',
    '[added: , a discount]',
    '[added: ; point to https://help.example.test/policies/customer-commitments-and-refund-rules instead]',
  ]);
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) await shoot(page, 'word-diff', theme, width, 'versions');
  }

  // Back in the library the badge is gone: opening the prompt saw version 2.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/library');
  await expect(item).toContainText('version 2');
  await expect(item.getByTestId('library-updated')).toHaveCount(0);
  await expect(item).not.toContainText('v1 → v2');
});
