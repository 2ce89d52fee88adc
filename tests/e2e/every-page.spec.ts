import type { Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_USER, apiSignIn, useSession } from './auth-helpers';
import {
  type ThemeName,
  accessibilityViolations,
  overflowingElements,
  settled,
  sidewaysScroll,
  switchTheme,
} from './page-checks';
import { expect, test } from './test';

/*
 * Every page, in both themes: no WCAG 2 A or AA violation by axe (at 1280 px), and no sideways
 * scroll on a 390 px phone (issue 51, findings 11 and 13). One test per page, loaded once: the theme
 * changes as it does from another tab, the window is resized around the same page, and a page's
 * tabs are opened in turn.
 */

type Who = 'visitor' | 'user' | 'admin';

type Ready = (page: Page) => ReturnType<Page['getByRole']>;

interface PageCase {
  path: string;
  who: Who;
  /** What shows once the page has its data. */
  ready: Ready;
  /** The page's other tabs: each is opened and checked in turn. */
  tabs?: { name: string; ready: Ready }[];
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name });

const PAGES: PageCase[] = [
  { path: '/', who: 'visitor', ready: (page) => page.getByTestId('stat-value').first() },
  { path: '/features', who: 'visitor', ready: heading(/Everything you need/) },
  { path: '/about', who: 'visitor', ready: heading(/great home/) },
  { path: '/pricing', who: 'visitor', ready: (page) => page.getByRole('heading', { name: 'Premium' }) },
  { path: '/marketplace', who: 'visitor', ready: (page) => page.getByTestId('prompt-card').nth(20) },
  { path: '/marketplace/:prompt', who: 'visitor', ready: (page) => page.getByRole('heading', { level: 1 }) },
  { path: '/privacy', who: 'visitor', ready: heading('Privacy Policy') },
  { path: '/terms', who: 'visitor', ready: heading('Terms of Service') },
  { path: '/cookies', who: 'visitor', ready: heading('Privacy Policy') },
  { path: '/support', who: 'visitor', ready: heading(/help/i) },
  { path: '/auth/login', who: 'visitor', ready: (page) => page.getByLabel('Email') },
  { path: '/auth/signup', who: 'visitor', ready: (page) => page.getByLabel('Full name') },
  { path: '/auth/forgot-password', who: 'visitor', ready: (page) => page.getByLabel('Email') },
  {
    path: '/auth/reset-password/not-a-real-token',
    who: 'visitor',
    ready: (page) => page.getByLabel('New password', { exact: true }),
  },
  { path: '/admin/login', who: 'visitor', ready: (page) => page.getByText('admin-pass-123') },
  { path: '/no-such-page', who: 'visitor', ready: (page) => page.getByText('Oops! Page not found') },
  { path: '/playground', who: 'user', ready: (page) => page.getByRole('textbox', { name: /message/i }) },
  {
    path: '/dashboard',
    who: 'user',
    ready: heading(/Welcome/),
    tabs: [
      { name: 'Upload Prompt', ready: (page) => page.getByLabel('Title') },
      { name: 'My Prompts', ready: (page) => page.getByTestId('creator-prompt') },
      { name: 'Analytics', ready: (page) => page.getByText('Performance Overview') },
      { name: 'Import & Export', ready: (page) => page.getByText('Export your prompts') },
    ],
  },
  { path: '/library', who: 'user', ready: heading('My library') },
  { path: '/settings', who: 'user', ready: (page) => page.getByRole('heading', { name: 'Billing' }) },
  {
    path: '/settings/api-keys',
    who: 'user',
    ready: (page) => page.getByRole('heading', { name: 'Your keys' }),
  },
  { path: '/notifications', who: 'user', ready: heading('Notifications') },
  { path: '/user/pricing', who: 'user', ready: (page) => page.getByRole('heading', { name: 'Premium' }) },
  {
    path: '/admin/dashboard',
    who: 'admin',
    ready: (page) => page.getByText('Recent Activity'),
    tabs: ['Users', 'Prompts', 'Revenue'].map((name) => ({
      name,
      ready: (page: Page) => page.getByRole('tabpanel', { name }),
    })),
  },
  { path: '/admin/marketplace', who: 'admin', ready: (page) => page.getByRole('table') },
  { path: '/admin/users', who: 'admin', ready: (page) => page.getByRole('table') },
  { path: '/admin/plans', who: 'admin', ready: (page) => page.getByRole('heading', { name: 'Premium' }) },
  { path: '/admin/settings', who: 'admin', ready: heading('Admin Settings') },
  { path: '/admin/audit', who: 'admin', ready: heading('Audit Log') },
  { path: '/admin/messages', who: 'admin', ready: heading('Contact Messages') },
  { path: '/admin/models', who: 'admin', ready: (page) => page.getByTestId('admin-models') },
  { path: '/admin/jobs', who: 'admin', ready: heading('Jobs') },
  { path: '/admin/payouts', who: 'admin', ready: heading('Payouts') },
];

const THEMES: ThemeName[] = ['dark', 'light'];
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function signIn(page: Page, who: Who) {
  if (who === 'user') await useSession(page, await apiSignIn(page.request, DEMO_USER));
  if (who === 'admin') await useSession(page, await apiSignIn(page.request, DEMO_ADMIN, 'admin'), 'admin');
}

/** A published prompt's address (its slug), from the marketplace's first page. */
async function promptPath(page: Page): Promise<string> {
  const response = await page.request.get('/api/marketplace/prompts?limit=1');
  const body = (await response.json()) as { data: { prompts: { id: string; slug?: string }[] } };
  const prompt = body.data.prompts[0]!;
  return `/marketplace/${prompt.slug ?? prompt.id}`;
}

/** Every rule in the first theme and colour contrast in the second; no sideways scroll at 390 px in both. */
async function checkBothThemes(page: Page, view: string): Promise<string[]> {
  const problems: string[] = [];
  for (const theme of THEMES) {
    await switchTheme(page, theme);
    // The first theme gets every WCAG 2 A and AA rule; the second only what a theme can change.
    const contrastOnly = theme !== THEMES[0];
    for (const line of await accessibilityViolations(page, { contrastOnly })) {
      problems.push(`${view}, ${theme}: ${line}`);
    }
    await page.setViewportSize(PHONE);
    await settled(page);
    const overflow = await sidewaysScroll(page);
    if (overflow > 0) {
      problems.push(
        `${view}, ${theme}, 390 px: the page scrolls ${overflow} px sideways; wider than the window:\n    ` +
          (await overflowingElements(page)).join('\n    '),
      );
    }
    await page.setViewportSize(DESKTOP);
  }
  return problems;
}

for (const { path, who, ready, tabs = [] } of PAGES) {
  test(`${path} (${who}) passes axe in both themes and fits a phone`, async ({ page }) => {
    // Each view is loaded once and checked four times (two themes, two widths).
    test.setTimeout(45_000 * (1 + tabs.length));
    await signIn(page, who);
    await page.setViewportSize(DESKTOP);
    await page.goto(path === '/marketplace/:prompt' ? await promptPath(page) : path);
    await expect(ready(page).first()).toBeVisible({ timeout: 15_000 });
    const problems = await checkBothThemes(page, path);
    for (const tab of tabs) {
      await page.getByRole('tab', { name: tab.name }).click();
      await expect(tab.ready(page).first()).toBeVisible({ timeout: 15_000 });
      problems.push(...(await checkBothThemes(page, `${path}, ${tab.name}`)));
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
}
