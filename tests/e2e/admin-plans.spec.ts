import { expect, test } from './test';
import { openAdminPanel } from './auth-helpers';

/* Plans Management (issue 8): create, edit and delete a plan, with the spec's validation and toasts. */

test('an admin creates, edits and deletes a plan', async ({ page }) => {
  const name = `Studio ${Date.now().toString(36)}`;
  await openAdminPanel(page, '/admin/plans');
  await expect(page.getByRole('heading', { name: 'Plans Management', level: 1 })).toBeVisible();
  await expect(page.getByText('Total Plans')).toBeVisible();
  await expect(page.getByTestId('admin-plan-card').first()).toBeVisible();
  // Delete is disabled on a plan people are on (Free holds the demo users).
  const free = page
    .getByTestId('admin-plan-card')
    .filter({ has: page.getByRole('heading', { name: 'Free' }) });
  await expect(free.getByRole('button', { name: 'Delete Free' })).toBeDisabled();

  await page.getByRole('button', { name: 'Create Plan' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create Plan' }).click();
  await expect(page.getByText('Please enter a plan name.')).toBeVisible();
  await dialog.getByLabel('Plan Name').fill(`  ${name}  `);
  await dialog.getByLabel('Description').fill('For small creative studios.');
  await dialog.getByLabel('Monthly Price').fill('29');
  await dialog.getByLabel('Annual Price').fill('278.40');
  await dialog.getByLabel('Priority').fill('9');
  const feature = dialog.getByRole('textbox', { name: 'Features' });
  await feature.fill('Shared prompt library');
  await feature.press('Enter');
  await feature.fill('Priority support');
  await dialog.getByRole('button', { name: 'Add feature' }).click();
  await expect(dialog.getByRole('button', { name: 'Add feature' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Limitations' }).fill('No API access');
  await dialog.getByRole('textbox', { name: 'Limitations' }).press('Enter');
  await dialog.getByLabel('Popular').click();
  await dialog.getByRole('button', { name: 'Create Plan' }).click();
  await expect(page.getByText('Plan created successfully')).toBeVisible();

  const card = page.getByTestId('admin-plan-card').filter({ has: page.getByRole('heading', { name }) });
  await expect(card).toContainText('Most Popular');
  await expect(card).toContainText('$29/month');
  await expect(card).toContainText('Shared prompt library');
  await expect(card).toContainText('No API access');
  await expect(card).toContainText('10 sessions a month');
  await page.getByLabel('Bill annually').click();
  await expect(card).toContainText('$278.40/year');
  await expect(card).toContainText('$23.20/month billed annually');

  await card.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(dialog.getByLabel('Plan Name')).toHaveValue(name);
  await dialog.getByLabel('Monthly Price').fill('35');
  await dialog.getByLabel('Playground sessions / month').fill('25');
  await expect(dialog.getByTestId('plan-models')).toContainText('Claude');
  await dialog.getByRole('switch', { name: /API access/ }).click();
  await dialog.getByLabel('Test budget / month').fill('12.50');
  await dialog.getByRole('button', { name: 'Remove Priority support' }).click();
  await dialog.getByRole('button', { name: 'Update Plan' }).click();
  await expect(page.getByText('Plan updated successfully')).toBeVisible();
  await page.getByLabel('Bill annually').click();
  await expect(card).toContainText('$35/month');
  await expect(card).toContainText('25 sessions a month');
  await expect(card.locator('[data-limit="api"]')).toHaveText('API access: API keys and the MCP server');
  await expect(card.locator('[data-limit="test-budget"]')).toHaveText('Test budget: $12.50 a month');
  await expect(card).not.toContainText('Priority support');

  await card.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete the plan?');
  await expect(confirm).toContainText('This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Plan deleted successfully')).toBeVisible();
  await expect(card).toHaveCount(0);
});
