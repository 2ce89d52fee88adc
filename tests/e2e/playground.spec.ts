import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect, test } from './test';
import { LIMIT_REACHED_MESSAGE } from '../../src/shared/playground';
import { DEMO_USER, signedInAccount } from './auth-helpers';

/*
 * The playground (issue 5) in the browser, against the offline demo model the e2e server answers with
 * (no provider keys): streaming, Stop, sessions that come back, Clear Chat, the monthly limit, and
 * trying free and premium marketplace prompts. Every test signs up its own account (through the API:
 * the sign-up form has its tests in auth.spec.ts), so tests never share a conversation or an allowance.
 */

/** The last line of every demo reply: once it is on screen the reply is complete. */
const DEMO_REPLY_END = 'on the server.';

/** A new account, signed in in this tab. */
const signUp = (page: Page) => signedInAccount(page, 'play');

async function openPlayground(page: Page) {
  await page.goto('/playground');
  await expect(page.getByRole('heading', { name: 'How can I help you today?' })).toBeVisible();
}

const composer = (page: Page) => page.getByLabel('Message', { exact: true });
const messages = (page: Page) => page.getByTestId('message');
const aiMessages = (page: Page) => page.locator('[data-testid="message"][data-role="ai"]');
const userMessages = (page: Page) =>
  page.locator('[data-testid="message"][data-role="user"]').getByTestId('message-content');
const recentSessions = (page: Page) => page.getByTestId('recent-sessions').getByRole('listitem');
const usageMeter = (page: Page) => page.getByTestId('usage-meter');

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

async function expectCompleteReply(reply: Locator) {
  await expect(reply).toHaveAttribute('data-status', 'complete', { timeout: 15_000 });
  await expect(reply.getByTestId('message-content')).toContainText('Offline demo model');
  await expect(reply.getByTestId('message-content')).toContainText(DEMO_REPLY_END);
}

async function chatViaApi(request: APIRequestContext, token: string, data: Record<string, unknown>) {
  return request.post('/api/playground/chat', {
    headers: { authorization: `Bearer ${token}` },
    data: { model: 'claude', ...data },
  });
}

