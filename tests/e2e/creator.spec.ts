import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect, test } from './test';
import {
  DEMO_USER,
  type RegisteredAccount,
  apiSignIn,
  registerAccount,
  signIn,
  signedInAccount,
  useSession,
} from './auth-helpers';

/*
 * The creator studio at /dashboard (issue 6, spec section 2): publish a prompt and find it in the
 * marketplace, keep a draft, edit and publish it, delete with the confirmation, and the demo
 * creator's analytics charts.
 */

// Each test is a whole journey (several saves): more than the default 30 s when the machine is busy.
// Accounts are made and signed in through the API: the forms have their tests in auth.spec.ts.
test.describe.configure({ timeout: 60_000 });

const uploadForm = (page: Page) => page.getByRole('form', { name: 'Upload a new prompt' });
const myPrompt = (page: Page, title: string) =>
  page.getByTestId('creator-prompt').filter({ has: page.getByRole('heading', { name: title }) });
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** A word no seeded prompt contains, so a marketplace search finds exactly the new prompt. */
function uniqueWord(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let word = 'zyx';
  for (let i = 0; i < 10; i++) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}

async function chooseCategory(scope: Locator, page: Page, category: string) {
  await scope.getByLabel('Category').click();
  await page.getByRole('option', { name: category }).click();
}

async function fillPrompt(
  page: Page,
  form: Locator,
  prompt: { title: string; description: string; content: string; category: string; tags?: string },
) {
  await form.getByLabel('Title').fill(prompt.title);
  await form.getByLabel('Description').fill(prompt.description);
  await chooseCategory(form, page, prompt.category);
  if (prompt.tags !== undefined) await form.getByLabel('Tags').fill(prompt.tags);
  await form.getByLabel('Prompt content').fill(prompt.content);
}

/** A prompt made through the API, for tests whose subject is what happens to it afterwards. */
async function createPromptThroughApi(
  request: APIRequestContext,
  account: RegisteredAccount,
  body: Record<string, unknown>,
): Promise<void> {
  const response = await request.post('/api/user/prompts', {
    headers: { authorization: `Bearer ${account.token}` },
    data: body,
  });
  expect(response.status()).toBe(201);
}

test('a new creator publishes a prompt and finds it in the marketplace search', async ({ page }) => {
  await signedInAccount(page, 'creator-publish');
  await page.goto('/dashboard');
  // A new creator is pointed at the upload form and the marketplace.
  await expect(page.getByRole('heading', { name: 'Start your creator journey' })).toBeVisible();
  await expect(page.getByText('Nothing tried yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Upload your first prompt' }).click();
  await expect(page).toHaveURL('/dashboard?tab=upload');

  const form = uploadForm(page);
  // The server's own rules, checked before anything is sent.
  await form.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(form.getByText('Title is required')).toBeVisible();
  await expect(form.getByText('Please select a valid category')).toBeVisible();
  await form.getByLabel('Title').fill('Hi');
  await form.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(form.getByText('Title must be at least 3 characters')).toBeVisible();
  await expect(form.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');

  const word = uniqueWord();
  const title = `Launch announcement ${word}`;
  await fillPrompt(page, form, {
    title,
    description: `Writes a launch post for ${word} that people actually finish reading.`,
    content: 'Write a launch announcement for {{product}} aimed at [audience]. See [1] for the tone.',
    category: 'Marketing',
    tags: 'Launch, social, launch , announcements',
  });
  // Tags as the server will keep them; variables marked in the live preview, a citation left alone.
  await expect(form.getByRole('list', { name: 'Tags preview' }).getByRole('listitem')).toHaveText([
    '#launch',
    '#social',
    '#announcements',
  ]);
  const preview = form.getByTestId('content-preview');
  await expect(preview.locator('mark')).toHaveText(['{{product}}', '[audience]']);

  // A paid prompt needs a price in the allowed range.
  await form.getByRole('switch', { name: 'Paid prompt' }).click();
  await form.getByLabel('Price (USD)').fill('0.5');
  await form.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(form.getByText('Paid prompts cost between $1.00 and $999.99 (whole cents)')).toBeVisible();
  await form.getByRole('switch', { name: 'Paid prompt' }).click();
  await expect(form.getByLabel('Price (USD)')).toBeHidden();

  // A failed save keeps everything that was typed.
  await page.route('**/api/user/prompts', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 503,
          json: { success: false, message: 'Service unavailable', code: 'SERVER_ERROR', status: 503 },
        })
      : route.fallback(),
  );
  await form.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(toast(page, 'Server Error')).toBeVisible();
  await expect(form.getByLabel('Title')).toHaveValue(title);
  await expect(form.getByLabel('Prompt content')).toHaveValue(/\{\{product\}\}/);
  await page.unroute('**/api/user/prompts');

  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/user/prompts') && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Publish', exact: true }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  expect((await response.json()).data.prompt).toMatchObject({
    status: 'published',
    tags: ['launch', 'social', 'announcements'],
  });
  await expect(toast(page, 'Prompt created successfully')).toBeVisible();
  // The form starts fresh for the next prompt.
  await expect(form.getByLabel('Title')).toHaveValue('');
  await expect(form.getByLabel('Prompt content')).toHaveValue('');

  await page.goto(`/marketplace?search=${word}`);
  const card = page.getByTestId('prompt-card').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(page.getByTestId('prompt-card')).toHaveCount(1);
});

