import crypto from 'node:crypto';
import SQLite from 'better-sqlite3';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './test';
import {
  DEMO_ADMIN,
  type RegisteredAccount,
  apiSignIn,
  openAdminPanel,
  registerAccount,
  useSession,
} from './auth-helpers';
import { E2E_DB_FILE, E2E_WEBHOOK_SECRET } from './e2e-env';

/*
 * Payouts (issue 57, decisions 056 and 070): a creator with a sale past the 30-day refund window
 * asks for a payout on the Earnings tab, an admin approves it through the test gateway (demo mode)
 * on the Payouts page, its transfer job pays it, and the creator sees it paid; a transfer the
 * gateway's webhook reports reversed shows as reversed to both, with the amount back in the
 * balance; an admin reverses a paid transfer in part and then the rest from the Payouts page
 * (decision 070). Then screenshots of both pages, light and dark, 1280 and 390 px wide.
 */

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A real sale of a new prompt of `creator` through the test gateway, its payment dated 40 days ago. */
async function settledSale(request: APIRequestContext, creator: RegisteredAccount, title: string) {
  const created = await request.post('/api/user/prompts', {
    headers: auth(creator.token),
    data: {
      title,
      description: 'A paid prompt for the payouts journey',
      content: 'Write a product description for {{product}}.',
      category: 'writing',
      isPaid: true,
      price: 25,
      status: 'published',
    },
  });
  expect(created.status()).toBe(201);
  const promptId = ((await created.json()) as { data: { prompt: { id: string } } }).data.prompt.id;
  const buyer = await registerAccount(request, 'payout-buyer');
  const order = await request.post('/api/payments/create-order', {
    headers: auth(buyer.token),
    data: { promptId },
  });
  expect(order.status(), await order.text()).toBe(200);
  const orderId = ((await order.json()) as { data: { orderId: string } }).data.orderId;
  const paid = await request.post('/api/payments/test-gateway/pay', {
    headers: auth(buyer.token),
    data: { orderId, outcome: 'succeed' },
  });
  const verified = await request.post('/api/payments/verify', {
    headers: auth(buyer.token),
    data: ((await paid.json()) as { data: unknown }).data,
  });
  expect(verified.status()).toBe(200);
  const paymentId = ((await verified.json()) as { data: { paymentId: string } }).data.paymentId;
  backdate(paymentId);
  return paymentId;
}

function backdate(paymentId: string) {
  const db = new SQLite(E2E_DB_FILE, { fileMustExist: true });
  try {
    db.prepare('update payments set paid_at = ? where id = ?').run(
      new Date(Date.now() - 40 * 24 * 3600 * 1000).toISOString(),
      paymentId,
    );
  } finally {
    db.close();
  }
}

/** The payout once its transfer job has left it processing (paid, normally). */
async function settledPayout(request: APIRequestContext, token: string, id: string) {
  let payout: { status: string; reference: string | null; amountMinor: number } | undefined;
  await expect
    .poll(async () => {
      const res = await request.get('/api/payouts', { headers: auth(token) });
      const data = (await res.json()) as {
        data: { payouts: { id: string; status: string; reference: string | null; amountMinor: number }[] };
      };
      payout = data.data.payouts.find((p) => p.id === id);
      return payout?.status;
    })
    .toBe('paid');
  return payout!;
}

/**
 * What Razorpay's webhook sends about a Route transfer reversed in full: its transfer entity (the
 * wire format of GET /v1/transfers/:id) signed with the webhook secret over the raw body.
 */
