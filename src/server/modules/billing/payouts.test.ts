import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { billingHelpers, startBillingApp } from '../../../../tests/support/billing';
import { insertPrompt } from '../../../../tests/support/factories';
import { FAKE_KEY_ID, FAKE_KEY_SECRET, type FakeRazorpay } from '../../../../tests/support/fake-razorpay';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app';

/*
 * Creator payouts (decision 056) over HTTP: balances, requests within the available balance (in
 * parallel too), the admin's approval through a fake Razorpay Route that speaks the transfers API,
 * by hand, or rejection, a refund after a payout, the threshold, and who may do what.
 * Runs on SQLite and (with TEST_DATABASE_URL) PostgreSQL.
 */

let t: TestApp;
let fake: FakeRazorpay;

beforeAll(async () => {
  ({ t, fake } = await startBillingApp());
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.next = null;
});

const { db, signUp, adminToken, call, webhook } = billingHelpers(() => t);
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

const put = (url: string, token: string | undefined, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url,
    payload: payload as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

/** A real sale of a new prompt by `author` (checkout and verify), paid `age` days ago. */
async function sale(author: { id: string }, priceMinor = 1299, age = 31) {
  const prompt = await insertPrompt(db(), author.id, {
    type: 'premium',
    price_minor: priceMinor,
    status: 'published',
  });
  const buyer = await signUp('Bo Buyer');
  const order = (
    await call('POST', '/api/payments/create-order', buyer.token, { promptId: prompt.id })
  ).json().data;
  const paid = fake.pay(order.orderId);
  const verified = await call('POST', '/api/payments/verify', buyer.token, paid);
  expect(verified.statusCode).toBe(200);
  const paymentId = verified.json().data.paymentId as string;
  const at = daysAgo(age);
  await db()
    .updateTable('payments')
    .set({ paid_at: at, created_at: at })
    .where('id', '=', paymentId)
    .execute();
  await db().updateTable('purchases').set({ created_at: at }).where('payment_id', '=', paymentId).execute();
  await db()
    .updateTable('creator_earnings')
    .set({ created_at: at })
    .where('payment_id', '=', paymentId)
    .execute();
  return { paymentId, providerPaymentId: paid.razorpay_payment_id, amountMinor: priceMinor };
}

const overview = async (token: string) => {
  const res = await call('GET', '/api/payouts', token);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const usd = async (token: string) =>
  (await overview(token)).balances.find((b: { currency: string }) => b.currency === 'USD');
const request = (token: string, amountMinor: number) =>
  call('POST', '/api/payouts', token, { amountMinor, currency: 'USD' });

/** Reads until `done` holds: the payout-transfer job runs beside the test, woken by the approval. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
const payoutRow = (id: string) =>
  db().selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** The payout once its transfer job has paid it (or it left processing some other way). */
const settled = (id: string) =>
  until(
    () => payoutRow(id),
    (p) => p.status !== 'processing',
  );

async function ledgerOf(creatorId: string) {
  return db()
    .selectFrom('payout_entries')
    .select(['kind', 'amount_minor', 'payout_id'])
    .where('creator_id', '=', creatorId)
    .orderBy('created_at')
    .execute();
}

describe('payouts: balances', () => {
  it('a new creator has nothing, the default threshold and the 30-day window', async () => {
    const c = await signUp('Nina New');
    const data = await overview(c.token);
    expect(data).toMatchObject({
      pendingDays: 30,
      gateway: 'razorpay',
      razorpayAccountId: null,
      payouts: [],
    });
    expect(data.balances).toEqual([
      {
        currency: 'USD',
        availableMinor: 0,
        pendingMinor: 0,
        inProgressMinor: 0,
        paidMinor: 0,
        thresholdMinor: 1000,
        nextAvailableAt: null,
      },
    ]);
    expect((await request(c.token, 1000)).json().message).toBe('Nothing is available to pay out yet.');
  });

  it('a sale is pending inside the refund window and available after it', async () => {
    const c = await signUp('Pat Pending');
    await sale(c, 1299, 2);
    await sale(c, 1299, 31);
    const b = await usd(c.token);
    expect(b).toMatchObject({ availableMinor: 1039, pendingMinor: 1039, paidMinor: 0 });
    expect(Date.parse(b.nextAvailableAt)).toBeGreaterThan(Date.now() + 27 * DAY);
    expect(Date.parse(b.nextAvailableAt)).toBeLessThan(Date.now() + 29 * DAY);
    // A refund of a pending sale takes it out of pending and leaves the available balance alone.
    const pending = await sale(c, 1299, 1);
    const admin = await adminToken();
    expect((await call('POST', `/api/admin/payments/${pending.paymentId}/refund`, admin)).statusCode).toBe(
      200,
    );
    expect(await usd(c.token)).toMatchObject({ availableMinor: 1039, pendingMinor: 1039 });
  });

  it('needs a signed-in user', async () => {
    expect((await call('GET', '/api/payouts')).statusCode).toBe(401);
    expect((await request('', 1000)).statusCode).toBe(401);
  });
});

describe('payouts: requests', () => {
  it('refuses below the threshold, above the balance, and reserves what it takes', async () => {
    const c = await signUp('Rae Request');
    await sale(c);
    await sale(c);
    const low = await request(c.token, 999);
    expect(low.statusCode).toBe(400);
    expect(low.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'The least payout is $10.00.',
      details: [{ field: 'amountMinor', message: 'The least payout is $10.00.' }],
    });
    const high = await request(c.token, 2079);
    expect(high.json().message).toBe('You can ask for at most $20.78, your available balance.');
    const bad = await call('POST', '/api/payouts', c.token, { amountMinor: 10.5, currency: 'USD' });
    expect(bad.json().message).toBe('Amount must be whole cents');

    const ok = await request(c.token, 1500);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().message).toBe('Payout requested. An admin will review it.');
    expect(ok.json().data).toMatchObject({
      amountMinor: 1500,
      currency: 'USD',
      status: 'requested',
      method: null,
    });
    expect(await usd(c.token)).toMatchObject({ availableMinor: 578, inProgressMinor: 1500 });
    expect((await request(c.token, 1000)).json().message).toBe(
      'You can ask for at most $5.78, your available balance.',
    );
    expect((await ledgerOf(c.id)).map((e) => [e.kind, e.amount_minor])).toEqual([['reserve', -1500]]);
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', ok.json().data.id)
      .execute();
    expect(audit.map((a) => [a.action, a.actor_id])).toEqual([['payout.request', c.id]]);
    const alert = await db()
      .selectFrom('mail_outbox')
      .selectAll()
      .where('subject', '=', 'Payout requested: $15.00')
      .where('to_address', '=', 'admin@promptforge.test')
      .executeTakeFirst();
    expect(alert?.text_body).toContain(`Creator: ${c.email}`);
    expect(alert?.text_body).toContain('/admin/payouts');
  });

  it('parallel requests never take more than is available', async () => {
    const c = await signUp('Cora Concurrent');
    await sale(c, 2500);
    await sale(c, 2500);
    await sale(c, 2500);
    // 3 x 2000 available; eight requests of 1500 at once: four fit.
    const results = await Promise.all(Array.from({ length: 8 }, () => request(c.token, 1500)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((s) => s === 201)).toHaveLength(4);
    expect(codes.filter((s) => s === 400)).toHaveLength(4);
    for (const r of results.filter((x) => x.statusCode !== 201)) {
      expect(r.json().code).toBe('VALIDATION_ERROR');
    }
    expect(await usd(c.token)).toMatchObject({ availableMinor: 0, inProgressMinor: 6000 });
    const ledger = await ledgerOf(c.id);
    expect(ledger.reduce((a, e) => a + e.amount_minor, 0)).toBe(-6000);
  });

  it('a creator sees only their own payouts', async () => {
    const a = await signUp('Ann Own');
    const b = await signUp('Ben Other');
    await sale(a);
    expect((await request(a.token, 1000)).statusCode).toBe(201);
    expect((await overview(b.token)).payouts).toEqual([]);
    expect((await overview(a.token)).payouts).toHaveLength(1);
  });
});

describe('payouts: the admin', () => {
  it('only an admin lists, approves, rejects or sets the threshold', async () => {
    const c = await signUp('Will Wrongrole');
    await sale(c);
    const id = (await request(c.token, 1000)).json().data.id;
    for (const [method, url, body] of [
      ['GET', '/api/admin/payouts', undefined],
      ['POST', `/api/admin/payouts/${id}/approve`, { method: 'manual', reference: 'x' }],
      ['POST', `/api/admin/payouts/${id}/reject`, { reason: 'no' }],
    ] as const) {
      const res = await call(method, url, c.token, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('AUTHORIZATION_ERROR');
      expect((await call(method, url, undefined, body)).statusCode).toBe(401);
    }
    const threshold = await put('/api/admin/payouts/threshold', c.token, {
      currency: 'USD',
      thresholdMinor: 100,
    });
    expect(threshold.statusCode).toBe(403);
    expect(
      (await db().selectFrom('payouts').select('status').where('id', '=', id).executeTakeFirst())?.status,
    ).toBe('requested');
  });

  it('refuses a bad page or limit in the words of every other list', async () => {
    const admin = await adminToken();
    for (const [query, field, message] of [
      ['?page=0', 'page', 'Page must be at least 1'],
      ['?page=abc', 'page', 'Page must be a number'],
      ['?limit=101', 'limit', 'Limit must be at most 100'],
      ['?limit=0', 'limit', 'Limit must be at least 1'],
    ]) {
      const res = await call('GET', `/api/admin/payouts${query}`, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().details).toEqual([{ field, message }]);
    }
  });

  it('approves through a Razorpay Route transfer to the linked account, once', async () => {
    const c = await signUp('Rita Route');
    await sale(c);
    await sale(c);
    const admin = await adminToken();
    const id = (await request(c.token, 2000)).json().data.id as string;

    const none = await call('POST', `/api/admin/payouts/${id}/approve`, admin, { method: 'gateway' });
    expect(none.json().message).toBe(
      'This creator has not given a Razorpay linked account; pay by hand with a reference instead.',
    );
    const badAccount = await put('/api/payouts/account', c.token, { razorpayAccountId: 'acc_short' });
    expect(badAccount.json().message).toBe(
      'A Razorpay linked account id looks like acc_ and 14 letters or digits',
    );
    const account = 'acc_CPRsN1LkFccllA';
    fake.accounts.add(account);
    expect(
      (await put('/api/payouts/account', c.token, { razorpayAccountId: account })).json().data,
    ).toMatchObject({
      razorpayAccountId: account,
    });

    const list = (await call('GET', '/api/admin/payouts?status=requested', admin)).json().data;
    const row = list.payouts.find((p: { id: string }) => p.id === id);
    expect(row).toMatchObject({
      creator: { id: c.id, email: c.email },
      accountId: account,
      availableMinor: 78,
    });
    expect(list.gateway).toBe('razorpay');

    const res = await call('POST', `/api/admin/payouts/${id}/approve`, admin, { method: 'gateway' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Payout approved: the transfer is being sent');
    // Not paid yet: the payout-transfer job sends it.
    expect(res.json().data).toMatchObject({ status: 'processing', method: 'razorpay', paidAt: null });
    expect((await settled(id)).status).toBe('paid');
    const paid = (await call('GET', '/api/admin/payouts?status=paid', admin))
      .json()
      .data.payouts.find((p: { id: string }) => p.id === id);
    expect(paid).toMatchObject({ status: 'paid', method: 'razorpay', accountId: account });
    const transfer = fake.transfers.find((x) => x.idempotencyKey === id)!;
    expect(transfer).toMatchObject({
      recipient: account,
      amount: 2000,
      currency: 'USD',
      notes: { payoutId: id },
    });
    expect(paid.reference).toBe(transfer.id);

    const again = await call('POST', `/api/admin/payouts/${id}/approve`, admin, { method: 'gateway' });
    expect(again.json().data.status).toBe('paid');
    expect(fake.transfers.filter((x) => x.idempotencyKey === id)).toHaveLength(1);
    expect((await ledgerOf(c.id)).map((e) => [e.kind, e.amount_minor])).toEqual([
      ['reserve', -2000],
      ['approve', 0],
      ['pay', 0],
    ]);
    const audit = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', id)
      .orderBy('created_at')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['payout.request', 'payout.approve', 'payout.paid']);
    const mail = await db().selectFrom('mail_outbox').selectAll().where('to_address', '=', c.email).execute();
    expect(mail.map((m) => m.subject)).toEqual(['Your payout of $20.00 was paid']);
    expect(mail[0]!.text_body).toContain(`transfer ${transfer.id}`);
    expect(await usd(c.token)).toMatchObject({ availableMinor: 78, inProgressMinor: 0, paidMinor: 2000 });
    const mine = (await overview(c.token)).payouts[0];
    expect(mine).toMatchObject({ status: 'paid', method: 'razorpay', reference: transfer.id });
  });

  it('a transfer that fails is retried by its job; after a lost answer the retry pays the same transfer', async () => {
    const c = await signUp('Fay Failure');
    await sale(c);
    const account = 'acc_FAILs1LkFccllA';
    fake.accounts.add(account);
    await put('/api/payouts/account', c.token, { razorpayAccountId: account });
    const admin = await adminToken();
    const id = (await request(c.token, 1000)).json().data.id as string;

    // Razorpay makes the transfer, then the answer is lost: the job fails and its retry asks again.
    fake.next = { kind: 'lost' };
    const approved = await call('POST', `/api/admin/payouts/${id}/approve`, admin, { method: 'gateway' });
    expect(approved.json().data.status).toBe('processing');
    const row = await settled(id);
    expect(row).toMatchObject({ status: 'paid', method: 'razorpay', claim: null });
    expect(fake.transfers.filter((x) => x.idempotencyKey === id)).toHaveLength(1);
    expect(row.reference).toBe(fake.transfers.find((x) => x.idempotencyKey === id)!.id);
    const audit = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', id)
      .orderBy('created_at')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'payout.request',
      'payout.approve',
      'payout.transfer_failed',
      'payout.paid',
    ]);
    const subjects = async () =>
      (
        await db()
          .selectFrom('mail_outbox')
          .select('subject')
          .where('to_address', '=', c.email)
          .orderBy('created_at')
          .execute()
      ).map((m) => m.subject);
    expect(await subjects()).toEqual([
      'Your payout of $10.00 was approved',
      'Your payout of $10.00 was paid',
    ]);
  });

  it('approvals through the gateway at once, and again while processing, make one transfer', async () => {
    const c = await signUp('Paula Parallel');
    await sale(c);
    const account = 'acc_PARAs1LkFccllA';
    fake.accounts.add(account);
    await put('/api/payouts/account', c.token, { razorpayAccountId: account });
    const admin = await adminToken();
    const id = (await request(c.token, 1000)).json().data.id as string;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call('POST', `/api/admin/payouts/${id}/approve`, admin, { method: 'gateway' }),
      ),
    );
    // Each is told the payout is on its way (or paid), or that its transfer is in hand right now.
    for (const a of answers) {
      if (a.statusCode === 200) expect(['processing', 'paid']).toContain(a.json().data.status);
      else
        expect(a.json()).toMatchObject({
          code: 'VALIDATION_ERROR',
          message: 'A transfer of this payout is already in progress.',
        });
    }
    expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect((await settled(id)).status).toBe('paid');
    expect(fake.transfers.filter((x) => x.idempotencyKey === id)).toHaveLength(1);
    expect((await ledgerOf(c.id)).map((e) => e.kind)).toEqual(['reserve', 'approve', 'pay']);
    const paidMail = await db()
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', c.email)
      .execute();
    expect(paidMail.map((m) => m.subject)).toEqual(['Your payout of $10.00 was paid']);
  });

  it('a transfer that keeps failing ends as a dead job, stays processing, and the admin retries it', async () => {
    const c = await signUp('Dee Dead');
    await sale(c);
    const account = 'acc_DEADs1LkFccllA';
    // Saved by the creator, but unknown to Razorpay: every try is refused.
    await put('/api/payouts/account', c.token, { razorpayAccountId: account });
    const admin = await adminToken();
    const id = (await request(c.token, 1000)).json().data.id as string;
    await call('POST', `/api/admin/payouts/${id}/approve`, admin, { method: 'gateway' });

    const deadJob = async () =>
      (await call('GET', '/api/admin/jobs?queue=payout-transfer&state=failed', admin))
        .json()
        .data.jobs.find((j: { summary: string | null }) =>
          j.summary?.startsWith(`Payout of $10.00 to ${c.email}`),
        );
    const dead = await until(deadJob, (j) => j !== undefined);
    expect(dead).toMatchObject({
      queue: 'payout-transfer',
      state: 'failed',
      retryCount: 5,
      summary: `Payout of $10.00 to ${c.email} (processing)`,
    });
    expect(dead.error).toContain('The id provided does not exist');
    const stuck = await payoutRow(id);
    expect(stuck).toMatchObject({ status: 'processing', claim: null, paid_at: null });
    expect(stuck.note).toBe(
      'The payment gateway could not make this transfer. Try again (a retry never pays twice), or check the Razorpay dashboard before paying by hand.',
    );
    // Six tries, each in the audit log; the creator was told once that it is approved.
    const failures = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', id)
      .where('action', '=', 'payout.transfer_failed')
      .execute();
    expect(failures).toHaveLength(6);
    expect(await usd(c.token)).toMatchObject({ inProgressMinor: 1000, paidMinor: 0 });

    // The account now exists at Razorpay: the admin's retry on the Jobs page pays it, once.
    fake.accounts.add(account);
    const retried = await call('POST', `/api/admin/jobs/${dead.id}/retry`, admin);
    expect(retried.statusCode).toBe(200);
    expect((await settled(id)).status).toBe('paid');
    expect(fake.transfers.filter((x) => x.idempotencyKey === id)).toHaveLength(1);
    expect(await usd(c.token)).toMatchObject({ inProgressMinor: 0, paidMinor: 1000 });
  });

  it('marks paid by hand with a reference, and two approvals at once pay once', async () => {
    const c = await signUp('Manny Manual');
    await sale(c);
    const admin = await adminToken();
    const id = (await request(c.token, 1039)).json().data.id as string;
    const missing = await call('POST', `/api/admin/payouts/${id}/approve`, admin, {
      method: 'manual',
      reference: ' ',
    });
    expect(missing.json().message).toBe('Reference is required');
    const both = await Promise.all([
      call('POST', `/api/admin/payouts/${id}/approve`, admin, {
        method: 'manual',
        reference: 'WIRE-2026-001',
      }),
      call('POST', `/api/admin/payouts/${id}/approve`, admin, {
        method: 'manual',
        reference: 'WIRE-2026-001',
      }),
    ]);
    expect(both.some((r) => r.statusCode === 200 && r.json().data.status === 'paid')).toBe(true);
    const entries = await ledgerOf(c.id);
    expect(entries.map((e) => e.kind)).toEqual(['reserve', 'approve', 'pay']);
    const paid = await db().selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(paid).toMatchObject({ status: 'paid', method: 'manual', reference: 'WIRE-2026-001' });
    const reject = await call('POST', `/api/admin/payouts/${id}/reject`, admin, { reason: 'late' });
    expect(reject.json().message).toBe('This payout has already been decided.');
    // The creator is told once, in the notifications centre, and nobody else is.
    const notices = (
      (await call('GET', '/api/notifications', c.token)).json().data.notifications as { kind: string }[]
    ).filter((n) => n.kind === 'payout.updated');
    expect(notices).toMatchObject([
      { kind: 'payout.updated', title: 'Your payout of $10.39 was paid', link: '/dashboard?tab=earnings' },
    ]);
    expect((await call('GET', '/api/notifications', admin)).json().data.notifications).toEqual([]);
  });

  it('rejects with a reason and gives the amount back', async () => {
    const c = await signUp('Rex Rejected');
    await sale(c);
    const admin = await adminToken();
    const id = (await request(c.token, 1000)).json().data.id as string;
    expect((await call('POST', `/api/admin/payouts/${id}/reject`, admin, {})).json().message).toBe(
      'Reason is required',
    );
    const res = await call('POST', `/api/admin/payouts/${id}/reject`, admin, {
      reason: 'Account details do not match',
    });
    expect(res.json()).toMatchObject({
      message: 'Payout rejected',
      data: { status: 'rejected', note: 'Account details do not match' },
    });
    expect(await usd(c.token)).toMatchObject({ availableMinor: 1039, inProgressMinor: 0 });
    expect((await ledgerOf(c.id)).map((e) => [e.kind, e.amount_minor])).toEqual([
      ['reserve', -1000],
      ['release', 1000],
    ]);
    const approve = await call('POST', `/api/admin/payouts/${id}/approve`, admin, {
      method: 'manual',
      reference: 'x',
    });
    expect(approve.json().message).toBe('This payout has already been decided.');
    const mail = await db().selectFrom('mail_outbox').selectAll().where('to_address', '=', c.email).execute();
    expect(mail.map((m) => m.subject)).toEqual(['Your payout of $10.00 was not approved']);
    expect(mail[0]!.text_body).toContain('Account details do not match');
    expect((await call('POST', '/api/admin/payouts/nope/reject', admin, { reason: 'x' })).statusCode).toBe(
      404,
    );
  });

  it('the threshold is the admin’s, and requests follow it', async () => {
    const c = await signUp('Tess Threshold');
    await sale(c, 3000);
    const admin = await adminToken();
    const low = await put('/api/admin/payouts/threshold', admin, { currency: 'USD', thresholdMinor: 99 });
    expect(low.json().message).toBe('The least payout cannot be below 1.00, the least the gateway moves');
    const set = await put('/api/admin/payouts/threshold', admin, { currency: 'USD', thresholdMinor: 2000 });
    expect(set.json().data.thresholds).toEqual([{ currency: 'USD', thresholdMinor: 2000 }]);
    expect((await usd(c.token)).thresholdMinor).toBe(2000);
    expect((await request(c.token, 1500)).json().message).toBe('The least payout is $20.00.');
    expect((await request(c.token, 2400)).statusCode).toBe(201);
    await put('/api/admin/payouts/threshold', admin, { currency: 'USD', thresholdMinor: 1000 });
    const audit = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'payout.threshold')
      .execute();
    expect(audit).toHaveLength(2);
  });
});

