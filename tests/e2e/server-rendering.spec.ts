import { type Page } from '@playwright/test';
import { expect, test } from './test';
import { signedInAccount } from './auth-helpers';
import { PAGING } from '../../src/shared/constants';
import type { MarketplaceList, ReviewList } from '../../src/shared/marketplace';

/*
 * Public pages arrive rendered (decision 019): the HTML already holds the page, so it draws before
 * the app's scripts load, and the app then takes it over (hydration) without redrawing it. What the
 * server cannot know (who is signed in, the chosen theme, the API's data) fills in afterwards.
 */

/** Errors the page logs or throws; a hydration mismatch is one (React reports it on the console). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The paths among `paths` the page asks the API for, as it asks. */
function apiRequests(page: Page, paths: string[]): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (paths.includes(path)) asked.push(path);
  });
  return asked;
}

interface PromptCard {
  slug: string;
  title: string;
  description: string;
}

/** Two marketplace prompts' pages (the server renders one page for every prompt: decision 019). */
async function promptPaths(page: Page): Promise<[string, string]> {
  const response = await page.request.get('/api/marketplace/prompts?limit=2');
  const body = (await response.json()) as { data: { prompts: { slug: string }[] } };
  const [first, second] = body.data.prompts.map((p) => `/marketplace/${p.slug}`);
  return [first!, second!];
}