async function reversedAtRazorpay(
  request: APIRequestContext,
  payout: { id: string; reference: string; amountMinor: number },
) {
  const now = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_e2eplatform01',
    event: 'transfer.reversed',
    contains: ['transfer'],
    payload: {
      transfer: {
        entity: {
          id: payout.reference,
          entity: 'transfer',
          status: 'reversed',
          source: 'acc_e2eplatform01',
          recipient: 'acc_e2ecreator0001',
          amount: payout.amountMinor,
          currency: 'USD',
          amount_reversed: payout.amountMinor,
          fees: 0,
          tax: 0,
          notes: { payoutId: payout.id },
          linked_account_notes: [],
          on_hold: false,
          on_hold_until: null,
          recipient_settlement_id: null,
          created_at: now,
          processed_at: now,
          error: {
            code: null,
            description: null,
            reason: null,
            field: null,
            step: null,
            id: payout.reference,
            source: null,
            metadata: null,
          },
        },
      },
    },
    created_at: now,
  });
  const res = await request.post('/api/payments/webhook', {
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': crypto.createHmac('sha256', E2E_WEBHOOK_SECRET).update(body).digest('hex'),
      'x-razorpay-event-id': `evt_e2e_${payout.id.slice(0, 12)}`,
    },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(200);
  expect(((await res.json()) as { data: { outcome: string } }).data.outcome).toBe('applied');
}

/** A payout of `amountMinor` asked for, approved through the test gateway and paid by its job, then reversed. */
async function reversedPayout(request: APIRequestContext, creator: RegisteredAccount, amountMinor: number) {
  const asked = await request.post('/api/payouts', {
    headers: auth(creator.token),
    data: { amountMinor, currency: 'USD' },
  });
  expect(asked.status()).toBe(201);
  const id = ((await asked.json()) as { data: { id: string } }).data.id;
  const adminToken = await apiSignIn(request, DEMO_ADMIN, 'admin');
  const approved = await request.post(`/api/admin/payouts/${id}/approve`, {
    headers: auth(adminToken),
    data: { method: 'gateway' },
  });
  expect(approved.status()).toBe(200);
  const paid = await settledPayout(request, creator.token, id);
  await reversedAtRazorpay(request, { id, reference: paid.reference!, amountMinor });
  return id;
}

async function openEarnings(page: Page) {
  await page.goto('/dashboard?tab=earnings');
  await expect(page.getByTestId('balance-available')).toBeVisible();
}

test('a creator asks for a payout, an admin approves it, the creator sees it paid', async ({
  browser,
  page,
}) => {
  const creator = await registerAccount(page.request, 'payout-creator');
  await settledSale(page.request, creator, 'Launch copy writer');
  await settledSale(page.request, creator, 'Release notes helper');

  await useSession(page, creator.token);
  await openEarnings(page);
  // Two sales of $25.00 at the 80% share.
  await expect(page.getByTestId('balance-available')).toContainText('$40.00');
  await expect(page.getByTestId('balance-available')).toContainText('Least payout $10.00');
  await expect(page.getByText('This site runs in demo mode')).toBeVisible();
  await page.getByLabel('Amount (USD)').fill('5');
  await page.getByRole('button', { name: 'Request payout' }).click();
  await expect(page.getByText('The least payout is $10.00.')).toBeVisible();
  await page.getByLabel('Amount (USD)').fill('30.00');
  await page.getByRole('button', { name: 'Request payout' }).click();
  await expect(page.getByText('Payout requested. An admin will review it.')).toBeVisible();
  await expect(page.getByTestId('balance-available')).toContainText('$10.00');
  await expect(page.getByTestId('balance-in-progress')).toContainText('$30.00');
  await expect(page.getByTestId('payout-item').first()).toContainText('Requested');

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await openAdminPanel(admin, '/admin/payouts');
  await expect(admin.getByRole('heading', { name: 'Payouts', level: 1 })).toBeVisible();
  const row = admin.getByTestId('admin-payout').filter({ hasText: creator.email });
  await expect(row).toContainText('$30.00');
  await expect(row).toContainText('Available now $10.00');
  await row.getByRole('button', { name: 'Approve and pay' }).click();
  const dialog = admin.getByRole('dialog');
  await expect(
    dialog.getByLabel('Pay through the test gateway (demo mode: no real money moves)'),
  ).toBeChecked();
  await admin.screenshot({ path: '.tmp/shots/admin-approve-dialog-1280.png' });
  await dialog.getByRole('button', { name: 'Approve and pay' }).click();
  // The transfer is a background job: approved now, paid once the job has sent it.
  await expect(admin.getByText('Payout approved: the transfer is being sent')).toBeVisible();
  await admin.getByRole('tab', { name: 'Paid' }).click();
  await expect(admin.getByTestId('admin-payout').filter({ hasText: creator.email })).toContainText(
    'Test gateway (demo, no real money)',
  );
  await adminContext.close();

  await page.reload();
  await expect(page.getByTestId('balance-paid')).toContainText('$30.00');
  await expect(page.getByTestId('balance-in-progress')).toContainText('$0.00');
  const item = page.getByTestId('payout-item').first();
  await expect(item).toContainText('Paid');
  await expect(item).toContainText('Test gateway (demo, no real money)');
});

