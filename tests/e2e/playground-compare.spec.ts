import { type Page } from '@playwright/test';
import { expect, test } from './test';
import { signedInAccount } from './auth-helpers';

/*
 * Compare side by side (issue 55) in the browser, against the offline demo model: three models
 * answer one message in columns with their tokens, cost and time to first token; each column
 * counts as a session; the page warns before a compare the allowance cannot cover; one column can
 * be continued as an ordinary chat.
 */

const DEMO_REPLY_END = 'on the server.';

const columns = (page: Page) => page.getByTestId('compare-column');

async function openCompare(page: Page) {
  await page.goto('/playground');
  await page.getByRole('button', { name: 'Compare models' }).click();
  await expect(page).toHaveURL('/playground?compare=1');
  await expect(page.getByTestId('chat-title')).toHaveText('Compare models');
}

test('three models answer one message side by side, each counted, and one goes on as a chat', async ({
  page,
}) => {
  await signedInAccount(page, 'compare');
  await openCompare(page);
  const picker = page.getByRole('group', { name: 'Compare two or three models' });
  await picker.getByRole('checkbox', { name: 'Perplexity' }).check();
  await expect(picker.getByRole('checkbox', { name: 'Claude' })).toBeChecked();
  await expect(picker.getByRole('checkbox', { name: 'ChatGPT' })).toBeChecked();

  await page.getByLabel('Message', { exact: true }).fill('Write a haiku about autumn');
  await page.getByLabel('Message', { exact: true }).press('Enter');
  await expect(columns(page)).toHaveCount(3);
  for (const name of ['Claude', 'ChatGPT', 'Perplexity']) {
    const column = page.getByRole('region', { name: `${name} column` });
    await expect(column).toHaveAttribute('data-status', 'complete', { timeout: 15_000 });
    await expect(column.getByTestId('compare-reply')).toContainText(DEMO_REPLY_END);
    await expect(column.getByTestId('compare-stats')).toContainText(
      /first token [\d,]+ ms · [\d,]+ tokens \(estimated\) · \$/,
    );
  }
  await expect(page.getByTestId('usage-meter')).toContainText('3 of 10 sessions this month');
  await expect(page.getByTestId('recent-sessions').getByRole('listitem')).toHaveCount(3);

  // Continue with all: the next message goes to every column's conversation, taking no new slot.
  await page.getByLabel('Message', { exact: true }).fill('Now one about winter');
  await page.getByLabel('Message', { exact: true }).press('Enter');
  await expect(columns(page).first().getByTestId('compare-reply')).toHaveCount(2, { timeout: 15_000 });
  for (const column of await columns(page).all()) {
    await expect(column).toHaveAttribute('data-status', 'complete', { timeout: 15_000 });
  }
  await expect(page.getByTestId('usage-meter')).toContainText('3 of 10 sessions this month');

  // Pick one to go on with as an ordinary chat.
  await page
    .getByRole('region', { name: 'ChatGPT column' })
    .getByRole('button', { name: 'Continue with ChatGPT' })
    .click();
  await expect(page).toHaveURL(/\/playground\?session=/);
  await expect(page.locator('[data-testid="message"][data-role="user"]')).toHaveCount(2);
});

test('warns before a compare the allowance cannot cover', async ({ page, request }) => {
  const { token } = await signedInAccount(page, 'compare-low');
  const answers = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      request.post('/api/playground/chat', {
        headers: { authorization: `Bearer ${token}` },
        data: { model: 'claude', message: `Quick question ${i + 1}` },
      }),
    ),
  );
  for (const answer of answers) expect(answer.status()).toBe(200);
  await openCompare(page);
  const note = page.getByTestId('compare-allowance');
  await expect(note).toHaveText(
    'Each model column counts as one session: this compare uses 2 of the 2 sessions you have left this month.',
  );
  await page.getByRole('checkbox', { name: 'Perplexity' }).check();
  await expect(note).toContainText('only the first 2 columns will answer');
});

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1280, 390]) {
    test(`compare screenshot, ${theme}, ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
      await page.emulateMedia({ colorScheme: theme });
      await signedInAccount(page, 'compare-shot');
      await page.addInitScript((t) => localStorage.setItem('promptforge-theme', t), theme);
      await openCompare(page);
      await page.getByLabel('Message', { exact: true }).fill('Give me three tips for a code review');
      await page.getByLabel('Message', { exact: true }).press('Enter');
      for (const column of await columns(page).all()) {
        await expect(column).toHaveAttribute('data-status', 'complete', { timeout: 15_000 });
      }
      const scrollsSideways = await page.evaluate(
        () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
      );
      expect(scrollsSideways).toBe(false);
      await page.screenshot({ path: `.tmp/screenshots/compare-${theme}-${width}.png` });
    });
  }
}
