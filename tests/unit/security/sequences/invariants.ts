import { expect } from 'vitest';
import { PROMPT_PRICE_MAX_MINOR, PROMPT_PRICE_MIN_MINOR } from '../../../../src/shared/pricing';
import { testConfig } from '../../../support/test-app';
import { ACTORS, type World, call } from './world';

/*
 * What must hold after every step of a generated sequence, whatever the steps were (issue 51): public
 * reads answer; allowances only grow and stay within the plan; a premium prompt is tried at most
 * three times; a payment grants once and a prompt is paid for once; each creator's earnings are their
 * share of their captured, unrefunded sales; every stored price and amount is whole minor units in
 * range. Hidden text is checked on every answer by `call`.
 */

const SHARE = testConfig().payments.creatorShare;
const PREMIUM_TRIES = 3;

export async function checkInvariants(w: World) {
  await publicReadsAnswer(w);
  await allowancesHold(w);
  await moneyHolds(w);
  await rowsAreWhole(w);
}

async function publicReadsAnswer(w: World) {
  const expectOk = (res: { statusCode: number; body: string }, what: string) =>
    expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBe(200);
  expectOk(await call(w, 'anonymous', 'GET', '/api/marketplace/prompts'), 'the marketplace');
  expectOk(
    await call(w, 'anonymous', 'GET', '/api/marketplace/prompts?search=cold&sort=price_low'),
    'a search',
  );
  expectOk(await call(w, 'admin', 'GET', '/api/admin/prompts'), "the admin's prompts");
  expectOk(await call(w, 'admin', 'GET', '/api/admin/payments'), "the admin's payments");
  for (const p of w.prompts) {
    const page = await call(w, 'anonymous', 'GET', `/api/marketplace/prompts/${p.id}`);
    expect([200, 404], `prompt ${p.id}'s page: ${page.body.slice(0, 300)}`).toContain(page.statusCode);
  }
  for (const who of new Set(w.orders.map((o) => o.buyer))) {
    expectOk(await call(w, who, 'GET', '/api/payments/history'), `${who}'s payment history`);
  }
}

async function allowancesHold(w: World) {
  for (const who of ACTORS) {
    const actor = w.actors[who];
    const usage = (await call(w, who, 'GET', '/api/playground/usage')).json().data;
    expect(usage.current, `${who}'s allowance went down`).toBeGreaterThanOrEqual(actor.usageSeen);
    if (!usage.unlimited) expect(usage.current, `${who} went over the plan`).toBeLessThanOrEqual(usage.limit);
    actor.usageSeen = usage.current;
  }
  for (const [key, n] of w.tries) expect(n, `tries started by ${key}`).toBeLessThanOrEqual(PREMIUM_TRIES);
  const ids = ACTORS.map((a) => w.actors[a].id);
  const ledger = await w.h.t.database.db
    .selectFrom('allowance_entries')
    .select(['user_id', 'prompt_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('kind', '=', 'try')
    .where('user_id', 'in', ids)
    .groupBy(['user_id', 'prompt_id'])
    .execute();
  for (const row of ledger)
    expect(Number(row.n), `tries recorded for ${row.user_id}`).toBeLessThanOrEqual(PREMIUM_TRIES);
}

async function moneyHolds(w: World) {
  if (!w.orders.length) return;
  const db = w.h.t.database.db;
  const payments = await db
    .selectFrom('payments')
    .select(['id', 'user_id', 'kind', 'prompt_id', 'amount_minor', 'status', 'ungranted_reason'])
    .where(
      'id',
      'in',
      w.orders.map((o) => o.paymentId),
    )
    .execute();
  // A payment that bought nothing (the prompt already owned or gone) is refunded, and credits nobody.
  const sales = payments.filter((x) => x.kind === 'prompt' && x.status === 'captured' && !x.ungranted_reason);
  const captured = new Map<string, number>();
  for (const p of sales) {
    const key = `${p.user_id} ${p.prompt_id}`;
    captured.set(key, (captured.get(key) ?? 0) + 1);
  }
  for (const [key, n] of captured) expect(n, `captured, unrefunded payments for one prompt (${key})`).toBe(1);

  const earnings = await db
    .selectFrom('creator_earnings')
    .select(['creator_id', 'payment_id', 'kind', 'amount_minor'])
    .where(
      'payment_id',
      'in',
      w.orders.map((o) => o.paymentId),
    )
    .execute();
  for (const who of ['creatorA', 'creatorB'] as const) {
    const theirs = new Set(w.prompts.filter((p) => p.author === who).map((p) => p.id));
    const expected = sales
      .filter((p) => p.prompt_id && theirs.has(p.prompt_id))
      .reduce((sum, p) => sum + Math.round(p.amount_minor * SHARE), 0);
    const actual = earnings
      .filter((e) => e.creator_id === w.actors[who].id)
      .reduce((sum, e) => sum + Number(e.amount_minor), 0);
    expect(actual, `${who}'s earnings against their captured, unrefunded sales`).toBe(expected);
  }
}

async function rowsAreWhole(w: World) {
  if (!w.prompts.length) return;
  const prompts = await w.h.t.database.db
    .selectFrom('prompts')
    .select(['id', 'type', 'price_minor'])
    .where(
      'id',
      'in',
      w.prompts.map((p) => p.id),
    )
    .execute();
  for (const p of prompts) {
    const price = Number(p.price_minor);
    expect(Number.isInteger(price), `prompt ${p.id}'s price ${price} is whole minor units`).toBe(true);
    if (p.type === 'premium') {
      expect(price, `premium prompt ${p.id}'s price`).toBeGreaterThanOrEqual(PROMPT_PRICE_MIN_MINOR);
      expect(price, `premium prompt ${p.id}'s price`).toBeLessThanOrEqual(PROMPT_PRICE_MAX_MINOR);
    } else expect(price, `free prompt ${p.id}'s price`).toBe(0);
  }
  const amounts = await w.h.t.database.db
    .selectFrom('payments')
    .select(['id', 'amount_minor'])
    .where(
      'user_id',
      'in',
      ACTORS.map((a) => w.actors[a].id),
    )
    .execute();
  for (const p of amounts) {
    expect(
      Number.isInteger(Number(p.amount_minor)) && Number(p.amount_minor) > 0,
      `payment ${p.id}'s amount ${p.amount_minor}`,
    ).toBe(true);
  }
}
