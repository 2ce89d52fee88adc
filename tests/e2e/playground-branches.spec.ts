import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './test';
import { signedInAccount } from './auth-helpers';

/*
 * Issue 55 in the browser, against the offline demo model: session settings and presets, regenerate
 * and browse the alternatives, edit a message and switch branches, continue a reply the length
 * limit cut. Every test signs up its own account.
 */

const DEMO_REPLY_END = 'on the server.';

const composer = (page: Page) => page.getByLabel('Message', { exact: true });
const aiMessages = (page: Page) => page.locator('[data-testid="message"][data-role="ai"]');
const userMessages = (page: Page) => page.locator('[data-testid="message"][data-role="user"]');

async function openPlayground(page: Page) {
  await signedInAccount(page, 'branch');
  await page.goto('/playground');
  await expect(page.getByRole('heading', { name: 'How can I help you today?' })).toBeVisible();
}

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

async function complete(reply: Locator) {
  await expect(reply).toHaveAttribute('data-status', 'complete', { timeout: 15_000 });
}

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Chat settings' }).click();
  return page.getByRole('dialog', { name: 'Chat settings' });
}

test('a system prompt set before the chat reaches the model, and a preset starts the next chat', async ({
  page,
}) => {
  await openPlayground(page);
  let dialog = await openSettings(page);
  await dialog.getByLabel('Temperature (0–2)').fill('5');
  await dialog.getByRole('button', { name: 'Save settings' }).click();
  await expect(dialog.getByText('Temperature must be a number from 0 to 2')).toBeVisible();
  await dialog.getByLabel('Temperature (0–2)').fill('0.4');
  await dialog.getByLabel('System prompt').fill('Answer like a pirate.');
  await dialog.getByLabel('Preset name').fill('Pirate');
  await dialog.getByRole('button', { name: 'Save preset' }).click();
  await expect(page.getByText('Preset “Pirate” saved')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save settings' }).click();
  await expect(dialog).toBeHidden();

  await send(page, 'How do I tie a bowline?');
  const reply = aiMessages(page).first();
  await complete(reply);
  await expect(reply).toContainText('Following your system prompt: "Answer like a pirate."');

  // The conversation keeps its settings after a reload.
  await page.reload();
  dialog = await openSettings(page);
  await expect(dialog.getByLabel('System prompt')).toHaveValue('Answer like a pirate.');
  await expect(dialog.getByLabel('Temperature (0–2)')).toHaveValue('0.4');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // A new chat starts from the defaults, and the preset fills the settings back in.
  await page.getByRole('button', { name: 'Clear Chat' }).click();
  dialog = await openSettings(page);
  await expect(dialog.getByLabel('System prompt')).toHaveValue('');
  await dialog.getByLabel('Start from a preset').selectOption({ label: 'Pirate' });
  await expect(dialog.getByLabel('System prompt')).toHaveValue('Answer like a pirate.');
  await dialog.getByRole('button', { name: 'Save settings' }).click();
  await send(page, 'And a reef knot?');
  await complete(aiMessages(page).first());
  await expect(aiMessages(page).first()).toContainText('Following your system prompt');
});

test('regenerate keeps the earlier reply, and the alternatives can be browsed', async ({ page }) => {
  await openPlayground(page);
  await send(page, 'Name a good first houseplant');
  await complete(aiMessages(page).first());
  const reply = aiMessages(page).first();
  await reply.hover();
  await reply.getByRole('button', { name: 'Regenerate reply' }).click();
  await complete(aiMessages(page).first());
  const pager = aiMessages(page).first().getByTestId('alternatives');
  await expect(pager).toContainText('2 / 2');
  await aiMessages(page).first().hover();
  await pager.getByRole('button', { name: 'Previous reply' }).click();
  await expect(aiMessages(page).first().getByTestId('alternatives')).toContainText('1 / 2');
  // What is shown stays after a reload.
  await page.reload();
  await expect(aiMessages(page).first().getByTestId('alternatives')).toContainText('1 / 2');
  await expect(page.getByTestId('usage-meter')).toContainText('1 of 10 sessions this month');
});

test('editing a message branches the conversation; the old branch stays reachable', async ({ page }) => {
  await openPlayground(page);
  await send(page, 'Suggest a name for a cat');
  await complete(aiMessages(page).first());
  await send(page, 'Make it shorter');
  await complete(aiMessages(page).nth(1));

  const second = userMessages(page).nth(1);
  await second.hover();
  await second.getByRole('button', { name: 'Edit message' }).click();
  await page.getByRole('textbox', { name: 'Edit message' }).fill('Make it longer');
  await page.getByRole('button', { name: 'Save and send' }).click();
  await complete(aiMessages(page).nth(1));
  await expect(userMessages(page).nth(1).getByTestId('message-content')).toHaveText('Make it longer');
  const pager = userMessages(page).nth(1).getByTestId('alternatives');
  await expect(pager).toContainText('2 / 2');

  await userMessages(page).nth(1).hover();
  await pager.getByRole('button', { name: 'Previous version' }).click();
  await expect(userMessages(page).nth(1).getByTestId('message-content')).toHaveText('Make it shorter');
  await expect(aiMessages(page)).toHaveCount(2);
});

test('a reply cut by the length limit can be continued to its end', async ({ page }) => {
  await openPlayground(page);
  const dialog = await openSettings(page);
  await dialog.getByLabel('Maximum reply length (tokens)').fill('20');
  await dialog.getByRole('button', { name: 'Save settings' }).click();
  await send(page, 'Explain photosynthesis');
  const reply = aiMessages(page).first();
  await complete(reply);
  await expect(reply).not.toContainText(DEMO_REPLY_END);
  // Each continue adds up to 20 more tokens; go on until the reply ends by itself.
  for (let i = 0; i < 30; i++) {
    const more = reply.getByRole('button', { name: 'Continue' });
    if ((await more.count()) === 0) break;
    await more.click();
    await complete(reply);
  }
  await expect(reply).toContainText(DEMO_REPLY_END);
  await expect(reply.getByRole('button', { name: 'Continue' })).toHaveCount(0);
});

test('keyboard shortcuts: the ? sheet, focus, regenerate and new chat', async ({ page }) => {
  await openPlayground(page);
  await page.getByRole('heading', { name: 'How can I help you today?' }).click();
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toContainText('Regenerate the last reply');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  await page.keyboard.press('/');
  await expect(composer(page)).toBeFocused();
  await page.keyboard.type('Name three rivers');
  await page.keyboard.press('Enter');
  await complete(aiMessages(page).first());
  await page.keyboard.press('Alt+Shift+R');
  await complete(aiMessages(page).first());
  await expect(aiMessages(page).first().getByTestId('alternatives')).toContainText('2 / 2');

  await page.keyboard.press('Control+Shift+O');
  await expect(page.getByRole('heading', { name: 'How can I help you today?' })).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1280, 390]) {
    test(`chat settings screenshot, ${theme}, ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
      await page.emulateMedia({ colorScheme: theme });
      await page.addInitScript((t) => localStorage.setItem('promptforge-theme', t), theme);
      await openPlayground(page);
      const dialog = await openSettings(page);
      await dialog.getByLabel('System prompt').fill('You review pull requests. Be specific and kind.');
      await dialog.getByLabel('Temperature (0–2)').fill('0.2');
      await dialog.getByLabel('Maximum reply length (tokens)').fill('600');
      const box = await dialog.boundingBox();
      expect(box!.width).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `.tmp/screenshots/chat-settings-${theme}-${width}.png` });
    });
  }
}
