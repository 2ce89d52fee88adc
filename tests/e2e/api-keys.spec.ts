import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './test';
import { type RegisteredAccount, registerAccount, useSession } from './auth-helpers';

/* API keys (issue 59): a Business subscriber makes a key, uses it, and revokes it; Free cannot. */

/** Subscribes the account to Business through the test gateway, as the pricing page does. */
async function subscribeToBusiness(request: APIRequestContext, account: RegisteredAccount) {
  const auth = { authorization: `Bearer ${account.token}` };
  const plans = (await (await request.get('/api/payments/plans')).json()).data.plans;
  const business = plans.find((p: { limits: { apiAccess: boolean } }) => p.limits.apiAccess);
  const order = (
    await (
      await request.post('/api/payments/create-order', { headers: auth, data: { planId: business.id } })
    ).json()
  ).data;
  const signed = (
    await (
      await request.post('/api/payments/test-gateway/pay', {
        headers: auth,
        data: { orderId: order.orderId, outcome: 'succeed' },
      })
    ).json()
  ).data;
  expect((await request.post('/api/payments/verify', { headers: auth, data: signed })).ok()).toBe(true);
}

test('a Business subscriber creates a key, uses it, and revokes it', async ({ page, request }) => {
  const account = await registerAccount(request, 'api-keys');
  await subscribeToBusiness(request, account);
  await useSession(page, account.token);
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Manage API keys' }).click();
  await expect(page).toHaveURL('/settings/api-keys');
  await expect(page).toHaveTitle('API keys · Promptforge');
  await expect(page.getByText('No API keys yet')).toBeVisible();

  const form = page.getByRole('form', { name: 'Create an API key' });
  await form.getByRole('button', { name: 'Create key' }).click();
  await expect(form.getByText('Please give the key a name')).toBeVisible();
  await form.getByLabel('Name').fill('My script');
  await form.getByRole('checkbox', { name: /Use playground/ }).check();
  await form.getByLabel('Expires in').selectOption('30');
  await form.getByRole('button', { name: 'Create key' }).click();

  const token = (await page.getByTestId('new-api-key-token').textContent())!.trim();
  expect(token).toMatch(/^pf_/);
  const row = page.getByTestId('api-key-row').filter({ hasText: 'My script' });
  await expect(row).toHaveAttribute('data-status', 'active');
  await expect(row).toContainText('Never used');
  await expect(row).toContainText('Read library');
  await expect(row).toContainText('Use playground');

  // The key works from a script, within its scopes.
  const withKey = { authorization: `Bearer ${token}` };
  const me = await request.get('/api/auth/me', { headers: withKey });
  expect(me.status()).toBe(200);
  expect((await me.json()).data.user.email).toBe(account.email);
  const write = await request.post('/api/user/prompts', {
    headers: withKey,
    data: { title: 'Nope', description: 'No scope', content: 'Not allowed here.', category: 'writing' },
  });
  expect(write.status()).toBe(403);

  // Shown once: gone after a reload, and the list says it was used.
  await page.reload();
  await expect(page.getByTestId('new-api-key')).toHaveCount(0);
  await expect(row).toContainText('Last used');

  await row.getByRole('button', { name: 'Revoke My script' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByText('API key revoked')).toBeVisible();
  await expect(row).toHaveAttribute('data-status', 'revoked');
  expect((await request.get('/api/auth/me', { headers: withKey })).status()).toBe(401);
});

test('a Free account is told its plan has no API access', async ({ page, request }) => {
  const account = await registerAccount(request, 'api-keys-free');
  await useSession(page, account.token);
  await page.goto('/settings/api-keys');
  await expect(page.getByTestId('no-api-access')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Create an API key' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Compare plans' }).click();
  await expect(page).toHaveURL('/pricing');
  await expect(page.locator('[data-plan="business"] [data-limit="api"]')).toHaveText(
    'API access: API keys and the MCP server',
  );
});
