import type { APIRequestContext, Page } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { E2E_DB_FILE } from './e2e-env';
import { type RegisteredAccount, openAdminPanel, registerAccount, useSession } from './auth-helpers';
import { expect, test } from './test';

/*
 * Team workspaces (issue 59): a Premium subscriber (3 seats) creates a team, invites a teammate by
 * e-mail, the teammate accepts through the mailed link, and a prompt shared with the team is read by
 * the teammate; then the Team page's screenshots.
 */

/** Subscribes the account to the seeded Premium plan (3 seats) through the test gateway. */
async function subscribeToPremium(request: APIRequestContext, account: RegisteredAccount) {
  const auth = { authorization: `Bearer ${account.token}` };
  const plans = (await (await request.get('/api/payments/plans')).json()).data.plans;
  const premium = plans.find((p: { slug?: string; name: string }) => p.name === 'Premium');
  const order = (
    await (
      await request.post('/api/payments/create-order', { headers: auth, data: { planId: premium.id } })
    ).json()
  ).data;
  const signed = (
    await (
      await request.post('/api/payments/test-gateway/pay', {
        headers: auth,
        data: { orderId: order.orderId, outcome: 'succeed' },
      })
    ).json()
  ).data;
  expect((await request.post('/api/payments/verify', { headers: auth, data: signed })).ok()).toBe(true);
}

/** The path of the newest team invitation mailed to the address, read from the mail outbox. */
function latestInvitationPath(email: string): string | null {
  const db = new SQLite(E2E_DB_FILE, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(
        'SELECT text_body FROM mail_outbox WHERE lower(to_address) = lower(?) ORDER BY created_at DESC LIMIT 1',
      )
      .get(email) as { text_body: string } | undefined;
    return row?.text_body.match(/\/team\/join\/[A-Za-z0-9_-]+/)?.[0] ?? null;
  } finally {
    db.close();
  }
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test('create a team, invite and accept, and share a prompt in the team library', async ({
  page,
  browser,
}) => {
  const owner = await registerAccount(page.request, 'team-owner');
  const member = await registerAccount(page.request, 'team-member');
  await subscribeToPremium(page.request, owner);
  await useSession(page, owner.token);

  // The Team page is in the user menu.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: `Account menu for ${owner.name}` }).click();
  await page.getByRole('menuitem', { name: 'Team' }).click();
  await expect(page).toHaveURL('/team');
  await expect(page).toHaveTitle('Team · Promptforge');

  const create = page.getByRole('form', { name: 'Create a team' });
  await expect(create).toContainText('Your Premium plan has 3 seats');
  await create.getByRole('button', { name: 'Create team' }).click();
  await expect(create.getByText('Please give the team a name')).toBeVisible();
  await create.getByLabel('Team name').fill('Launch Crew');
  await create.getByRole('button', { name: 'Create team' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Launch Crew' })).toBeVisible();
  await expect(page.getByTestId('team-seats')).toHaveText('1 of 3 seats used (Premium plan)');

  const invite = page.getByRole('form', { name: 'Invite a teammate' });
  await invite.getByLabel('E-mail').fill(member.email);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toast(page, `Invitation sent to ${member.email}`)).toBeVisible();
  await expect(page.getByTestId('team-invitation')).toContainText(member.email);
  await expect(page.getByTestId('team-seats')).toHaveText('2 of 3 seats used (Premium plan)');

  let path: string | null = null;
  await expect.poll(() => (path = latestInvitationPath(member.email))).not.toBeNull();

  // The teammate accepts in their own browser.
  const context = await browser.newContext();
  const memberPage = await context.newPage();
  await useSession(memberPage, member.token);
  await memberPage.goto(path!);
  await expect(memberPage.getByRole('heading', { name: 'Join a team' })).toBeVisible();
  await memberPage.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(memberPage).toHaveURL('/team');
  await expect(memberPage.getByRole('heading', { level: 1, name: 'Launch Crew' })).toBeVisible();
  await expect(memberPage.getByTestId('team-member')).toHaveCount(2);
  await expect(memberPage.getByTestId('team-library-empty')).toBeVisible();

  // The owner shares a prompt with the team from the upload form.
  await page.goto('/dashboard?tab=upload');
  const form = page.getByRole('form', { name: 'Upload a new prompt' });
  await form.getByLabel('Title').fill('Launch checklist');
  await form.getByLabel('Description').fill('A checklist for shipping a product launch on time.');
  await form.getByLabel('Category').click();
  await page.getByRole('option').first().click();
  await form
    .getByLabel('Prompt content')
    .fill('Write a launch checklist for {{product}} with owners and dates.');
  await form.getByRole('switch', { name: 'Share with my team' }).click();
  await expect(form.getByRole('button', { name: 'Publish' })).toHaveCount(0);
  await form.getByRole('button', { name: 'Save to team library' }).click();
  await expect(toast(page, 'Shared with Launch Crew')).toBeVisible();

  // The teammate sees it in the library and reads its text.
  await memberPage.reload();
  const shared = memberPage.getByTestId('team-prompt').filter({ hasText: 'Launch checklist' });
  await expect(shared).toContainText(`By ${owner.name}`);
  await shared.getByRole('link', { name: 'Read' }).click();
  await expect(memberPage.getByText('In your team library')).toBeVisible();
  await expect(memberPage.getByText(/Write a launch checklist for/).first()).toBeVisible();

  // A stranger does not find it.
  const stranger = await registerAccount(page.request, 'team-stranger');
  const url = memberPage.url().replace(/^https?:\/\/[^/]+/, '');
  const res = await page.request.get(`/api${url.replace('/marketplace/', '/marketplace/prompts/')}`, {
    headers: { authorization: `Bearer ${stranger.token}` },
  });
  expect(res.status()).toBe(404);

  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await page.emulateMedia({ colorScheme: theme });
      await page.evaluate((t) => localStorage.setItem('promptforge-theme', t), theme);
      await page.goto('/team');
      await expect(page.getByTestId('team-member')).toHaveCount(2);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `.tmp/shots/team-${theme}-${width}.png` });
    }
  }
  // The owner removes the teammate, who loses the team and its prompts at once.
  await page
    .getByTestId('team-member')
    .filter({ hasText: member.email })
    .getByRole('button', { name: `Remove ${member.name}` })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, 'Member removed')).toBeVisible();
  await expect(page.getByTestId('team-member')).toHaveCount(1);
  await memberPage.goto('/team');
  await expect(memberPage.getByTestId('no-team-seats')).toBeVisible();
  const gone = await page.request.get(`/api${url.replace('/marketplace/', '/marketplace/prompts/')}`, {
    headers: { authorization: `Bearer ${member.token}` },
  });
  expect(gone.status()).toBe(404);
  await context.close();

  // The admin panel lists the team with its owner, plan and seats.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await openAdminPanel(adminPage, '/admin/users');
  const row = adminPage.getByTestId('admin-team-row').filter({ hasText: owner.email });
  await expect(row).toContainText('Launch Crew');
  await expect(row).toContainText('Premium');
  await expect(row).toContainText('1 / 3');
  await row.scrollIntoViewIfNeeded();
  await adminPage.screenshot({ path: '.tmp/shots/admin-teams-1280.png' });
  await adminContext.close();
});
