import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './test';
import { PAGING } from '../../src/shared/constants';

/*
 * The marketplace with a large catalogue (issue 9: "stays smooth with 1 000 cards loaded"). It pages,
 * 50 cards at a time, so going through 1 000 cards never puts more than one page in the document.
 * The shared e2e server's demo catalogue is small and other specs count it, so this spec runs its own
 * server on a database seeded with the demo data plus 1 000 generated prompts.
 */

const BULK_PROMPTS = 1000;
const PAGES_TO_WALK = BULK_PROMPTS / PAGING.marketplace;

test.describe.configure({ mode: 'serial' });

let server: ChildProcess | undefined;
let base = '';
let dataDir = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  dataDir = path.resolve(`.tmp/e2e-scale-${port}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DEMO: 'true',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000',
  };
  const seeded = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src/server/db/seed/cli.ts', '--prompts', String(BULK_PROMPTS), '--users', '50'],
    { env, encoding: 'utf8', timeout: 120_000 },
  );
  if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr}`);
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited: ${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not start: ${output}`);
    try {
      if ((await fetch(`${base}/api/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const cards = (page: Page) => page.getByTestId('prompt-card');
const titleLinks = (page: Page) => page.locator('[data-testid="prompt-card"] h3 a');
const pagination = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });

test('goes through 1 000 cards a page of 50 at a time, by keyboard, with a bounded document', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto(`${base}/marketplace`);
  await expect(cards(page)).toHaveCount(PAGING.marketplace);
  const total = Number(
    ((await page.getByTestId('result-count').textContent()) ?? '')
      .match(/of ([\d,]+)/)?.[1]
      ?.replaceAll(',', ''),
  );
  expect(total).toBeGreaterThan(BULK_PROMPTS);
  const pages = Math.ceil(total / PAGING.marketplace);
  await expect(pagination(page)).toContainText(`Page 1 of ${pages}`);

  const seen = new Set<string>();
  const documentSizes: number[] = [];
  for (let n = 1; n <= PAGES_TO_WALK; n++) {
    await expect(pagination(page)).toContainText(`Page ${n} of ${pages}`);
    // The previous page's cards stay (dimmed, aria-busy) until the new page arrives.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(cards(page)).toHaveCount(PAGING.marketplace);
    const links = await titleLinks(page).evaluateAll((els) => els.map((a) => a.getAttribute('href')));
    for (const link of links) if (link) seen.add(link);
    documentSizes.push(await page.evaluate(() => document.querySelectorAll('*').length));

    // Scrolling reaches the pagination under the last card; Next is pressed from the keyboard.
    await page.mouse.wheel(0, 100_000);
    await expect(pagination(page)).toBeInViewport();
    if (n === PAGES_TO_WALK) break;
    const next = pagination(page).getByRole('button', { name: 'Next' });
    await next.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`[?&]page=${n + 1}\\b`));
  }

  // 1 000 different prompts went by, yet the document never grew: it holds one page of them.
  expect(seen.size).toBe(BULK_PROMPTS);
  expect(Math.max(...documentSizes)).toBeLessThan(documentSizes[0]! * 1.2);

  // Back returns to the previous page.
  await page.goBack();
  await expect(pagination(page)).toContainText(`Page ${PAGES_TO_WALK - 1} of ${pages}`);
  await expect(cards(page)).toHaveCount(PAGING.marketplace);
});

test('keeps keyboard navigation through the cards of a full page', async ({ page }) => {
  await page.goto(`${base}/marketplace?page=7`);
  await expect(cards(page)).toHaveCount(PAGING.marketplace);
  const lastCard = cards(page).last();
  const lastTitle = titleLinks(page).last();
  // Off-screen cards are skipped in layout until needed (content-visibility), but stay in the
  // document: focus reaches the last one and scrolls it into view.
  await lastTitle.focus();
  await expect(lastTitle).toBeFocused();
  await expect(lastCard).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/marketplace\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
