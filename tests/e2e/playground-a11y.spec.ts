import { type Locator, type Page, type TestInfo } from '@playwright/test';
import { expect, test } from './test';
import { signedInAccount } from './auth-helpers';

/*
 * The playground (issue 55) for a keyboard and a screen reader, against the offline demo model:
 * every step is a key press, and the checks are what assistive technology reads — roles, names,
 * states, the polite status that says a reply started and finished (the conversation itself is not
 * a live region, so a streaming reply is not read out word by word), and where the focus is after
 * each action. @axe-core/playwright is not installed, so Playwright's accessibility tree is the
 * source. Screenshots of the focus rings in both themes go to the test's output folder.
 */

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });
const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' });
const replies = (page: Page) => conversation(page).getByRole('article', { name: /^Reply from / });
const userMessages = (page: Page) => conversation(page).getByRole('article', { name: 'Your message' });
const replyStatus = (page: Page) => page.getByTestId('reply-status');

/** Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, back = false) {
  await expect(target).toBeAttached();
  for (let i = 0; i < 60; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

/** The focused element draws a ring (Tailwind's ring is a box-shadow) or an outline. */
async function expectFocusRing(target: Locator) {
  await expect(target).toBeFocused();
  const drawn = await target.evaluate((el) => {
    const style = getComputedStyle(el);
    return style.boxShadow !== 'none' || (style.outlineStyle !== 'none' && style.outlineWidth !== '0px');
  });
  expect(drawn).toBe(true);
}

/** The page as it is now in both themes (the class the theme switch sets), the focus left in place. */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
    await page.screenshot({ path: testInfo.outputPath(`${name}-${theme}.png`), animations: 'disabled' });
  }
  await page.evaluate(() => document.documentElement.classList.add('dark'));
}

async function complete(reply: Locator) {
  await expect(reply).toHaveAttribute('data-status', 'complete', { timeout: 15_000 });
  await expect(reply).toHaveAttribute('aria-busy', 'false');
}

async function openPlayground(page: Page, tag: string) {
  const account = await signedInAccount(page, tag);
  await page.goto('/playground');
  await expect(page.getByRole('heading', { name: 'How can I help you today?' })).toBeVisible();
  return account;
}

test('send, regenerate, browse and edit by keyboard: each step is announced and the focus stays put', async ({
  page,
}, testInfo) => {
  await openPlayground(page, 'a11y-chat');
  await page.keyboard.press('/');
  await expect(composer(page)).toBeFocused();
  await page.keyboard.type('Name a good first houseplant');
  await page.keyboard.press('Enter');

  // The conversation is a log that does not read each token; one status says how the reply went.
  await expect(conversation(page)).toHaveAttribute('aria-live', 'off');
  const reply = replies(page).first();
  await complete(reply);
  await expect(conversation(page)).toHaveAttribute('aria-busy', 'false');
  await expect(replyStatus(page)).toHaveRole('status');
  await expect(replyStatus(page)).toHaveText(/^.+ finished replying\.$/);
  await expect(composer(page)).toBeFocused();

  // Regenerate: its button goes while the new reply streams, so the focus waits on the reply itself.
  const regenerate = reply.getByRole('button', { name: 'Regenerate reply' });
  await tabTo(page, regenerate, true);
  await expectFocusRing(regenerate);
  await shoot(page, testInfo, 'focus-regenerate');
  await page.keyboard.press('Enter');
  await expect(reply).toBeFocused();
  await complete(reply);
  const pager = reply.getByRole('group', { name: 'Alternative replies' });
  await expect(pager).toContainText('Reply 2 of 2');
  // Still there once the conversation was reloaded with the new alternative.
  await expect(reply).toBeFocused();
  await expectFocusRing(reply);
  await shoot(page, testInfo, 'focus-reply');

  // Browse the alternatives: the arrow keeps the focus and the new position is spoken.
  const previous = pager.getByRole('button', { name: 'Previous reply' });
  await tabTo(page, previous);
  await page.keyboard.press('Enter');
  await expect(pager).toContainText('Reply 1 of 2');
  await expect(previous).toBeFocused();
  await expect(previous).toHaveAttribute('aria-disabled', 'true');
  await expect(pager).toMatchAriaSnapshot(`
    - group "Alternative replies":
      - button "Previous reply" [disabled]
      - text: Reply 1 of 2
      - button "Next reply"
  `);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(pager).toContainText('Reply 2 of 2');
  await expect(pager.getByRole('button', { name: 'Next reply' })).toBeFocused();
  await shoot(page, testInfo, 'focus-pager');

  // Edit: Escape cancels back to the Edit button; sending focuses the message that was edited.
  const mine = userMessages(page).first();
  const edit = mine.getByRole('button', { name: 'Edit message' });
  await tabTo(page, edit, true);
  await page.keyboard.press('Enter');
  const box = page.getByRole('textbox', { name: 'Edit message' });
  await expect(box).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(edit).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(box).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Name a hardy houseplant');
  await page.keyboard.press('Enter');
  await expect(mine).toBeFocused();
  await complete(replies(page).first());
  await expect(mine.getByRole('group', { name: 'Versions of this message' })).toContainText('Version 2 of 2');
  await expect(mine).toBeFocused();
  await expect(replyStatus(page)).toHaveText(/^.+ finished replying\.$/);
});

