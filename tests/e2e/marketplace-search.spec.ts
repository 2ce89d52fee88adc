import { expect, test } from './test';

/*
 * Search as a new user types it on the demo catalogue (issue 53): a misspelt plural finds the
 * prompt, its matched word marked in the card, with the search's count next to its category, and
 * the query and filters kept in the URL.
 */

test.describe('marketplace search', () => {
  test('a misspelt plural finds the prompt, highlighted, with its category count', async ({ page }) => {
    await page.goto('/marketplace');
    const box = page.getByRole('searchbox', { name: 'Search prompts' });
    await box.fill('dashbords');
    await expect(page).toHaveURL(/search=dashbords/);

    const card = page.getByTestId('prompt-card').filter({ hasText: 'KPI Dashboard Designer' });
    await expect(card).toBeVisible();
    await expect(page.getByTestId('prompt-card').first()).toContainText('KPI Dashboard Designer');
    await expect(card.getByTestId('search-match').first()).toHaveText('Dashboard');

    // The category pills count this search's matches: Analytics holds the prompt.
    const analytics = page
      .getByRole('group', { name: 'Category' })
      .getByRole('button', { name: /Analytics/ });
    await expect(analytics.getByTestId('category-count')).toHaveText(/^\(?[1-9]/);
    await expect(page.getByTestId('search-suggestion')).toContainText('Did you mean dashboards?');

    // Choosing the category keeps the search, in the URL too.
    await analytics.click();
    await expect(page).toHaveURL(/category=analytics/);
    await expect(page).toHaveURL(/search=dashbords/);
    await expect(card).toBeVisible();
    await page.reload();
    await expect(box).toHaveValue('dashbords');
    await expect(card).toBeVisible();
  });

  test('an empty result says what was searched and offers to clear the filters', async ({ page }) => {
    await page.goto('/marketplace?search=dashboard&category=writing');
    const empty = page.getByTestId('marketplace-empty');
    await expect(empty).toContainText('Nothing matches “dashboard” in Writing');
    await empty.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).not.toHaveURL(/search=/);
    await expect(page.getByTestId('prompt-card').first()).toBeVisible();
  });
});
