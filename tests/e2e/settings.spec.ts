import { type Page } from '@playwright/test';
import { expect, test } from './test';
import { type RegisteredAccount, registerAccount, signIn, useSession } from './auth-helpers';

/* /settings (spec section 8 toasts): profile, password, theme and account deletion. */

const region = (page: Page, name: string) => page.getByRole('region', { name });
const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

/** Settings, signed in as the account (the way back through the sign-in form is in auth.spec.ts). */
async function openSettings(page: Page, account: RegisteredAccount) {
  await useSession(page, account.token);
  await page.goto('/settings');
  await expect(page).toHaveURL('/settings');
  await expect(page).toHaveTitle('Settings · Promptforge');
}

test('changing the name shows in the header at once', async ({ page, request }) => {
  const account = await registerAccount(request, 'profile');
  await openSettings(page, account);
  const profile = region(page, 'Profile');
  await expect(profile.getByLabel('Full name')).toHaveValue(account.name);
  await expect(profile.getByLabel('Email')).toHaveValue(account.email);
  await expect(profile.getByRole('button', { name: 'Save Profile' })).toBeDisabled();

  await profile.getByLabel('Full name').fill('A');
  await profile.getByRole('button', { name: 'Save Profile' }).click();
  await expect(profile.getByText('Full name must be at least 2 characters')).toBeVisible();
  await expect(profile.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');

  await profile.getByLabel('Full name').fill('Grace Hopper');
  await profile.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile Updated')).toBeVisible();
  await expect(
    page.getByRole('banner').getByRole('button', { name: 'Account menu for Grace Hopper' }),
  ).toBeVisible();

  await page.reload();
  await expect(region(page, 'Profile').getByLabel('Full name')).toHaveValue('Grace Hopper');
});

test('an e-mail address of another account is refused beside the field', async ({ page, request }) => {
  const [account, other] = await Promise.all([
    registerAccount(request, 'email-a'),
    registerAccount(request, 'email-b'),
  ]);
  await openSettings(page, account);
  const profile = region(page, 'Profile');
  await profile.getByLabel('Email').fill(other.email);
  await profile.getByRole('button', { name: 'Save Profile' }).click();
  await expect(profile.getByText('An account with this email already exists')).toBeVisible();
});

test('the theme is applied, saved to the account and kept after a reload', async ({ page, request }) => {
  const account = await registerAccount(request, 'theme');
  await openSettings(page, account);
  const appearance = region(page, 'Appearance');
  await expect(appearance.getByRole('radio', { name: /Dark/ })).toHaveAttribute('aria-checked', 'true');
  expect(await isDark(page)).toBe(true);

  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/user/settings') && r.request().method() === 'PUT',
  );
  await appearance.getByRole('radio', { name: /Light/ }).click();
  await expect.poll(() => isDark(page)).toBe(false);
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Theme Updated')).toBeVisible();

  await page.reload();
  expect(await isDark(page)).toBe(false);
  await expect(region(page, 'Appearance').getByRole('radio', { name: /Light/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const settings = await request.get('/api/user/settings', { headers: { authorization: `Bearer ${token}` } });
  expect((await settings.json()).data.theme).toBe('light');
});

test('a saved theme follows the account to a new browser', async ({ browser, request }) => {
  const account = await registerAccount(request, 'theme-sync');
  await request.put('/api/user/settings', {
    headers: { authorization: `Bearer ${account.token}` },
    data: { theme: 'light' },
  });
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/auth/login');
  expect(await isDark(page)).toBe(true);
  await signIn(page, account);
  await expect(page).toHaveURL('/dashboard');
  await expect.poll(() => isDark(page)).toBe(false);
  await context.close();
});

test('changing the password: checks, then the new password signs in', async ({ page, request }) => {
  const account = await registerAccount(request, 'password');
  const newPassword = `Changed-${account.password}`;
  await openSettings(page, account);
  const section = region(page, 'Password');
  const submit = section.getByRole('button', { name: 'Update Password' });

  await section.getByLabel('Current password').fill('wrong-current-pass');
  await section.getByLabel('New password', { exact: true }).fill('short');
  await section.getByLabel('Confirm new password').fill('different');
  await submit.click();
  await expect(section.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(section.getByText("New passwords don't match")).toBeVisible();

  await section.getByLabel('New password', { exact: true }).fill(newPassword);
  await section.getByLabel('Confirm new password').fill(newPassword);
  await submit.click();
  await expect(section.getByText('Current password is incorrect')).toBeVisible();

  await section.getByLabel('Current password').fill(account.password);
  await submit.click();
  await expect(page.getByText('Password Updated')).toBeVisible();
  await expect(page.getByText('Your other sessions have been signed out.')).toBeVisible();
  await expect(section.getByLabel('Current password')).toHaveValue('');

  // This browser stays signed in; the next sign-in needs the new password.
  await page.reload();
  await expect(page).toHaveURL('/settings');
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Account menu for / })
    .click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/');
  await signIn(page, account);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Invalid email or password');
  await signIn(page, { email: account.email, password: newPassword });
  await expect(page).toHaveURL('/dashboard');
});

test('deleting the account asks for the password, signs out and goes home', async ({ page, request }) => {
  const account = await registerAccount(request, 'delete');
  await openSettings(page, account);
  await region(page, 'Danger zone').getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Password', { exact: true }).fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete Account' }).click();
  await expect(dialog.getByText('Password is incorrect')).toBeVisible();

  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Delete Account' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByText('Account Deleted')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

  await signIn(page, account);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Invalid email or password');
});
