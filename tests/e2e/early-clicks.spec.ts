import { type Page, type Route, expect, test } from '@playwright/test';

/*
 * A server-rendered page is on screen before its app has started (decision 019); on a slow phone
 * that is seconds. A button clicked meanwhile (issue 51, finding 12: Contact Sales, the theme menu)
 * is kept, shown busy, and clicked again once the app has started (public/start-app.js).
 *
 * Playwright's own `test`: the specs' one waits for the app after every navigation, and here the
 * app is held back on purpose.
 */

/** Holds the app's entry module back until `release` is called. */
async function holdTheApp(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    if (released) await route.continue();
    else held.push(route);
  });
  return {
    /** Until the page has asked for the entry: the rendered page is on screen and start-app.js runs. */
    asked: () => expect.poll(() => held.length).toBeGreaterThan(0),
    release: async () => {
      released = true;
      await Promise.all(held.map((route) => route.continue()));
    },
  };
}

const CASES = [
  {
    name: 'Contact Sales, in the footer',
    path: '/',
    button: (page: Page) => page.getByRole('contentinfo').getByRole('button', { name: 'Contact Sales' }),
    effect: (page: Page) => page.getByRole('dialog', { name: 'Contact Sales' }),
  },
  {
    name: 'the theme menu, in the header',
    path: '/marketplace',
    button: (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Toggle theme' }),
    effect: (page: Page) => page.getByRole('menuitemradio', { name: 'Light' }),
  },
];

for (const { name, path, button, effect } of CASES) {
  test(`a click on ${name} before the app has started takes effect once it has`, async ({ page }) => {
    const app = await holdTheApp(page);
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await app.asked();

    await button(page).click();
    // Not lost, not yet done: the button says it is busy until the app can act on it.
    await expect(button(page)).toHaveAttribute('aria-busy', 'true');
    await expect(effect(page)).toHaveCount(0);

    await app.release();
    await expect(effect(page)).toBeVisible();
    await expect(page.locator('button[aria-busy]')).toHaveCount(0);
  });
}

test('only the last of several early clicks is replayed', async ({ page }) => {
  const app = await holdTheApp(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await app.asked();
  const themeButton = page.getByRole('banner').getByRole('button', { name: 'Toggle theme' });
  const contact = page.getByRole('contentinfo').getByRole('button', { name: 'Contact Sales' });
  await themeButton.click();
  await contact.click();
  await expect(themeButton).not.toHaveAttribute('aria-busy', 'true');
  await expect(contact).toHaveAttribute('aria-busy', 'true');

  await app.release();
  await expect(page.getByRole('dialog', { name: 'Contact Sales' })).toBeVisible();
  await expect(page.getByRole('menuitemradio', { name: 'Light' })).toHaveCount(0);
});
