import { expect, test } from './test';
import { DEMO_ADMIN, apiSignIn, openAdminPanel, registerAccount, useSession } from './auth-helpers';

/*
 * The admin's default chat preset (issue 55, decision 065): set on the admin's Models page, it
 * starts a new user's chat (model, system prompt, temperature), and the user can still pick their
 * own. It changes what every user sees, so this spec runs after the others (playwright.config.ts).
 */

test.describe.configure({ mode: 'serial' });

const SYSTEM_PROMPT = 'Answer in three sentences at most.';

test.afterAll(async ({ request }) => {
  const token = await apiSignIn(request, DEMO_ADMIN, 'admin');
  const removed = await request.delete('/api/admin/models/default-preset', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(removed.status()).toBe(200);
});

test('an admin sets a default preset, and a new user’s chat starts from it', async ({ page, browser }) => {
  await openAdminPanel(page, '/admin/models');
  const card = page.getByTestId('default-preset-card');
  await card.getByLabel('Name').fill('Concise helper');
  await card.getByLabel('Model').selectOption({ label: 'ChatGPT' });
  await card.getByLabel('System prompt (optional)').fill(SYSTEM_PROMPT);
  await card.getByLabel('Temperature (0–2)').fill('3');
  await card.getByRole('button', { name: 'Save default preset' }).click();
  await expect(card.getByText('Temperature must be a number from 0 to 2')).toBeVisible();
  await card.getByLabel('Temperature (0–2)').fill('0.3');
  await card.getByRole('button', { name: 'Save default preset' }).click();
  await expect(page.getByText('Default preset saved')).toBeVisible();
  await page.reload();
  await expect(card.getByLabel('Name')).toHaveValue('Concise helper');

  // A new user, in a browser of their own.
  const context = await browser.newContext();
  const user = await context.newPage();
  const account = await registerAccount(user.request, 'default-preset');
  await useSession(user, account.token);
  await user.goto('/playground');
  const composer = user.getByLabel('Message', { exact: true });
  await expect(composer).toHaveAttribute('placeholder', 'Message ChatGPT…');
  await user.getByRole('button', { name: 'Chat settings' }).click();
  const dialog = user.getByRole('dialog', { name: 'Chat settings' });
  await expect(dialog.getByTestId('start-preset')).toContainText(
    'Starts from the default preset “Concise helper”',
  );
  await expect(dialog.getByLabel('System prompt')).toHaveValue(SYSTEM_PROMPT);
  await expect(dialog.getByLabel('Temperature (0–2)')).toHaveValue('0.3');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await composer.fill('How do I brew green tea?');
  await composer.press('Enter');
  const reply = user.locator('[data-testid="message"][data-role="ai"]').first();
  await expect(reply).toHaveAttribute('data-status', 'complete', { timeout: 15_000 });
  await expect(reply).toContainText(`Following your system prompt: "${SYSTEM_PROMPT}"`);
  const sessions = await user.request.get('/api/playground/sessions', {
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect((await sessions.json()).data.sessions[0].model).toBe('chatgpt');

  // Their own preset still wins when they pick it.
  await user.getByRole('button', { name: 'Clear Chat' }).click();
  const mine = await user.request.post('/api/playground/presets', {
    headers: { authorization: `Bearer ${account.token}` },
    data: { name: 'Pirate', model: 'claude', settings: { systemPrompt: 'Answer like a pirate.' } },
  });
  expect(mine.status()).toBe(201);
  await user.reload();
  await user.getByRole('button', { name: 'Chat settings' }).click();
  await dialog.getByLabel('Start from a preset').selectOption({ label: 'Pirate' });
  await expect(dialog.getByLabel('System prompt')).toHaveValue('Answer like a pirate.');
  await expect(dialog.getByTestId('start-preset')).toHaveCount(0);
  await context.close();
});