describe('payouts: a refund after a payout', () => {
  it('leaves a negative balance that refuses payouts until later sales make it up', async () => {
    const c = await signUp('Neg Ative');
    const first = await sale(c, 1299, 40);
    const admin = await adminToken();
    const id = (await request(c.token, 1039)).json().data.id as string;
    await call('POST', `/api/admin/payouts/${id}/approve`, admin, { method: 'manual', reference: 'BANK-1' });
    // The buyer is refunded at Razorpay's dashboard after the window (the admin panel no longer can).
    const refund = await webhook(
      fake.webhook('refund.processed', {
        refund: { id: 'rfnd_late_1', payment_id: first.providerPaymentId, amount: 1299 },
      }),
    );
    expect(refund.json().data.outcome).toBe('applied');
    expect(await usd(c.token)).toMatchObject({ availableMinor: -1039, paidMinor: 1039 });
    expect((await request(c.token, 1000)).json().message).toBe(
      'Your balance is -$10.39 after a refund of a sale already paid out; payouts resume once later sales make up for it.',
    );
    await sale(c, 1299, 31);
    expect(await usd(c.token)).toMatchObject({ availableMinor: 0 });
    expect((await request(c.token, 1000)).json().message).toBe('Nothing is available to pay out yet.');
    await sale(c, 1299, 31);
    expect((await request(c.token, 1039)).statusCode).toBe(201);
    expect(await usd(c.token)).toMatchObject({ availableMinor: 0, inProgressMinor: 1039, paidMinor: 1039 });
  });
});

