import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './test';
import { signedInAccount } from './auth-helpers';
import { sidewaysScroll } from './page-checks';

/*
 * Usage in sight (issue 55): each finished reply shows its tokens and cost quietly under it (the
 * offline demo model's counts marked as estimates), nothing while it streams, and the chat header
 * the conversation's totals, updated after each reply and the same after a reload.
 */

const composer = (page: Page) => page.getByLabel('Message', { exact: true });
const aiMessages = (page: Page) => page.locator('[data-testid="message"][data-role="ai"]');
const REPLY_USAGE = /^Tokens: ([\d,]+) in, ([\d,]+) out \(estimated\) · \$[\d.,]+$/;
const CHAT_USAGE = /^([\d,]+) tokens \(estimated\) · \$[\d.,]+ this chat$/;

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

/** A finished reply's tokens, in and out added, read from what it shows. */
async function replyTokens(reply: Locator): Promise<number> {
  await expect(reply).toHaveAttribute('data-status', 'complete', { timeout: 15_000 });
  const usage = reply.getByTestId('reply-usage');
  await expect(usage).toHaveText(REPLY_USAGE);
  const [, input = '', output = ''] = REPLY_USAGE.exec(await usage.innerText())!;
  return Number(input.replace(/,/g, '')) + Number(output.replace(/,/g, ''));
}

/** The header's totals as a wide screen shows them (a phone shows a shorter form). */
const chatUsage = (page: Page) => page.getByTestId('chat-usage').getByText(CHAT_USAGE);
const chatTokens = async (page: Page) =>
  Number(CHAT_USAGE.exec(await chatUsage(page).innerText())![1]!.replace(/,/g, ''));

test('each reply shows its tokens and cost once done, and the header the chat’s totals', async ({ page }) => {
  await signedInAccount(page, 'usage');
  await page.goto('/playground');
  await expect(page.getByRole('heading', { name: 'How can I help you today?' })).toBeVisible();
  await expect(page.getByTestId('chat-usage')).toHaveCount(0);

  await send(page, 'Plan a team offsite');
  const first = aiMessages(page).first();
  await expect(first).toHaveAttribute('data-status', 'streaming');
  // Nothing while the reply streams.
  await expect(first.getByTestId('reply-usage')).toHaveCount(0);
  const firstTokens = await replyTokens(first);
  expect(firstTokens).toBeGreaterThan(0);
  await expect(chatUsage(page)).toBeVisible();
  expect(await chatTokens(page)).toBe(firstTokens);

  await send(page, 'Make it two days');
  const secondTokens = await replyTokens(aiMessages(page).nth(1));
  await expect.poll(() => chatTokens(page)).toBe(firstTokens + secondTokens);

  // The saved conversation comes back with the same numbers.
  await page.reload();
  expect(await replyTokens(aiMessages(page).first())).toBe(firstTokens);
  expect(await replyTokens(aiMessages(page).nth(1))).toBe(secondTokens);
  await expect.poll(() => chatTokens(page)).toBe(firstTokens + secondTokens);
});

for (const theme of ['light', 'dark'] as const) {
  test(`reply usage and chat totals, ${theme}, 1280 and 390 px`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await page.addInitScript((t) => localStorage.setItem('promptforge-theme', t), theme);
    await signedInAccount(page, 'usage');
    await page.goto('/playground');
    await send(page, 'Plan a team offsite');
    await replyTokens(aiMessages(page).first());
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await expect(page.getByTestId('chat-usage')).toBeVisible();
      await aiMessages(page).first().getByTestId('reply-usage').scrollIntoViewIfNeeded();
      expect(await sidewaysScroll(page)).toBe(0);
      await page.screenshot({ path: `.tmp/shots/reply-usage-${theme}-${width}.png` });
    }
  });
}
