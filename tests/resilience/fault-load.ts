import { type Kysely, sql } from 'kysely';
import type { DB } from '../../src/server/db/types';
import { call } from './fault-server';

/*
 * Write load for the kill -9 test: workers that each sign up, like a prompt, chat in the playground
 * and pay (a premium prompt or a plan) through the test gateway, one after another, as fast as
 * the server answers. Every write that was answered 2xx is recorded: after the restart each one
 * must be there, whole.
 */

export interface Acks {
  signups: { email: string; password: string; userId: string; token: string }[];
  likes: { userId: string; promptId: string }[];
  chats: { userId: string; sessionId: string; messageId: string; message: string }[];
  payments: { userId: string; paymentId: string; kind: 'prompt' | 'subscription'; target: string }[];
  /** Requests the kill cut off or that failed for another reason (status 0 = no answer). */
  unanswered: number;
  /** Answers that were neither 2xx nor a cut connection: the load itself is broken. */
  unexpected: string[];
}

export interface LoadTargets {
  likePromptIds: string[];
  premiumPromptIds: string[];
  planIds: string[];
}

export function emptyAcks(): Acks {
  return { signups: [], likes: [], chats: [], payments: [], unanswered: 0, unexpected: [] };
}

/** Runs `workers` loops until `stop.aborted`; never throws. */
export async function writeLoad(
  base: string,
  targets: LoadTargets,
  acks: Acks,
  stop: AbortSignal,
  workers = 8,
): Promise<void> {
  let n = 0;
  const step = async (method: string, url: string, token?: string, body?: unknown) => {
    const res = await call(base, method, url, { token, body });
    if (res.status >= 200 && res.status < 300) return res.body.data ?? {};
    if (res.status === 0) acks.unanswered++;
    else if (!stop.aborted) acks.unexpected.push(`${method} ${url} -> ${res.status} ${res.body.message}`);
    return null;
  };
  const worker = async (w: number) => {
    while (!stop.aborted) {
      const i = n++;
      const email = `fault-${process.pid}-${i}@example.test`;
      const password = 'fault-pass-123';
      const reg = await step('POST', '/auth/register', undefined, {
        name: `Fault User ${i}`,
        email,
        password,
      });
      if (!reg) continue;
      const token = reg.token as string;
      const userId = (reg.user as { id: string }).id;
      acks.signups.push({ email, password, userId, token });
      if (stop.aborted) break;

      const promptId = targets.likePromptIds[i % targets.likePromptIds.length]!;
      if (await step('POST', `/marketplace/prompts/${promptId}/like`, token, { liked: true }))
        acks.likes.push({ userId, promptId });
      if (stop.aborted) break;

      const message = `Fault test message ${i}`;
      const chat = await step('POST', '/playground/chat', token, { message, model: 'claude' });
      if (chat)
        acks.chats.push({
          userId,
          sessionId: chat.sessionId as string,
          messageId: chat.messageId as string,
          message,
        });
      if (stop.aborted) break;

      const buyPlan = (i + w) % 3 === 0;
      const target = buyPlan
        ? targets.planIds[i % targets.planIds.length]!
        : targets.premiumPromptIds[i % targets.premiumPromptIds.length]!;
      const order = await step(
        'POST',
        '/payments/create-order',
        token,
        buyPlan ? { planId: target, billing: 'monthly' } : { promptId: target },
      );
      if (!order || stop.aborted) continue;
      const signed = await step('POST', '/payments/test-gateway/pay', token, {
        orderId: order.orderId,
        outcome: 'succeed',
      });
      if (!signed || stop.aborted) continue;
      const verified = await step('POST', '/payments/verify', token, signed);
      if (verified)
        acks.payments.push({
          userId,
          paymentId: verified.paymentId as string,
          kind: buyPlan ? 'subscription' : 'prompt',
          target,
        });
    }
  };
  await Promise.all(Array.from({ length: workers }, (_, w) => worker(w)));
}

/** Likes per prompt as stored (row count and the denormalised counter), to compare before and after. */
export async function likeCounts(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('prompts')
    .select((eb) => [
      'id',
      'likes_count',
      eb
        .selectFrom('prompt_likes')
        .whereRef('prompt_likes.prompt_id', '=', 'prompts.id')
        .select((e) => e.fn.countAll<number | string>().as('n'))
        .as('rows'),
    ])
    .execute();
  return new Map(rows.map((r) => [r.id, { counter: Number(r.likes_count), rows: Number(r.rows) }]));
}

/**
 * Everything wrong with the database after the crash, as sentences (empty when all is well):
 * a missing acknowledged write, or a write only partly applied.
 */
