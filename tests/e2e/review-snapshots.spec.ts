import { type APIRequestContext, type Page } from '@playwright/test';
import { registerAccount, useSession } from './auth-helpers';
import { expect, test } from './test';

/*
 * Reviews tied to real use (issue 56): a user tries a prompt in the playground, reviews it with
 * that run attached, and the review shows the model, the prompt version and the run, collapsed
 * until opened. Then the review list with a snapshot in both themes, on a desktop and a phone.
 */

const SHOTS = '/tmp/reviews-shots';

// Each test waits for a playground reply, then a review: three times the usual budget.
test.describe.configure({ timeout: 90_000 });

/** A free published prompt for this test alone to review (found by the API, not the page). */
async function freePrompt(request: APIRequestContext, index: number) {
  const res = await request.get('/api/marketplace/prompts', {
    params: { type: 'free', limit: 50, sort: 'latest' },
  });
  const prompts = (await res.json()).data.prompts as { id: string; slug: string; title: string }[];
  return prompts[index % prompts.length]!;
}

async function currentVersion(request: APIRequestContext, id: string) {
  const res = await request.get(`/api/marketplace/prompts/${id}/versions`);
  return ((await res.json()).data.versions as { version: number; current: boolean }[]).find((v) => v.current)!
    .version;
}

/** Tries the prompt in the playground and waits for the complete reply; returns the model's name. */
async function tryInPlayground(page: Page, id: string) {
  await page.goto(`/playground?prompt=${id}`);
  const panel = page.getByTestId('prompt-try');
  await panel.getByRole('button', { name: 'Send', exact: true }).click();
  const reply = page.locator('[data-testid="message"][data-role="ai"]').first();
  await expect(reply).toHaveAttribute('data-status', 'complete', { timeout: 20_000 });
  return (await reply.getByTestId('message-content').textContent()) ?? '';
}

async function reviewWithRun(page: Page, slug: string, body: string) {
  await page.goto(`/marketplace/${slug}`);
  const form = page.getByTestId('review-form');
  await form.getByRole('radio', { name: '1 star' }).focus();
  await page.keyboard.press('Space');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await form.getByLabel(/Your review/).fill(body);
  const picker = form.getByTestId('snapshot-picker');
  await expect(picker.getByRole('radio', { name: 'No snapshot' })).toBeChecked();
  const run = picker.getByRole('radio').nth(1);
  await run.check();
  await form.getByRole('button', { name: 'Post review' }).click();
  await expect(page.getByText('Review posted')).toBeVisible();
}

test('a user tries a prompt, reviews it with the run attached, and the review shows model, version and run', async ({
  page,
}) => {
  const prompt = await freePrompt(page.request, 3);
  const version = await currentVersion(page.request, prompt.id);
  const account = await registerAccount(page.request, 'snap');
  await useSession(page, account.token);

  await tryInPlayground(page, prompt.id);
  const body = `Worked first time for my notes (${account.email}).`;
  await reviewWithRun(page, prompt.slug, body);
  const listed = await page.request.get(`/api/marketplace/prompts/${prompt.id}/reviews`, {
    params: { limit: 50 },
  });
  const output = (
    (await listed.json()).data.reviews as { body: string; snapshot: { output: string } | null }[]
  ).find((r) => r.body === body)!.snapshot!.output;
  expect(output).toContain('Offline demo model');

  const mine = page.getByTestId('review').filter({ hasText: body });
  await expect(mine.getByTestId('review-used-with')).toHaveText(
    new RegExp(`^Used with \\S.* · version ${version}$`),
  );
  const snapshot = mine.getByTestId('review-snapshot');
  const toggle = snapshot.getByRole('button', { name: /^Run on Promptforge · .+ · \w{3} \d{1,2}, \d{4}$/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  // Collapsed: the answer is not on the page until opened; then it is the stored text as it is.
  const answer = snapshot.locator('div[id]');
  await expect(answer).toHaveCount(0);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(answer).toHaveText(output);
  // Plain text: the reply's Markdown is shown as written, never rendered.
  await expect(answer.locator('strong')).toHaveCount(0);

  // The form now edits the review, with the run still attached; taking it off removes it.
  const form = page.getByTestId('review-form');
  await expect(form.getByRole('heading', { name: 'Update your review' })).toBeVisible();
  await expect(form.getByTestId('snapshot-picker').getByRole('radio').nth(1)).toBeChecked();
  await form.getByRole('radio', { name: 'No snapshot' }).check();
  await form.getByRole('button', { name: 'Update review' }).click();
  await expect(page.getByText('Review updated')).toBeVisible();
  await expect(mine.getByTestId('review-snapshot')).toHaveCount(0);
  await expect(mine.getByTestId('review-used-with')).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1280, 390]) {
    test(`the review list with a snapshot, ${theme}, ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await page.emulateMedia({ colorScheme: theme });
      await page.addInitScript((t) => localStorage.setItem('promptforge-theme', t), theme);
      const prompt = await freePrompt(page.request, width === 390 ? 5 : 6);
      const account = await registerAccount(page.request, 'snapshot-shots');
      await useSession(page, account.token);
      await tryInPlayground(page, prompt.id);
      const body = `A clear, structured answer on the first run (${account.email}).`;
      await reviewWithRun(page, prompt.slug, body);

      const mine = page.getByTestId('review').filter({ hasText: body });
      await mine.getByTestId('review-snapshot').getByRole('button').click();
      await mine.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${SHOTS}/review-snapshot-${theme}-${width}.png` });
      await page.getByTestId('review-form').evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: `${SHOTS}/review-form-${theme}-${width}.png` });
    });
  }
}
