import { type Page } from '@playwright/test';
import { expect, test } from './test';
import { PAGING } from '../../src/shared/constants';
import { skipRetryBackOff, serverError } from './retries';

const cards = (page: Page) => page.getByTestId('prompt-card');
/** The option a toolbar select shows (they are native selects). */
const chosen = (page: Page, name: string) => page.getByRole('combobox', { name }).locator('option:checked');

/** The total from "63 prompts" or "Showing 50 of 63 prompts". */
async function resultTotal(page: Page): Promise<number> {
  const text = (await page.getByTestId('result-count').textContent()) ?? '';
  const numbers = [...text.matchAll(/[\d,]+/g)].map((m) => Number(m[0].replaceAll(',', '')));
  return numbers.at(-1) ?? 0;
}

/** Makes the marketplace's list requests fail (the spec's 500) until `recover`; counts the failures. */
async function failLists(page: Page) {
  let failing = true;
  let failures = 0;
  await page.route('**/api/marketplace/prompts**', (route) => {
    if (!failing) return route.continue();
    if (new URL(route.request().url()).pathname === '/api/marketplace/prompts') failures += 1;
    return route.fulfill(serverError);
  });
  return {
    failures: () => failures,
    recover: () => {
      failing = false;
    },
  };
}

test.describe('marketplace', () => {
  test('lists published prompts with their details', async ({ page }) => {
    await page.goto('/marketplace');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(cards(page).first()).toBeVisible();
    expect(await cards(page).count()).toBeGreaterThan(6);
    await expect(page.getByTestId('result-count')).toContainText('prompts');

    const free = cards(page).and(page.locator('[data-type="free"]')).first();
    await expect(free.getByTestId('prompt-price')).toHaveText('Free');
    // The playground opens on that prompt.
    await expect(free.getByRole('link', { name: 'Try in Playground' })).toHaveAttribute(
      'href',
      /^\/playground\?prompt=[\w-]+$/,
    );

    const premium = cards(page).and(page.locator('[data-type="premium"]')).first();
    await expect(premium.getByTestId('prompt-price')).toHaveText(/^\$\d/);
    // A visitor who wants to buy is asked to sign in first.
    await premium.getByRole('button', { name: 'Buy Prompt' }).click();
    await expect(page).toHaveURL(/\/auth\/login/);
  });

  test('narrows the results to the chosen category', async ({ page }) => {
    await page.goto('/marketplace');
    await expect(cards(page).first()).toBeVisible();
    const allTotal = await resultTotal(page);

    await page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'Development' }).click();
    await expect(page).toHaveURL(/category=development/);
    await expect
      .poll(async () => [...new Set(await cards(page).getByTestId('prompt-category').allTextContents())])
      .toEqual(['Development']);
    await expect.poll(() => resultTotal(page)).toBeLessThan(allTotal);
    await expect(page.getByRole('button', { name: 'Development' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('shows only premium prompts with the Premium type', async ({ page }) => {
    await page.goto('/marketplace');
    await expect(cards(page).first()).toBeVisible();

    await page.getByRole('combobox', { name: 'Type' }).selectOption('Premium');
    await expect(page).toHaveURL(/type=premium/);
    await expect
      .poll(async () =>
        (await cards(page).getByTestId('prompt-price').allTextContents()).every((p) => /^\$\d/.test(p)),
      )
      .toBe(true);
    expect(await cards(page).count()).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: 'Buy Prompt' }).first()).toBeEnabled();
  });

  test('finds a prompt by a word of its title and keeps the search across a reload', async ({ page }) => {
    await page.goto('/marketplace');
    await expect(cards(page).first()).toBeVisible();
    const titles = await cards(page).getByRole('heading', { level: 3 }).allTextContents();
    // A distinctive word: the longest one of a title somewhere down the list.
    const title = titles[Math.min(7, titles.length - 1)]!;
    const word = title.split(/[^A-Za-z]+/).reduce((a, b) => (b.length > a.length ? b : a), '');

    const search = page.getByRole('searchbox', { name: 'Search prompts' });
    await search.fill(word);
    await expect(page).toHaveURL(new RegExp(`search=${word}`));
    await expect(cards(page).getByRole('heading', { name: title, exact: true })).toBeVisible();
    await expect(page.getByTestId('result-count')).toContainText(word);

    await page.reload();
    await expect(search).toHaveValue(word);
    await expect(cards(page).getByRole('heading', { name: title, exact: true })).toBeVisible();

    // Leaving and coming Back finds the same search.
    await page.getByRole('link', { name: 'Features' }).first().click();
    await expect(page).toHaveURL(/\/features$/);
    await page.goBack();
    await expect(search).toHaveValue(word);
    await expect(cards(page).getByRole('heading', { name: title, exact: true })).toBeVisible();
  });

  test('takes search and category from the URL, sorts by best match, and keeps them across a reload', async ({
    page,
  }) => {
    await page.goto('/marketplace?search=sql&category=analytics');
    const search = page.getByRole('searchbox', { name: 'Search prompts' });
    await expect(search).toHaveValue('sql');
    await expect(page.getByRole('button', { name: /^Analytics/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(chosen(page, 'Sort by')).toHaveText('Best match');
    await expect(cards(page).first()).toBeVisible();
    await expect
      .poll(async () => [...new Set(await cards(page).getByTestId('prompt-category').allTextContents())])
      .toEqual(['Analytics']);
    await expect(page.getByTestId('result-count')).toContainText('“sql”');

    await page.reload();
    await expect(search).toHaveValue('sql');
    await expect(page.getByRole('button', { name: /^Analytics/ })).toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(async () => [...new Set(await cards(page).getByTestId('prompt-category').allTextContents())])
      .toEqual(['Analytics']);

    // Best match is a choice only while searching.
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(page).not.toHaveURL(/search=/);
    const sort = page.getByRole('combobox', { name: 'Sort by' });
    await expect(chosen(page, 'Sort by')).toHaveText('Latest');
    await expect(sort.getByRole('option', { name: 'Most popular' })).toHaveCount(1);
    await expect(sort.getByRole('option', { name: 'Best match' })).toHaveCount(0);
  });

  test('sorts and filters from the keyboard', async ({ page }) => {
    await page.goto('/marketplace');
    await page.getByRole('combobox', { name: 'Sort by' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(page).toHaveURL(/sort=popular/);
    await expect(chosen(page, 'Sort by')).toHaveText('Most popular');
    // Typing on the closed select picks the choice that starts with the letters.
    await page.getByRole('combobox', { name: 'Type' }).focus();
    await page.keyboard.type('Pre');
    await expect(page).toHaveURL(/type=premium/);
  });

  test('shows how many prompts each category holds', async ({ page }) => {
    await page.goto('/marketplace');
    const pill = page.getByRole('group', { name: 'Category' }).getByRole('button', { name: /^Writing/ });
    await expect(pill.getByTestId('category-count')).toHaveText(/\d/);
    const count = Number((await pill.getByTestId('category-count').textContent())?.replace(/[^\d]/g, ''));
    await pill.click();
    await expect(page).toHaveURL(/category=writing/);
    await expect.poll(() => resultTotal(page)).toBe(count);
  });

  test('pages through the catalogue fifty at a time', async ({ page }) => {
    await page.goto('/marketplace');
    await expect(cards(page).first()).toBeVisible();
    const total = await resultTotal(page);
    expect(total).toBeGreaterThan(50);
    await expect(cards(page)).toHaveCount(50);
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    const firstTitle = await cards(page).first().getByRole('heading', { level: 3 }).textContent();

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(cards(page)).toHaveCount(Math.min(50, total - 50));
    await expect(cards(page).first().getByRole('heading', { level: 3 })).not.toHaveText(firstTitle!);

    await page.reload();
    await expect(cards(page)).toHaveCount(Math.min(50, total - 50));
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page).not.toHaveURL(/page=/);
    await expect(cards(page)).toHaveCount(50);
  });

  test('opens a prompt from its card, and the breadcrumb returns to the same results', async ({ page }) => {
    await page.goto('/marketplace?category=development&type=free');
    const card = cards(page).first();
    await expect(card).toBeVisible();
    const title = (await card.getByRole('heading', { level: 3 }).textContent())!;

    await card.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(/\/marketplace\/[\w-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(`${title} · Promptforge`);

    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Marketplace' })
      .click();
    await expect(page).toHaveURL(/\/marketplace\?category=development&type=free$/);
    await expect(page.getByRole('button', { name: /^Development/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(cards(page).getByRole('heading', { name: title, exact: true })).toBeVisible();
  });

  test('shows the empty state for a search with no match, and Clear filters brings everything back', async ({
    page,
  }) => {
    await page.goto('/marketplace');
    await expect(cards(page).first()).toBeVisible();

    const search = page.getByRole('searchbox', { name: 'Search prompts' });
    // No word of it is in any prompt, nor near one.
    await search.fill('qzxv zzyzx');
    await expect(page.getByRole('heading', { name: 'No prompts found' })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(cards(page).first()).toBeVisible();
    await expect(search).toHaveValue('');
    await expect(page).not.toHaveURL(/search=/);
  });

  test('recovers from a failed load with Try Again', async ({ page }) => {
    const lists = await failLists(page);
    await page.clock.install();
    // A list the browser asks for (the first page of /marketplace comes with the page itself).
    await page.goto('/marketplace?sort=popular');

    // The query retries with back-off (spec section 9: up to 3 times, 1 s, 2 s, 4 s) before giving up.
    await skipRetryBackOff(page, lists.failures);
    await expect(page.getByRole('heading', { name: 'Failed to load prompts' })).toBeVisible();
    await expect(page.getByText('There was an error loading the marketplace prompts.')).toBeVisible();
    await expect(page.getByText('Error loading prompts')).toBeVisible();
    await expect(page.getByText('Failed to load marketplace prompts. Please try again.')).toBeVisible();

    lists.recover();
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(cards(page).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Failed to load prompts' })).toHaveCount(0);
  });

  test('keeps the cards it came with when the rest of the page fails to load, and Try Again brings it', async ({
    page,
  }) => {
    const lists = await failLists(page);
    await page.clock.install();
    // The page comes with its first screenful of cards; the app asks for the rest of the page.
    await page.goto('/marketplace');
    await skipRetryBackOff(page, lists.failures);
    await expect(page.getByRole('heading', { name: 'Failed to load prompts' })).toBeVisible();
    await expect(cards(page)).toHaveCount(PAGING.marketplaceFirstScreen);
    await expect(page.getByTestId('result-count')).toHaveText(
      new RegExp(`^Showing ${PAGING.marketplaceFirstScreen} of \\d+ prompts$`),
    );

    lists.recover();
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(cards(page)).toHaveCount(PAGING.marketplace);
    await expect(page.getByRole('heading', { name: 'Failed to load prompts' })).toHaveCount(0);
  });
});
