import { type Page, expect } from '@playwright/test';

/** A query's back-off between attempts (spec section 9; src/web/lib/query-client.ts, with its unit test). */
const RETRY_DELAYS_MS = [1_000, 2_000, 4_000];

/**
 * Takes a failing query through its retries without waiting the seven seconds of back-off: the page's
 * clock (installed before the page loaded) jumps by each delay once the attempt before it has failed.
 * `failures` counts the attempts the test made fail.
 */
export async function skipRetryBackOff(page: Page, failures: () => number) {
  for (const [attempt, delay] of RETRY_DELAYS_MS.entries()) {
    await expect.poll(failures).toBeGreaterThan(attempt);
    await page.clock.fastForward(delay);
  }
  // The first attempt and every retry.
  await expect.poll(failures).toBeGreaterThan(RETRY_DELAYS_MS.length);
}

/** The API's answer to a request that failed on the server (the spec's 500 envelope). */
export const serverError = {
  status: 500,
  contentType: 'application/json',
  body: JSON.stringify({
    success: false,
    message: 'Internal server error. Please try again later.',
    code: 'SERVER_ERROR',
    status: 500,
    requestId: 'e2e',
  }),
};
