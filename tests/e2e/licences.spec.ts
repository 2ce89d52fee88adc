import type { APIRequestContext, Page } from '@playwright/test';
import { type RegisteredAccount, registerAccount, signedInAccount, useSession } from './auth-helpers';
import { expect, test } from './test';

/*
 * Licences, remixes and the creator's import (issue 57, decision 058): remix a free prompt into a
 * draft that credits it and publish it; import a prompts.chat CSV with a bad row; and the new
 * screens in both themes on a desktop and a phone.
 */

test.describe.configure({ timeout: 60_000 });

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function publishThroughApi(
  request: APIRequestContext,
  account: RegisteredAccount,
  body: Record<string, unknown>,
): Promise<{ id: string; slug: string }> {
  const response = await request.post('/api/user/prompts', {
    headers: { authorization: `Bearer ${account.token}` },
    data: body,
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { prompt: { id: string; slug: string } } }).data.prompt;
}

const unique = () => Math.random().toString(36).slice(2, 8);

async function sharedPrompt(request: APIRequestContext) {
  const author = await registerAccount(request, 'licence-author');
  const title = `Standup Summariser ${unique()}`;
  const source = await publishThroughApi(request, author, {
    title,
    description: 'Turns a team standup transcript into a short summary.',
    content: 'Summarise this standup transcript: {{transcript}}. List blockers first, then progress.',
    category: 'business',
    licence: 'cc-by-4.0',
  });
  return { author, title, source };
}

test('a user remixes a free CC BY prompt, publishes the remix, and both pages credit each other', async ({
  page,
}) => {
  const { author, title, source } = await sharedPrompt(page.request);
  await signedInAccount(page, 'remixer');
  await page.goto(`/marketplace/${source.slug}`);
  const card = page.getByTestId('licence-card');
  await expect(card.getByTestId('licence-label')).toHaveText('CC BY 4.0');
  await expect(card.getByRole('link', { name: 'Full licence terms' })).toHaveAttribute(
    'href',
    'https://creativecommons.org/licenses/by/4.0/',
  );
  await expect(card.getByTestId('remix-count')).toHaveText('Not remixed yet');
  await expect(card).toContainText('it links back here as its source');
  await card.getByRole('button', { name: 'Remix into a draft' }).click();

  await expect(toast(page, 'Remix saved as a draft')).toBeVisible();
  await expect(page).toHaveURL('/dashboard?tab=prompts&status=draft');
  const remix = page
    .getByTestId('creator-prompt')
    .filter({ has: page.getByRole('heading', { name: `${title} (remix)` }) });
  await expect(remix.getByTestId('remix-of')).toContainText(`Remix of ${title}`);
  await expect(remix.getByTestId('prompt-licence')).toHaveText('CC BY 4.0');
  await remix.getByRole('button', { name: 'Publish' }).click();
  await expect(toast(page, 'Prompt published')).toBeVisible();

  await page.goto(`/marketplace/${source.slug}`);
  await expect(page.getByTestId('remix-count')).toHaveText('Remixed 1 time');
  // The remix's own page names its source and links to it.
  const remixes = await page.request.get('/api/user/prompts?status=published', {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  const [mine] = ((await remixes.json()) as { data: { prompts: { slug: string }[] } }).data.prompts;
  await page.goto(`/marketplace/${mine!.slug}`);
  const basedOn = page.getByTestId('based-on');
  await expect(basedOn).toHaveText(`Based on ${title} by ${author.name}`);
  await basedOn.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(`/marketplace/${source.slug}`);
});

async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('authToken') ?? '');
}

const CSV = [
  'act,prompt',
  `"Travel Planner ${'x'}","I want you to act as a travel guide. I will tell you my location and you will suggest places to visit nearby."`,
  '"B","too short"',
  '"Storyteller","I want you to act as a storyteller: come up with engaging stories for the audience I name, with a moral at the end."',
].join('\n');

async function chooseCsv(page: Page) {
  await page.getByLabel('File').setInputFiles({
    name: 'prompts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(CSV),
  });
  await expect(page.getByTestId('import-preview')).toBeVisible();
}

test('a creator imports a prompts.chat CSV with a bad row: the preview shows why, only the good rows become drafts', async ({
  page,
}) => {
  await signedInAccount(page, 'importer');
  await page.goto('/dashboard?tab=transfer');
  await chooseCsv(page);
  const preview = page.getByTestId('import-preview');
  await expect(preview).toContainText('prompts.chat CSV (act, prompt) · 2 valid · 1 with errors');
  const bad = preview.locator('[data-testid="import-row"][data-valid="false"]');
  await expect(bad).toHaveCount(1);
  await expect(bad).toContainText('Row 2 (line 3): B');
  await expect(bad).toContainText('title: Title must be at least 3 characters');
  await expect(bad).toContainText('content: Content must be at least 10 characters long');
  await page.getByRole('button', { name: 'Import 2 valid rows as drafts' }).click();
  await expect(toast(page, '2 prompts imported as drafts')).toBeVisible();
  await expect(toast(page, '1 row was left out.')).toBeVisible();
  await toast(page, '2 prompts imported as drafts').getByRole('button', { name: 'My drafts' }).click();
  await expect(page).toHaveURL('/dashboard?tab=prompts&status=draft');
  await expect(page.getByRole('heading', { name: 'Storyteller' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Travel Planner x' })).toBeVisible();
  await expect(page.getByTestId('creator-prompt')).toHaveCount(2);
});

async function noSidewaysScroll(page: Page, width: number) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1280, 390]) {
    test(`licence and import screens, ${theme}, ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await page.emulateMedia({ colorScheme: theme });
      await page.addInitScript((t) => localStorage.setItem('promptforge-theme', t), theme);
      const { source } = await sharedPrompt(page.request);
      const viewer = await registerAccount(page.request, 'shots');
      await useSession(page, viewer.token);

      await page.goto(`/marketplace/${source.slug}`);
      await expect(page.getByTestId('licence-card')).toBeVisible();
      await noSidewaysScroll(page, width);
      await page.getByTestId('licence-card').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `.tmp/shots/licence-card-${theme}-${width}.png` });

      await page.goto('/dashboard?tab=transfer');
      await chooseCsv(page);
      await noSidewaysScroll(page, width);
      await page.screenshot({ path: `.tmp/shots/import-preview-${theme}-${width}.png`, fullPage: true });

      await page.getByRole('button', { name: 'Import 2 valid rows as drafts' }).click();
      await expect(toast(page, '2 prompts imported as drafts')).toBeVisible();
      const remix = await page.request.post('/api/user/remixes', {
        headers: { authorization: `Bearer ${viewer.token}` },
        data: { promptId: source.id },
      });
      expect(remix.status()).toBe(201);
      await page.goto('/dashboard?tab=prompts&status=draft');
      await expect(page.getByTestId('remix-of')).toBeVisible();
      await noSidewaysScroll(page, width);
      await page.screenshot({ path: `.tmp/shots/my-prompts-remix-${theme}-${width}.png`, fullPage: true });

      // My library: the remix, and a liked prompt.
      const like = await page.request.post(`/api/marketplace/prompts/${source.id}/like`, {
        headers: { authorization: `Bearer ${viewer.token}` },
        data: { liked: true },
      });
      expect(like.status()).toBe(200);
      await page.goto('/library');
      await expect(page.getByTestId('library-item')).toHaveCount(2);
      await noSidewaysScroll(page, width);
      await page.screenshot({ path: `.tmp/shots/library-${theme}-${width}.png`, fullPage: true });
    });
  }
}