/**
 * What billing's refund does when Razorpay's webhook reports a refund made at its dashboard after
 * the window (the e2e server runs the test gateway, which has no webhook): the payment refunded,
 * the purchase revoked, the creator's share debited.
 */
function refundedAtRazorpay(paymentId: string) {
  const db = new SQLite(E2E_DB_FILE, { fileMustExist: true });
  const now = new Date().toISOString();
  try {
    db.transaction(() => {
      const sale = db
        .prepare(`select * from creator_earnings where payment_id = ? and kind = 'sale'`)
        .get(paymentId) as {
        creator_id: string;
        prompt_id: string;
        purchase_id: string;
        amount_minor: number;
      };
      db.prepare(
        `update payments set status = 'refunded', refunded_minor = amount_minor, refunded_at = ?,
           provider_refund_id = 'rfnd_dashboard_e2e' where id = ?`,
      ).run(now, paymentId);
      db.prepare('update purchases set revoked_at = ? where payment_id = ?').run(now, paymentId);
      db.prepare(
        `insert into creator_earnings (id, creator_id, prompt_id, purchase_id, payment_id, kind, amount_minor, currency, created_at)
         values (?, ?, ?, ?, ?, 'refund', ?, 'USD', ?)`,
      ).run(
        crypto.randomUUID(),
        sale.creator_id,
        sale.prompt_id,
        sale.purchase_id,
        paymentId,
        -sale.amount_minor,
        now,
      );
    })();
  } finally {
    db.close();
  }
}

test('a refund after a payout shows a negative balance and pauses payouts', async ({ page }) => {
  const creator = await registerAccount(page.request, 'payout-negative');
  const paymentId = await settledSale(page.request, creator, 'Negative balance example');
  const asked = await page.request.post('/api/payouts', {
    headers: auth(creator.token),
    data: { amountMinor: 2000, currency: 'USD' },
  });
  const adminToken = await apiSignIn(page.request, DEMO_ADMIN, 'admin');
  const id = ((await asked.json()) as { data: { id: string } }).data.id;
  await page.request.post(`/api/admin/payouts/${id}/approve`, {
    headers: auth(adminToken),
    data: { method: 'manual', reference: 'BANK-NEG-1' },
  });
  refundedAtRazorpay(paymentId);
  await useSession(page, creator.token);
  await openEarnings(page);
  await expect(page.getByTestId('balance-available')).toContainText('-$20.00');
  await expect(page.getByText('Your balance is below zero', { exact: true })).toBeVisible();
  await expect(page.getByText('Payouts are paused while your balance is below zero.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request payout' })).toHaveCount(0);
  await page.screenshot({ path: '.tmp/shots/earnings-negative-1280.png', fullPage: true });
});