test('Stop by keyboard keeps the focus on the button it becomes, and says the reply stopped', async ({
  page,
}) => {
  await openPlayground(page, 'a11y-stop');
  await composer(page).focus();
  await page.keyboard.type('Write a long essay about bridges');
  await page.keyboard.press('Enter');
  const reply = replies(page).first();
  await expect(reply.getByTestId('message-content')).toContainText('Offline demo model');
  await expect(reply).toHaveAttribute('data-status', 'streaming');
  await expect(reply).toHaveAttribute('aria-busy', 'true');
  await expect(replyStatus(page)).toHaveText(/^.+ is replying…$/);
  const stop = page.getByRole('button', { name: 'Stop', exact: true });
  await tabTo(page, stop);
  await page.keyboard.press('Enter');
  await expect(reply).toHaveAttribute('data-status', 'stopped');
  await expect(replyStatus(page)).toHaveText(/^.+ stopped replying\.$/);
  const sendButton = page.getByRole('button', { name: 'Send message' });
  await expect(sendButton).toBeFocused();
  await expect(sendButton).toHaveAttribute('aria-disabled', 'true');
});

test('the model picker, settings, shortcuts, share and session menu work by keyboard and give focus back', async ({
  page,
}, testInfo) => {
  await openPlayground(page, 'a11y-controls');

  // The model picker is a radio group: Tab reaches the chosen model, the arrows change it.
  const models = page.getByRole('radiogroup', { name: 'AI model' });
  const chosen = models.getByRole('radio', { checked: true });
  const firstName = await chosen.textContent();
  await tabTo(page, chosen);
  await expectFocusRing(chosen);
  await shoot(page, testInfo, 'focus-model');
  await page.keyboard.press('ArrowDown');
  const now = models.getByRole('radio', { checked: true });
  await expect(now).toBeFocused();
  await expect(now).not.toHaveText(firstName ?? '');
  await expect(composer(page)).toHaveAttribute('placeholder', /^Message /);

  // Settings: a titled dialog; a wrong value is read with its field; Escape gives the focus back.
  const settings = page.getByRole('button', { name: 'Chat settings' });
  await tabTo(page, settings);
  await expectFocusRing(settings);
  await shoot(page, testInfo, 'focus-settings');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Chat settings' });
  await expect(dialog).toHaveAccessibleDescription(/For this conversation/);
  const temperature = dialog.getByRole('textbox', { name: 'Temperature (0–2)' });
  await tabTo(page, temperature);
  await page.keyboard.type('5');
  await tabTo(page, dialog.getByRole('button', { name: 'Save settings' }));
  await page.keyboard.press('Enter');
  await expect(temperature).toHaveAttribute('aria-invalid', 'true');
  await expect(temperature).toHaveAccessibleDescription('Temperature must be a number from 0 to 2');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(settings).toBeFocused();

  // The ? sheet opens from the page and gives the focus back to where it was.
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(settings).toBeFocused();

  // A conversation to share and to find.
  await page.keyboard.press('/');
  await page.keyboard.type('Suggest a name for a sailing boat');
  await page.keyboard.press('Enter');
  await complete(replies(page).first());

  const share = page.getByRole('button', { name: 'Share conversation' });
  await tabTo(page, share);
  await page.keyboard.press('Enter');
  const shareDialog = page.getByRole('dialog', { name: 'Share conversation' });
  await tabTo(page, shareDialog.getByRole('button', { name: 'Create link' }));
  await page.keyboard.press('Enter');
  const link = shareDialog.getByRole('textbox', { name: 'Share link' });
  await expect(link).toHaveValue(/\/share\//);
  await expect(link).toBeFocused();
  await expect(shareDialog.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(share).toBeFocused();

  // Search says how many conversations it found.
  const search = page.getByRole('searchbox', { name: 'Search conversations' });
  await tabTo(page, search, true);
  await page.keyboard.type('sailing');
  await expect(page.getByRole('status').filter({ hasText: 'conversation' })).toHaveText(
    '1 conversation found',
  );

  // The session menu's Rename dialog gives the focus back to the menu button it came from.
  const menu = page.getByRole('button', { name: /^Actions for conversation: / });
  await tabTo(page, menu);
  await expectFocusRing(menu);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeFocused();
  await page.keyboard.press('Enter');
  const rename = page.getByRole('dialog', { name: 'Rename conversation' });
  await expect(rename.getByRole('textbox', { name: 'Title' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(rename).toBeHidden();
  await expect(menu).toBeFocused();
  await shoot(page, testInfo, 'focus-session-menu');

  // Deleting it: the row is gone, so the focus goes to the search box rather than the page's top.
  const remove = page.getByRole('button', { name: /^Delete conversation: / });
  await page.keyboard.press('Tab');
  await expect(remove).toBeFocused();
  await expectFocusRing(remove);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Delete this conversation?' });
  await tabTo(page, confirm.getByRole('button', { name: 'Delete', exact: true }));
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(search).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'conversations found' })).toHaveText(
    'No conversations found',
  );
});

test('compare by keyboard: labelled columns, busy while they stream, one status for all', async ({
  page,
}, testInfo) => {
  await openPlayground(page, 'a11y-compare');
  const toggle = page.getByRole('button', { name: 'Compare models' });
  await tabTo(page, toggle);
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/playground?compare=1');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');

  const picker = page.getByRole('group', { name: 'Compare two or three models' });
  const third = picker.getByRole('checkbox', { checked: false }).first();
  await tabTo(page, third);
  await expectFocusRing(third);
  await page.keyboard.press('Space');
  await expect(picker.getByRole('checkbox', { checked: true })).toHaveCount(3);

  await tabTo(page, composer(page));
  await page.keyboard.type('Write a haiku about autumn');
  await page.keyboard.press('Enter');
  const columns = page.getByRole('region', { name: / column$/ });
  await expect(columns).toHaveCount(3);
  for (const column of await columns.all()) {
    await expect(column).toHaveAttribute('data-status', 'complete', { timeout: 15_000 });
    await expect(column).toHaveAttribute('aria-busy', 'false');
    await expect(column.getByRole('heading', { level: 2 })).toBeVisible();
  }
  await expect(page.getByTestId('compare-status')).toHaveText('All 3 models finished replying.');
  await expect(composer(page)).toBeFocused();
  const go = columns.first().getByRole('button', { name: /^Continue with / });
  await tabTo(page, go, true);
  await expectFocusRing(go);
  await shoot(page, testInfo, 'focus-compare');
});

test.describe('reading replies', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  const reply = [
    'A function:',
    '',
    '```ts',
    'const add = (a: number, b: number) => a + b;',
    '```',
    '',
    'And the sum: $$\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}$$',
    '',
    '```mermaid',
    'graph TD',
    '  accTitle: Selling a prompt',
    '  accDescr: Write a prompt, try it on models, then list it.',
    '  Idea[Write a prompt] --> Test{Tried on models?}',
    '  Test -->|yes| Sell[List it]',
    '```',
  ].join('\n');

  async function openImported(page: Page, tag: string) {
    const { token } = await signedInAccount(page, tag);
    const content = JSON.stringify({
      format: 'promptforge.chat',
      version: 1,
      title: 'Reading replies',
      model: 'claude',
      settings: {},
      messages: [
        { id: 'u1', parentId: null, role: 'user', content: 'Show me code, math and a diagram' },
        { id: 'a1', parentId: 'u1', role: 'assistant', content: reply },
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
    await expect(page.getByText('And the sum:')).toBeVisible();
    // Opening a saved conversation is quiet: nothing started or finished.
    await expect(replyStatus(page)).toHaveText('');
  }

  for (const theme of ['light', 'dark'] as const) {
    test(`code, math and a diagram are readable and their buttons labelled (${theme})`, async ({
      page,
    }, testInfo) => {
      await page.addInitScript((t) => localStorage.setItem('promptforge-theme', t), theme);
      await openImported(page, `a11y-read-${theme}`);
      const article = replies(page).first();

      // Code: a named copy button whose result is spoken.
      const copy = article.getByRole('button', { name: 'Copy code' }).first();
      await tabTo(page, copy);
      await expectFocusRing(copy);
      await page.screenshot({ path: testInfo.outputPath(`focus-copy-code-${theme}.png`) });
      await page.keyboard.press('Enter');
      await expect(copy).toContainText('Copied');
      await expect(copy).toHaveAccessibleName('Copy code');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        'const add = (a: number, b: number) => a + b;',
      );

      // Math: KaTeX's MathML is what a screen reader reads; the drawn HTML is hidden from it.
      const math = article.locator('math');
      await expect(math).toHaveCount(1);
      await expect(math.locator('annotation[encoding="application/x-tex"]')).toHaveText(
        '\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}',
      );
      await expect(article.locator('.katex-html').first()).toHaveAttribute('aria-hidden', 'true');

      // The diagram: drawn on demand by keyboard, with its own title and description as its text.
      const show = article.getByRole('button', { name: 'Show diagram' });
      await tabTo(page, show);
      await page.keyboard.press('Enter');
      const diagram = article.getByRole('img', { name: 'Selling a prompt' });
      await expect(diagram).toBeVisible({ timeout: 15_000 });
      await expect(diagram).toHaveAccessibleDescription('Write a prompt, try it on models, then list it.');
      const back = article.getByRole('button', { name: 'Show code' });
      await expect(back).toBeFocused();
      await expectFocusRing(back);
      await page.screenshot({ path: testInfo.outputPath(`focus-diagram-${theme}.png`), fullPage: false });
    });
  }
});