test('a reply streams in from the demo model, and the conversation goes on and comes back', async ({
  page,
}) => {
  await signUp(page);
  // From the dashboard through the main navigation, as a signed-in user gets there.
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Playground' }).click();
  await expect(page).toHaveURL('/playground');
  await expect(page.getByRole('heading', { name: 'How can I help you today?' })).toBeVisible();

  // Every choice is the offline demo here, and says so.
  const models = page.getByRole('radiogroup', { name: 'AI model' });
  for (const name of ['Claude', 'ChatGPT', 'Perplexity']) {
    await expect(models.getByRole('radio', { name: new RegExp(name) })).toContainText('Demo');
  }
  await expect(page.getByTestId('demo-note')).toHaveText('Offline demo model — no API key configured');
  await expect(page.getByText('No recent sessions')).toBeVisible();
  await expect(usageMeter(page)).toContainText('0 of 10 sessions this month');
  await expect(usageMeter(page)).toContainText('Resets on');
  await expect(page.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing');

  // Empty and whitespace-only messages are ignored.
  await composer(page).fill('   \n  ');
  await composer(page).press('Enter');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await expect(messages(page)).toHaveCount(0);

  // Shift+Enter adds a line; Enter sends.
  await composer(page).fill('');
  await composer(page).pressSequentially('Plan a team offsite');
  await composer(page).press('Shift+Enter');
  await composer(page).pressSequentially('for twelve people');
  await expect(composer(page)).toHaveValue('Plan a team offsite\nfor twelve people');
  await composer(page).press('Enter');
  await expect(composer(page)).toHaveValue('');
  await expect(userMessages(page).first()).toHaveText(/Plan a team offsite\s+for twelve people/);

  // The reply arrives piece by piece: seen part-way, then longer, then complete.
  const reply = aiMessages(page).first();
  await expect(reply).toHaveAttribute('data-status', 'streaming');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  const partial = (await reply.getByTestId('message-content').innerText()).length;
  await expectCompleteReply(reply);
  expect((await reply.getByTestId('message-content').innerText()).length).toBeGreaterThan(partial);
  await expect(reply).toContainText('Claude');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();

  // The conversation is saved, counted, and named after its first message.
  await expect(page).toHaveURL(/\/playground\?session=/);
  await expect(recentSessions(page)).toHaveCount(1);
  await expect(recentSessions(page).first()).toContainText('Plan a team offsite for twelve people');
  await expect(usageMeter(page)).toContainText('1 of 10 sessions this month');

  // A second message continues the same conversation: the whole conversation reaches the model.
  await send(page, 'Make it two days');
  await expectCompleteReply(aiMessages(page).nth(1));
  await expect(aiMessages(page).nth(1)).toContainText('This is message 2 of our conversation');
  await expect(recentSessions(page)).toHaveCount(1);
  await expect(usageMeter(page)).toContainText('1 of 10 sessions this month');

  // A reload comes back to the open conversation.
  await page.reload();
  await expect(userMessages(page)).toHaveCount(2);
  await expect(aiMessages(page)).toHaveCount(2);

  // A fresh visit starts a new chat; the recent session reopens with its messages.
  await page.goto('/playground');
  await expect(messages(page)).toHaveCount(0);
  await recentSessions(page)
    .first()
    .getByRole('button', { name: /^Plan a team offsite/ })
    .click();
  await expect(page.getByTestId('chat-title')).toHaveText('Plan a team offsite for twelve people');
  await expect(userMessages(page).nth(1)).toHaveText('Make it two days');
  await expect(aiMessages(page).nth(1)).toHaveAttribute('data-status', 'complete');
  await expect(aiMessages(page).nth(1)).toContainText('This is message 2 of our conversation');

  // Each message can be copied.
  await expect(aiMessages(page).first().getByRole('button', { name: 'Copy message' })).toHaveCount(1);
});

test('Stop ends the reply mid-stream and keeps what came, marked stopped', async ({ page }) => {
  await signUp(page);
  await openPlayground(page);
  await send(page, 'Write a long essay about bridges');
  const reply = aiMessages(page).first();
  // Stopped once the first words are on screen (a Stop on the first token alone kept "**Offline"
  // on a busy machine), while the rest is still to come.
  await expect(reply.getByTestId('message-content')).toContainText('Offline demo model');
  await expect(reply).toHaveAttribute('data-status', 'streaming');
  await page.getByRole('button', { name: 'Stop' }).click();

  await expect(reply).toHaveAttribute('data-status', 'stopped');
  await expect(reply.getByText('Stopped', { exact: true })).toBeVisible();
  const kept = await reply.getByTestId('message-content').innerText();
  expect(kept).toContain('Offline demo model');
  expect(kept).not.toContain(DEMO_REPLY_END);
  // Nothing more arrives after Stop.
  await page.waitForTimeout(500);
  expect(await reply.getByTestId('message-content').innerText()).toBe(kept);
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();

  // The server kept the partial reply as incomplete: it comes back stopped.
  await page.reload();
  await expect(aiMessages(page).first()).toHaveAttribute('data-status', 'stopped');
  await expect(aiMessages(page).first().getByText('Stopped', { exact: true })).toBeVisible();
});

test('Clear Chat starts a new session and keeps the old one; a session can be deleted', async ({ page }) => {
  await signUp(page);
  await openPlayground(page);
  await send(page, 'First conversation about gardening');
  await expectCompleteReply(aiMessages(page).first());
  await expect(page).toHaveURL(/session=/);

  await page.getByRole('button', { name: 'Clear Chat' }).click();
  await expect(page).toHaveURL('/playground');
  await expect(messages(page)).toHaveCount(0);
  await expect(page.getByTestId('chat-title')).toHaveText('New chat');
  await expect(recentSessions(page)).toHaveCount(1);

  // Another model for the new conversation.
  await page.getByRole('radio', { name: /ChatGPT/ }).click();
  await send(page, 'Second conversation about cooking');
  await expectCompleteReply(aiMessages(page).first());
  await expect(aiMessages(page).first()).toContainText('ChatGPT');
  await expect(recentSessions(page)).toHaveCount(2);
  await expect(recentSessions(page).first()).toContainText('Second conversation about cooking');
  await expect(recentSessions(page).nth(1)).toContainText('First conversation about gardening');
  await expect(usageMeter(page)).toContainText('2 of 10 sessions this month');

  // Delete the first conversation, after confirming.
  await recentSessions(page)
    .nth(1)
    .getByRole('button', { name: 'Delete conversation: First conversation about gardening' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete this conversation?' });
  await expect(dialog).toContainText('First conversation about gardening');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(recentSessions(page)).toHaveCount(1);
  await expect(recentSessions(page).first()).toContainText('Second conversation about cooking');
  // The open conversation is untouched.
  await expect(userMessages(page).first()).toHaveText('Second conversation about cooking');
});

test('at the monthly limit the playground says so, links to pricing and sends nothing new', async ({
  page,
  request,
}) => {
  const { token } = await signUp(page);
  // The free plan's ten sessions, used up through the API (the UI path is covered above).
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, i) => chatViaApi(request, token, { message: `Quick question ${i + 1}` })),
  );
  for (const answer of answers) expect(answer.status()).toBe(200);

  await page.goto('/playground');
  await expect(usageMeter(page)).toContainText('10 of 10 sessions this month');
  const limit = page.getByTestId('limit-alert');
  await expect(limit).toContainText(LIMIT_REACHED_MESSAGE);
  await expect(limit.getByRole('link', { name: 'View plans' })).toHaveAttribute('href', '/pricing');
  await expect(composer(page)).toBeDisabled();

  // The server agrees: an eleventh conversation is refused with the spec's message.
  const refused = await chatViaApi(request, token, { message: 'One more?' });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe(LIMIT_REACHED_MESSAGE);

  // A conversation already under way can go on.
  await recentSessions(page).first().getByRole('button').first().click();
  await expect(aiMessages(page)).toHaveCount(1);
  await expect(page.getByTestId('limit-alert')).toBeHidden();
  await send(page, 'A follow-up is fine');
  await expectCompleteReply(aiMessages(page).nth(1));
});

