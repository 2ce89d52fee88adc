import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect, test } from './test';
import { registerAccount, useSession, subscribe, uniqueWord } from './auth-helpers';
import { type ThemeName, accessibilityViolations, sidewaysScroll, switchTheme } from './page-checks';

/*
 * Prompt tests and tries against a baseline (issue 56): a Premium creator adds two test cases with
 * checks and publishes; the board fills in (the offline demo model answers for every provider); a
 * buyer sees it, tries the prompt against the plain model side by side, and a card carries the
 * tested-on badge. Screenshots of the board and the side-by-side try, both themes, desktop and phone.
 */

test.describe.configure({ timeout: 120_000 });

/**
 * Pages the server rendered "just now", read in a browser whose clock says two hours later: the
 * server's date first, then the browser's "2 hours ago", with no hydration mismatch between them.
 */
async function readLater(context: BrowserContext, paths: string[]) {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.clock.install({ time: Date.now() + 2 * 60 * 60 * 1000 });
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByTestId('prompt-tested').first()).toContainText('2 hours ago');
  }
  expect(errors).toEqual([]);
  await page.close();
}

async function shoot(page: Page, name: string, theme: ThemeName, top?: Locator) {
  await switchTheme(page, theme);
  // The playground scrolls inside its message list; other pages scroll the window.
  await top?.evaluate((el) => {
    const list = el.closest('[data-testid="message-list"]');
    if (!list) return el.scrollIntoView({ block: 'start' });
    window.scrollTo(0, 0);
    list.scrollTop += el.getBoundingClientRect().top - list.getBoundingClientRect().top - 16;
  });
  expect(await sidewaysScroll(page)).toBe(0);
  // The new parts pass axe (WCAG 2 A and AA) in each theme they are shown in.
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.screenshot({
    path: `.tmp/shots/${name}-${theme}-${page.viewportSize()!.width}.png`,
    fullPage: false,
  });
}

