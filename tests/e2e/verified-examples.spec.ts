import type { Locator, Page } from '@playwright/test';
import { expect, test } from './test';
import { registerAccount, useSession, subscribe, uniqueWord } from './auth-helpers';
import { type ThemeName, accessibilityViolations, sidewaysScroll, switchTheme } from './page-checks';

/*
 * Verified examples (issue 56, decision 069): a Premium creator's prompt is tested on publish and
 * tried in the playground; in the studio the creator picks a test run and their playground run to
 * show; a visitor sees both on the prompt page (server-rendered too), marked "Run on Promptforge",
 * with the stored answers; the marketplace's "Passes on Claude" filter keeps the tested prompt and
 * drops an untested one ("Not yet tested"). Screenshots of the studio's dialog, the page's examples
 * and the filtered marketplace, both themes, desktop and phone.
 */

test.describe.configure({ timeout: 120_000 });

async function shoot(page: Page, name: string, theme: ThemeName, top?: Locator) {
  await switchTheme(page, theme);
  await top?.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  expect(await sidewaysScroll(page)).toBe(0);
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: `.tmp/shots/${name}-${theme}-${page.viewportSize()!.width}.png` });
}

test('a creator shows a test run and a playground run as examples; a visitor sees them marked "Run on Promptforge"', async ({
  page,
  browser,
  request,
}) => {
  const word = uniqueWord();
  const title = `Release notes writer ${word}`;
  const creator = await registerAccount(request, 'examples-creator');
  await subscribe(request, creator, 'premium');
  const auth = { authorization: `Bearer ${creator.token}` };
  const created = await request.post('/api/user/prompts', {
    headers: auth,
    data: {
      title,
      description: `Writes short release notes for a product update (${word}).`,
      content: 'Write short release notes for {{product}}: what changed, why it matters, and one next step.',
      category: 'writing',
      status: 'draft',
    },
  });
  expect(created.status()).toBe(201);
  const { id, slug } = (await created.json()).data.prompt as { id: string; slug: string };
  expect(
    (
      await request.post(`/api/user/prompts/${id}/tests`, {
        headers: auth,
        data: { label: 'Sync update', variables: { product: 'the sync app' } },
      })
    ).status(),
  ).toBe(201);
  expect((await request.post(`/api/user/prompts/${id}/publish`, { headers: auth })).status()).toBe(200);
  // The case runs on every model (the offline demo model answers for each).
  await expect
    .poll(
      async () =>
        (await (await request.get(`/api/user/prompts/${id}/tests`, { headers: auth })).json()).data.runs
          .length as number,
      { timeout: 60_000 },
    )
    .toBe(3);

  // The creator tries the prompt in the playground too.
  await useSession(page, creator.token);
  await page.goto(`/playground?prompt=${id}`);
  await page.getByTestId('prompt-try').getByLabel('Product').fill('the sync app');
  await page.getByTestId('prompt-try').getByRole('button', { name: 'Send', exact: true }).click();
  const reply = page.locator('[data-testid="message"][data-role="ai"]').first();
  await expect(reply).toHaveAttribute('data-status', 'complete', { timeout: 20_000 });

  // In the studio: three test runs and the playground run to choose from; two are picked.
  await page.goto('/dashboard?tab=prompts');
  const item = page.getByTestId('creator-prompt').filter({ hasText: title });
  await item.getByRole('button', { name: 'Examples' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('No examples yet: choose a run below.')).toBeVisible();
  const candidates = dialog.getByTestId('example-candidate');
  await expect(candidates).toHaveCount(4);
  await candidates
    .filter({ hasText: 'Test run' })
    .first()
    .getByRole('button', { name: 'Show on listing' })
    .click();
  await expect(page.getByText('Example added to the listing')).toBeVisible();
  await expect(dialog.getByTestId('prompt-example')).toHaveCount(1);
  await candidates
    .filter({ hasText: 'Your playground run' })
    .getByRole('button', { name: 'Show on listing' })
    .click();
  await expect(dialog.getByTestId('prompt-example')).toHaveCount(2);
  await expect(dialog.getByRole('heading', { name: 'On the listing (2 of 5)' })).toBeVisible();
  await expect(candidates).toHaveCount(2);
  const top = dialog.getByRole('heading', { name: /^Examples of/ });
  const runs = dialog.getByRole('heading', { name: 'Runs you can show' });
  for (const theme of ['light', 'dark'] as const) {
    await shoot(page, 'examples-studio', theme, top);
    await shoot(page, 'examples-studio-runs', theme, runs);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  for (const theme of ['light', 'dark'] as const) {
    await shoot(page, 'examples-studio', theme, top);
    await shoot(page, 'examples-studio-runs', theme, runs);
  }
  await page.keyboard.press('Escape');

  const stored = (await (await request.get(`/api/user/prompts/${id}/examples`, { headers: auth })).json())
    .data.examples as { output: string; source: string; model: string }[];
  expect(stored.map((e) => e.source)).toEqual(['test', 'playground']);

  // The page as the server renders it already carries the examples.
  const html = await (await request.get(`/marketplace/${slug}`)).text();
  expect(html).toContain('data-testid="examples-section"');
  expect(html.match(/Run on Promptforge/g)?.length ?? 0).toBeGreaterThanOrEqual(2);

  // A visitor (signed out) sees both, marked and dated, with the stored answers.
  const visitorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/marketplace/${slug}`);
  const section = visitor.getByTestId('examples-section');
  const examples = section.getByTestId('prompt-example');
  await expect(examples).toHaveCount(2);
  for (const [i, example] of stored.entries()) {
    const shown = examples.nth(i);
    await expect(shown.getByText('Run on Promptforge')).toBeVisible();
    await expect(shown).toContainText(example.model);
    await expect(shown).toContainText(/\w{3} \d{1,2}, \d{4}/);
    await expect(shown.getByTestId('prompt-example-output')).toHaveText(example.output);
  }
  await expect(examples.first()).toContainText('product:');
  await expect(examples.first()).toContainText('the sync app');
  for (const theme of ['light', 'dark'] as const) await shoot(visitor, 'examples-page', theme, section);
  await visitor.setViewportSize({ width: 390, height: 844 });
  for (const theme of ['light', 'dark'] as const) await shoot(visitor, 'examples-page', theme, section);

  // The marketplace's "Passes on" filter: the tested prompt stays, an untested one ("Not yet tested") goes.
  const untested = await request.post('/api/user/prompts', {
    headers: auth,
    data: {
      title: `Release notes drafter ${word}`,
      description: `Drafts release notes, untested (${word}).`,
      content: 'Draft release notes for {{product}} in three bullet points.',
      category: 'writing',
      status: 'published',
    },
  });
  expect(untested.status()).toBe(201);
  await visitor.setViewportSize({ width: 1280, height: 900 });
  await visitor.goto(`/marketplace?search=${word}`);
  const cards = visitor.getByTestId('prompt-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: 'Release notes drafter' }).getByTestId('prompt-tested')).toHaveText(
    'Not yet tested',
  );
  await visitor.getByLabel('Passes tests on').selectOption('Claude');
  await expect(visitor).toHaveURL(/passes=Claude/);
  await expect(cards).toHaveCount(1);
  await expect(cards.getByTestId('prompt-tested')).toContainText('Tested on Claude');
  await expect(cards).toContainText(title);
  for (const theme of ['light', 'dark'] as const) await shoot(visitor, 'passes-filter', theme);
  await visitor.setViewportSize({ width: 390, height: 844 });
  for (const theme of ['light', 'dark'] as const) await shoot(visitor, 'passes-filter', theme);
  await visitorContext.close();
});
