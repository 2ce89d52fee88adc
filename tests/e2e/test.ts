import { type Page, test as base } from '@playwright/test';

/*
 * The specs' `test`: Playwright's, with a page whose navigations (goto, reload, back, forward) also
 * wait until the app has started. A page the server rendered is on screen before its scripts run
 * (decision 019: they start after the first paint), and a click on a button before then waits for
 * the app (early-clicks.spec.ts tests that); the specs are about the app, so they wait for it.
 * Pages the server does not render start the app as they load, and then nothing is waited for.
 */

/** Settles once the app has hydrated a server-rendered page (public/start-app.js). */
async function appStarted(page: Page) {
  await page
    .evaluate(() => (window as unknown as { promptforgeStarted?: Promise<void> }).promptforgeStarted)
    .catch(() => {
      // The page navigated away meanwhile: the next navigation waits for itself.
    });
}

export const test = base.extend({
  page: async ({ page }, use) => {
    for (const method of ['goto', 'reload', 'goBack', 'goForward'] as const) {
      const navigate = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
      (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
        const response = await navigate(...args);
        await appStarted(page);
        return response;
      };
    }
    await use(page);
  },
});

export { expect } from '@playwright/test';
