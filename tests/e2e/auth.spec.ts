import { type Page } from '@playwright/test';
import { expect, test } from './test';
import {
  DEMO_USER,
  SESSION_EXPIRED,
  apiSignIn,
  newAccount,
  registerAccount,
  signIn,
  signedInAccount,
  unsignedToken,
  useSession,
} from './auth-helpers';

/*
 * Accounts in the browser (spec sections 2, 4 and 5): sign up, sign out, sign in, the guards around
 * the signed-in pages and the session-expiry notice. The forms are tested through the forms; the
 * tests about what follows a sign-in start from a session kept in the browser (auth-helpers.ts).
 */

const alert = (page: Page) => page.getByRole('main').getByRole('alert');
const header = (page: Page) => page.getByRole('banner');
const accountMenu = (page: Page) => header(page).getByRole('button', { name: /^Account menu for / });

test('sign up checks the form in the spec order, then lands on the dashboard', async ({ page }) => {
  const account = newAccount('signup');
  await page.goto('/auth/signup');
  await expect(page).toHaveTitle('Create Account · Promptforge');
  const submit = page.getByRole('button', { name: 'Create Account' });
  const name = page.getByLabel('Full name');
  const email = page.getByLabel('Email');
  const password = page.getByLabel('Password', { exact: true });
  const confirm = page.getByLabel('Confirm password');

  const steps: [() => Promise<void>, string][] = [
    [async () => {}, 'Full name is required'],
    [() => name.fill('A'), 'Full name must be at least 2 characters'],
    [() => name.fill(account.name), 'Email is required'],
    [() => email.fill('not-an-address'), 'Please enter a valid email address'],
    [() => email.fill(account.email), 'Password is required'],
    [() => password.fill('12345'), 'Password must be at least 6 characters long'],
    [() => password.fill(account.password), 'Please confirm your password'],
    [() => confirm.fill(`${account.password}x`), 'Passwords do not match'],
  ];
  for (const [change, message] of steps) {
    await change();
    await submit.click();
    // One message at a time, in the red alert.
    await expect(alert(page)).toHaveText(message);
  }

  // Each password field has its own show/hide toggle.
  const toggles = page.getByRole('button', { name: 'Show password' });
  await expect(toggles).toHaveCount(2);
  await toggles.first().click();
  await expect(password).toHaveAttribute('type', 'text');
  await toggles.first().click();
  await expect(password).toHaveAttribute('type', 'password');

  await confirm.fill(account.password);
  await submit.click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome back, ${account.name}`);
  await expect(page.getByText('Free Plan')).toBeVisible();
  await expect(page.getByText('0 / 10 sessions used')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();
  expect(await page.evaluate(() => localStorage.getItem('role'))).toBe('user');
});

test('an e-mail address that already has an account is refused', async ({ page, request }) => {
  const existing = await registerAccount(request, 'taken');
  await page.goto('/auth/signup');
  await page.getByLabel('Full name').fill('Someone Else');
  await page.getByLabel('Email').fill(existing.email.toUpperCase());
  await page.getByLabel('Password', { exact: true }).fill('another-pass-42');
  await page.getByLabel('Confirm password').fill('another-pass-42');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(alert(page)).toHaveText('An account with this email already exists');
  await expect(page).toHaveURL('/auth/signup');
});

test('sign in: both fields, a valid address, then the server decides', async ({ page, request }) => {
  const account = await registerAccount(request, 'login');
  await page.goto('/auth/login');
  await expect(page).toHaveTitle('Sign In · Promptforge');
  const submit = page.getByRole('button', { name: 'Sign In', exact: true });

  await submit.click();
  await expect(alert(page)).toHaveText('Email and password are required');
  await page.getByLabel('Email').fill('nobody');
  await page.getByLabel('Password', { exact: true }).fill('whatever');
  await submit.click();
  await expect(alert(page)).toHaveText('Please enter a valid email address');

  await signIn(page, { email: account.email, password: 'wrong-password-1' });
  await expect(alert(page)).toHaveText('Invalid email or password');
  // An unknown address gets the same answer.
  await signIn(page, { email: `nobody-${Date.now()}@example.test`, password: 'wrong-password-1' });
  await expect(alert(page)).toHaveText('Invalid email or password');

  await signIn(page, account);
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome back, ${account.name}` })).toBeVisible();
});