/** The best-rated public prompt (it has reviews: the demo data's) and the first page of its reviews. */
async function reviewedPrompt(page: Page): Promise<{ path: string; id: string; reviews: ReviewList }> {
  const listed = await page.request.get('/api/marketplace/prompts?sort=rating&limit=1');
  const [prompt] = ((await listed.json()) as { data: MarketplaceList }).data.prompts;
  const answer = await page.request.get(
    `/api/marketplace/prompts/${prompt!.id}/reviews?page=1&limit=${PAGING.reviews}`,
  );
  const reviews = ((await answer.json()) as { data: ReviewList }).data;
  expect(reviews.reviews.length).toBeGreaterThan(0);
  return { path: `/marketplace/${prompt!.slug}`, id: prompt!.id, reviews };
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page, the marketplace and the content pages are there, with working links', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Forge AI prompts');
    await expect(page.getByRole('link', { name: 'Browse Marketplace' })).toBeVisible();
    // The showcase's six newest prompts and the platform's figures are there too.
    await expect(page.getByTestId('prompt-card')).toHaveCount(PAGING.home);
    await expect(page.getByTestId('stat-users').getByTestId('stat-value')).toHaveText(/^\d[\d,.KM+]*$/);

    // The header's links are plain links: they work before (or without) the app.
    await page.getByRole('link', { name: 'Browse Marketplace' }).click();
    await expect(page).toHaveURL('/marketplace');
    await expect(page.getByRole('heading', { level: 1, name: 'Discover prompts that work' })).toBeVisible();
    await expect(page.getByText('Browse prompts from the community')).toBeVisible();
    // The filters show their current choice.
    await expect(page.getByRole('combobox', { name: 'Type' }).locator('option:checked')).toHaveText(
      'All types',
    );
    await expect(page.getByRole('combobox', { name: 'Sort by' }).locator('option:checked')).toHaveText(
      'Latest',
    );
    // The first screenful of cards is there too (the newest prompts, as the API lists them), with
    // links to their pages, and the category counts. Other specs add prompts meanwhile, so the first
    // card is looked for among the API's newest rather than required to be its first.
    const cards = page.getByTestId('prompt-card');
    const firstTitle = (await cards.first().getByRole('heading', { level: 3 }).textContent()) ?? '';
    expect(await cards.count()).toBeGreaterThanOrEqual(6);
    await expect(page.getByTestId('result-count')).toHaveText(/^Showing \d+ of \d+ prompts$/);
    await expect(page.getByTestId('category-count').first()).toBeVisible();
    const listed = await page.request.get('/api/marketplace/prompts?sort=latest&page=1&limit=50');
    const { prompts } = ((await listed.json()) as { data: MarketplaceList }).data;
    const shown = prompts.find((p) => p.title === firstTitle);
    expect(shown, `the first card, ${firstTitle}, is among the newest prompts`).toBeDefined();
    await cards.first().getByRole('heading', { level: 3 }).getByRole('link').click();
    await expect(page).toHaveURL(`/marketplace/${shown!.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstTitle);
    await page.goBack();

    for (const [path, heading] of [
      ['/pricing', 'Simple plans that grow with your prompts'],
      ['/about', 'We believe a great prompt deserves a great home'],
      ['/features', 'Everything you need to write, test and sell prompts'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
    }
  });

  test("a prompt's page is there with the prompt, and an unknown one has its frame", async ({ page }) => {
    const response = await page.request.get('/api/marketplace/prompts?limit=1');
    const [prompt] = ((await response.json()) as { data: { prompts: PromptCard[] } }).data.prompts;
    expect((await page.goto(`/marketplace/${prompt!.slug}`))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(prompt!.title);
    await expect(page.getByText(prompt!.description).first()).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Marketplace' }),
    ).toBeVisible();

    // A slug that names no prompt: the shared frame, whose content the app would load, as a 404.
    const missing = await page.goto('/marketplace/no-such-prompt-anywhere');
    expect(missing?.status()).toBe(404);
    await expect(
      page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Marketplace' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
  });

  test("a prompt's page comes with the first page of its reviews", async ({ page }) => {
    const { path, reviews } = await reviewedPrompt(page);
    await page.goto(path);
    const shown = page.getByTestId('review');
    await expect(shown).toHaveCount(reviews.reviews.length);
    const [newest] = reviews.reviews;
    await expect(shown.first()).toContainText(newest!.author.name);
    if (newest!.body) await expect(shown.first()).toContainText(newest!.body);
    // The server cannot know the visitor's time zone or when the page is read: the date, in UTC.
    const created = new Date(newest!.createdAt);
    await expect(shown.first().locator('time')).toHaveText(
      `${created.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })} ${created.getUTCDate()}, ${created.getUTCFullYear()}`,
    );
    await expect(page.getByLabel('Loading reviews')).toHaveCount(0);
  });

  test('the pages a visitor must be signed in for are not rendered on the server', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.locator('#root')).toBeEmpty();
  });
});

test.describe('with JavaScript', () => {
  test('the app takes the rendered page over without errors and it works', async ({ page }) => {
    const errors = collectErrors(page);
    for (const path of ['/', '/marketplace', ...(await promptPaths(page)), '/pricing', '/about']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    // Interactive: the theme menu (React's) opens.
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await expect(page.getByRole('menuitemradio', { name: 'Light' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('the home page starts from the cards and figures it came with, without asking for them again', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const asked = apiRequests(page, ['/api/marketplace/prompts', '/api/site/stats']);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('prompt-card')).toHaveCount(PAGING.home);
    await expect(page.getByTestId('stat-prompts').getByTestId('stat-value')).toBeVisible();
    expect(asked).toEqual([]);
    await expect(page.locator('#page-data')).toHaveCount(0);
    // The app has taken the cards over: a card's link is the app's, with no new document.
    await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
    const title = page.getByTestId('prompt-card').first().getByRole('heading', { level: 3 });
    const name = (await title.textContent()) ?? '';
    await title.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(errors).toEqual([]);
  });

  test('the marketplace starts from the first screenful it came with and asks once for the rest of its page', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    // The page carries the cards it draws, not the whole first page (it stays within ~14 KB).
    const html = await (await page.request.get('/marketplace')).text();
    const carried = JSON.parse(
      /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)![1]!,
    ) as {
      list: MarketplaceList;
    };
    expect(carried.list.prompts).toHaveLength(PAGING.marketplaceFirstScreen);
    expect(carried.list.pagination.total).toBeGreaterThan(PAGING.marketplace);
    // Fetching the rest of the page shows no spinner: nothing on the page animates while the app starts.
    expect(html).not.toContain('animate-spin');

    const asked = apiRequests(page, ['/api/marketplace/prompts', '/api/marketplace/categories']);
    const lists: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/marketplace/prompts') lists.push(url.search);
    });
    // The cards the app adds to the parsed page, in the groups they arrive in.
    await page.addInitScript(() => {
      const added: number[] = [];
      (window as { cardsAdded?: number[] }).cardsAdded = added;
      const observer = new MutationObserver((records) => {
        let cards = 0;
        for (const record of records)
          for (const node of record.addedNodes)
            if (node instanceof HTMLElement && node.dataset.testid === 'prompt-card') cards++;
        if (cards > 0) added.push(cards);
      });
      document.addEventListener('DOMContentLoaded', () =>
        observer.observe(document.body, { childList: true, subtree: true }),
      );
    });
    await page.goto('/marketplace');
    // Every card of the first page, once the app has asked for the ones below the first screenful.
    await expect(page.getByTestId('prompt-card')).toHaveCount(PAGING.marketplace);
    // They came a few at a time, each group its own short task, not one long one for all of them.
    const added = await page.evaluate(() => (window as { cardsAdded?: number[] }).cardsAdded ?? []);
    expect(added.reduce((sum, n) => sum + n, 0)).toBe(PAGING.marketplace - PAGING.marketplaceFirstScreen);
    expect(Math.max(...added)).toBeLessThanOrEqual(8);
    await expect(page.getByTestId('category-count').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Once, for the whole first page in the default order; the category counts never.
    expect(asked).toEqual(['/api/marketplace/prompts']);
    expect(new URLSearchParams(lists[0]).get('limit')).toBe(String(PAGING.marketplace));
    await expect(page.locator('#page-data')).toHaveCount(0);
    await expect(page.locator('.animate-spin')).toHaveCount(0);
    // The filters work: the next list comes from the API, with a spinner and the old cards dimmed
    // while it is on its way.
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route(/\/api\/marketplace\/prompts\?.*category=development/, async (route) => {
      await answered;
      await route.continue();
    });
    await page.getByRole('button', { name: /^Development/ }).click();
    await expect(page).toHaveURL(/category=development/);
    await expect(page.getByTestId('prompt-grid')).toHaveAttribute('aria-busy', 'true');
    await expect(page.locator('.animate-spin')).toHaveCount(1);
    answer();
    await expect(page.locator('.animate-spin')).toHaveCount(0);
    await expect(
      page.locator('[data-testid="prompt-card"][data-category="development"]').first(),
    ).toBeVisible();
    await expect(page.locator('[data-testid="prompt-card"]:not([data-category="development"])')).toHaveCount(
      0,
    );
    expect(asked).toContain('/api/marketplace/prompts');
    expect(errors).toEqual([]);
  });

  test("a rendered prompt's page still asks the API once (the request that counts the view)", async ({
    page,
  }) => {
    const [path] = await promptPaths(page);
    const slug = path.split('/').pop()!;
    const asked = page.waitForResponse(
      (response) => response.url().endsWith(`/api/marketplace/prompts/${slug}`) && response.ok(),
    );
    await page.goto(path);
    await asked;
    // The data block was for the first render only: the document does not carry it on.
    await expect(page.locator('#page-data')).toHaveCount(0);
  });

  test("a rendered prompt's page shows the reviews it came with, without asking for them", async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const { path, id, reviews } = await reviewedPrompt(page);
    const reviewsPath = `/api/marketplace/prompts/${id}/reviews`;
    const asked = apiRequests(page, [reviewsPath]);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const shown = page.getByTestId('review');
    await expect(shown).toHaveCount(reviews.reviews.length);
    expect(asked).toEqual([]);
    // Once the app has the page, each review says how long ago it was written, with the local date
    // and time on hover.
    await expect(shown.first().locator('time')).toHaveAttribute('title', /\d{4}, \d{1,2}:\d{2} [AP]M$/);
    expect(errors).toEqual([]);
  });

  test('a light theme and a signed-in user replace what the server assumed, without errors', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const account = await signedInAccount(page, 'ssr');
    await page.addInitScript(() => localStorage.setItem('promptforge-theme', 'light'));
    for (const path of ['/', '/marketplace', ...(await promptPaths(page))]) {
      await page.goto(path);
      await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
      await expect(page.getByRole('button', { name: 'Toggle theme' })).toHaveAttribute(
        'title',
        'Theme: Light',
      );
    }
    // The header is the user's, not the server's anonymous one.
    await expect(page.getByRole('button', { name: `Account menu for ${account.name}` })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("the app's scripts are asked for only once the rendered page is on screen", async ({ page }) => {
    for (const path of ['/', '/marketplace', (await promptPaths(page))[0]]) {
      await page.goto(path);
      await page.evaluate(
        () => (window as unknown as { promptforgeStarted: Promise<void> }).promptforgeStarted,
      );
      const { painted, scripts } = await page.evaluate(() => ({
        painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/.*\.js$/.test(new URL(entry.name).pathname))
          .map((entry) => ({ url: new URL(entry.name).pathname, at: entry.startTime })),
      }));
      expect(painted, path).not.toBeNull();
      expect(scripts.length, path).toBeGreaterThan(0);
      // On a slow link the stylesheet, the markup and the font go first: no module competes with them.
      expect(
        scripts.filter((script) => script.at < painted!),
        path,
      ).toEqual([]);
    }
  });

  test('the app still starts when the browser never reports a paint', async ({ page }) => {
    // A browser that says it reports paints but never does: the app starts after its 3 s wait.
    await page.addInitScript(() => {
      class Silent {
        static supportedEntryTypes = ['paint'];
        observe() {}
        disconnect() {}
      }
      (window as unknown as { PerformanceObserver: unknown }).PerformanceObserver = Silent;
    });
    await page.goto('/pricing');
    await page.evaluate(
      () => (window as unknown as { promptforgeStarted: Promise<void> }).promptforgeStarted,
    );
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await expect(page.getByRole('menuitemradio', { name: 'Light' })).toBeVisible();
  });

  test('the page preloads the font it draws its text in, fetches it once, and no other face', async ({
    page,
  }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="preload"][as="font"]').getAttribute('href');
    // The core face (vite.config.ts): ASCII and the app's punctuation, at the weights it uses.
    expect(href).toMatch(/^\/assets\/inter-core-[\w-]+\.woff2$/);
    await page.evaluate(() => document.fonts.ready);
    const fonts = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname)
          .filter((path) => path.endsWith('.woff2')),
      );
    const used = await page.evaluate(() =>
      [...document.fonts].some(
        (face) => face.family.replace(/"/g, '') === 'Inter Variable' && face.status === 'loaded',
      ),
    );
    expect(used).toBe(true);
    // A preload whose request differs from the stylesheet's (its CORS mode) is fetched twice.
    expect(await fonts()).toEqual([href]);

    // A character beyond the core (an accented name, say) brings @fontsource's Latin face.
    await page.evaluate(() => {
      const note = document.createElement('p');
      note.textContent = 'Café Zürich';
      document.querySelector('main')!.prepend(note);
    });
    await expect.poll(fonts).toEqual([href, expect.stringMatching(/^\/assets\/inter-latin-wght-normal-/)]);
  });

  test('a visitor who scrolled before the app started stays where they scrolled, and the page never blinks', async ({
    page,
  }) => {
    // Hold the app back until the visitor has scrolled the rendered page.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/start-app.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/privacy', { waitUntil: 'domcontentloaded' });
    await page.evaluate(() => window.scrollTo(0, 1200));
    expect(await page.evaluate(() => window.scrollY)).toBe(1200);
    // Record every height the page takes while the app starts: the rendered page must never be
    // swapped for a loading state (it would drop to the height of a spinner).
    await page.evaluate(() => {
      const heights: number[] = [];
      (window as unknown as { heights: number[] }).heights = heights;
      new ResizeObserver(() => heights.push(document.documentElement.scrollHeight)).observe(document.body);
    });

    release();
    await page.waitForFunction(() => 'promptforgeStarted' in window);
    // Settles once the app has hydrated the page (public/start-app.js).
    await page.evaluate(
      () => (window as unknown as { promptforgeStarted: Promise<void> }).promptforgeStarted,
    );
    // The app is running (its theme menu opens) and the page has not jumped back to the top.
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await expect(page.getByRole('menuitemradio', { name: 'Light' })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(1200);
    const heights = await page.evaluate(() => (window as unknown as { heights: number[] }).heights);
    expect(Math.min(...heights)).toBeGreaterThan(3000);
  });

  test("when the app's scripts cannot load, a rendered page stays usable", async ({ page }) => {
    // React's chunk never arrives. The entry imports it (and the app's start) statically, evaluating
    // each in a task of its own (main.tsx), so the entry itself fails to load.
    await page.route(/\/assets\/react-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
    await page.goto('/privacy', { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => 'promptforgeStarted' in window);
    // Settles although the app never took the page over (public/start-app.js): the specs'
    // navigations wait for it, and so could anything else.
    await page.evaluate(
      () => (window as unknown as { promptforgeStarted: Promise<void> }).promptforgeStarted,
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    // Its links are plain links: the terms page arrives from the server, rendered.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  });
});
