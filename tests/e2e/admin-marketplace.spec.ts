import { expect, test } from './test';
import { openAdminPanel } from './auth-helpers';

/*
 * Admin marketplace management (issue 8): create a prompt in the panel, feature it from the table's
 * icon, and buyers see the Featured badge in the public marketplace; the spec's validation toast.
 */

// A journey of some twenty steps: more than the default 30 s when the machine is busy.
test.describe.configure({ timeout: 60_000 });

test('an admin creates a prompt, features it, and the marketplace shows the Featured badge', async ({
  page,
}) => {
  const title = `Zephyr Launch Brief ${Date.now().toString(36)}`;
  await openAdminPanel(page, '/admin/marketplace');
  await expect(page.getByRole('heading', { name: 'Marketplace Management', level: 1 })).toBeVisible();
  await expect(page.getByText('Total Prompts')).toBeVisible();

  await page.getByRole('button', { name: 'Create Prompt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create prompt' });
  await dialog.getByRole('button', { name: 'Create prompt' }).click();
  await expect(page.getByText('Validation Error')).toBeVisible();
  await expect(dialog.getByText('Title is required')).toBeVisible();

  await dialog.getByLabel('Title').fill(`  ${title}  `);
  await dialog.getByLabel('Description').fill('A launch brief for a new product, ready for the team.');
  await dialog.getByLabel('Content').fill('Too short');
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Marketing' }).click();
  await dialog.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Published' }).click();
  await dialog.getByRole('button', { name: 'Create prompt' }).click();
  await expect(dialog.getByText('Content must be at least 10 characters long')).toBeVisible();
  await dialog
    .getByLabel('Content')
    .fill('Write a one-page launch brief for {{product}} with goals and risks.');
  await dialog.getByRole('button', { name: 'Create prompt' }).click();
  await expect(page.getByText('Prompt created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search prompts' }).fill(title);
  await expect(page).toHaveURL(/search=Zephyr/);
  const row = page.getByTestId('admin-prompt-row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('admin@promptforge.test');
  await expect(row).toContainText('Published');

  await row.getByRole('button', { name: `Feature ${title}` }).click();
  await expect(page.getByText('Prompt featured')).toBeVisible();
  await expect(row.getByRole('button', { name: `Unfeature ${title}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.goto(`/marketplace?search=${encodeURIComponent(title)}`);
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card.getByTitle('Featured')).toBeVisible();
});

test('the header search and Review Pending Prompts links prefill the filters', async ({ page }) => {
  await openAdminPanel(page, '/admin/marketplace?search=negotiation&status=draft');
  await expect(page.getByRole('searchbox', { name: 'Search prompts' })).toHaveValue('negotiation');
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Draft (pending)');
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(page).toHaveURL('/admin/marketplace');
  await expect(page.getByTestId('admin-prompt-row').first()).toBeVisible();
});
