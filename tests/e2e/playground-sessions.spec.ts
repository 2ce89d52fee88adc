import fs from 'node:fs';
import { expect, test } from './test';
import { signedInAccount } from './auth-helpers';

/*
 * Finding and keeping conversations (issue 55) in the browser: search Recent Sessions by title and
 * message text, rename and pin one (pinned first), export it as Markdown and JSON.
 */

test('search, rename, pin and export conversations from Recent Sessions', async ({ page, request }) => {
  const { token } = await signedInAccount(page, 'sessions');
  for (const message of ['Plan a trip to Lisbon', 'Bake sourdough bread', 'Learn the ukulele']) {
    const res = await request.post('/api/playground/chat', {
      headers: { authorization: `Bearer ${token}` },
      data: { model: 'claude', message },
    });
    expect(res.status()).toBe(200);
  }
  await page.goto('/playground');
  const list = page.getByTestId('recent-sessions');
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByRole('listitem').first()).toContainText('Learn the ukulele');

  // Search matches titles and what was said.
  await page.getByLabel('Search conversations').fill('sourdough');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Bake sourdough bread');
  await page.getByLabel('Search conversations').fill('no such words anywhere');
  await expect(page.getByText('No conversations match “no such words anywhere”.')).toBeVisible();
  await page.getByLabel('Search conversations').fill('');
  await expect(list.getByRole('listitem')).toHaveCount(3);

  // Rename the oldest, then pin it: it comes first.
  const oldest = list.getByRole('listitem').filter({ hasText: 'Plan a trip to Lisbon' });
  await oldest.hover();
  await oldest.getByRole('button', { name: 'Actions for conversation: Plan a trip to Lisbon' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await page.getByRole('dialog', { name: 'Rename conversation' }).getByLabel('Title').fill('Lisbon in May');
  await page.getByRole('button', { name: 'Save' }).click();
  const renamed = list.getByRole('listitem').filter({ hasText: 'Lisbon in May' });
  await expect(renamed).toBeVisible();
  await renamed.hover();
  await renamed.getByRole('button', { name: 'Actions for conversation: Lisbon in May' }).click();
  await page.getByRole('menuitem', { name: 'Pin' }).click();
  await expect(list.getByRole('listitem').first()).toContainText('Lisbon in May');
  await expect(list.getByRole('listitem').first().getByLabel('Pinned')).toBeVisible();

  // Export as Markdown and JSON.
  for (const [item, name, check] of [
    ['Export as Markdown', 'lisbon-in-may.md', '# Lisbon in May'],
    ['Export as JSON', 'lisbon-in-may.json', '"format": "promptforge.chat"'],
  ] as const) {
    await list.getByRole('listitem').first().hover();
    await list.getByRole('button', { name: 'Actions for conversation: Lisbon in May' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: item }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(name);
    expect(fs.readFileSync(await file.path(), 'utf8')).toContain(check);
  }
});

test('a ChatGPT export is imported into Recent Sessions, and a bad file is refused', async ({ page }) => {
  await signedInAccount(page, 'import');
  await page.goto('/playground');
  const node = (id: string, parent: string | null, role: string, text: string, time: number) => ({
    id,
    parent,
    message: { author: { role }, create_time: time, content: { content_type: 'text', parts: [text] } },
  });
  const file = JSON.stringify([
    {
      title: 'Imported otters',
      current_node: 'a1',
      mapping: {
        u1: node('u1', null, 'user', 'Tell me about otters', 1),
        a1: node('a1', 'u1', 'assistant', 'They hold hands.', 2),
      },
    },
  ]);
  const input = page.getByLabel('Import conversations file');
  await input.setInputFiles({
    name: 'conversations.json',
    mimeType: 'application/json',
    buffer: Buffer.from(file),
  });
  await expect(page.getByText('1 conversation imported')).toBeVisible();
  const list = page.getByTestId('recent-sessions');
  await list.getByRole('button', { name: /^Imported otters just now/ }).click();
  await expect(page.locator('[data-testid="message"][data-role="ai"]')).toContainText('They hold hands.');

  await input.setInputFiles({
    name: 'notes.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"a": 1}'),
  });
  await expect(
    page.getByText('This file is not a ChatGPT export (conversations.json) or a Promptforge chat export.'),
  ).toBeVisible();
});
