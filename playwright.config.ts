import fs from 'node:fs';
import os from 'node:os';
import { defineConfig, devices } from '@playwright/test';

/*
 * End-to-end tests drive Debian's Chromium (Playwright's own browser download cannot work on these
 * machines); CHROMIUM_PATH overrides it where another browser is installed. The server runs the built
 * app on a fresh demo database in .tmp/e2e.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
/*
 * The two sweeps (every stored text field on every page; 1 000 cards) take a fifth of the browser
 * suite's time: they run as their own CI stage (`npm run test:e2e:sweeps`), like the resilience
 * suites, so that `npm test` stays within its ten minutes.
 */
const SWEEPS = ['**/stored-xss.spec.ts', '**/marketplace-scale.spec.ts'];
const sweeps = process.env.E2E_SWEEPS === '1';
/*
 * Specs that change what every user sees (the admin's default chat preset) run after all the others,
 * so that no spec running beside them sees the change.
 */
const SITE_WIDE = ['**/admin-default-preset.spec.ts'];
/*
 * Debian's headless shell (package chromium-headless-shell, the build Playwright itself runs headless
 * tests in) when it is installed: without the full browser's window machinery it ran the same specs
 * in 28% less time than Debian's full Chromium on a two-core machine (decision 015).
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const executablePath =
  process.env.CHROMIUM_PATH ??
  (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/lib/chromium/chromium');

export default defineConfig({
  testDir: 'tests/e2e',
  ...(sweeps ? { testMatch: SWEEPS } : { testIgnore: SWEEPS }),
  // Per port, like the server's data, so suites running side by side keep their own artefacts; the
  // sweeps apart too, since Playwright empties its output folder when it starts: CI runs them right
  // after the main suite, which wiped the traces of that suite's failures before anyone could read them.
  outputDir: `.tmp/test-results-${port}${sweeps ? '-sweeps' : ''}`,
  fullyParallel: true,
  // Two at least: Playwright's default, half the cores, is one on a two-core machine, where `npm
  // test` then took 11.5 minutes instead of about nine (CI, which always had two, is unchanged).
  workers: Math.max(2, Math.floor(os.availableParallelism() / 2)),
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: `.tmp/results/${sweeps ? 'e2e-sweeps' : 'e2e'}.json` }]]
    : [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A failed test keeps its trace with a DOM snapshot of every step; the screencast film strip is
    // left out: recorded for every test and thrown away for the passing ones, it cost about a third
    // of the suite's processor time on a two-core machine (decision 015).
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath,
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
    },
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: sweeps ? SITE_WIDE : [...SWEEPS, ...SITE_WIDE],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      ...(sweeps ? {} : { teardown: 'site-wide' }),
    },
    ...(sweeps
      ? []
      : [
          {
            name: 'site-wide',
            testMatch: SITE_WIDE,
            use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
          },
        ]),
  ],
  webServer: {
    command: 'tsx scripts/e2e-server.ts',
    url: `http://127.0.0.1:${port}/api/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(port), E2E_PORT: String(port) },
  },
});