test('a creator tests a prompt, a buyer sees the board and tries it against the baseline, a card shows the badge', async ({
  page,
  browser,
  request,
}) => {
  const word = uniqueWord();
  const creator = await registerAccount(request, 'tests-creator');
  await subscribe(request, creator, 'premium');
  const created = await request.post('/api/user/prompts', {
    headers: { authorization: `Bearer ${creator.token}` },
    data: {
      title: `Launch email planner ${word}`,
      description: `Plans a product launch email step by step (${word}).`,
      content:
        'You are a launch strategist. Plan a launch email for {{product}} aimed at {{audience}}: the hook, three benefits, one call to action.',
      category: 'marketing',
      isPaid: true,
      price: 4.99,
      status: 'draft',
    },
  });
  expect(created.status()).toBe(201);
  const title = `Launch email planner ${word}`;

  // The creator adds two cases with checks in the studio, then publishes.
  await useSession(page, creator.token);
  await page.goto('/dashboard?tab=prompts');
  const item = page.getByTestId('creator-prompt').filter({ hasText: title });
  await item.getByRole('button', { name: 'Tests' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Add a test case to have this prompt tested.')).toBeVisible();
  const form = dialog.getByTestId('add-test-case');

  await form.getByLabel('Name', { exact: true }).fill('Coffee grinder for cafés');
  await form.getByLabel('product', { exact: true }).fill('a coffee grinder');
  await form.getByLabel('audience', { exact: true }).fill('café owners');
  await form.getByRole('button', { name: 'Add a check' }).click();
  await form.getByLabel('Check 1', { exact: true }).selectOption('contains');
  await form.getByLabel('Text', { exact: true }).fill('approach');
  await form.getByRole('button', { name: 'Add a check' }).click();
  await form.getByLabel('Check 2', { exact: true }).selectOption('max-words');
  await form.getByLabel('Word limit', { exact: true }).fill('400');
  // A rubric, judged by the model chosen for it (offline, the demo model counts the rubric's words).
  await form.getByRole('button', { name: 'Add a check' }).click();
  await form.getByLabel('Check 3', { exact: true }).selectOption('rubric');
  await form.getByLabel('Rubric', { exact: true }).fill('A clear approach, with structure and context');
  await form.getByLabel('Judge of check 3', { exact: true }).selectOption('chatgpt');
  await form.getByRole('button', { name: 'Save test case' }).click();
  await expect(dialog.getByTestId('test-case')).toHaveCount(1);
  await expect(dialog.getByTestId('test-case')).toContainText(
    'Judged by ChatGPT: “A clear approach, with structure and context”',
  );

  // A pattern that does not compile is refused with the engine's reason, before anything is sent.
  await form.getByLabel('Name', { exact: true }).fill('Budget app');
  await form.getByLabel('product', { exact: true }).fill('a budgeting app');
  await form.getByRole('button', { name: 'Add a check' }).click();
  await form.getByLabel('Check 1', { exact: true }).selectOption('matches');
  await form.getByLabel('Pattern', { exact: true }).fill('(clarify');
  await form.getByRole('button', { name: 'Save test case' }).click();
  await expect(form.getByRole('alert')).toContainText('The pattern is not a valid regular expression');
  await form.getByLabel('Pattern', { exact: true }).fill('clarify the goal');
  await form.getByRole('button', { name: 'Add a check' }).click();
  await form.getByLabel('Check 2', { exact: true }).selectOption('not-contains');
  await form.getByLabel('Text', { exact: true }).fill('zebra');
  await form.getByRole('button', { name: 'Save test case' }).click();
  await expect(dialog.getByTestId('test-case')).toHaveCount(2);
  await expect(dialog.getByText('The cases run when you publish this prompt.')).toBeVisible();
  await page.keyboard.press('Escape');

  await item.getByRole('button', { name: 'Publish' }).click();
  await expect(item.getByRole('button', { name: 'Unpublish' })).toBeVisible();
  await item.getByRole('button', { name: 'Tests' }).click();
  // Two cases on three models: the board fills in as the runs finish.
  await expect(dialog.getByTestId('test-board-model')).toHaveCount(3, { timeout: 60_000 });
  await expect(dialog.getByTestId('test-board-model').filter({ hasText: '2/2 passed' })).toHaveCount(3, {
    timeout: 60_000,
  });
  await expect(dialog.getByTestId('test-run')).toHaveCount(6);
  await expect(
    dialog.getByTestId('test-run').filter({ hasText: '✓ Meets the rubric (judged by ChatGPT)' }),
  ).toHaveCount(3);
  await expect(dialog.getByTestId('test-budget')).toContainText('of $5.00 used');
  for (const theme of ['light', 'dark'] as const) await shoot(page, 'studio-tests', theme);
  await page.keyboard.press('Escape');

  // A buyer-to-be sees the board on the prompt page.
  const buyerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const buyerPage = await buyerContext.newPage();
  const buyer = await registerAccount(request, 'tests-buyer');
  await useSession(buyerPage, buyer.token);
  await buyerPage.goto('/marketplace');
  await buyerPage.goto(`/marketplace?search=${word}`);
  const card = buyerPage.getByTestId('prompt-card').filter({ hasText: title });
  await expect(card.getByTestId('prompt-tested')).toContainText(
    /Tested on Claude, ChatGPT, Perplexity, (just now|\d+ (seconds?|minutes?) ago)/,
  );
  await shoot(buyerPage, 'card-badge', 'light', card);
  await readLater(buyerContext, [
    buyerPage.url(),
    (await card.getByRole('link', { name: title }).getAttribute('href'))!,
  ]);
  await card.getByRole('link', { name: title }).click();
  const section = buyerPage.getByTestId('tests-section');
  await expect(section.getByTestId('test-board-model')).toHaveCount(3);
  await expect(section.getByTestId('prompt-tested')).toContainText('Tested on Claude, ChatGPT, Perplexity');
  for (const theme of ['light', 'dark'] as const) await shoot(buyerPage, 'test-board', theme, section);

  // Tries it against the baseline: one try, two answers side by side.
  await buyerPage.getByRole('link', { name: 'Try in Playground' }).first().click();
  const panel = buyerPage.getByTestId('prompt-try');
  await panel.getByLabel('What do you want it to do?').fill('A short launch email for our spring sale.');
  await panel.getByLabel('Product').fill('a standing desk');
  await panel.getByLabel('Compare with the plain model').click();
  await panel.getByRole('button', { name: 'Send with a free try' }).click();
  const compare = buyerPage.getByTestId('baseline-compare');
  await expect(compare.getByRole('region', { name: 'With the prompt' })).toContainText('approach', {
    timeout: 30_000,
  });
  await expect(compare.getByTestId('baseline-answer')).toContainText('approach', { timeout: 30_000 });
  await expect(compare.getByTestId('baseline-answer')).toContainText('Same model, your message alone');
  for (const theme of ['light', 'dark'] as const) await shoot(buyerPage, 'baseline-try', theme, compare);
  const tries = await (
    await request.get(`/api/playground/prompts/${(await created.json()).data.prompt.id}`, {
      headers: { authorization: `Bearer ${buyer.token}` },
    })
  ).json();
  expect(tries.data.triesLeft).toBe(2);

  // The phone: the board and the try stacked, nothing sideways.
  await buyerPage.setViewportSize({ width: 390, height: 844 });
  for (const theme of ['light', 'dark'] as const) await shoot(buyerPage, 'baseline-try', theme, compare);
  await buyerPage.goto(`/marketplace/${(await created.json()).data.prompt.slug}`);
  for (const theme of ['light', 'dark'] as const)
    await shoot(buyerPage, 'test-board', theme, buyerPage.getByTestId('tests-section'));
  await buyerContext.close();
});
