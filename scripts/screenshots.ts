import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

/*
 * Screenshots of pages in both themes at desktop and phone widths, for people to look at:
 *   tsx scripts/screenshots.ts [baseUrl] [path ...]
 * Saves to .tmp/screenshots/<page>-<theme>-<width>.png. Needs a running server (npm start).
 */
const [baseUrl = 'http://127.0.0.1:3000', ...paths] = process.argv.slice(2);
const pages = paths.length
  ? paths
  : [
      '/',
      '/features',
      '/about',
      '/pricing',
      '/marketplace',
      '/privacy',
      '/terms',
      '/cookies',
      '/support',
      '/no-such-page',
    ];
const outDir = path.resolve('.tmp/screenshots');
fs.mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
for (const theme of ['light', 'dark'] as const) {
  for (const width of [1280, 390]) {
    const context = await browser.newContext({ viewport: { width, height: width > 500 ? 800 : 844 } });
    await context.addInitScript({ content: `localStorage.setItem('promptforge-theme', '${theme}')` });
    const page = await context.newPage();
    for (const p of pages) {
      await page.goto(baseUrl + p, { waitUntil: 'networkidle' });
      await page.waitForTimeout(600);
      const name = (p === '/' ? 'home' : p.slice(1).replaceAll('/', '_')) + `-${theme}-${width}.png`;
      await page.screenshot({ path: path.join(outDir, name), fullPage: true });
      console.log(name);
    }
    await context.close();
  }
}
await browser.close();