describe('payouts: transfers Razorpay reports failed or reversed', () => {
  /** A creator paid $10.39 through a Route transfer; the fake's transfer and the payout. */
  async function paidByTransfer(name: string, account: string) {
    const c = await signUp(name);
    const first = await sale(c, 1299, 40);
    fake.accounts.add(account);
    await put('/api/payouts/account', c.token, { razorpayAccountId: account });
    const admin = await adminToken();
    const id = (await request(c.token, 1039)).json().data.id as string;
    await call('POST', `/api/admin/payouts/${id}/approve`, admin, { method: 'gateway' });
    const row = await settled(id);
    expect(row.status).toBe('paid');
    return { c, id, admin, transferId: row.reference!, first };
  }
  /** Razorpay's Route reversal API, as the platform's operator calls it (or its dashboard does). */
  const reverse = (transferId: string, amount?: number) =>
    fetch(`${fake.url}/v1/transfers/${transferId}/reversals`, {
      method: 'POST',
      headers: {
        authorization: 'Basic ' + Buffer.from(`${FAKE_KEY_ID}:${FAKE_KEY_SECRET}`).toString('base64'),
        'content-type': 'application/json',
      },
      body: JSON.stringify(amount === undefined ? {} : { amount }),
    });
  const auditOf = async (id: string) =>
    (
      await db()
        .selectFrom('audit_log')
        .select(['action', 'actor_id', 'actor_email'])
        .where('target_id', '=', id)
        .orderBy('created_at')
        .execute()
    ).map((a) => a.action);

  it('a reversed transfer marks the payout reversed and gives the amount back, once however often it is delivered', async () => {
    const { c, id, transferId } = await paidByTransfer('Rex Reversed', 'acc_REVRs1LkFccllA');
    expect(await usd(c.token)).toMatchObject({ availableMinor: 0, paidMinor: 1039 });
    expect((await reverse(transferId)).status).toBe(200);

    const event = fake.webhook(
      'transfer.reversed',
      { transfer: fake.transferEntity(transferId) },
      { eventId: 'evt_rev_1' },
    );
    const first = await webhook(event);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.outcome).toBe('applied');
    // Razorpay retries with the same event id; another event about the same transfer changes nothing either.
    expect((await webhook(event)).json().data.outcome).toBe('duplicate');
    const other = fake.webhook('transfer.reversed', { transfer: fake.transferEntity(transferId) });
    expect((await webhook(other)).json().data.outcome).toBe('ignored');

    expect(await usd(c.token)).toMatchObject({ availableMinor: 1039, inProgressMinor: 0, paidMinor: 0 });
    expect((await ledgerOf(c.id)).map((e) => [e.kind, e.amount_minor])).toEqual([
      ['reserve', -1039],
      ['approve', 0],
      ['pay', 0],
      ['reverse', 1039],
    ]);
    const mine = (await overview(c.token)).payouts.find((p: { id: string }) => p.id === id);
    expect(mine).toMatchObject({
      status: 'reversed',
      reference: transferId,
      note: 'The transfer was reversed at the gateway; $10.39 went back to the available balance.',
    });
    expect(await auditOf(id)).toEqual(['payout.request', 'payout.approve', 'payout.paid', 'payout.reversed']);
    const gatewayRow = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', id)
      .where('action', '=', 'payout.reversed')
      .executeTakeFirstOrThrow();
    expect(gatewayRow).toMatchObject({ actor_id: null, actor_email: 'razorpay-webhook' });
    const notices = await db()
      .selectFrom('notifications')
      .select(['title', 'user_id'])
      .where('kind', '=', 'payout.updated')
      .where('user_id', '=', c.id)
      .execute();
    expect(notices.map((n) => n.title)).toContain('Your payout of $10.39 was reversed');
    // The money is the creator's again: they may ask for it anew.
    expect((await request(c.token, 1039)).statusCode).toBe(201);
  });

  it('a reversal in part gives back that part and leaves the rest paid', async () => {
    const { c, id, transferId } = await paidByTransfer('Pat Part', 'acc_PARTs1LkFccllA');
    expect((await reverse(transferId, 400)).status).toBe(200);
    const event = fake.webhook('transfer.reversed', { transfer: fake.transferEntity(transferId) });
    expect((await webhook(event)).json().data.outcome).toBe('applied');
    expect(await usd(c.token)).toMatchObject({ availableMinor: 400, paidMinor: 639 });
    expect((await payoutRow(id)).status).toBe('reversed');
  });

  it('a second partial reversal gives back the growth; older and replayed states credit nothing more', async () => {
    const { c, id, transferId } = await paidByTransfer('Paz Partial', 'acc_PAZSs1LkFccllA');
    expect((await reverse(transferId, 300)).status).toBe(200);
    const atThree = fake.transferEntity(transferId);
    expect((await reverse(transferId, 200)).status).toBe(200);
    const atFive = fake.transferEntity(transferId);
    expect(atFive).toMatchObject({ status: 'partially_reversed', amount_reversed: 500 });
    // The newer state first, then the older one, then the newer again under a new event id.
    expect(
      (await webhook(fake.webhook('transfer.processed', { transfer: atFive }))).json().data.outcome,
    ).toBe('applied');
    expect(
      (await webhook(fake.webhook('transfer.processed', { transfer: atThree }))).json().data.outcome,
    ).toBe('ignored');
    expect(
      (await webhook(fake.webhook('transfer.processed', { transfer: atFive }))).json().data.outcome,
    ).toBe('ignored');
    expect(await usd(c.token)).toMatchObject({ availableMinor: 500, paidMinor: 539 });
    // The rest reversed later, reported twice at once: the other 539, once.
    expect((await reverse(transferId)).status).toBe(200);
    const all = fake.transferEntity(transferId);
    await Promise.all([
      webhook(fake.webhook('transfer.processed', { transfer: all })),
      webhook(fake.webhook('transfer.processed', { transfer: all })),
    ]);
    expect(await usd(c.token)).toMatchObject({ availableMinor: 1039, paidMinor: 0 });
    expect(await payoutRow(id)).toMatchObject({ status: 'reversed', amount_reversed: 1039 });
    const reverses = (await ledgerOf(c.id)).filter((e) => e.kind === 'reverse');
    expect(reverses.reduce((a, e) => a + Number(e.amount_minor), 0)).toBe(1039);
    expect(await auditOf(id)).toEqual([
      'payout.request',
      'payout.approve',
      'payout.paid',
      'payout.reversed',
      'payout.reversed',
    ]);
    const titles = (
      await db().selectFrom('notifications').select('title').where('user_id', '=', c.id).execute()
    ).map((n) => n.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        '$5.00 of your payout of $10.39 was reversed',
        'Your payout of $10.39 was reversed',
      ]),
    );
  });

  it('an admin reverses part of a paid transfer, then the rest, through the gateway; its webhook credits nothing more', async () => {
    const { c, id, admin, transferId } = await paidByTransfer('Ada Adminrev', 'acc_ADMRs1LkFccllA');
    const url = `/api/admin/payouts/${id}/reverse`;
    const tooMuch = await call('POST', url, admin, { amountMinor: 1040 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'You can reverse at most $10.39, what is left of this transfer.',
    });
    const bad = await call('POST', url, admin, { amountMinor: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Amount must be more than 0');

    const part = await call('POST', url, admin, { amountMinor: 400 });
    expect(part.statusCode).toBe(200);
    expect(part.json().message).toBe("Transfer reversed: $4.00 is back in the creator's balance");
    expect(part.json().data).toMatchObject({ status: 'reversed', amountReversedMinor: 400 });
    expect(fake.transferEntity(transferId)).toMatchObject({
      status: 'partially_reversed',
      amount_reversed: 400,
    });
    // Razorpay's later event carries the same reversal: nothing more.
    const event = fake.webhook('transfer.processed', { transfer: fake.transferEntity(transferId) });
    expect((await webhook(event)).json().data.outcome).toBe('ignored');
    expect(await usd(c.token)).toMatchObject({ availableMinor: 400, paidMinor: 639 });

    const over = await call('POST', url, admin, { amountMinor: 700 });
    expect(over.json().message).toBe('You can reverse at most $6.39, what is left of this transfer.');
    const rest = await call('POST', url, admin, {});
    expect(rest.statusCode).toBe(200);
    expect(rest.json().data).toMatchObject({ status: 'reversed', amountReversedMinor: 1039 });
    expect(fake.transferEntity(transferId)).toMatchObject({ status: 'reversed', amount_reversed: 1039 });
    expect(await usd(c.token)).toMatchObject({ availableMinor: 1039, paidMinor: 0 });
    const done = await call('POST', url, admin, {});
    expect(done.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'This transfer is already reversed in full.',
    });
    const rows = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'after'])
      .where('target_id', '=', id)
      .where('action', '=', 'payout.reversed')
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.actor_id !== null)).toBe(true);
    expect(rows.map((r) => JSON.parse(r.after!).returnedMinor).sort()).toEqual([400, 639]);
  });

  it('two admins reversing at once take back what is left once; a gateway refusal changes nothing', async () => {
    const { c, id, admin, transferId } = await paidByTransfer('Tia Twice', 'acc_TWCRs1LkFccllA');
    const url = `/api/admin/payouts/${id}/reverse`;
    const both = await Promise.all([call('POST', url, admin, {}), call('POST', url, admin, {})]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(fake.transferEntity(transferId).amount_reversed).toBe(1039);
    expect(await usd(c.token)).toMatchObject({ availableMinor: 1039, paidMinor: 0 });

    const other = await paidByTransfer('Gus Gatewayno', 'acc_GWNRs1LkFccllA');
    fake.next = { kind: 'status', status: 400 };
    const refused = await call('POST', `/api/admin/payouts/${other.id}/reverse`, other.admin, {});
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      code: 'PAYMENT_ERROR',
      message:
        'The payment gateway could not reverse this transfer. Check the Razorpay dashboard and try again.',
    });
    expect(await payoutRow(other.id)).toMatchObject({ status: 'paid', amount_reversed: 0, claim: null });
  });

  it('only a paid gateway payout can be reversed, and only by an admin', async () => {
    const { c, id } = await paidByTransfer('Ron Role', 'acc_ROLRs1LkFccllA');
    const url = `/api/admin/payouts/${id}/reverse`;
    const user = await signUp('Una User');
    for (const token of [c.token, user.token]) {
      const res = await call('POST', url, token, { amountMinor: 100 });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('AUTHORIZATION_ERROR');
    }
    expect((await call('POST', url, undefined, {})).statusCode).toBe(401);
    expect(await payoutRow(id)).toMatchObject({ status: 'paid', amount_reversed: 0 });
    const admin = await adminToken();
    await sale(c, 1299, 40);
    const open = (await request(c.token, 1000)).json().data.id as string;
    const notPaid = await call('POST', `/api/admin/payouts/${open}/reverse`, admin, {});
    expect(notPaid.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Only a paid gateway transfer can be reversed.',
    });
    await call('POST', `/api/admin/payouts/${open}/approve`, admin, {
      method: 'manual',
      reference: 'BANK-1',
    });
    const byHand = await call('POST', `/api/admin/payouts/${open}/reverse`, admin, {});
    expect(byHand.json().message).toBe('Only a paid gateway transfer can be reversed.');
    expect((await call('POST', '/api/admin/payouts/nope/reverse', admin, {})).statusCode).toBe(404);
  });

  it('a failed transfer marks the payout failed and gives it back; a wrong signature changes nothing', async () => {
    const { c, id, transferId } = await paidByTransfer('Fio Failed', 'acc_FAIDs1LkFccllA');
    fake.failTransfer(transferId);
    const event = fake.webhook('transfer.failed', { transfer: fake.transferEntity(transferId) });
    const forged = fake.webhook(
      'transfer.failed',
      { transfer: fake.transferEntity(transferId) },
      { secret: 'not-the-secret' },
    );
    const refused = await webhook(forged);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ success: false, code: 'AUTHENTICATION_ERROR' });
    expect((await payoutRow(id)).status).toBe('paid');

    expect((await webhook(event)).json().data.outcome).toBe('applied');
    expect(await payoutRow(id)).toMatchObject({
      status: 'failed',
      note: 'The transfer failed at the gateway: The linked account is not active; $10.39 went back to the available balance.',
    });
    expect(await usd(c.token)).toMatchObject({ availableMinor: 1039, paidMinor: 0, inProgressMinor: 0 });
    expect(await auditOf(id)).toEqual(['payout.request', 'payout.approve', 'payout.paid', 'payout.failed']);
    const mail = await db()
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', c.email)
      .orderBy('created_at')
      .execute();
    expect(mail.map((m) => m.subject)).toEqual([
      'Your payout of $10.39 was paid',
      'Your payout of $10.39 did not go through',
    ]);
  });

  it('a reversal after a refund brings a negative balance back up, and no further', async () => {
    const { c, transferId, first } = await paidByTransfer('Ray Refund', 'acc_RFNDs1LkFccllA');
    const refund = await webhook(
      fake.webhook('refund.processed', {
        refund: { id: 'rfnd_then_reverse', payment_id: first.providerPaymentId, amount: 1299 },
      }),
    );
    expect(refund.json().data.outcome).toBe('applied');
    expect(await usd(c.token)).toMatchObject({ availableMinor: -1039, paidMinor: 1039 });
    await reverse(transferId);
    const event = fake.webhook('transfer.reversed', { transfer: fake.transferEntity(transferId) });
    expect((await webhook(event)).json().data.outcome).toBe('applied');
    expect(await usd(c.token)).toMatchObject({ availableMinor: 0, paidMinor: 0 });
    expect((await request(c.token, 1000)).json().message).toBe('Nothing is available to pay out yet.');
  });

  it('the same reversal delivered many times at once, under new and repeated event ids, credits once', async () => {
    const { c, id, transferId } = await paidByTransfer('Cora Concurrent', 'acc_CONCs1LkFccllA');
    await reverse(transferId);
    const entity = fake.transferEntity(transferId);
    const events = [
      ...Array.from({ length: 4 }, () => fake.webhook('transfer.reversed', { transfer: entity })),
      ...Array.from({ length: 4 }, () =>
        fake.webhook('transfer.reversed', { transfer: entity }, { eventId: 'evt_same_rev' }),
      ),
    ];
    const answers = await Promise.all(events.map((e) => webhook(e)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(answers.filter((a) => a.json().data.outcome === 'applied')).toHaveLength(1);
    const entries = await ledgerOf(c.id);
    expect(entries.filter((e) => e.kind === 'reverse')).toEqual([
      { kind: 'reverse', amount_minor: 1039, payout_id: id },
    ]);
    expect(await usd(c.token)).toMatchObject({ availableMinor: 1039 });
  });

  it('a transfer event for no payout of ours changes nothing', async () => {
    const stranger = {
      ...fake.transferEntity((await paidByTransfer('Sam Stranger', 'acc_STRAs1LkFccllA')).transferId),
      id: 'trf_NotOursAtAll1',
      notes: [],
      status: 'reversed',
    };
    const res = await webhook(fake.webhook('transfer.reversed', { transfer: stranger }));
    expect(res.json().data.outcome).toBe('ignored');
  });
});

