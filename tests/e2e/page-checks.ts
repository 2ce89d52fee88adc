import fs from 'node:fs';
import { createRequire } from 'node:module';
import { type Page, expect } from '@playwright/test';

/*
 * Checks every page gets (every-page.spec.ts): WCAG 2 A and AA by axe-core, and no sideways scroll
 * on a phone. axe-core is injected from node_modules (its Playwright wrapper needs Node 22).
 */

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type ThemeName = 'light' | 'dark';

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/**
 * axe's WCAG 2 A and AA violations on the page as it is now (or only those of colour contrast, the
 * one rule a theme changes): one line per rule, with how many
 * elements break it, the first few of them and why the first one does.
 */
export async function accessibilityViolations(
  page: Page,
  { contrastOnly = false }: { contrastOnly?: boolean } = {},
): Promise<string[]> {
  // Evaluated rather than added as a <script>: the app's Content Security Policy refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (contrastOnly) => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      runOnly: contrastOnly
        ? { type: 'rule', values: ['color-contrast'] }
        : { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
      resultTypes: ['violations'],
    })) as { violations: AxeViolation[] };
    return result.violations;
  }, contrastOnly);
  return violations.map((v) => {
    const targets = v.nodes.slice(0, 3).map((node) => JSON.stringify(node.target));
    const why = v.nodes[0]?.failureSummary?.split('\n').slice(1, 2).join(' ').trim() ?? '';
    return `${v.id}: ${v.help}: ${v.nodes.length} element(s), e.g. ${targets.join(', ')}${why ? ` (${why})` : ''}`;
  });
}

/**
 * Switches the theme the way another tab of the same site does (the stored choice, then the storage
 * event the app follows), so the page is not loaded again, and waits until it is on screen.
 */
export async function switchTheme(page: Page, theme: ThemeName) {
  await page.evaluate((value) => {
    const key = 'promptforge-theme';
    const oldValue = localStorage.getItem(key);
    localStorage.setItem(key, value);
    window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue: value }));
  }, theme);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
    .toBe(theme === 'dark');
  await settled(page);
}

/** Until nothing on the page is loading or moving: skeletons gone, transitions and animations done. */
export async function settled(page: Page) {
  await expect(page.locator('[aria-busy="true"], [data-slot="skeleton"], .animate-pulse')).toHaveCount(0);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/** How far the page scrolls sideways (0: it fits the window). */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => {
    const scroller = document.scrollingElement ?? document.documentElement;
    return Math.max(0, scroller.scrollWidth - window.innerWidth);
  });
}

/** The elements wider than the window at the moment (for the failure message). */
export function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const rect = el.getBoundingClientRect();
      if (rect.right > width + 1 && rect.width > 0) {
        const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${String(
          el.getAttribute('class') ?? '',
        )
          .split(' ')
          .slice(0, 4)
          .join('.')}`;
        out.push(`${name} right=${Math.round(rect.right)}`);
      }
    }
    return out.slice(0, 10);
  });
}
