import { type Page } from '@playwright/test';
import { expect, test } from './test';
import { DEMO_ADMIN, DEMO_USER, openAdminPanel, signIn } from './auth-helpers';

/*
 * The admin panel's own sign-in (spec section 2): only administrators, only through /admin/login,
 * and the admin layout around the panel. The tests of the panel around a session start signed in
 * (openAdminPanel); the form has the tests above them.
 */

const alert = (page: Page) => page.getByRole('main').getByRole('alert');

test('the demo admin signs in with the demo credentials box', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page).toHaveTitle('Admin Sign In · Promptforge');
  await expect(page.getByRole('link', { name: 'Back to Promptforge' })).toHaveAttribute('href', '/');

  await page.getByRole('button', { name: 'Sign In to Admin Panel' }).click();
  await expect(alert(page)).toHaveText('Please fill in all fields');

  const demo = page.getByRole('region', { name: 'Demo credentials' });
  await expect(demo).toContainText(DEMO_ADMIN.email);
  await expect(demo).toContainText(DEMO_ADMIN.password);
  await demo.getByRole('button', { name: 'Use demo credentials' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(DEMO_ADMIN.email);
  await page.getByRole('button', { name: 'Sign In to Admin Panel' }).click();

  await expect(page).toHaveURL('/admin/dashboard');
  await expect(page).toHaveTitle('Admin Dashboard · Promptforge');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(DEMO_ADMIN.email);
  expect(
    await page.evaluate(() => [
      Boolean(localStorage.getItem('adminToken')),
      localStorage.getItem('authToken'),
      localStorage.getItem('role'),
    ]),
  ).toEqual([true, null, 'admin']);

  const sidebar = page.getByRole('navigation', { name: 'Admin' });
  await expect(sidebar.getByRole('link')).toHaveText([
    'Dashboard',
    'Marketplace',
    'Plans',
    'Models',
    'Users',
    'Audit Log',
    'Messages',
    'Jobs',
    'Payouts',
  ]);
  await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
});

test('a regular user is refused at the admin login', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(DEMO_USER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'Sign In to Admin Panel' }).click();
  await expect(alert(page)).toHaveText('This account does not have access to the admin panel.');
  await expect(page).toHaveURL('/admin/login');
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
});

test('a wrong admin password is refused', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In to Admin Panel' }).click();
  await expect(alert(page)).toHaveText('Invalid email or password');
});

test('visitors to admin pages go to the admin login, and back after signing in', async ({ page }) => {
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL('/admin/login');
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In to Admin Panel' }).click();
  await expect(page).toHaveURL('/admin/dashboard');
});

test('a signed-in admin skips the sign-in pages', async ({ page }) => {
  await openAdminPanel(page);
  await page.goto('/admin/login');
  await expect(page).toHaveURL('/admin/dashboard');
  await page.goto('/auth/login');
  await expect(page).toHaveURL('/admin/dashboard');
});

test('the admin reaches the panel only through the admin login', async ({ page }) => {
  // Signed in on the main site, the admin has a user session, not an admin-panel one.
  await signIn(page, DEMO_ADMIN);
  await expect(page).toHaveURL('/admin/login');
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    'The admin panel needs its own sign-in.',
  );
  await page.goto('/');
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Account menu for / })
    .click();
  await expect(page.getByRole('menuitem', { name: 'Admin Panel' })).toHaveAttribute(
    'href',
    '/admin/dashboard',
  );
});

// The header's search has its test, every keyword group, in admin-dashboard.spec.ts.
test('the admin header: menu, sign out', async ({ page }) => {
  await openAdminPanel(page);
  await page.getByRole('button', { name: /^Admin menu for / }).click();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/admin/settings');
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/admin/login');
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL('/admin/login');
});

test('a mistyped admin password leaves the site session alone; the right one replaces it', async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN);
  await expect(page).toHaveURL('/admin/login');
  const webToken = await page.evaluate(() => localStorage.getItem('authToken'));
  expect(webToken).toBeTruthy();

  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In to Admin Panel' }).click();
  await expect(alert(page)).toHaveText('Invalid email or password');
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBe(webToken);

  await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In to Admin Panel' }).click();
  await expect(page).toHaveURL('/admin/dashboard');
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  // One session at a time: the site session was ended on the server too.
  await expect
    .poll(async () => {
      const me = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${webToken}` } });
      return me.status();
    })
    .toBe(401);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sidebar collapses into a menu', async ({ page }) => {
    await openAdminPanel(page);
    await expect(page.getByRole('navigation', { name: 'Admin' })).toBeHidden();
    await page.getByRole('button', { name: 'Open admin menu' }).click();
    const sheet = page.getByRole('dialog');
    await sheet.getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL('/admin/users');
    await expect(sheet).toBeHidden();
  });
});