describe('payouts: the test gateway in demo mode', () => {
  it('pays through the test gateway, labelled as such', async () => {
    const demo = await createTestApp({ demo: true, env: { AUTH_RATE_LIMIT_PER_ADDRESS: '10000' } });
    try {
      const h = billingHelpers(() => demo);
      const c = await h.signUp('Dee Demo');
      const prompt = await insertPrompt(h.db(), c.id, {
        type: 'premium',
        price_minor: 1299,
        status: 'published',
      });
      const buyer = await h.signUp('Bob Demo');
      const order = (
        await h.call('POST', '/api/payments/create-order', buyer.token, { promptId: prompt.id })
      ).json().data;
      const pay = await h.call('POST', '/api/payments/test-gateway/pay', buyer.token, {
        orderId: order.orderId,
        outcome: 'succeed',
      });
      const verified = await h.call('POST', '/api/payments/verify', buyer.token, pay.json().data);
      expect(verified.statusCode).toBe(200);
      const old = daysAgo(31);
      await h
        .db()
        .updateTable('payments')
        .set({ paid_at: old })
        .where('id', '=', verified.json().data.paymentId)
        .execute();
      const o = (await h.call('GET', '/api/payouts', c.token)).json().data;
      expect(o.gateway).toBe('test');
      const id = (
        await h.call('POST', '/api/payouts', c.token, { amountMinor: 1039, currency: 'USD' })
      ).json().data.id;
      const admin = await h.adminToken();
      const res = await h.call('POST', `/api/admin/payouts/${id}/approve`, admin, { method: 'gateway' });
      expect(res.json().data).toMatchObject({ status: 'processing', method: 'test' });
      const paid = await until(
        () => h.db().selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
        (p) => p.status !== 'processing',
      );
      expect(paid).toMatchObject({ status: 'paid', method: 'test' });
      expect(paid.reference).toMatch(/^trf_test_/);
      const mail = await h
        .db()
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to_address', '=', c.email)
        .execute();
      expect(mail[0]!.text_body).toContain('test gateway (demo mode: no real money moved)');
    } finally {
      await demo.close();
    }
  });
});