test('a transfer the gateway reverses shows as reversed, and its amount is back in the balance', async ({
  browser,
  page,
}) => {
  const creator = await registerAccount(page.request, 'payout-reversed');
  await settledSale(page.request, creator, 'Reversal example');
  await reversedPayout(page.request, creator, 1500);

  await useSession(page, creator.token);
  await openEarnings(page);
  // $20.00 earned, $15.00 paid out and reversed: all of it available again, nothing paid.
  await expect(page.getByTestId('balance-available')).toContainText('$20.00');
  await expect(page.getByTestId('balance-paid')).toContainText('$0.00');
  const item = page.getByTestId('payout-item').first();
  await expect(item).toContainText('Reversed');
  await expect(item).toContainText(
    'The transfer was reversed at the gateway; $15.00 went back to the available balance.',
  );
  await expect(item).toContainText('Test gateway (demo, no real money)');

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await openAdminPanel(admin, '/admin/payouts');
  await admin.getByRole('tab', { name: 'Reversed' }).click();
  const row = admin.getByTestId('admin-payout').filter({ hasText: creator.email });
  await expect(row).toContainText('Reversed');
  await expect(row).toContainText('$15.00');
  await expect(row).toContainText('Available now $20.00');
  await expect(row.getByRole('button', { name: 'Approve and pay' })).toHaveCount(0);
  await adminContext.close();
});

test('a creator cannot open the admin payouts page', async ({ page }) => {
  const creator = await registerAccount(page.request, 'payout-wrong-role');
  const res = await page.request.get('/api/admin/payouts', { headers: auth(creator.token) });
  expect(res.status()).toBe(403);
});

async function setAdminTheme(request: APIRequestContext, theme: 'light' | 'dark') {
  const token = await apiSignIn(request, DEMO_ADMIN, 'admin');
  const current = await request.get('/api/admin/settings', { headers: auth(token) });
  const settings = ((await current.json()) as { data: { theme: Record<string, unknown> } }).data;
  const res = await request.put('/api/admin/settings', {
    headers: auth(token),
    data: { theme: { ...settings.theme, theme } },
  });
  expect(res.status()).toBe(200);
}

