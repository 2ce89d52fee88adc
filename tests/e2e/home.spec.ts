import { expect, test } from './test';
import { serverError } from './retries';

test.describe('home page', () => {
  test('types the headline one character at a time', async ({ page }) => {
    await page.goto('/');
    const typed = page.getByTestId('typing-headline');
    await expect(typed).toHaveText(/^.{2,}/);
    const early = (await typed.textContent()) ?? '';
    await expect
      .poll(async () => ((await typed.textContent()) ?? '').length, { timeout: 3_000 })
      .toBeGreaterThan(early.length);
    const later = (await typed.textContent()) ?? '';
    // Still the same phrase, only further along.
    expect(later.startsWith(early)).toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Forge AI prompts');
  });

  test('shows the whole headline at once with reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(page.getByTestId('typing-headline')).toHaveText('that write like you.');
  });

  test('blinks the typing caret on and off, without an endless animation', async ({ page }) => {
    await page.goto('/');
    const caret = page.getByTestId('typing-caret');
    await expect(caret).toBeVisible();
    // An endless CSS animation would have the browser draw a frame 60 times a second.
    expect(await caret.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    await expect(caret).toBeHidden({ timeout: 2_000 });
    await expect(caret).toBeVisible({ timeout: 2_000 });
  });

  test('keeps the typing caret solid with reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const caret = page.getByTestId('typing-caret');
    await expect(caret).toBeVisible();
    // Two blinks' worth of samples: every one sees the caret.
    const shown = await caret.evaluate(async (el) => {
      const samples: boolean[] = [];
      for (let i = 0; i < 24; i++) {
        samples.push(el.checkVisibility({ visibilityProperty: true }));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return samples;
    });
    expect(shown).toEqual(Array(24).fill(true));
  });

  test('sends a signed-out visitor to sign up, and offers the marketplace', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Start for free' })).toHaveAttribute('href', '/auth/signup');
    await expect(page.getByRole('link', { name: 'Browse Marketplace' })).toHaveAttribute(
      'href',
      '/marketplace',
    );
  });

  test('promises nothing the site cannot do: no side-by-side testing, no models it does not run', async ({
    page,
  }) => {
    await page.goto('/');
    const hero = page.locator('section').filter({ has: page.getByRole('heading', { level: 1 }) });
    await expect(hero).toContainText('Write a prompt, try it in the playground');
    await expect(page.getByRole('main')).not.toContainText(
      /side by side|thousands of people|compare the answers/,
    );
    // The e2e server has no AI provider: the offline demo model answers, so no model is named.
    await expect(hero).not.toContainText(/Claude|ChatGPT|Perplexity/);
    await expect(page.getByTestId('feature-card').first()).toHaveText(/^Playground/);
    await expect(page.getByTestId('feature-card').first()).not.toContainText(/Claude|ChatGPT|Perplexity/);
    await expect(page.getByRole('link', { name: /Try any prompt in the playground/ })).toHaveAttribute(
      'href',
      '/features',
    );
  });

  test('shows live figures in the stats strip', async ({ page }) => {
    await page.goto('/');
    // Users and prompts always have a count; the demo data has both.
    for (const key of ['users', 'prompts']) {
      await expect(page.getByTestId(`stat-${key}`).getByTestId('stat-value')).toHaveText(
        /^\d[\d,]*\+?$|^\d+(\.\d)?[KMB]\+?$/,
      );
    }
    await expect(page.getByTestId('stat-prompts').getByTestId('stat-value')).not.toHaveText('0');
    // Rate and reply time are a figure, or a dash before the first playground reply.
    await expect(page.getByTestId('stat-success')).toContainText(/\d+%|—/);
    await expect(page.getByTestId('stat-reply')).toContainText(/under \d+ s|—/);
    await expect(page.getByTestId('stat-skeleton')).toHaveCount(0);
  });

  test('shows six marketplace prompts a visitor must log in to try', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'From first draft to first sale' })).toBeVisible();
    await expect(page.getByTestId('feature-card')).toHaveCount(3);

    const cards = page.getByTestId('prompt-card');
    await expect(cards).toHaveCount(6);
    for (const card of await cards.all()) {
      await expect(card.getByRole('button', { name: 'Login to Try' })).toBeDisabled();
    }
    await expect(page.getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/marketplace');
  });

  test('invites a signed-in user to the playground, from the hero and from every card', async ({
    page,
    request,
  }) => {
    const response = await request.post('/api/auth/login', {
      data: { email: 'demo@promptforge.test', password: 'demo-pass-123' },
    });
    const { token } = ((await response.json()) as { data: { token: string } }).data;
    await page.addInitScript((value) => localStorage.setItem('authToken', value), token);
    await page.goto('/');

    await expect(page.getByRole('link', { name: 'Open the Playground' }).first()).toHaveAttribute(
      'href',
      '/playground',
    );
    const cards = page.getByTestId('prompt-card');
    await expect(cards).toHaveCount(6);
    for (const card of await cards.all()) {
      await expect(card.getByRole('link', { name: 'Try on Playground' })).toHaveAttribute(
        'href',
        /^\/playground\?prompt=[\w-]+$/,
      );
    }
    await expect(page.getByRole('button', { name: 'Login to Try' })).toHaveCount(0);
  });

  test('opens a prompt from a home card', async ({ page }) => {
    await page.goto('/');
    const card = page.getByTestId('prompt-card').first();
    const title = (await card.getByRole('heading', { level: 3 }).textContent())!;
    await card.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(/\/marketplace\/[\w-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  test('says so when the marketplace fails, shows no cards, and Retry reloads', async ({ page }) => {
    let failing = true;
    await page.route('**/api/marketplace/prompts**', (route) =>
      failing ? route.fulfill(serverError) : route.continue(),
    );
    // With a query string (a campaign's link, say) the page comes without its cards and the browser
    // asks the API for them (decision 019), as it does when the server could not read them.
    await page.goto('/?utm_source=newsletter');

    await expect(
      page.getByText('Failed to load marketplace prompts. Showing sample data instead.'),
    ).toBeVisible();
    const retry = page.getByRole('button', { name: 'Retry' });
    await expect(retry).toBeVisible();
    // No stand-in data behind the notice (product-decisions.md).
    await expect(page.getByTestId('prompt-card')).toHaveCount(0);
    await expect(page.getByTestId('prompt-card-skeleton')).toHaveCount(0);

    failing = false;
    await Promise.all([page.waitForEvent('load'), retry.click()]);
    await expect(page.getByTestId('prompt-card')).toHaveCount(6);
  });
});
