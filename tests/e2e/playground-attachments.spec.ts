import { signedInAccount } from './auth-helpers';
import { expect, test } from './test';

/*
 * Files in the playground (issue 55): pick an image and a PDF with the paperclip, send them with a
 * message, see them in the conversation (the image as a thumbnail) after a reload too; a file the
 * chosen model cannot read is refused with the reason, and the message and files come back.
 */

// A 1x1 PNG and the smallest PDF header: what the server recognises files by.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

test('attach an image and a PDF, send them, and see them after a reload', async ({ page }) => {
  await signedInAccount(page, 'files');
  await page.goto('/playground');
  await page
    .getByRole('radiogroup', { name: 'AI model' })
    .getByRole('radio', { name: /Claude/ })
    .click();
  await expect(page.getByRole('button', { name: 'Attach files' })).toBeEnabled();
  await page.getByTestId('attach-input').setInputFiles([
    { name: 'chart.png', mimeType: 'image/png', buffer: PNG },
    { name: 'report.pdf', mimeType: 'application/pdf', buffer: PDF },
  ]);
  const pending = page.getByRole('list', { name: 'Files to send' }).getByRole('listitem');
  await expect(pending).toHaveCount(2);
  await expect(pending.first()).toHaveAttribute('data-status', 'ready');
  await expect(pending.last()).toHaveAttribute('data-status', 'ready');
  await expect(pending.last()).toContainText('report.pdf');

  const composer = page.getByLabel('Message', { exact: true });
  await composer.fill('What does the chart show?');
  await page.screenshot({ path: '.tmp/screens/playground-attach-pending-1280.png' });
  await composer.press('Enter');
  const reply = page.locator('[data-testid="message"][data-role="ai"]').last();
  await expect(reply).toHaveAttribute('data-status', 'complete', { timeout: 15_000 });
  await expect(reply).toContainText('You attached 2 files');
  await expect(page.getByRole('list', { name: 'Files to send' })).toHaveCount(0);

  const sent = page
    .locator('[data-testid="message"][data-role="user"]')
    .getByRole('list', { name: 'Attached files' });
  await expect(sent.getByRole('img', { name: 'chart.png' })).toBeVisible();
  await expect(sent.getByRole('link', { name: /report\.pdf/ })).toHaveAttribute('download', 'report.pdf');
  await sent.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.tmp/screens/playground-attachments-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await sent.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.tmp/screens/playground-attachments-390.png' });

  await page.reload();
  await expect(sent.getByRole('img', { name: 'chart.png' })).toBeVisible();
  expect(
    await sent.getByRole('img', { name: 'chart.png' }).evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBe(1);
});

test('a file the model cannot read is refused with the reason, and the message and file come back', async ({
  page,
}) => {
  await signedInAccount(page, 'files-refused');
  await page.goto('/playground');
  await page
    .getByRole('radiogroup', { name: 'AI model' })
    .getByRole('radio', { name: /Perplexity/ })
    .click();
  // Perplexity reads images, not PDF files: the picker offers images only, and the server says no to a PDF.
  await expect(page.getByTestId('attach-input')).toHaveAttribute(
    'accept',
    'image/png,image/jpeg,image/gif,image/webp',
  );
  await page
    .getByTestId('attach-input')
    .setInputFiles([{ name: 'notes.pdf', mimeType: 'application/pdf', buffer: PDF }]);
  await expect(page.getByRole('list', { name: 'Files to send' }).getByRole('listitem')).toHaveAttribute(
    'data-status',
    'ready',
  );
  const composer = page.getByLabel('Message', { exact: true });
  await composer.fill('Summarise my notes');
  await composer.press('Enter');
  await expect(page.getByRole('alert')).toContainText(
    'Perplexity cannot read PDF files. Choose a model that can.',
  );
  await expect(composer).toHaveValue('Summarise my notes');
  await expect(page.getByRole('list', { name: 'Files to send' })).toContainText('notes.pdf');

  // Removing the file lets the message go.
  await page.getByRole('button', { name: 'Remove notes.pdf' }).click();
  await composer.press('Enter');
  await expect(page.locator('[data-testid="message"][data-role="ai"]').last()).toHaveAttribute(
    'data-status',
    'complete',
    { timeout: 15_000 },
  );
});
