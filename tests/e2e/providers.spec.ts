import { type ChildProcess, spawn } from 'node:child_process';
import { type Page } from '@playwright/test';
import { type FakeAi, fakeAiEnv, startFakeAi } from '../support/fake-ai';
import { DEMO_ADMIN, DEMO_USER, useSession } from './auth-helpers';
import { E2E_PORT } from './e2e-env';
import { expect, test } from './test';

/*
 * Live providers in the browser (issue 52). The suite's own server answers with the offline demo
 * model, so this spec starts a second one of the same build, pointed at fake providers that speak the
 * real wire formats (tests/support/fake-ai.ts): Perplexity with citations, and a keyless
 * OpenAI-compatible server whose models come from its GET /v1/models. A user sees a cited Perplexity
 * answer with its numbered sources; an admin sees the local server's models and reads the list again.
 */

const PORT = E2E_PORT + 100;
const BASE = `http://127.0.0.1:${PORT}`;
let fake: FakeAi;
let server: ChildProcess;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fake = await startFakeAi();
  server = spawn(process.execPath, ['--import', 'tsx', 'scripts/e2e-server.ts'], {
    env: {
      ...process.env,
      ...fakeAiEnv(fake),
      PORT: String(PORT),
      E2E_PORT: String(PORT),
      LOG_LEVEL: 'error',
    },
    stdio: 'inherit',
  });
  for (let i = 0; i < 600; i++) {
    const ready = await fetch(`${BASE}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the second server did not start');
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await fake?.close();
});

async function signIn(page: Page, kind: 'web' | 'admin') {
  const account = kind === 'admin' ? DEMO_ADMIN : DEMO_USER;
  const res = await page.request.post(`${BASE}/api/auth/${kind === 'admin' ? 'admin/' : ''}login`, {
    data: { email: account.email, password: account.password },
  });
  expect(res.status()).toBe(200);
  await useSession(page, ((await res.json()) as { data: { token: string } }).data.token, kind);
}

test('a Perplexity answer shows its sources as numbered links under it', async ({ page }) => {
  fake.setFallback({
    kind: 'reply',
    text: 'Paris is the capital of France [1], and its largest city [2].',
    citations: [
      { url: 'https://en.wikipedia.org/wiki/Paris', title: 'Paris - Wikipedia' },
      { url: 'https://www.britannica.com/place/Paris', title: 'Paris | Britannica' },
    ],
  });
  await signIn(page, 'web');
  await page.goto(`${BASE}/playground`);
  const models = page.getByRole('radiogroup', { name: 'AI model' });
  await models.getByRole('radio', { name: /Perplexity/ }).click();
  await expect(models.getByRole('radio', { name: /Perplexity/ })).not.toContainText('Demo');
  await page.getByLabel('Message', { exact: true }).fill('What is the capital of France?');
  await page.getByLabel('Message', { exact: true }).press('Enter');

  const reply = page.locator('[data-testid="message"][data-role="ai"]').last();
  await expect(reply).toHaveAttribute('data-status', 'complete', { timeout: 15_000 });
  await expect(reply.getByTestId('message-content')).toHaveText(
    'Paris is the capital of France [1], and its largest city [2].',
  );
  const sources = reply.getByRole('navigation', { name: 'Sources' });
  await expect(sources.getByRole('listitem')).toHaveText([
    /\[1\]\s*en\.wikipedia\.org/,
    /\[2\]\s*britannica\.com/,
  ]);
  await expect(sources.getByRole('link').first()).toHaveAttribute(
    'href',
    'https://en.wikipedia.org/wiki/Paris',
  );
  await expect(sources.getByRole('link').first()).toHaveAttribute('rel', /noopener/);
  expect(fake.requests.some((r) => r.path === '/chat/completions' && r.body.model === 'sonar-fake')).toBe(
    true,
  );

  // The sources stay with the saved reply.
  await page.reload();
  await expect(
    page
      .locator('[data-testid="message"][data-role="ai"]')
      .last()
      .getByRole('navigation', { name: 'Sources' }),
  ).toBeVisible();
  await page.screenshot({ path: `.tmp/screens/playground-sources-1280.png`, fullPage: false });
});

test('code in a reply is coloured and TeX is typeset, prices stay text', async ({ page }) => {
  fake.setFallback({
    kind: 'reply',
    text:
      'Here is the function:\n\n```python\ndef area(r):\n    return 3.14 * r ** 2\n```\n\n' +
      'The area is \\(\\pi r^2\\), and a plan costs $5 to $10.\n\n\\[\nE = mc^2\n\\]',
  });
  await signIn(page, 'web');
  await page.goto(`${BASE}/playground`);
  await page
    .getByRole('radiogroup', { name: 'AI model' })
    .getByRole('radio', { name: /ChatGPT/ })
    .click();
  await page.getByLabel('Message', { exact: true }).fill('Area of a circle in Python?');
  await page.getByLabel('Message', { exact: true }).press('Enter');
  const reply = page.locator('[data-testid="message"][data-role="ai"]').last();
  await expect(reply).toHaveAttribute('data-status', 'complete', { timeout: 15_000 });

  const code = reply.locator('pre code[data-highlighted]');
  await expect(code).toHaveText('def area(r):    return 3.14 * r ** 2');
  // The keyword and the number are coloured differently from plain text.
  const colour = (text: string) =>
    code
      .locator('span', { hasText: new RegExp(`^${text}$`) })
      .first()
      .evaluate((el) => getComputedStyle(el).color);
  expect(await colour('def')).not.toBe(await colour('3.14'));
  await expect(reply.getByRole('button', { name: 'Copy code' })).toBeVisible();

  await expect(reply.locator('.katex')).toHaveCount(2);
  await expect(reply.locator('.katex-display')).toHaveCount(1);
  await expect(reply.locator('.katex-mathml annotation').first()).toHaveText('\\pi r^2');
  await expect(reply.getByTestId('message-content')).toContainText('a plan costs $5 to $10.');
  await page.screenshot({ path: `.tmp/screens/playground-code-math-1280.png`, fullPage: false });
});

test("a local server's models are in the picker, and one answers with no key sent", async ({ page }) => {
  fake.setModels(['llama-fake', 'qwen-fake']);
  fake.setFallback({ kind: 'reply', text: 'Hello from a model on your own machine.' });
  await signIn(page, 'web');
  await page.goto(`${BASE}/playground`);
  const models = page.getByRole('radiogroup', { name: 'AI model' });
  await expect(models.getByRole('radio')).toHaveText([
    /Claude/,
    /ChatGPT/,
    /Perplexity/,
    /llama-fake/,
    /qwen-fake/,
  ]);
  await models.getByRole('radio', { name: /qwen-fake/ }).click();
  await expect(models.getByRole('radio', { name: /qwen-fake/ })).toContainText('Local fake');
  await page.getByLabel('Message', { exact: true }).fill('Who are you?');
  await page.getByLabel('Message', { exact: true }).press('Enter');
  const reply = page.locator('[data-testid="message"][data-role="ai"]').last();
  await expect(reply).toHaveAttribute('data-status', 'complete', { timeout: 15_000 });
  await expect(reply).toContainText('qwen-fake');
  await expect(reply.getByTestId('message-content')).toHaveText('Hello from a model on your own machine.');
  const sent = fake.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)!;
  expect(sent.body.model).toBe('qwen-fake');
  expect(sent.headers.authorization).toBeUndefined();
});

test("the admin sees the local server's models, fetched from it, and reads the list again", async ({
  page,
}) => {
  fake.setModels(['llama-fake', 'qwen-fake']);
  await signIn(page, 'admin');
  await page.goto(`${BASE}/admin/models`);
  const table = page.getByTestId('admin-models');
  const row = (key: string) => table.locator(`tr[data-model="${key}"]`);
  await expect(row('local/llama-fake')).toContainText('Local fake');
  await expect(row('local/llama-fake')).toContainText('from the server’s list');
  await expect(row('local/qwen-fake')).toBeVisible();
  await expect(row('perplexity/sonar-fake')).toContainText('answers “perplexity”');
  await expect(row('local/mistral-fake')).toHaveCount(0);
  // The list asked the server without a key.
  expect(fake.requests.find((r) => r.path === '/v1/models')?.headers.authorization).toBeUndefined();

  fake.setModels(['llama-fake', 'qwen-fake', 'mistral-fake']);
  await page.getByRole('button', { name: 'Refresh model lists' }).click();
  await expect(row('local/mistral-fake')).toContainText('Reachable');
  await page.screenshot({ path: `.tmp/screens/admin-models-1280.png`, fullPage: true });
});

// Last in the file: it leaves Anthropic's circuit open on this server.
test('a provider that stops answering is shown as not answering, and cannot be picked', async ({ page }) => {
  test.setTimeout(90_000);
  fake.setFallback({ kind: 'status', status: 503, times: 10_000 });
  const login = await page.request.post(`${BASE}/api/auth/login`, {
    data: { email: DEMO_USER.email, password: DEMO_USER.password },
  });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  // Two failed turns (each a call and the adapter's two retries) cut Anthropic off (decision 054).
  for (let i = 0; i < 2; i++) {
    const res = await page.request.post(`${BASE}/api/playground/chat`, {
      data: { message: 'Anyone there?', model: 'claude' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status()).toBeGreaterThanOrEqual(500);
  }
  await useSession(page, token, 'web');
  await page.goto(`${BASE}/playground`);
  const claude = page.getByRole('radiogroup', { name: 'AI model' }).getByRole('radio', { name: /Claude/ });
  await expect(claude).toContainText('Not answering');
  await expect(claude).toBeDisabled();
  await expect(page.getByRole('radio', { name: /ChatGPT/ })).toBeEnabled();
  await page.screenshot({ path: `.tmp/screens/playground-not-answering-1280.png`, fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `.tmp/screens/playground-not-answering-390.png`, fullPage: false });
  fake.reset();
});