export async function findProblems(
  db: Kysely<DB>,
  acks: Acks,
  likesBefore: Map<string, { counter: number; rows: number }>,
): Promise<string[]> {
  const problems: string[] = [];
  const prefix = `fault-${process.pid}-%`;

  // Acknowledged writes.
  const users = new Set(
    (await db.selectFrom('users').select('id').where('email', 'like', prefix).execute()).map((u) => u.id),
  );
  for (const s of acks.signups) if (!users.has(s.userId)) problems.push(`sign-up ${s.email} lost`);

  const likes = new Set(
    (
      await db
        .selectFrom('prompt_likes')
        .innerJoin('users', 'users.id', 'prompt_likes.user_id')
        .select(['prompt_likes.user_id', 'prompt_likes.prompt_id'])
        .where('users.email', 'like', prefix)
        .execute()
    ).map((l) => `${l.user_id}/${l.prompt_id}`),
  );
  for (const l of acks.likes)
    if (!likes.has(`${l.userId}/${l.promptId}`)) problems.push(`like ${l.userId}/${l.promptId} lost`);

  for (const c of acks.chats) {
    const messages = await db
      .selectFrom('playground_messages')
      .select(['id', 'role', 'content'])
      .where('session_id', '=', c.sessionId)
      .execute();
    if (!messages.some((m) => m.role === 'user' && m.content === c.message))
      problems.push(`chat ${c.sessionId}: the user's message is lost`);
    if (!messages.some((m) => m.id === c.messageId)) problems.push(`chat ${c.sessionId}: the reply is lost`);
  }

  for (const p of acks.payments) {
    const payment = await db
      .selectFrom('payments')
      .select(['id', 'granted_at', 'user_id'])
      .where('id', '=', p.paymentId)
      .executeTakeFirst();
    if (!payment?.granted_at) problems.push(`payment ${p.paymentId}: acknowledged but not granted`);
    if (p.kind === 'prompt') {
      const purchase = await db
        .selectFrom('purchases')
        .select('id')
        .where('buyer_id', '=', p.userId)
        .where('prompt_id', '=', p.target)
        .executeTakeFirst();
      if (!purchase) problems.push(`payment ${p.paymentId}: the purchase is lost`);
    } else {
      const subscription = await db
        .selectFrom('subscriptions')
        .select('id')
        .where('user_id', '=', p.userId)
        .where('plan_id', '=', p.target)
        .executeTakeFirst();
      if (!subscription) problems.push(`payment ${p.paymentId}: the subscription is lost`);
    }
  }

  // Nothing half-written, acknowledged or not (the writes the kill cut off included).
  const grantedWithoutGoods = await db
    .selectFrom('payments')
    .innerJoin('users', 'users.id', 'payments.user_id')
    .select(['payments.id', 'payments.kind'])
    .where('users.email', 'like', prefix)
    .where('payments.granted_at', 'is not', null)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('payments.kind', '=', 'prompt'),
          eb.not(
            eb.exists(
              eb
                .selectFrom('purchases')
                .select('purchases.id')
                .whereRef('purchases.payment_id', '=', 'payments.id'),
            ),
          ),
        ]),
        eb.and([
          eb('payments.kind', '!=', 'prompt'),
          eb.not(
            eb.exists(
              eb
                .selectFrom('subscriptions')
                .select('subscriptions.id')
                .whereRef('subscriptions.payment_id', '=', 'payments.id'),
            ),
          ),
        ]),
      ]),
    )
    .execute();
  for (const p of grantedWithoutGoods)
    problems.push(`payment ${p.id} (${p.kind}) granted without what it paid for`);

  const goodsWithoutGrant = await db
    .selectFrom('purchases')
    .innerJoin('users', 'users.id', 'purchases.buyer_id')
    .leftJoin('payments', 'payments.id', 'purchases.payment_id')
    .select(['purchases.id'])
    .where('users.email', 'like', prefix)
    .where('payments.granted_at', 'is', null)
    .execute();
  for (const p of goodsWithoutGrant) problems.push(`purchase ${p.id} without a granted payment`);

  const purchasesWithoutEarnings = await db
    .selectFrom('purchases')
    .innerJoin('users', 'users.id', 'purchases.buyer_id')
    .select(['purchases.id'])
    .where('users.email', 'like', prefix)
    .where('purchases.creator_share_minor', '>', 0)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('creator_earnings')
            .select('creator_earnings.id')
            .whereRef('creator_earnings.purchase_id', '=', 'purchases.id')
            .where('creator_earnings.kind', '=', 'sale'),
        ),
      ),
    )
    .execute();
  for (const p of purchasesWithoutEarnings) problems.push(`purchase ${p.id} without its earnings line`);

  const sessionsWithoutFirstMessage = await db
    .selectFrom('playground_sessions')
    .innerJoin('users', 'users.id', 'playground_sessions.user_id')
    .select(['playground_sessions.id'])
    .where('users.email', 'like', prefix)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('playground_messages')
            .select('playground_messages.id')
            .whereRef('playground_messages.session_id', '=', 'playground_sessions.id')
            .where('playground_messages.role', '=', 'user'),
        ),
      ),
    )
    .execute();
  for (const s of sessionsWithoutFirstMessage)
    problems.push(`session ${s.id} without its first user message`);

  // A sign-up writes the account, its event and its first session in one transaction.
  const accountsWithoutSession = await db
    .selectFrom('users')
    .select(['users.email'])
    .where('users.email', 'like', prefix)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('auth_sessions')
            .select('auth_sessions.id')
            .whereRef('auth_sessions.user_id', '=', 'users.id'),
        ),
      ),
    )
    .execute();
  for (const u of accountsWithoutSession)
    problems.push(`account ${u.email} without the session of its sign-up`);

  const likesAfter = await likeCounts(db);
  for (const [id, after] of likesAfter) {
    const before = likesBefore.get(id) ?? { counter: 0, rows: 0 };
    if (after.counter - before.counter !== after.rows - before.rows)
      problems.push(
        `prompt ${id}: likes counter moved by ${after.counter - before.counter} but like rows by ${after.rows - before.rows}`,
      );
  }
  await sql`select 1`.execute(db);
  return problems;
}