test('the signed-in header, user menu and sign out', async ({ page }) => {
  await signedInAccount(page, 'menu');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /^Welcome back, / })).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText([
    'Home',
    'Marketplace',
    'Playground',
    'Dashboard',
    'Pricing',
  ]);
  await expect(header(page).getByRole('link', { name: 'Login' })).toHaveCount(0);

  await accountMenu(page).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Dashboard',
    'My library',
    'Settings',
    'Team',
    'Log out',
  ]);
  await menu.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL('/settings');

  // The first menu must have finished closing before the trigger opens it again.
  await expect(page.getByRole('menu')).toBeHidden();
  await accountMenu(page).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  // Signing out on a signed-in page goes home.
  await expect(page).toHaveURL('/');
  await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
  expect(
    await page.evaluate(() => [localStorage.getItem('authToken'), localStorage.getItem('role')]),
  ).toEqual([null, null]);

  // The server forgot the session too: the dashboard now asks for a sign-in.
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/auth/login');
});

test('the server ends the session at sign out', async ({ page, request }) => {
  const { token } = await signedInAccount(page, 'revoke');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /^Welcome back, / })).toBeVisible();
  await accountMenu(page).click();
  const logout = page.waitForResponse((r) => r.url().endsWith('/api/auth/logout'));
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  expect((await logout).status()).toBe(200);
  const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
});

test('a guard remembers the page and returns to it after sign in', async ({ page, request }) => {
  const account = await registerAccount(request, 'origin');
  await page.goto('/settings');
  await expect(page).toHaveURL('/auth/login');
  await signIn(page, account);
  await expect(page).toHaveURL('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
});

test('the remembered page survives a detour through sign up', async ({ page }) => {
  const account = newAccount('detour');
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/auth/login');
  await page.getByRole('main').getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL('/auth/signup');
  await page.getByLabel('Full name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL('/dashboard');
});

test('signed-in users are sent away from the sign-in pages', async ({ page }) => {
  await useSession(page, await apiSignIn(page.request, DEMO_USER));
  for (const path of ['/auth/login', '/auth/signup', '/auth/forgot-password', '/auth/reset-password/abc']) {
    await page.goto(path);
    await expect(page).toHaveURL('/dashboard');
  }
  // A regular user has no admin panel: admin pages and the admin login send them to the dashboard.
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/admin/login');
  await expect(page).toHaveURL('/dashboard');
});

test('visitors are sent to sign in from the signed-in pages', async ({ page }) => {
  for (const path of ['/dashboard', '/settings']) {
    await page.goto(path);
    await expect(page).toHaveURL('/auth/login');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  }
});

test('an expired stored token signs out with the notice', async ({ page }) => {
  const expired = unsignedToken({ sub: 'x', exp: Math.floor(Date.now() / 1000) - 60 });
  await page.addInitScript((token) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('authToken', token);
      localStorage.setItem('role', 'user');
      sessionStorage.setItem('seeded', '1');
    }
  }, expired);
  const meCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/auth/me')) meCalls.push(r.url());
  });
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/auth/login');
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: SESSION_EXPIRED })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  // The expiry is read from the token first: the server is not even asked.
  expect(meCalls).toEqual([]);
});

test('an unreadable stored token counts as expired', async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('authToken', 'garbage');
      sessionStorage.setItem('seeded', '1');
    }
  });
  await page.goto('/');
  await expect(page.getByText(SESSION_EXPIRED).first()).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
});

test('a token the server no longer accepts signs out', async ({ page, request }) => {
  const account = await signedInAccount(page, 'stale');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome back, ${account.name}` })).toBeVisible();
  // Let the dashboard's own calls finish: one of them meeting the revoked token would sign out first.
  await page.waitForLoadState('networkidle');
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  // Revoke the session behind the browser's back (as a sign-out in another browser would).
  await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
  await page.reload();
  await expect(page).toHaveURL('/auth/login');
  await expect(page.getByRole('main').getByText(SESSION_EXPIRED)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu repeats the signed-in navigation and the account links', async ({ page }) => {
    await signedInAccount(page, 'mobile');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: /^Welcome back, / })).toBeVisible();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const sheet = page.getByRole('dialog');
    await expect(sheet.getByRole('navigation', { name: 'Mobile' }).getByRole('link')).toHaveText([
      'Home',
      'Marketplace',
      'Playground',
      'Dashboard',
      'Pricing',
    ]);
    await expect(sheet.getByRole('navigation', { name: 'Account' }).getByRole('link')).toHaveText([
      'Dashboard',
      'My library',
      'Settings',
      'Team',
    ]);
    await sheet.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Login' })).toBeVisible();
  });
});
