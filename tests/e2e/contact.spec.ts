import { type Page } from '@playwright/test';
import { expect, test } from './test';

/* Contact Sales (spec section 2): validation, 2 s sending, 'Message Sent!', closes itself after 3 s. */

async function openContactSales(page: Page) {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Contact Sales' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact Sales' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('an empty submit names every required field', async ({ page }) => {
  const dialog = await openContactSales(page);
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(dialog.getByText('Full name is required')).toBeVisible();
  await expect(dialog.getByText('Email is required')).toBeVisible();
  await expect(dialog.getByText('Message is required')).toBeVisible();
  await expect(dialog.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Company (optional)')).not.toHaveAttribute('aria-invalid', 'true');

  await dialog.getByLabel('Email').fill('not-an-address');
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
});

test('a valid message is sent, confirmed, and the dialog closes by itself', async ({ page }) => {
  const dialog = await openContactSales(page);
  await dialog.getByLabel('Full name').fill('Jane Cooper');
  await dialog.getByLabel('Email').fill('jane@example.com');
  await dialog.getByLabel('Company (optional)').fill('Acme Inc.');
  await dialog.getByLabel('Message').fill('We would like 20 seats for our support team.');

  const responsePromise = page.waitForResponse(
    (r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST',
  );
  const started = Date.now();
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(dialog.getByRole('button', { name: 'Sending...' })).toBeDisabled();

  const response = await responsePromise;
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { success: boolean; data: { id: string } };
  expect(body.success).toBe(true);
  expect(body.data.id).toBeTruthy();
  expect(response.request().postDataJSON()).toMatchObject({
    name: 'Jane Cooper',
    email: 'jane@example.com',
    company: 'Acme Inc.',
    message: 'We would like 20 seats for our support team.',
  });

  const sent = page.getByRole('dialog', { name: 'Message Sent!' });
  await expect(sent).toBeVisible();
  // However fast the server is, 'Sending...' shows for 2 s.
  expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  await expect(sent.getByText('Our sales team will contact you within 24 hours.')).toBeVisible();

  await expect(sent).toBeHidden({ timeout: 5_000 });
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Opened again, it starts empty.
  await page.getByRole('contentinfo').getByRole('button', { name: 'Contact Sales' }).click();
  await expect(page.getByRole('dialog', { name: 'Contact Sales' }).getByLabel('Full name')).toHaveValue('');
});

test('a server error keeps what was typed and shows the server message', async ({ page }) => {
  await page.route('**/api/contact', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        success: false,
        message: 'Invalid request. Please check your input.',
        code: 'VALIDATION_ERROR',
        status: 400,
        details: [{ field: 'email', message: 'This address cannot receive mail' }],
        requestId: 'test',
      }),
    }),
  );
  const dialog = await openContactSales(page);
  await dialog.getByLabel('Full name').fill('Jane Cooper');
  await dialog.getByLabel('Email').fill('jane@example.com');
  await dialog.getByLabel('Message').fill('Hello');
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(dialog.getByRole('button', { name: 'Sending...' })).toBeVisible();

  await expect(dialog.getByRole('alert')).toHaveText('Invalid request. Please check your input.');
  await expect(dialog.getByText('This address cannot receive mail')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  await expect(dialog.getByLabel('Full name')).toHaveValue('Jane Cooper');
  await expect(dialog.getByLabel('Message')).toHaveValue('Hello');
});