test('a draft stays private, is edited, then published', async ({ page }) => {
  await signedInAccount(page, 'creator-draft');
  await page.goto('/dashboard?tab=upload');
  const word = uniqueWord();
  const form = uploadForm(page);
  await fillPrompt(page, form, {
    title: `Draft interview guide ${word}`,
    description: 'A first go at a customer interview guide, not ready yet.',
    content: 'Interview a customer of [product] about why they chose it.',
    category: 'Business',
  });
  await form.getByRole('button', { name: 'Save as Draft' }).click();
  await expect(toast(page, 'Prompt created successfully')).toBeVisible();
  await expect(form.getByLabel('Title')).toHaveValue('');

  // Drafts are not in the marketplace.
  const search = await page.request.get(`/api/marketplace/prompts?search=${word}`);
  expect((await search.json()).data.prompts).toHaveLength(0);

  await page.getByRole('tab', { name: 'My Prompts' }).click();
  await expect(page).toHaveURL('/dashboard?tab=prompts');
  const draft = myPrompt(page, `Draft interview guide ${word}`);
  await expect(draft.locator('[data-status="draft"]')).toHaveText('Draft');
  await expect(draft.getByRole('button', { name: 'Unpublish' })).toHaveCount(0);

  // Edit: the dialog holds every field as saved.
  await draft.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit prompt' });
  await expect(dialog.getByLabel('Title')).toHaveValue(`Draft interview guide ${word}`);
  await expect(dialog.getByLabel('Category')).toHaveText('Business');
  await expect(dialog.getByRole('switch', { name: 'Paid prompt' })).toHaveAttribute('aria-checked', 'false');
  await dialog.getByLabel('Title').fill('X');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Title must be at least 3 characters')).toBeVisible();

  const title = `Customer interview guide ${word}`;
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Tags').fill('interviews, research');
  await dialog.getByRole('switch', { name: 'Paid prompt' }).click();
  await dialog.getByLabel('Price (USD)').fill('4.99');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Prompt updated successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  const edited = myPrompt(page, title);
  await expect(edited).toContainText('$4.99');
  await expect(edited.getByRole('list', { name: 'Tags' })).toHaveText(/#interviews\s*#research/);

  // The status filter lives in the URL.
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'Drafts' }).click();
  await expect(page).toHaveURL('/dashboard?tab=prompts&status=draft');
  await expect(edited).toBeVisible();

  await edited.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(toast(page, 'Prompt published')).toBeVisible();
  // Published now, so it has left the drafts.
  await expect(edited).toBeHidden();
  await expect(page.getByText('You have no drafts.')).toBeVisible();
  await page.getByRole('button', { name: 'Show all prompts' }).click();
  await expect(page).toHaveURL('/dashboard?tab=prompts');
  const published = myPrompt(page, title);
  await expect(published.locator('[data-status="published"]')).toHaveText('Published');
  await expect(published.getByRole('button', { name: 'Unpublish' })).toBeVisible();

  // Its public page shows the edited prompt.
  await published.getByRole('link', { name: 'View', exact: true }).click();
  await expect(page).toHaveURL(/\/marketplace\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
});

