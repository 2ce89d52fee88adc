import { type Page } from '@playwright/test';
import { expect, test } from './test';
import { signedInAccount } from './auth-helpers';

/*
 * Mermaid diagrams in replies (issue 55): a ```mermaid block shows as code with "Show diagram";
 * mermaid loads only then (never with the page), draws in the site's theme, and a diagram it cannot
 * read keeps its code with a short reason. The conversation comes in through the import, as a
 * model's reply with diagrams would be stored.
 */

const DIAGRAM = [
  'graph TD',
  '  Idea[Write a prompt] --> Test{Tried on models?}',
  '  Test -->|yes| Sell[List it]',
  '  Test -->|no| Idea',
].join('\n');
const BROKEN = 'graph TD\n  A -->';

async function openDiagramChat(page: Page) {
  const { token } = await signedInAccount(page, 'mermaid');
  const content = JSON.stringify({
    format: 'promptforge.chat',
    version: 1,
    title: 'Prompt workflow',
    model: 'claude',
    settings: {},
    messages: [
      { id: 'u1', parentId: null, role: 'user', content: 'Draw the workflow of selling a prompt' },
      {
        id: 'a1',
        parentId: 'u1',
        role: 'assistant',
        content: `Here it is:\n\n\`\`\`mermaid\n${DIAGRAM}\n\`\`\`\n\nAnd one that is cut short:\n\n\`\`\`mermaid\n${BROKEN}\n\`\`\``,
      },
    ],
    leafId: 'a1',
  });
  const imported = await page.request.post('/api/playground/import', {
    headers: { authorization: `Bearer ${token}` },
    data: { content },
  });
  expect(imported.status()).toBe(201);
  const id = (await imported.json()).data.sessions[0].id as string;
  await page.goto(`/playground?session=${id}`);
  await expect(page.getByText('And one that is cut short:')).toBeVisible();
}

const mermaidLoaded = (page: Page) =>
  page.evaluate(() =>
    performance.getEntriesByType('resource').some((e) => /mermaid/i.test(e.name.split('/').pop() ?? '')),
  );

test('a mermaid block draws its diagram on demand, and a broken one keeps its code with the reason', async ({
  page,
}) => {
  await openDiagramChat(page);
  const blocks = page.locator('.group\\/code');
  await expect(blocks).toHaveCount(2);
  await expect(blocks.first()).toContainText('Tried on models?');
  expect(await mermaidLoaded(page)).toBe(false);

  await blocks.first().getByRole('button', { name: 'Show diagram' }).click();
  const diagram = blocks.first().getByTestId('mermaid-diagram');
  await expect(diagram.locator('svg')).toBeVisible({ timeout: 15_000 });
  await expect(diagram).toContainText('List it');
  expect(await mermaidLoaded(page)).toBe(true);
  // Back to the code.
  await blocks.first().getByRole('button', { name: 'Show code' }).click();
  await expect(blocks.first().locator('pre')).toContainText('Tried on models?');

  await blocks.nth(1).getByRole('button', { name: 'Show diagram' }).click();
  await expect(blocks.nth(1).getByTestId('mermaid-error')).toContainText('The diagram could not be drawn:');
  await expect(blocks.nth(1).locator('pre')).toContainText('A -->');
  await expect(blocks.nth(1).getByTestId('mermaid-diagram')).toHaveCount(0);
});

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1280, 390]) {
    test(`diagram screenshot, ${theme}, ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
      await page.emulateMedia({ colorScheme: theme });
      await page.addInitScript((t) => localStorage.setItem('promptforge-theme', t), theme);
      await openDiagramChat(page);
      const block = page.locator('.group\\/code').first();
      await block.getByRole('button', { name: 'Show diagram' }).click();
      await expect(block.getByTestId('mermaid-diagram').locator('svg')).toBeVisible({ timeout: 15_000 });
      await block.scrollIntoViewIfNeeded();
      const scrollsSideways = await page.evaluate(
        () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
      );
      expect(scrollsSideways).toBe(false);
      await page.screenshot({ path: `.tmp/screenshots/diagram-${theme}-${width}.png` });
    });
  }
}
