import { type Page } from '@playwright/test';
import { expect, test } from './test';

/*
 * The site shell: header navigation (desktop and the phone menu), footer links, document titles,
 * scroll to top on navigation and the crash page. The page contents belong to other specs.
 */

const main = (page: Page) => page.getByRole('navigation', { name: 'Main' });

const NAV: { name: string; path: string; title: string }[] = [
  { name: 'Marketplace', path: '/marketplace', title: 'Marketplace · Promptforge' },
  { name: 'Features', path: '/features', title: 'Features · Promptforge' },
  { name: 'About', path: '/about', title: 'About · Promptforge' },
  { name: 'Pricing', path: '/pricing', title: 'Pricing · Promptforge' },
  { name: 'Home', path: '/', title: 'Promptforge · Create, try, share and sell AI prompts' },
];

test.describe('header', () => {
  test('the top navigation reaches every public page and marks the current one', async ({ page }) => {
    await page.goto('/support');
    for (const { name, path, title } of NAV) {
      await main(page).getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(page).toHaveTitle(title);
      await expect(main(page).getByRole('link', { name, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(main(page).locator('[aria-current="page"]')).toHaveCount(1);
    }
  });

  test('offers Login and Sign Up to a signed-out visitor', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth/login');
    await expect(header.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth/signup');
    await header.getByRole('link', { name: 'Promptforge home' }).click();
    await expect(page).toHaveURL('/');
  });

  test('stays at the top of the window while scrolling', async ({ page }) => {
    await page.goto('/privacy');
    await page.mouse.wheel(0, 2000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const box = await page.getByRole('banner').boundingBox();
    expect(box?.y).toBe(0);
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('replaces the top navigation, opens, navigates and closes', async ({ page }) => {
    await page.goto('/');
    await expect(main(page)).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    await expect(menu).toBeVisible();
    const links = menu.getByRole('navigation', { name: 'Mobile' }).getByRole('link');
    await expect(links).toHaveText(['Home', 'Marketplace', 'Features', 'About', 'Pricing']);
    await expect(menu.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth/login');
    await expect(menu.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth/signup');

    await menu.getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL('/pricing');
    await expect(page).toHaveTitle('Pricing · Promptforge');
    await expect(menu).toBeHidden();

    // The current page is marked when the menu opens again; Escape closes it.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Pricing' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});

test.describe('footer', () => {
  const FOOTER: { group: string; name: string; path: string; title: string }[] = [
    { group: 'Product', name: 'Features', path: '/features', title: 'Features · Promptforge' },
    { group: 'Product', name: 'Pricing', path: '/pricing', title: 'Pricing · Promptforge' },
    { group: 'Product', name: 'Marketplace', path: '/marketplace', title: 'Marketplace · Promptforge' },
    { group: 'Company', name: 'About', path: '/about', title: 'About · Promptforge' },
    { group: 'Company', name: 'Support Center', path: '/support', title: 'Support Center · Promptforge' },
    { group: 'Legal', name: 'Privacy Policy', path: '/privacy', title: 'Privacy Policy · Promptforge' },
    { group: 'Legal', name: 'Terms of Service', path: '/terms', title: 'Terms of Service · Promptforge' },
    { group: 'Legal', name: 'Cookie Policy', path: '/cookies', title: 'Cookie Policy · Promptforge' },
  ];

  test('links reach their pages and each new page starts at the top', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const { group, name, path, title } of FOOTER) {
      await footer.getByRole('navigation', { name: group }).getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(page).toHaveTitle(title);
      // The Cookie Policy opens the privacy text at its cookies section, so it is not at the top.
      if (path !== '/cookies') await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    }
  });

  test('lists the playground, Contact Sales and the site notes', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Playground' })).toHaveAttribute('href', '/playground');
    await expect(footer).toContainText('English');
    await expect(footer).toContainText('USD');
    // What holds on the e2e server (plain http, the built-in test gateway), and nothing more.
    await expect(footer.getByTestId('footer-test-payments')).toHaveText('Test payments: no real money moves');
    await expect(footer).not.toContainText(/TLS|Razorpay|256-bit/);
    await expect(footer.getByTestId('footer-security')).toHaveCount(0);
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Promptforge`);

    await footer.getByRole('button', { name: 'Contact Sales' }).click();
    await expect(page.getByRole('dialog', { name: 'Contact Sales' })).toBeVisible();
  });

  test('claims payments by Razorpay and an encrypted connection only where the site has them', async ({
    page,
  }) => {
    // A site served over https with Razorpay keys, as /api/site/config tells a page the server did
    // not render (the sign-in page asks for it).
    await page.route('**/api/site/config', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: Record<string, unknown> };
      await route.fulfill({
        response,
        json: { ...body, data: { ...body.data, https: true, payments: 'razorpay' } },
      });
    });
    await page.goto('/auth/login');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByTestId('footer-security')).toHaveText(
      'Payments by Razorpay · Encrypted connection (TLS)',
    );
    await expect(footer.getByTestId('footer-test-payments')).toHaveCount(0);
  });
});

test.describe('document titles', () => {
  const TITLES: [string, string][] = [
    ['/', 'Promptforge · Create, try, share and sell AI prompts'],
    ['/features', 'Features · Promptforge'],
    ['/about', 'About · Promptforge'],
    ['/pricing', 'Pricing · Promptforge'],
    ['/user/pricing', 'Pricing · Promptforge'],
    ['/marketplace', 'Marketplace · Promptforge'],
    ['/privacy', 'Privacy Policy · Promptforge'],
    ['/terms', 'Terms of Service · Promptforge'],
    ['/cookies', 'Cookie Policy · Promptforge'],
    ['/support', 'Support Center · Promptforge'],
  ];

  for (const [path, title] of TITLES) {
    test(`${path} is titled '${title}'`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole('main')).not.toBeEmpty();
    });
  }
});

test.describe('crash page', () => {
  test('a page that fails to load shows the crash page inside the layout; Try Again recovers', async ({
    page,
  }) => {
    await page.goto('/');
    let failing = true;
    await page.route(/\/assets\/features-page-[^/]+\.js$/, (route) =>
      failing ? route.abort() : route.continue(),
    );

    await main(page).getByRole('link', { name: 'Features', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(
      page.getByText(
        'An unexpected error occurred. Please try refreshing the page or contact support if the problem persists.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload Page' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    // The header still works around the failed page.
    await expect(main(page)).toBeVisible();

    failing = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page).toHaveURL('/features');
    await expect(page).toHaveTitle('Features · Promptforge');
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeHidden();
  });
});