test('a failed reply shows the error alert and the apology bubble', async ({ page }) => {
  await signUp(page);
  await openPlayground(page);
  // The demo model never fails, so the provider's failure is played at the network boundary, in the
  // exact events the server sends when a provider breaks mid-reply.
  await page.route('**/api/playground/chat', (route) =>
    route.fulfill({
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
      body:
        'event: session\ndata: {"sessionId":"gone","model":"claude","live":false}\n\n' +
        'event: error\ndata: {"message":"Failed to get AI response","code":"SERVER_ERROR","status":502}\n\n',
    }),
  );
  await send(page, 'Will this work?');
  await expect(page.getByTestId('chat-error')).toHaveText('Failed to get AI response');
  await expect(aiMessages(page).last()).toHaveText(
    /I'm sorry, I'm having trouble responding right now\. Please try again later\./,
  );
  await expect(userMessages(page).first()).toHaveText('Will this work?');
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByTestId('chat-error')).toBeHidden();
});

test('a free prompt from the marketplace: fill its variables, and it becomes the first message', async ({
  page,
  request,
}) => {
  const found = await request.get('/api/marketplace/prompts', {
    params: { search: 'Long-Form Blog Post Architect', type: 'free', limit: 5 },
  });
  const prompt = ((await found.json()).data.prompts as { id: string; title: string }[]).find(
    (p) => p.title === 'Long-Form Blog Post Architect',
  )!;
  expect(prompt).toBeTruthy();

  await signUp(page);
  await page.goto(`/marketplace/${prompt.id}`);
  await page.getByRole('link', { name: 'Try in Playground' }).first().click();
  await expect(page).toHaveURL(`/playground?prompt=${prompt.id}`);

  const panel = page.getByTestId('prompt-try');
  await expect(panel.getByRole('heading', { name: /Long-Form Blog Post Architect/ })).toBeVisible();
  const preview = panel.getByTestId('prompt-preview');
  await expect(preview).toContainText('Write a blog post about [topic] for [target reader]');

  await panel.getByLabel('Topic', { exact: true }).fill('remote onboarding');
  await panel.getByLabel('Target reader', { exact: true }).fill('engineering managers');
  // The preview fills in as the user types.
  await expect(preview).toContainText('Write a blog post about remote onboarding for engineering managers');
  await expect(panel).toContainText('2 of 7 filled');

  await panel.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(panel).toBeHidden();
  const first = userMessages(page).first();
  await expect(first).toContainText('Write a blog post about remote onboarding for engineering managers');
  await expect(first).toContainText('You are a senior content strategist');
  await expectCompleteReply(aiMessages(page).first());

  // The session remembers the prompt it tries.
  await expect(page).toHaveURL(/\/playground\?session=/);
  await expect(page.getByRole('link', { name: 'Long-Form Blog Post Architect' })).toBeVisible();
  await expect(recentSessions(page).first()).toContainText('Prompt try');
});

