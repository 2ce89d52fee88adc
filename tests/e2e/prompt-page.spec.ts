import crypto from 'node:crypto';
import fs from 'node:fs';
import { type APIRequestContext, type Page, type Response } from '@playwright/test';
import { expect, test } from './test';
import SQLite from 'better-sqlite3';
import { E2E_DB_FILE } from './e2e-env';
import { skipRetryBackOff, serverError } from './retries';

/*
 * The marketplace prompt page (issue 4): text and copy, variables, likes, downloads, the premium
 * preview, reviews after trying, and the not-found and error states. Tests run in parallel on one
 * database, so each one works on its own prompt or its own new account.
 */

const DEMO = { email: 'demo@promptforge.test', password: 'demo-pass-123' };
/** The e2e server's database (scripts/e2e-server.ts). */
const DB_FILE = E2E_DB_FILE;

function openDb(readonly = true) {
  const db = new SQLite(DB_FILE, { readonly, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  return db;
}

interface PromptRow {
  id: string;
  slug: string;
  title: string;
  content: string;
  author_id: string;
}

/** A published prompt picked by a rule, straight from the database (the page must not be the source). */
function findPrompt(where: string, ...params: unknown[]): PromptRow {
  const db = openDb();
  try {
    const row = db
      .prepare(
        `SELECT p.id, p.slug, p.title, p.content, p.author_id FROM prompts p JOIN users u ON u.id = p.author_id
         WHERE p.status = 'published' AND ${where} ORDER BY p.slug LIMIT 1`,
      )
      .get(...params) as PromptRow | undefined;
    if (!row) throw new Error(`No prompt matches ${where}`);
    return row;
  } finally {
    db.close();
  }
}

function userId(email: string): string {
  const db = openDb();
  try {
    return (db.prepare('SELECT id FROM users WHERE lower(email) = lower(?)').get(email) as { id: string }).id;
  } finally {
    db.close();
  }
}

/**
 * Marks a prompt as tried by a user. The playground arrives with its own issue; until then this
 * writes what a finished playground session leaves behind, which is what the server checks before
 * it accepts a review: a session on the prompt with one completed AI reply.
 */
function markTried(promptId: string, user: string) {
  const db = openDb(false);
  try {
    const now = new Date().toISOString();
    const sessionId = crypto.randomUUID();
    db.prepare(
      `INSERT INTO playground_sessions (id, user_id, title, model, prompt_id, message_count, created_at, updated_at)
       VALUES (?, ?, 'E2E try', 'claude', ?, 2, ?, ?)`,
    ).run(sessionId, user, promptId, now, now);
    db.prepare(
      `INSERT INTO playground_messages (id, session_id, role, content, status, created_at)
       VALUES (?, ?, 'ai', 'Here is the result.', 'complete', ?)`,
    ).run(crypto.randomUUID(), sessionId, now);
  } finally {
    db.close();
  }
}

async function apiLogin(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post('/api/auth/login', { data: account });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

let accountCounter = 0;
/** A new account of its own, so nothing it does meets another test's data. */
async function registerAccount(request: APIRequestContext) {
  accountCounter += 1;
  const id = `${Date.now().toString(36)}${process.pid.toString(36)}${accountCounter}`;
  const account = {
    name: `Reviewer ${id}`,
    email: `reviewer-${id}@example.test`,
    password: `Forge-${id}-pw`,
  };
  const response = await request.post('/api/auth/register', { data: account });
  expect(response.status()).toBe(201);
  const token = ((await response.json()) as { data: { token: string } }).data.token;
  return { ...account, token };
}

/** Signs the browser in with a token, as the app keeps it between visits (faster than the form). */
async function useToken(page: Page, token: string) {
  await page.addInitScript((value) => localStorage.setItem('authToken', value), token);
}

const likeButton = (page: Page) => page.getByTestId('prompt-actions').getByRole('button', { name: /^Like/ });
/** The exact count (the button itself shows a short form such as 1.2k). */
const likeCount = async (page: Page) =>
  Number((await page.getByTestId('like-count').getAttribute('title'))?.replace(/[^\d]/g, ''));

test.describe('prompt page', () => {
  test('shows a free prompt with its text, variables, author and stats', async ({ page }) => {
    const prompt = findPrompt(`p.type = 'free' AND p.content LIKE '%[%]%' AND p.slug LIKE 'senior-code%'`);
    await page.goto(`/marketplace/${prompt.slug}`);

    await expect(page.getByRole('heading', { level: 1, name: prompt.title })).toBeVisible();
    await expect(page).toHaveTitle(`${prompt.title} · Promptforge`);
    await expect(page.getByTestId('prompt-content')).toHaveText(prompt.content, { useInnerText: false });
    // Bracketed parts are highlighted and listed as parts to fill in.
    await expect(page.getByTestId('prompt-content').locator('[data-variable]').first()).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Parts to fill in' }).getByRole('listitem').first(),
    ).toBeVisible();
    await expect(page.getByTestId('prompt-price')).toHaveText('Free');
    await expect(page.getByTestId('author-name')).not.toBeEmpty();
    await expect(page.getByTestId('stat-views-value')).toHaveText(/^\d/);
    await expect(page.getByRole('link', { name: 'Try in Playground' }).first()).toHaveAttribute(
      'href',
      `/playground?prompt=${prompt.id}`,
    );
    await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();
    await expect(page.getByTestId('review').first()).toBeVisible();
    // A visitor is asked to log in before reviewing.
    await expect(page.getByTestId('review-note')).toContainText('Log in and try this prompt');
  });

  test.describe('with clipboard access', () => {
    test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

    test('copies the full text', async ({ page }) => {
      const prompt = findPrompt(`p.type = 'free' AND p.slug LIKE 'typescript%'`);
      await page.goto(`/marketplace/${prompt.slug}`);
      await page.getByRole('button', { name: 'Copy' }).click();
      await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
      await expect(page.getByText('Prompt copied to clipboard')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(prompt.content);
      // The button settles back after a moment.
      await expect(page.getByRole('button', { name: 'Copy', exact: true })).toBeVisible({ timeout: 5_000 });
    });
  });

  test('a visitor logs in from Like, comes back, and the like survives a reload', async ({ page }) => {
    const prompt = findPrompt(`p.type = 'free' AND p.slug LIKE 'okr-drafting%'`);
    await page.goto(`/marketplace/${prompt.slug}`);

    // Signed out, Like leads to the login page, which brings the visitor back to this prompt.
    await page.getByTestId('prompt-actions').getByRole('link', { name: /Like/ }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(`/marketplace/${prompt.slug}`);

    const like = likeButton(page);
    await expect(like).toBeVisible();
    const wasLiked = (await like.getAttribute('aria-pressed')) === 'true';
    const before = await likeCount(page);
    const step = wasLiked ? -1 : 1;

    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', String(!wasLiked));
    await expect.poll(() => likeCount(page)).toBe(before + step);

    await page.reload();
    await expect(likeButton(page)).toHaveAttribute('aria-pressed', String(!wasLiked));
    await expect.poll(() => likeCount(page)).toBe(before + step);

    // And back again, so the demo account ends as it started.
    await likeButton(page).click();
    await expect(likeButton(page)).toHaveAttribute('aria-pressed', String(wasLiked));
    await expect.poll(() => likeCount(page)).toBe(before);
  });

  test('a like the server refuses is rolled back', async ({ page, request }) => {
    const prompt = findPrompt(`p.type = 'free' AND p.slug LIKE 'customer-persona%'`);
    await useToken(page, await apiLogin(request, DEMO));
    await page.route(`**/api/marketplace/prompts/${prompt.id}/like`, (route) => route.fulfill(serverError));
    await page.goto(`/marketplace/${prompt.slug}`);
    const like = likeButton(page);
    await expect(like).toBeVisible();
    const pressed = await like.getAttribute('aria-pressed');
    const before = await likeCount(page);

    await like.click();
    await expect(page.getByText('Could not update your like')).toBeVisible();
    await expect(like).toHaveAttribute('aria-pressed', pressed!);
    expect(await likeCount(page)).toBe(before);
  });

  test('downloads the text as a file and counts the download once', async ({ page, request }) => {
    const prompt = findPrompt(`p.type = 'free' AND p.slug LIKE 'customer-support%'`);
    const account = await registerAccount(request);
    await useToken(page, account.token);
    await page.goto(`/marketplace/${prompt.slug}`);
    const count = page.getByTestId('stat-downloads');
    await expect(count).toBeVisible();
    const before = Number((await count.getAttribute('title'))?.replace(/[^\d]/g, ''));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^customer-support.*\.txt$/);
    expect(fs.readFileSync(await download.path(), 'utf8')).toBe(prompt.content);
    await expect(page.getByText('Prompt downloaded')).toBeVisible();
    await expect(count).toHaveAttribute(
      'title',
      new RegExp(`^${(before + 1).toLocaleString('en-US')} downloads?$`),
    );

    // A second download by the same person is not counted again.
    await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    await page.reload();
    await expect(count).toHaveAttribute(
      'title',
      new RegExp(`^${(before + 1).toLocaleString('en-US')} downloads?$`),
    );
  });

  test('a visitor is sent to log in to download', async ({ page }) => {
    const prompt = findPrompt(`p.type = 'free' AND p.slug LIKE 'git-commit%'`);
    await page.goto(`/marketplace/${prompt.slug}`);
    await page.getByRole('link', { name: /Download/ }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('a locked premium prompt shows only its preview, while its author reads it all', async ({
    page,
    request,
  }) => {
    const demoId = userId(DEMO.email);
    const locked = findPrompt(`p.type = 'premium' AND p.author_id <> ?`, demoId);
    const own = findPrompt(`p.type = 'premium' AND p.author_id = ?`, demoId);
    // A line from the end of the text: well past the preview, and free of characters JSON would escape.
    const secret = locked.content
      .split('\n')
      .filter((line) => line.length > 30 && !/["\\]/.test(line))
      .at(-1)!;
    expect(secret).toBeTruthy();

    const bodies: string[] = [];
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    page.on('response', (r: Response) => {
      if (r.url().includes('/api/'))
        void r.text().then(
          (t) => bodies.push(t),
          () => {},
        );
    });
    await useToken(page, await apiLogin(request, DEMO));

    await page.goto(`/marketplace/${locked.slug}`);
    const preview = page.getByTestId('premium-preview');
    await expect(preview).toBeVisible();
    await expect(preview.getByRole('heading', { name: 'Premium prompt' })).toBeVisible();
    await expect(preview.getByRole('button', { name: 'Buy Prompt' })).toBeEnabled();
    await expect(preview.getByTestId('premium-price')).toHaveText(/^\$\d/);
    await expect(page.getByTestId('prompt-content')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Copy' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Download' })).toHaveCount(0);
    await expect(page.getByTestId('review').first()).toBeVisible();

    await expect.poll(() => bodies.some((b) => b.includes(locked.title))).toBe(true);
    expect(await page.content()).not.toContain(secret);
    for (const body of bodies) expect(body).not.toContain(secret);
    expect(requested.some((url) => url.includes('/download'))).toBe(false);

    // The demo user's own premium prompt: the whole text, and no purchase to make.
    await page.goto(`/marketplace/${own.slug}`);
    await expect(page.getByTestId('prompt-content')).toHaveText(own.content, { useInnerText: false });
    await expect(page.getByTestId('prompt-actions')).toContainText('This is your prompt');
    await expect(page.getByRole('button', { name: 'Buy Prompt' })).toHaveCount(0);
    await expect(page.getByTestId('review-note')).toContainText('This is your prompt');
  });

  test('reviews a prompt after trying it, then edits the review', async ({ page, request }) => {
    const prompt = findPrompt(`p.type = 'free' AND p.slug LIKE 'sql-metrics%'`);
    const account = await registerAccount(request);
    await useToken(page, account.token);
    await page.goto(`/marketplace/${prompt.slug}`);

    // Not tried yet: no form, a note saying how to earn one.
    await expect(page.getByTestId('review-note')).toContainText(
      'Try this prompt in the playground to review it.',
    );
    await expect(page.getByTestId('review-form')).toHaveCount(0);
    const count = page.getByTestId('rating-count');
    const before = Number((await count.textContent())?.replace(/[^\d]/g, ''));

    markTried(prompt.id, userId(account.email));
    await page.reload();
    const form = page.getByTestId('review-form');
    await expect(form.getByRole('heading', { name: 'Write a review' })).toBeVisible();

    // A rating is required.
    await form.getByRole('button', { name: 'Post review' }).click();
    await expect(form.getByText('Choose a rating from 1 to 5')).toBeVisible();

    // The stars are radio buttons: the arrow keys choose.
    await form.getByRole('radio', { name: '1 star' }).focus();
    await page.keyboard.press('Space');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
    const text = `Solid metric definitions, saved me an afternoon (${account.email}).`;
    await form.getByLabel(/Your review/).fill(text);
    await form.getByRole('button', { name: 'Post review' }).click();

    await expect(page.getByText('Review posted')).toBeVisible();
    const mine = page.getByTestId('review').filter({ hasText: text });
    await expect(mine).toBeVisible();
    await expect(mine.getByText('Your review')).toBeVisible();
    await expect(mine.getByRole('img', { name: 'Rated 4.0 out of 5' })).toBeVisible();
    await expect(count).toHaveText(`${before + 1} ${before === 0 ? 'review' : 'reviews'}`);

    // The form now edits that review.
    await expect(form.getByRole('heading', { name: 'Update your review' })).toBeVisible();
    await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await expect(form.getByLabel(/Your review/)).toHaveValue(text);
    await form.getByRole('radio', { name: '4 stars' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(form.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await form.getByRole('button', { name: 'Update review' }).click();

    await expect(page.getByText('Review updated')).toBeVisible();
    await expect(mine.getByRole('img', { name: 'Rated 5.0 out of 5' })).toBeVisible();
    await expect(count).toHaveText(`${before + 1} ${before === 0 ? 'review' : 'reviews'}`);
    await expect(page.getByTestId('review').filter({ hasText: text })).toHaveCount(1);
  });

  test('a review form whose rules cannot load says so and keeps what was written', async ({
    page,
    request,
  }) => {
    const prompt = findPrompt(`p.type = 'free' AND p.slug LIKE 'sql-metrics%'`);
    const account = await registerAccount(request);
    markTried(prompt.id, userId(account.email));
    await useToken(page, account.token);
    // The review rules (the shared schemas' chunk) load with the form, not with the page.
    await page.route(/\/assets\/marketplace-[\w-]{8}\.js$/, (route) => route.abort());
    await page.goto(`/marketplace/${prompt.slug}`);
    const form = page.getByTestId('review-form');
    await form.getByRole('radio', { name: '1 star' }).focus();
    await page.keyboard.press('Space');
    await form.getByLabel(/Your review/).fill('Kept after a failed load.');
    await form.getByRole('button', { name: 'Post review' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'Could not save your review. Please check your connection and try again.',
    );
    await expect(form.getByLabel(/Your review/)).toHaveValue('Kept after a failed load.');
  });

  test('says when a prompt does not exist, with a way back', async ({ page }) => {
    await page.goto('/marketplace/no-such-prompt-anywhere');
    await expect(page.getByRole('heading', { name: 'Prompt not found' })).toBeVisible();
    await expect(page).toHaveTitle('Prompt not found · Promptforge');
    await page.getByRole('link', { name: 'Back to the marketplace' }).click();
    await expect(page).toHaveURL(/\/marketplace$/);
    await expect(page.getByTestId('prompt-card').first()).toBeVisible();
  });

  test('recovers from a failed load with Try Again', async ({ page }) => {
    const prompt = findPrompt(`p.type = 'free' AND p.slug LIKE 'standard-operating%'`);
    let failing = false;
    let failures = 0;
    await page.route(`**/api/marketplace/prompts/${prompt.slug}`, (route) => {
      if (!failing) return route.continue();
      failures += 1;
      return route.fulfill(serverError);
    });
    await page.clock.install();
    // Opened from the marketplace, the page has nothing to show until its load succeeds.
    await page.goto(`/marketplace?search=${encodeURIComponent(prompt.title)}`);
    failing = true;
    await page.getByRole('link', { name: prompt.title, exact: true }).first().click();

    // The query retries with back-off (spec section 9: up to 3 times, 1 s, 2 s, 4 s) before giving up.
    await skipRetryBackOff(page, () => failures);
    await expect(page.getByRole('heading', { name: 'Failed to load prompt' })).toBeVisible();
    await expect(page.getByText('Error loading prompt', { exact: true })).toBeVisible();

    failing = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: prompt.title })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Failed to load prompt' })).toHaveCount(0);
  });

  test('keeps the prompt a page arrived with when its refresh fails, and says so', async ({ page }) => {
    const prompt = findPrompt(`p.type = 'free' AND p.slug LIKE 'standard-operating%'`);
    let failures = 0;
    await page.route(`**/api/marketplace/prompts/${prompt.slug}`, (route) => {
      failures += 1;
      return route.fulfill(serverError);
    });
    await page.clock.install();
    await page.goto(`/marketplace/${prompt.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: prompt.title })).toBeVisible();

    await skipRetryBackOff(page, () => failures);
    await expect(page.getByText('Error loading prompt', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: prompt.title })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Failed to load prompt' })).toHaveCount(0);
  });
});
