import { type Page } from '@playwright/test';
import { expect, test } from './test';

/*
 * Theme: light, dark or system, default dark, kept across reloads under 'promptforge-theme'
 * (spec section 1). public/theme-init.js sets the class before first paint.
 */

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
const colorScheme = (page: Page) => page.evaluate(() => document.documentElement.style.colorScheme);

async function chooseTheme(page: Page, label: 'Light' | 'Dark' | 'System') {
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await page.getByRole('menuitemradio', { name: label }).click();
}

test('a first visit is dark', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  expect(await isDark(page)).toBe(true);
  expect(await colorScheme(page)).toBe('dark');
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
});

test('choosing light survives a reload', async ({ page }) => {
  await page.goto('/');
  await chooseTheme(page, 'Light');
  await expect.poll(() => isDark(page)).toBe(false);
  expect(await colorScheme(page)).toBe('light');
  expect(await page.evaluate(() => localStorage.getItem('promptforge-theme'))).toBe('light');

  await page.reload();
  expect(await isDark(page)).toBe(false);
  await chooseTheme(page, 'Dark');
  await expect.poll(() => isDark(page)).toBe(true);
  await page.reload();
  expect(await isDark(page)).toBe(true);
});

test('system follows the operating system, live', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await chooseTheme(page, 'System');
  await expect.poll(() => isDark(page)).toBe(false);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => isDark(page)).toBe(true);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => isDark(page)).toBe(false);
  expect(await page.evaluate(() => localStorage.getItem('promptforge-theme'))).toBe('system');
});

test.describe('no flash of the wrong theme', () => {
  // The app's script is blocked, so whatever class <html> has came from theme-init.js before paint.
  const cases: { stored: string | null; os: 'light' | 'dark'; dark: boolean }[] = [
    { stored: null, os: 'light', dark: true },
    { stored: 'light', os: 'dark', dark: false },
    { stored: 'dark', os: 'light', dark: true },
    { stored: 'system', os: 'light', dark: false },
    { stored: 'system', os: 'dark', dark: true },
    { stored: 'nonsense', os: 'light', dark: true },
  ];

  for (const { stored, os, dark } of cases) {
    test(`stored ${stored ?? 'nothing'} with an OS in ${os} mode starts ${dark ? 'dark' : 'light'}`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme: os });
      if (stored !== null) {
        await page.addInitScript((value) => localStorage.setItem('promptforge-theme', value), stored);
      }
      await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      expect(await isDark(page)).toBe(dark);
      expect(await colorScheme(page)).toBe(dark ? 'dark' : 'light');
    });
  }
});
