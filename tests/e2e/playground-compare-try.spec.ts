import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './test';
import { DEMO_USER, signedInAccount } from './auth-helpers';

/*
 * Comparing a try of a marketplace prompt (issue 55) in the browser, against the offline demo
 * model: from the try panel to three model columns, each a try of its own (the tries left drop by
 * three), and the premium text in no page and no answer of the playground's API, streams included.
 */

const columns = (page: Page) => page.getByTestId('compare-column');

/** The demo creator's premium prompt, and distinctive pieces of its text as its author reads it. */
async function premiumPrompt(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', {
    data: { email: DEMO_USER.email, password: DEMO_USER.password },
  });
  const authorToken = (await login.json()).data.token as string;
  const listed = await request.get('/api/marketplace/prompts', { params: { type: 'premium', limit: 50 } });
  const premium = ((await listed.json()).data.prompts as { id: string; author: { name: string } }[]).find(
    (p) => p.author.name === DEMO_USER.name,
  )!;
  const asAuthor = await request.get(`/api/playground/prompts/${premium.id}`, {
    headers: { authorization: `Bearer ${authorToken}` },
  });
  const { content, title } = (await asAuthor.json()).data as { content: string; title: string };
  const secretLines = content
    .split('\n')
    .map((line) => line.replace(/\{\{[^}]*\}\}|\[[^\]]*\]/g, '').trim())
    .filter((line) => line.length > 25)
    .map((line) => line.slice(0, 25));
  expect(secretLines.length).toBeGreaterThan(0);
  return { id: premium.id, title, secretLines };
}

/** From the try panel to a compare of three models, sent and answered in every column. */
async function compareTry(page: Page, promptId: string) {
  await page.goto(`/playground?prompt=${promptId}`);
  const panel = page.getByTestId('prompt-try');
  // The playground's chunk may take a while on a busy machine.
  await expect(panel.getByTestId('premium-banner')).toContainText('free try: 3 of 3 left', {
    timeout: 15_000,
  });
  await panel.getByRole('button', { name: 'Compare models' }).click();
  await expect(page).toHaveURL(`/playground?prompt=${promptId}&compare=1`);
  await expect(page.getByTestId('chat-title')).toHaveText('Compare models');
  await page.getByRole('checkbox', { name: 'Perplexity' }).check();
  await expect(panel.getByTestId('baseline-switch')).toHaveCount(0);
  await expect(panel).toContainText('Each model column is a session of its own and uses one free try.');
  await panel.getByLabel('What do you want it to do?').fill('A landing page for a plant-watering app');
  const firstField = panel.locator('fieldset input').first();
  if ((await firstField.count()) > 0) await firstField.fill('Sproutly');
  await panel.getByRole('button', { name: 'Compare 3 models' }).click();
  await expect(columns(page)).toHaveCount(3);
  for (const column of await columns(page).all()) {
    await expect(column).toHaveAttribute('data-status', 'complete', { timeout: 15_000 });
    await expect(column.getByTestId('compare-reply')).toContainText(
      'A marketplace prompt is guiding this conversation.',
    );
  }
}

test('a premium prompt’s try is compared on three models, a try per column, its text never in the browser', async ({
  page,
}) => {
  // Two three-column compares and a reload: longer than one chat turn.
  test.slow();
  const premium = await premiumPrompt(page.request);
  const apiBodies: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/playground/')) {
      void response.text().then(
        (text) => apiBodies.push(text),
        () => {},
      );
    }
  });
  await signedInAccount(page, 'compare-try');
  await compareTry(page, premium.id);
  await expect(page.getByTestId('compare-try')).toContainText(`Trying ${premium.title}`);
  await expect(page.getByTestId('usage-meter')).toContainText('3 of 10 sessions this month');

  // Continue with all: each column goes on in its try session.
  await page.getByLabel('Message', { exact: true }).fill('Make it shorter');
  await page.getByLabel('Message', { exact: true }).press('Enter');
  await expect(columns(page).first().getByTestId('compare-reply')).toHaveCount(2, { timeout: 15_000 });
  for (const column of await columns(page).all()) {
    await expect(column).toHaveAttribute('data-status', 'complete', { timeout: 15_000 });
  }

  const html = await page.content();
  for (const line of premium.secretLines) expect(html).not.toContain(line);

  // Three columns took the three tries.
  await page.goto(`/playground?prompt=${premium.id}`);
  await expect(page.getByTestId('premium-banner')).toContainText('no free tries left');
  for (const body of apiBodies) {
    for (const line of premium.secretLines) expect(body).not.toContain(line);
  }
  expect(apiBodies.some((b) => b.includes('event: compare'))).toBe(true);
});

test('warns when the tries left cannot cover every column', async ({ page }) => {
  const premium = await premiumPrompt(page.request);
  const { token } = await signedInAccount(page, 'compare-try-low');
  const used = await page.request.post('/api/playground/chat', {
    headers: { authorization: `Bearer ${token}` },
    data: { model: 'claude', message: 'One try', promptId: premium.id },
  });
  expect(used.status()).toBe(200);
  await page.goto(`/playground?prompt=${premium.id}&compare=1`);
  await page.getByRole('checkbox', { name: 'Perplexity' }).check();
  await expect(page.getByTestId('compare-allowance')).toHaveText(
    'Each model column uses one free try. You have 2 tries left, so only the first 2 columns will answer.',
  );
});

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1280, 390]) {
    test(`compare-try screenshot, ${theme}, ${width} px`, async ({ page }) => {
      const premium = await premiumPrompt(page.request);
      await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
      await page.emulateMedia({ colorScheme: theme });
      await signedInAccount(page, 'compare-try-shot');
      await page.addInitScript((t) => localStorage.setItem('promptforge-theme', t), theme);
      await compareTry(page, premium.id);
      const scrollsSideways = await page.evaluate(
        () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
      );
      expect(scrollsSideways).toBe(false);
      await page.screenshot({ path: `.tmp/screenshots/compare-try-${theme}-${width}.png` });
    });
  }
}