test('deleting asks first, and Cancel keeps the prompt', async ({ page, request }) => {
  const account = await registerAccount(request, 'creator-delete');
  const title = `Prompt to remove ${uniqueWord()}`;
  await createPromptThroughApi(request, account, {
    title,
    description: 'A prompt that exists only to be deleted.',
    content: 'Summarise {{text}} in three bullet points.',
    category: 'writing',
    status: 'published',
  });
  await useSession(page, account.token);
  await page.goto('/dashboard?tab=prompts');
  await expect(page).toHaveURL('/dashboard?tab=prompts');

  const item = myPrompt(page, title);
  await item.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure you want to delete this prompt?' });
  await expect(confirm).toContainText(title);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(item).toBeVisible();

  await item.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Prompt deleted successfully!')).toBeVisible();
  await expect(item).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'No prompts yet' })).toBeVisible();

  // With nothing left, the Overview greets a new creator again.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByRole('heading', { name: 'Start your creator journey' })).toBeVisible();
});

test('the demo creator reads the analytics charts for each period', async ({ page }) => {
  await useSession(page, await apiSignIn(page.request, DEMO_USER));
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/dashboard');

  // Overview: the four figures.
  const figures = page.getByRole('region', { name: 'Overview figures' });
  for (const label of ['Total Views', 'Total Likes', 'Revenue', 'Published']) {
    await expect(figures.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();

  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page).toHaveURL('/dashboard?tab=analytics');
  const performance = page.getByRole('figure', { name: /^Performance over the last 30 days/ });
  const revenue = page.getByRole('figure', { name: /^Revenue over the last 30 days/ });
  await expect(performance.locator('svg.recharts-surface')).toBeVisible();
  await expect(revenue.locator('svg.recharts-surface')).toBeVisible();
  // Four lines of daily figures, with their areas drawn.
  await expect(performance.locator('.recharts-area-curve')).toHaveCount(4);
  await expect(page.getByRole('heading', { name: 'Performance Overview' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Revenue Analytics' })).toBeVisible();

  // The per-prompt table lists the demo creator's prompts with their figures.
  const table = page.getByRole('table', { name: 'By prompt' });
  expect(await table.getByRole('row').count()).toBeGreaterThan(2);

  // The legend hides and shows a line.
  const views = page.getByRole('button', { name: 'Views', exact: true });
  await views.click();
  await expect(views).toHaveAttribute('aria-pressed', 'false');
  await expect(performance.locator('.recharts-area-curve')).toHaveCount(3);
  await views.click();

  // Another period: the URL keeps it and the charts follow.
  const loaded = page.waitForResponse((r) => r.url().includes('/api/user/analytics?period=7d'));
  await page.getByRole('radio', { name: 'the last 7 days' }).click();
  expect((await loaded).status()).toBe(200);
  await expect(page).toHaveURL('/dashboard?tab=analytics&period=7d');
  await expect(page.getByRole('figure', { name: /^Performance over the last 7 days/ })).toBeVisible();

  // A reload opens the same tab and period.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Analytics' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('radio', { name: 'the last 7 days' })).toHaveAttribute('aria-checked', 'true');
  await expect(
    page.getByRole('figure', { name: /^Performance over the last 7 days/ }).locator('svg'),
  ).toBeVisible();
});

test('a failed dashboard load says so and recovers on Refresh', async ({ page }) => {
  await page.route('**/api/user/dashboard', (route) =>
    route.fulfill({
      status: 404,
      json: { success: false, message: 'Gone', code: 'NOT_FOUND_ERROR', status: 404 },
    }),
  );
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/auth/login');
  await signIn(page, DEMO_USER);
  const alert = page.getByRole('alert').filter({ hasText: 'Failed to load dashboard data' });
  await expect(alert).toHaveText(/Failed to load dashboard data\. Please try refreshing the page\./);
  // The header still greets the user with the figures from the sign-in.
  await expect(page.getByRole('heading', { name: /^Welcome back, / })).toBeVisible();

  await page.unroute('**/api/user/dashboard');
  await alert.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('region', { name: 'Overview figures' })).toBeVisible();
});