test('a premium prompt is tried without its text reaching the browser, three times at most', async ({
  page,
  request,
}) => {
  // The text as its author sees it, to make sure the try never shows it.
  const login = await request.post('/api/auth/login', {
    data: { email: DEMO_USER.email, password: DEMO_USER.password },
  });
  const authorToken = (await login.json()).data.token as string;
  const listed = await request.get('/api/marketplace/prompts', { params: { type: 'premium', limit: 50 } });
  const premium = ((await listed.json()).data.prompts as { id: string; author: { name: string } }[]).find(
    (p) => p.author.name === DEMO_USER.name,
  )!;
  expect(premium).toBeTruthy();
  const asAuthor = await request.get(`/api/playground/prompts/${premium.id}`, {
    headers: { authorization: `Bearer ${authorToken}` },
  });
  const { content, title } = (await asAuthor.json()).data as { content: string; title: string };
  expect(content.length).toBeGreaterThan(100);
  // Distinctive pieces of the text: its lines with some length, without the {{variables}}.
  const secretLines = content
    .split('\n')
    .map((line) => line.replace(/\{\{[^}]*\}\}|\[[^\]]*\]/g, '').trim())
    .filter((line) => line.length > 25)
    .map((line) => line.slice(0, 25));
  expect(secretLines.length).toBeGreaterThan(0);

  // Everything the playground's API sends this browser, streams included.
  const apiBodies: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/playground/')) {
      void response.text().then(
        (text) => apiBodies.push(text),
        () => {},
      );
    }
  });

  const { token } = await signUp(page);
  await page.goto(`/marketplace/${premium.id}`);
  await page.getByRole('link', { name: 'Try in Playground' }).first().click();
  await expect(page).toHaveURL(`/playground?prompt=${premium.id}`);

  const panel = page.getByTestId('prompt-try');
  await expect(panel.getByRole('heading', { name: new RegExp(title) })).toBeVisible();
  await expect(panel.getByTestId('premium-banner')).toContainText('Premium prompt — free try: 3 of 3 left');
  await expect(panel.getByTestId('premium-banner').getByRole('button', { name: /Buy/ })).toBeEnabled();
  await expect(panel.getByTestId('prompt-preview')).toHaveCount(0);

  const send = panel.getByRole('button', { name: 'Send with a free try' });
  await expect(send).toBeDisabled();
  await panel.getByLabel('What do you want it to do?').fill('A landing page for a plant-watering app');
  const firstField = panel.locator('fieldset input').first();
  if ((await firstField.count()) > 0) await firstField.fill('Sproutly');
  await send.click();

  await expect(userMessages(page).first()).toHaveText('A landing page for a plant-watering app');
  const reply = aiMessages(page).first();
  await expectCompleteReply(reply);
  await expect(reply).toContainText('A marketplace prompt is guiding this conversation.');

  const html = await page.content();
  for (const line of secretLines) expect(html).not.toContain(line);

  // Two more tries (through the API, to save time) use them up.
  for (let i = 0; i < 2; i++) {
    const answer = await chatViaApi(request, token, { message: `Try ${i + 2}`, promptId: premium.id });
    expect(answer.status()).toBe(200);
  }
  await page.goto(`/playground?prompt=${premium.id}`);
  await expect(panel.getByTestId('premium-banner')).toContainText('no free tries left');
  await expect(panel).toContainText(
    'You have used your 3 tries of this premium prompt. Buy it to keep using it.',
  );
  await expect(panel.getByRole('button', { name: /Buy/ }).first()).toBeEnabled();
  await expect(panel.getByRole('button', { name: 'Send with a free try' })).toBeDisabled();

  for (const body of apiBodies) {
    for (const line of secretLines) expect(body).not.toContain(line);
  }
  expect(apiBodies.length).toBeGreaterThan(3);
});