test.describe('screenshots', () => {
  test.describe.configure({ mode: 'serial' });
  let creator: RegisteredAccount;

  test.beforeAll(async ({ request }) => {
    creator = await registerAccount(request, 'payout-shots');
    await settledSale(request, creator, 'Cold e-mail opener');
    await settledSale(request, creator, 'Meeting summary');
    const token = creator.token;
    const asked = await request.post('/api/payouts', {
      headers: auth(token),
      data: { amountMinor: 1500, currency: 'USD' },
    });
    expect(asked.status()).toBe(201);
    const second = await request.post('/api/payouts', {
      headers: auth(token),
      data: { amountMinor: 1200, currency: 'USD' },
    });
    const adminToken = await apiSignIn(request, DEMO_ADMIN, 'admin');
    const id = ((await second.json()) as { data: { id: string } }).data.id;
    await request.post(`/api/admin/payouts/${id}/approve`, {
      headers: auth(adminToken),
      data: { method: 'manual', reference: 'BANK-2026-0412' },
    });
    // A third, paid through the test gateway by its job and then reversed at the gateway.
    await reversedPayout(request, creator, 1000);
  });

  test.afterAll(async ({ request }) => {
    await setAdminTheme(request, 'light');
  });

  // Here, in the serial screenshots group: it switches the site-wide admin theme too.
  test('an admin reverses part of a paid transfer, then the rest; the creator gets it back', async ({
    browser,
    page,
  }) => {
    const creator = await registerAccount(page.request, 'payout-admin-reverse');
    await settledSale(page.request, creator, 'Admin reversal example');
    const asked = await page.request.post('/api/payouts', {
      headers: auth(creator.token),
      data: { amountMinor: 1500, currency: 'USD' },
    });
    const id = ((await asked.json()) as { data: { id: string } }).data.id;
    const adminToken = await apiSignIn(page.request, DEMO_ADMIN, 'admin');
    await page.request.post(`/api/admin/payouts/${id}/approve`, {
      headers: auth(adminToken),
      data: { method: 'gateway' },
    });
    await settledPayout(page.request, creator.token, id);
    // A creator may not reverse it.
    const refused = await page.request.post(`/api/admin/payouts/${id}/reverse`, {
      headers: auth(creator.token),
      data: {},
    });
    expect(refused.status()).toBe(403);

    await setAdminTheme(page.request, 'light');
    const adminContext = await browser.newContext({ colorScheme: 'light' });
    const admin = await adminContext.newPage();
    await openAdminPanel(admin, '/admin/payouts');
    await admin.getByRole('tab', { name: 'Paid' }).click();
    const row = admin.getByTestId('admin-payout').filter({ hasText: creator.email });
    await row.getByRole('button', { name: 'Reverse transfer' }).click();
    const dialog = admin.getByRole('dialog');
    await expect(dialog).toContainText('$15.00 of $15.00 is left to reverse');
    await dialog.getByLabel('Amount (USD)').fill('20');
    await dialog.getByRole('button', { name: 'Reverse transfer' }).click();
    await expect(dialog).toContainText('You can reverse at most $15.00, what is left of this transfer.');
    await dialog.getByLabel('Amount (USD)').fill('5.00');
    for (const width of [1280, 390]) {
      await admin.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await admin.screenshot({ path: `.tmp/shots/admin-reverse-dialog-light-${width}.png` });
    }
    await admin.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByRole('button', { name: 'Reverse transfer' }).click();
    await expect(admin.getByText("Transfer reversed: $5.00 is back in the creator's balance")).toBeVisible();
    await admin.getByRole('tab', { name: 'Reversed' }).click();
    await expect(row).toContainText('Partly reversed');
    await expect(row).toContainText('Reversed $5.00 · still paid $10.00');
    await expect(row).toContainText('Available now $10.00');

    // The rest, with the amount left empty, in the dark theme.
    await setAdminTheme(page.request, 'dark');
    await admin.reload();
    await admin.getByRole('tab', { name: 'Reversed' }).click();
    await row.getByRole('button', { name: 'Reverse transfer' }).click();
    await expect(dialog).toContainText('$10.00 of $15.00 is left to reverse');
    for (const width of [1280, 390]) {
      await admin.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await admin.screenshot({ path: `.tmp/shots/admin-reverse-dialog-dark-${width}.png` });
    }
    await dialog.getByRole('button', { name: 'Reverse transfer' }).click();
    await expect(admin.getByText("Transfer reversed: $10.00 is back in the creator's balance")).toBeVisible();
    await expect(row).not.toContainText('Partly reversed');
    await expect(row).toContainText('Available now $20.00');
    await expect(row.getByRole('button', { name: 'Reverse transfer' })).toHaveCount(0);
    await admin.screenshot({ path: '.tmp/shots/admin-payouts-reversed-dark-390.png', fullPage: true });
    await setAdminTheme(page.request, 'light');
    await adminContext.close();

    await useSession(page, creator.token);
    await openEarnings(page);
    await expect(page.getByTestId('balance-available')).toContainText('$20.00');
    await expect(page.getByTestId('balance-paid')).toContainText('$0.00');
    await expect(page.getByTestId('payout-item').first()).toContainText('Reversed');
  });

  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) {
      test(`earnings and admin payouts, ${theme}, ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
        await page.emulateMedia({ colorScheme: theme });
        await page.addInitScript((t) => localStorage.setItem('promptforge-theme', t), theme);
        await useSession(page, creator.token);
        await openEarnings(page);
        await expect(page.getByTestId('payout-item')).toHaveCount(3);
        await expect(page.getByTestId('payout-item').filter({ hasText: 'Reversed' })).toHaveCount(1);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `.tmp/shots/earnings-${theme}-${width}.png`, fullPage: true });

        await setAdminTheme(page.request, theme);
        const adminContext = await page
          .context()
          .browser()!
          .newContext({
            viewport: { width, height: width > 500 ? 900 : 844 },
            colorScheme: theme,
          });
        const admin = await adminContext.newPage();
        await openAdminPanel(admin, '/admin/payouts');
        await admin.getByRole('tab', { name: 'All' }).click();
        await expect(admin.getByTestId('admin-payout').first()).toBeVisible();
        expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await admin.screenshot({ path: `.tmp/shots/admin-payouts-${theme}-${width}.png`, fullPage: true });
        await adminContext.close();
      });
    }
  }
});
