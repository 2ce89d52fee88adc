import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../src/server/db/types';
import { base32Decode, totpAt } from '../../../src/server/lib/totp';
import { notify } from '../../../src/server/modules/notifications/service';
import {
  PERSONA_PASSWORD,
  type Persona,
  type PersonaName,
  type Personas,
  makePrompt,
  makeSession,
  makeUser,
  markTried,
} from './personas';

/*
 * The access matrix: one entry per API route (method and OpenAPI path), saying who may call it.
 * The suite fails when a registered route has no entry here, or an entry names a route that no longer
 * exists, so a new endpoint cannot ship without a decision about who may call it.
 */

/**
 * - public: anyone, with or without a token (a stale token makes the caller anonymous, never refused).
 * - signedIn: any live session of an active account (web or admin-panel token).
 * - owner: signed in, and the resource must be the caller's own; anybody else gets 404 (not 403, so
 *   an id tells a stranger nothing).
 * - admin: an admin-panel token of an active user whose role is admin right now.
 * - webhook: the payment gateway, proven by an HMAC signature; no bearer token ever opens it.
 * - scraper: a metrics scraper holding METRICS_TOKEN; no session token of anybody opens it.
 */
export type Access = 'public' | 'signedIn' | 'owner' | 'admin' | 'webhook' | 'scraper';

export interface Fixtures {
  premiumPlanId: string;
  /** A published free prompt of the owner. */
  ownerPrompt: string;
  /** A draft of the owner: nobody else but an admin may see it. */
  ownerDraft: string;
  /** A published prompt of a third author that every shared caller has tried (so may review). */
  reviewPrompt: string;
  /** A playground conversation of the owner. */
  ownerSession: string;
  contactMessageId: string;
}

type Inject = (
  method: string,
  url: string,
  token?: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<{ statusCode: number; json(): { data: Record<string, unknown> }; body: string }>;

export interface Ctx {
  db: Kysely<DB>;
  /** The caller of this row. */
  who: Persona;
  personas: Personas;
  f: Fixtures;
  api: Inject;
}

export interface CallSpec {
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Entry {
  access: Access;
  /** Builds the request for one caller (ids, body); may create what that one call needs. */
  request?: (ctx: Ctx) => CallSpec | Promise<CallSpec>;
  /** Each caller is built anew for this row: the call signs it out, deletes it or changes its security. */
  fresh?: boolean;
  /** Statuses of a permitted call (default [200]). */
  ok?: number[];
  /** Per-caller exceptions to the access rule, with the reason in `why`. */
  expect?: Partial<Record<PersonaName, number[]>>;
  why?: string;
}

const THIRTY_CHARS = 'A prompt written for the access matrix test.';

const promptForm = (title: string) => ({
  title,
  description: 'Checks who may create, edit and delete prompts.',
  content: 'Write a short summary of {{topic}} for a busy reader.',
  category: 'business',
  type: 'free',
  price: 0,
  status: 'draft',
  featured: false,
  trending: false,
});

const planBody = (name: string) => ({
  name,
  description: 'A plan made by the access matrix.',
  price: { monthly: 9, yearly: 86.4 },
  features: [{ name: 'Everything in Free', included: true }],
  metadata: { popular: false, order: 9 },
  isActive: true,
  isVisible: true,
});

let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${seq++}`;

/**
 * A paid plan that nobody subscribes to, so an admin may edit or delete it. (A second free plan would
 * compete with the seeded Free plan for the customers who hold no subscription.)
 */
/** The smallest PNG there is (1 x 1 pixel), for the upload routes. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A file the owner uploaded: nobody else may read it. */
async function ownerUpload(ctx: Ctx): Promise<string> {
  const res = await ctx.api(
    'POST',
    '/api/playground/uploads?name=dot.png',
    ctx.personas.owner.token,
    ONE_PIXEL_PNG,
    {
      'content-type': 'image/png',
    },
  );
  if (res.statusCode !== 201) throw new Error(`upload fixture failed: ${res.body}`);
  return res.json().data.id as string;
}

/** The owner's conversation's share link (made if it has none). */
async function ownerShare(ctx: Ctx): Promise<{ id: string; session_id: string }> {
  const leaf = await firstMessage(ctx);
  const now = new Date().toISOString();
  await ctx.db
    .insertInto('conversation_shares')
    .values({
      id: unique('share'),
      session_id: ctx.f.ownerSession,
      user_id: ctx.personas.owner.userId!,
      leaf_id: leaf,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('session_id').doNothing())
    .execute();
  return ctx.db
    .selectFrom('conversation_shares')
    .select(['id', 'session_id'])
    .where('session_id', '=', ctx.f.ownerSession)
    .executeTakeFirstOrThrow();
}

/** The user's message of the owner's conversation. */
async function firstMessage(ctx: Ctx): Promise<string> {
  const row = await ctx.db
    .selectFrom('playground_messages')
    .select('id')
    .where('session_id', '=', ctx.f.ownerSession)
    .where('role', '=', 'user')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A new preset of the owner. */
async function ownerPreset(ctx: Ctx): Promise<string> {
  const res = await ctx.api('POST', '/api/playground/presets', ctx.personas.owner.token, {
    name: `Preset ${crypto.randomUUID()}`,
    model: 'chatgpt',
    settings: {},
  });
  if (res.statusCode !== 201) throw new Error(`preset fixture failed: ${res.body}`);
  return res.json().data.id as string;
}

async function freshPlan(db: Kysely<DB>) {
  const now = new Date().toISOString();
  const id = unique('plan');
  await db
    .insertInto('plans')
    .values({
      id,
      slug: id,
      name: `Matrix ${id}`,
      price_monthly_minor: 900,
      price_yearly_minor: 8640,
      sort_order: 50,
      session_limit: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** A checkout order of the caller for the Premium plan, or a made-up id when the caller may not order. */
async function orderOf(ctx: Ctx): Promise<string> {
  if (!ctx.who.token) return 'order_matrix_none';
  const res = await ctx.api('POST', '/api/payments/create-order', ctx.who.token, {
    planId: ctx.f.premiumPlanId,
    billing: 'monthly',
  });
  return res.statusCode === 200 ? (res.json().data.orderId as string) : 'order_matrix_none';
}

/** A captured payment of a brand-new buyer, through the built-in test gateway. */
async function paidPayment(ctx: Ctx): Promise<string> {
  const buyer = await makeUser(ctx.db);
  const token = await makeSession(ctx.db, buyer.id, 'web');
  const order = await ctx.api('POST', '/api/payments/create-order', token, {
    planId: ctx.f.premiumPlanId,
    billing: 'monthly',
  });
  if (order.statusCode !== 200) throw new Error(`create-order failed: ${order.body}`);
  const orderId = order.json().data.orderId as string;
  const pay = await ctx.api('POST', '/api/payments/test-gateway/pay', token, { orderId, outcome: 'succeed' });
  if (pay.statusCode !== 200) throw new Error(`test pay failed: ${pay.body}`);
  const verify = await ctx.api('POST', '/api/payments/verify', token, pay.json().data);
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.body}`);
  const row = await ctx.db
    .selectFrom('payments')
    .select('id')
    .where('user_id', '=', buyer.id)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The signed payment the test gateway's checkout returns for the caller's own order (or made-up fields). */
async function signedPaymentOf(ctx: Ctx) {
  const orderId = await orderOf(ctx);
  if (ctx.who.token && orderId !== 'order_matrix_none') {
    const pay = await ctx.api('POST', '/api/payments/test-gateway/pay', ctx.who.token, {
      orderId,
      outcome: 'succeed',
    });
    if (pay.statusCode === 200) return pay.json().data as Record<string, string>;
  }
  return {
    razorpay_order_id: orderId,
    razorpay_payment_id: 'pay_matrix_none',
    razorpay_signature: 'f'.repeat(64),
  };
}

/** Starts the caller's 14-day trial, when the caller may (so there is a subscription to cancel or resume). */
async function withTrial(ctx: Ctx, cancel: boolean) {
  if (!ctx.who.token) return;
  await ctx.api('POST', '/api/payments/trial', ctx.who.token);
  if (cancel) await ctx.api('POST', '/api/payments/subscription/cancel', ctx.who.token);
}

/** Starts two-factor setup for the caller and returns a valid code (or a made-up one). */
async function totpCode(ctx: Ctx, enable: boolean): Promise<string> {
  if (!ctx.who.token) return '123456';
  const setup = await ctx.api('POST', '/api/admin/settings/2fa/setup', ctx.who.token);
  if (setup.statusCode !== 200) return '123456';
  const secret = base32Decode(setup.json().data.secret as string);
  if (enable) {
    const res = await ctx.api('POST', '/api/admin/settings/2fa/enable', ctx.who.token, {
      code: totpAt(secret, Date.now()),
    });
    if (res.statusCode !== 200) throw new Error(`2fa enable failed: ${res.body}`);
    // A code works once: disabling takes the next step's code.
    return totpAt(secret, Date.now() + 30_000);
  }
  return totpAt(secret, Date.now());
}

const ownPrompt = async (ctx: Ctx, status: 'published' | 'draft') =>
  (await makePrompt(ctx.db, ctx.personas.owner.userId!, { status })).id;

/** A stored test run of one of the owner's prompts, as the runner writes one (for its examples). */
async function matrixTestRun(ctx: Ctx, promptId: string): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await ctx.db
    .insertInto('prompt_test_runs')
    .values({
      id,
      prompt_id: promptId,
      case_id: null,
      author_id: ctx.personas.owner.userId!,
      version: 1,
      model_key: 'anthropic/claude-fake',
      model_id: 'claude-fake',
      model_name: 'Claude',
      trigger: 'publish',
      input: JSON.stringify({ variables: {}, input: 'Say hello.' }),
      output: 'Hello from the access matrix.',
      status: 'passed',
      input_tokens: null,
      output_tokens: null,
      latency_ms: null,
      month: now.slice(0, 7),
      created_at: now,
    })
    .execute();
  return id;
}

const payment = (access: Access, extra: Partial<Entry> = {}): Entry => ({ access, ...extra });

/** A route about the owner's draft: answered as its page is (a stale token is anonymous). */
const draftOnly = (more: () => CallSpec): Entry => ({
  access: 'owner',
  request: (ctx) => {
    const spec = more();
    return { ...spec, params: { id: ctx.f.ownerDraft, ...spec.params } };
  },
  expect: { anonymous: [404], expired: [404], suspended: [404], suspendedAdmin: [404], admin: [200] },
  why: "A draft's versions are shown to its author and admins only, like its page.",
});

/** A published prompt of the owner with a second version, for a restore of the first. */
async function twoVersions(ctx: Ctx): Promise<string> {
  const id = await ownPrompt(ctx, 'published');
  const res = await ctx.api('PUT', `/api/user/prompts/${id}`, ctx.personas.owner.token, {
    content: 'A second version of the access matrix prompt, for a restore.',
    note: 'Second version',
  });
  if (res.statusCode !== 200) throw new Error(`edit failed: ${res.body}`);
  return id;
}

/** A notice of the owner's, to be marked read. */
async function ownerNotice(ctx: Ctx): Promise<string> {
  const key = unique('matrix');
  await notify({ db: ctx.db }, [
    { userId: ctx.personas.owner.userId!, kind: 'prompt.sold', eventKey: key, title: 'Matrix notice' },
  ]);
  const row = await ctx.db
    .selectFrom('notifications')
    .select('id')
    .where('event_key', '=', key)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The payment routes, listed once and served under /api/payments and its alias /api/payment. */
function paymentEntries(prefix: string): Record<string, Entry> {
  return {
    [`GET ${prefix}/plans`]: payment('public'),
    [`POST ${prefix}/webhook`]: payment('webhook', {
      request: () => ({
        body: { event: 'payment.captured', payload: {} },
        headers: { 'x-razorpay-signature': 'f'.repeat(64) },
      }),
      why: 'A forged signature is refused whatever bearer token comes with it.',
    }),
    [`GET ${prefix}/me`]: payment('signedIn'),
    // Fresh callers: a verified payment subscribes the caller, after which a new order is refused.
    [`POST ${prefix}/create-order`]: payment('signedIn', {
      fresh: true,
      request: (ctx) => ({ body: { planId: ctx.f.premiumPlanId, billing: 'monthly' } }),
    }),
    [`POST ${prefix}/verify`]: payment('signedIn', {
      fresh: true,
      request: async (ctx) => ({ body: await signedPaymentOf(ctx) }),
    }),
    [`POST ${prefix}/test-gateway/pay`]: payment('signedIn', {
      fresh: true,
      request: async (ctx) => ({ body: { orderId: await orderOf(ctx), outcome: 'succeed' } }),
    }),
    [`POST ${prefix}/trial`]: payment('signedIn', { fresh: true }),
    [`POST ${prefix}/subscription/cancel`]: payment('signedIn', {
      fresh: true,
      request: async (ctx) => (await withTrial(ctx, false), {}),
    }),
    [`POST ${prefix}/subscription/resume`]: payment('signedIn', {
      fresh: true,
      request: async (ctx) => (await withTrial(ctx, true), {}),
    }),
    [`GET ${prefix}/history`]: payment('signedIn'),
    [`GET ${prefix}/purchases`]: payment('signedIn'),
  };
}

export const MATRIX: Record<string, Entry> = {
  // Health and site facts
  'GET /api/health': { access: 'public' },
  'GET /api/metrics': { access: 'scraper' },
  'GET /api/ready': { access: 'public' },
  'GET /api/site/config': { access: 'public' },
  'GET /api/site/stats': { access: 'public' },

  // Marketplace
  'GET /api/marketplace/prompts': { access: 'public', request: () => ({ query: 'page=1&limit=6' }) },
  'GET /api/marketplace/categories': { access: 'public' },
  'GET /api/marketplace/search/counts': { access: 'public', request: () => ({ query: 'search=email' }) },
  'GET /api/marketplace/prompts/{id}': {
    access: 'owner',
    request: (ctx) => ({ params: { id: ctx.f.ownerDraft } }),
    expect: { anonymous: [404], expired: [404], suspended: [404], suspendedAdmin: [404], admin: [200] },
    why: 'A public page, but a draft is shown to its author and admins only (a stale token is anonymous).',
  },
  // A prompt's versions (issue 57): a draft's, like its page, to its author and admins only.
  'GET /api/marketplace/prompts/{id}/versions': draftOnly(() => ({})),
  'GET /api/marketplace/prompts/{id}/versions/{version}': draftOnly(() => ({ params: { version: '1' } })),
  'GET /api/marketplace/prompts/{id}/diff': draftOnly(() => ({ query: 'from=1&to=1' })),
  'POST /api/marketplace/prompts/{id}/like': {
    access: 'signedIn',
    request: (ctx) => ({ params: { id: ctx.f.reviewPrompt }, body: { liked: true } }),
  },
  'POST /api/marketplace/prompts/{id}/download': {
    access: 'signedIn',
    request: (ctx) => ({ params: { id: ctx.f.reviewPrompt } }),
  },
  'GET /api/marketplace/prompts/{id}/reviews': {
    access: 'public',
    request: (ctx) => ({ params: { id: ctx.f.reviewPrompt } }),
  },
  'POST /api/marketplace/prompts/{id}/reviews': {
    access: 'signedIn',
    request: (ctx) => ({ params: { id: ctx.f.reviewPrompt }, body: { rating: 4, body: THIRTY_CHARS } }),
    ok: [201],
  },
  // The caller's own replies only (reviews.test.ts checks another user sees none of them).
  'GET /api/marketplace/prompts/{id}/review-runs': {
    access: 'signedIn',
    request: (ctx) => ({ params: { id: ctx.f.reviewPrompt } }),
  },

  // Contact Sales
  'POST /api/contact': {
    access: 'public',
    request: () => ({
      body: { name: 'Matrix Caller', email: 'caller@example.test', message: 'Tell me about Business.' },
    }),
    ok: [201],
  },

  // Accounts
  'POST /api/auth/register': {
    access: 'public',
    request: () => ({
      body: { name: 'New Person', email: `${unique('register')}@example.test`, password: 'new-pass-123' },
    }),
    ok: [201],
  },
  'POST /api/auth/signup': {
    access: 'public',
    request: () => ({
      body: { name: 'New Person', email: `${unique('signup')}@example.test`, password: 'new-pass-123' },
    }),
    ok: [201],
  },
  'POST /api/auth/login': {
    access: 'public',
    request: async (ctx) => ({
      body: { email: (await makeUser(ctx.db)).email, password: PERSONA_PASSWORD },
    }),
  },
  'POST /api/auth/admin/login': {
    access: 'public',
    request: async (ctx) => ({
      body: { email: (await makeUser(ctx.db, { role: 'admin' })).email, password: PERSONA_PASSWORD },
    }),
  },
  'GET /api/auth/me': { access: 'signedIn' },
  'GET /api/auth/profile': { access: 'signedIn' },
  'POST /api/auth/logout': { access: 'signedIn', fresh: true },
  'POST /api/auth/forgot-password': {
    access: 'public',
    request: async (ctx) => ({ body: { email: (await makeUser(ctx.db)).email } }),
  },
  'POST /api/auth/reset-password': {
    access: 'public',
    request: () => ({ body: { token: 'not-a-real-reset-token', password: 'new-pass-123' } }),
    ok: [400],
    why: 'An unknown reset token is refused with VALIDATION_ERROR, whoever asks.',
  },
  'GET /api/admin/session': { access: 'admin' },

  // Your settings and account
  'GET /api/user/settings': { access: 'signedIn' },
  // API keys (issue 59): managed from a session only; the personas' Free plan gives no API access.
  'GET /api/user/api-keys': { access: 'signedIn' },
  'POST /api/user/api-keys': {
    access: 'signedIn',
    request: () => ({ body: { name: 'Matrix', scopes: ['library:read'], expiresInDays: 7 } }),
    ok: [201],
    expect: { user: [403], owner: [403], other: [403], demotedAdmin: [403] },
    why: 'Only a plan with API access makes keys; admins have no plan and may.',
  },
  // Team workspaces (issue 59): the personas are on the Free plan (one seat) and in no team; the
  // team suite (modules/teams/teams.test.ts) covers owners, admins, members and other teams.
  'GET /api/team': { access: 'signedIn' },
  'POST /api/team': {
    access: 'signedIn',
    request: () => ({ body: { name: 'Matrix Team' } }),
    ok: [201],
    expect: { user: [403], owner: [403], other: [403], adminWeb: [403], demotedAdmin: [403], admin: [403] },
    why: 'A team needs a plan with more than one seat; admins have no plan.',
  },
  ...Object.fromEntries(
    (
      [
        ['POST /api/team/invitations', { body: { email: 'matrix@example.test', role: 'member' } }],
        ['DELETE /api/team/invitations/{id}', { params: { id: 'nope' } }],
        ['PUT /api/team/members/{userId}', { params: { userId: 'nope' }, body: { role: 'member' } }],
        ['DELETE /api/team/members/{userId}', { params: { userId: 'nope' } }],
        ['POST /api/team/leave', {}],
        ['POST /api/team/join', { body: { token: 'not-a-token' } }],
        // Decision 063: handing the team on and deleting it (owners; team-purchases.test.ts covers roles).
        ['POST /api/team/transfer', { body: { userId: 'nope' } }],
        ['DELETE /api/team', { body: { purchasesLost: true } }],
      ] as const
    ).map(([route, spec]) => [
      route,
      {
        access: 'signedIn',
        request: () => spec,
        expect: {
          user: [404],
          owner: [404],
          other: [404],
          adminWeb: [404],
          demotedAdmin: [404],
          admin: [404],
        },
        why: 'The caller is in no team (or the invitation does not exist): not found.',
      } satisfies Entry,
    ]),
  ),
  // A team's API keys (decision 071): the personas are in no team, the teamKey persona's key is
  // refused here (made from a session only); modules/api-keys/team-keys.test.ts covers the roles.
  ...Object.fromEntries(
    (
      [
        ['GET /api/team/api-keys', {}],
        ['POST /api/team/api-keys', { body: { name: 'Matrix', scopes: ['library:read'], expiresInDays: 7 } }],
        ['DELETE /api/team/api-keys/{id}', { params: { id: 'nope' } }],
      ] as const
    ).map(([route, spec]) => [
      route,
      {
        access: 'signedIn',
        request: () => spec,
        ok: route.startsWith('POST') ? [201] : [200],
        expect: {
          user: [404],
          owner: [404],
          other: [404],
          adminWeb: [404],
          demotedAdmin: [404],
          admin: [404],
        },
        why: 'The caller is in no team: not found.',
      } satisfies Entry,
    ]),
  ),
  'DELETE /api/user/api-keys/{id}': {
    access: 'owner',
    request: async (ctx) => {
      const row = await ctx.db
        .insertInto('api_keys')
        .values({
          id: unique('key'),
          user_id: ctx.personas.owner.userId!,
          name: 'Owner key',
          prefix: 'pf_matrix',
          token_hash: unique('hash'),
          scopes: 'library:read',
          created_at: new Date().toISOString(),
          expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { params: { id: row.id } };
    },
  },
  'PUT /api/user/settings': { access: 'signedIn', request: () => ({ body: { theme: 'light' } }) },
  'DELETE /api/user/account': {
    access: 'signedIn',
    fresh: true,
    request: () => ({ body: { password: PERSONA_PASSWORD } }),
  },

  // Playground
  'GET /api/playground/models': { access: 'signedIn' },
  'POST /api/playground/uploads': {
    access: 'signedIn',
    request: () => ({ query: 'name=dot.png', body: ONE_PIXEL_PNG, headers: { 'content-type': 'image/png' } }),
    ok: [201],
  },
  'GET /api/playground/uploads/{id}': {
    access: 'owner',
    request: async (ctx) => ({ params: { id: await ownerUpload(ctx) } }),
  },
  'GET /api/playground/usage': { access: 'signedIn' },
  // A team's pool (decision 064): the personas are in no team; modules/playground/team-pool.test.ts
  // covers owners, admins and members (each member's use for owners and admins only).
  'GET /api/playground/team-pool': {
    access: 'signedIn',
    expect: { user: [404], owner: [404], other: [404], adminWeb: [404], demotedAdmin: [404], admin: [404] },
    why: 'The caller is in no team: not found.',
  },
  'POST /api/playground/chat': {
    access: 'signedIn',
    request: () => ({ body: { message: 'Say hello in five words.', model: 'chatgpt' } }),
  },
  'GET /api/playground/sessions': { access: 'signedIn' },
  'GET /api/playground/sessions/{id}': {
    access: 'owner',
    request: (ctx) => ({ params: { id: ctx.f.ownerSession } }),
  },
  'DELETE /api/playground/sessions/{id}': {
    access: 'owner',
    request: async (ctx) => ({
      params: { id: await markTried(ctx.db, ctx.personas.owner.userId!, ctx.f.reviewPrompt) },
    }),
  },
  'PATCH /api/playground/sessions/{id}': {
    access: 'owner',
    request: (ctx) => ({ params: { id: ctx.f.ownerSession }, body: { pinned: true } }),
  },
  'GET /api/playground/sessions/{id}/share': {
    access: 'owner',
    request: (ctx) => ({ params: { id: ctx.f.ownerSession } }),
  },
  'PUT /api/playground/sessions/{id}/share': {
    access: 'owner',
    request: (ctx) => ({ params: { id: ctx.f.ownerSession } }),
  },
  'DELETE /api/playground/sessions/{id}/share': {
    access: 'owner',
    request: async (ctx) => ({ params: { id: (await ownerShare(ctx)).session_id } }),
  },
  'GET /api/shares/{id}': {
    access: 'public',
    request: async (ctx) => ({ params: { id: (await ownerShare(ctx)).id } }),
  },
  'PUT /api/playground/sessions/{id}/branch': {
    access: 'owner',
    request: async (ctx) => ({
      params: { id: ctx.f.ownerSession },
      body: { messageId: await firstMessage(ctx) },
    }),
  },
  'POST /api/playground/sessions/{id}/regenerate': {
    access: 'owner',
    request: async (ctx) => ({
      params: { id: ctx.f.ownerSession },
      body: { messageId: await firstMessage(ctx) },
    }),
  },
  'POST /api/playground/sessions/{id}/continue': {
    access: 'owner',
    request: async (ctx) => ({
      params: { id: ctx.f.ownerSession },
      body: { messageId: await firstMessage(ctx) },
    }),
    ok: [400],
    why: 'The owner reaches the rule: only a reply the length limit cut can be continued.',
  },
  'POST /api/playground/compare': {
    access: 'signedIn',
    request: () => ({
      body: { message: 'Say hello.', columns: [{ model: 'chatgpt' }, { model: 'claude' }] },
    }),
  },
  'GET /api/playground/sessions/{id}/export': {
    access: 'owner',
    request: (ctx) => ({ params: { id: ctx.f.ownerSession }, query: 'format=json' }),
  },
  'POST /api/playground/import': {
    access: 'signedIn',
    request: () => ({
      body: {
        content: JSON.stringify({
          format: 'promptforge.chat',
          version: 1,
          title: 'Imported',
          model: 'claude',
          settings: {},
          messages: [{ id: 'a', parentId: null, role: 'user', content: 'Hi' }],
        }),
      },
    }),
    ok: [201],
  },
  'GET /api/playground/presets': { access: 'signedIn' },
  'POST /api/playground/presets': {
    access: 'signedIn',
    request: () => ({ body: { name: `Preset ${crypto.randomUUID()}`, model: 'chatgpt', settings: {} } }),
    ok: [201],
  },
  'PUT /api/playground/presets/{id}': {
    access: 'owner',
    request: async (ctx) => ({
      params: { id: await ownerPreset(ctx) },
      body: { name: `Preset ${crypto.randomUUID()}`, model: 'chatgpt', settings: { temperature: 1 } },
    }),
  },
  'DELETE /api/playground/presets/{id}': {
    access: 'owner',
    request: async (ctx) => ({ params: { id: await ownerPreset(ctx) } }),
  },
  'GET /api/playground/prompts/{id}': {
    access: 'owner',
    request: (ctx) => ({ params: { id: ctx.f.ownerDraft } }),
    expect: { admin: [200] },
    why: 'A draft can be tried by its author and by admins only.',
  },

  // Creator studio (your own prompts)
  'GET /api/user/dashboard': { access: 'signedIn' },
  'GET /api/user/prompts': { access: 'signedIn' },
  'POST /api/user/prompts': {
    access: 'signedIn',
    request: () => ({ body: { ...promptForm(unique('Matrix prompt')), status: 'draft' } }),
    ok: [201],
  },
  // A published free prompt may be remixed by anyone signed in (a private draft under its licence).
  'POST /api/user/remixes': {
    access: 'signedIn',
    request: (ctx) => ({ body: { promptId: ctx.f.ownerPrompt } }),
    ok: [201],
  },
  'GET /api/user/prompts/export': { access: 'signedIn', request: () => ({ query: 'format=csv' }) },
  'POST /api/user/prompts/import/preview': {
    access: 'signedIn',
    request: () => ({
      body: { content: 'act,prompt\n"Tutor","Explain {{topic}} simply, with one example."' },
    }),
  },
  'POST /api/user/prompts/import': {
    access: 'signedIn',
    request: () => ({
      body: { content: `act,prompt\n"${unique('Tutor')}","Explain {{topic}} simply, with one example."` },
    }),
    ok: [201],
  },
  'GET /api/user/library': { access: 'signedIn' },
  'GET /api/user/library/export': { access: 'signedIn', request: () => ({ query: 'format=json' }) },
  // Any signed-in user may say they opened a prompt; only one in their own library is recorded.
  'POST /api/user/library/{id}/seen': {
    access: 'signedIn',
    request: (ctx) => ({ params: { id: ctx.f.reviewPrompt } }),
  },
  'PUT /api/user/prompts/{id}': {
    access: 'owner',
    request: (ctx) => ({
      params: { id: ctx.f.ownerPrompt },
      body: { description: 'Edited by the access matrix test.' },
    }),
  },
  'DELETE /api/user/prompts/{id}': {
    access: 'owner',
    request: async (ctx) => ({ params: { id: await ownPrompt(ctx, 'published') } }),
  },
  'POST /api/user/prompts/{id}/publish': {
    access: 'owner',
    request: async (ctx) => ({ params: { id: await ownPrompt(ctx, 'draft') } }),
  },
  'POST /api/user/prompts/{id}/unpublish': {
    access: 'owner',
    request: async (ctx) => ({ params: { id: await ownPrompt(ctx, 'published') } }),
  },
  'POST /api/user/prompts/{id}/versions/{version}/restore': {
    access: 'owner',
    request: async (ctx) => ({ params: { id: await twoVersions(ctx), version: '1' } }),
  },
  'GET /api/user/analytics': { access: 'signedIn', request: () => ({ query: 'period=30d' }) },
  'GET /api/user/prompts/{id}/tests': {
    access: 'owner',
    request: (ctx) => ({ params: { id: ctx.f.ownerPrompt } }),
  },
  'POST /api/user/prompts/{id}/tests': {
    access: 'owner',
    request: async (ctx) => ({
      params: { id: await ownPrompt(ctx, 'draft') },
      body: { label: 'Matrix case', input: 'Say hello.' },
    }),
    ok: [201],
  },
  'DELETE /api/user/prompts/{id}/tests/{caseId}': {
    access: 'owner',
    request: async (ctx) => {
      const id = await ownPrompt(ctx, 'draft');
      const caseId = crypto.randomUUID();
      await ctx.db
        .insertInto('prompt_test_cases')
        .values({ id: caseId, prompt_id: id, label: 'Matrix case', created_at: new Date().toISOString() })
        .execute();
      return { params: { id, caseId } };
    },
  },
  'GET /api/user/prompts/{id}/examples': {
    access: 'owner',
    request: (ctx) => ({ params: { id: ctx.f.ownerPrompt } }),
  },
  'POST /api/user/prompts/{id}/examples': {
    access: 'owner',
    request: async (ctx) => {
      const id = await ownPrompt(ctx, 'published');
      return { params: { id }, body: { source: 'test', runId: await matrixTestRun(ctx, id) } };
    },
    ok: [201],
  },
  'DELETE /api/user/prompts/{id}/examples/{exampleId}': {
    access: 'owner',
    request: async (ctx) => {
      const id = await ownPrompt(ctx, 'published');
      const runId = await matrixTestRun(ctx, id);
      const exampleId = crypto.randomUUID();
      const now = new Date().toISOString();
      await ctx.db
        .insertInto('prompt_examples')
        .values({
          id: exampleId,
          prompt_id: id,
          source: 'test',
          source_id: runId,
          position: 1,
          model: 'Claude',
          output: 'A matrix answer.',
          run_at: now,
          created_at: now,
        })
        .execute();
      return { params: { id, exampleId } };
    },
  },

  // Notifications (issue 57)
  'GET /api/notifications': { access: 'signedIn' },
  'POST /api/notifications/{id}/read': {
    access: 'owner',
    request: async (ctx) => ({ params: { id: await ownerNotice(ctx) } }),
  },
  'POST /api/notifications/read-all': { access: 'signedIn' },

  // Payments and the alias the spec's pricing page uses
  ...paymentEntries('/api/payments'),
  ...paymentEntries('/api/payment'),

  // Admin panel
  'GET /api/admin/dashboard': { access: 'admin' },
  'GET /api/admin/recent-activity': { access: 'admin', request: () => ({ query: 'limit=10' }) },
  'GET /api/admin/users': { access: 'admin' },
  'POST /api/admin/users': {
    access: 'admin',
    request: () => ({
      body: { name: 'Made By Admin', email: `${unique('made')}@example.test`, role: 'user' },
    }),
    ok: [201],
  },
  'GET /api/admin/users/export': { access: 'admin' },
  'PUT /api/admin/users/{id}/status': {
    access: 'admin',
    request: async (ctx) => ({ params: { id: (await makeUser(ctx.db)).id }, body: { status: 'suspended' } }),
  },
  'GET /api/admin/prompts': { access: 'admin' },
  'POST /api/admin/prompts': {
    access: 'admin',
    request: () => ({ body: promptForm(unique('Admin prompt')) }),
    ok: [201],
  },
  'PUT /api/admin/prompts/{id}': {
    access: 'admin',
    request: async (ctx) => ({ params: { id: await ownPrompt(ctx, 'published') }, body: { featured: true } }),
  },
  'DELETE /api/admin/prompts/{id}': {
    access: 'admin',
    request: async (ctx) => ({ params: { id: await ownPrompt(ctx, 'published') } }),
  },
  'PUT /api/admin/prompts/{id}/status': {
    access: 'admin',
    request: async (ctx) => ({
      params: { id: await ownPrompt(ctx, 'published') },
      body: { status: 'archived', notes: 'Archived by the access matrix.' },
    }),
  },
  'GET /api/admin/plans': { access: 'admin' },
  'POST /api/admin/plans': {
    access: 'admin',
    request: () => ({ body: planBody(unique('Matrix plan')) }),
    ok: [201],
  },
  'GET /api/admin/plans/analytics': { access: 'admin' },
  'PUT /api/admin/plans/{id}/models': {
    access: 'admin',
    request: async (ctx) => ({
      params: { id: await freshPlan(ctx.db) },
      body: { models: [], default: null },
    }),
  },
  'GET /api/admin/models': { access: 'admin' },
  'GET /api/admin/models/costs': { access: 'admin' },
  'POST /api/admin/models/refresh': { access: 'admin' },
  'PUT /api/admin/models/price': {
    access: 'admin',
    request: async (ctx) => {
      const list = await ctx.api('GET', '/api/admin/models', ctx.personas.admin.token);
      const [model] = list.json().data.models as { key: string }[];
      return { body: { key: model!.key, input: 1, output: 2 } };
    },
  },
  'GET /api/admin/models/default-preset': { access: 'admin' },
  'PUT /api/admin/models/default-preset': {
    access: 'admin',
    request: () => ({
      body: { name: 'Matrix default', model: 'claude', settings: { systemPrompt: 'Be brief.' } },
    }),
  },
  'DELETE /api/admin/models/default-preset': { access: 'admin' },
  'PUT /api/admin/plans/{id}': {
    access: 'admin',
    request: async (ctx) => ({
      params: { id: await freshPlan(ctx.db) },
      body: planBody(unique('Edited plan')),
    }),
  },
  'DELETE /api/admin/plans/{id}': {
    access: 'admin',
    request: async (ctx) => ({ params: { id: await freshPlan(ctx.db) } }),
  },
  'GET /api/admin/settings': { access: 'admin' },
  'PUT /api/admin/settings': {
    access: 'admin',
    request: () => ({ body: { theme: { theme: 'light', accentColor: 'green', sidebarCollapsed: true } } }),
  },
  'POST /api/admin/settings/2fa/setup': { access: 'admin', fresh: true },
  'POST /api/admin/settings/2fa/enable': {
    access: 'admin',
    fresh: true,
    request: async (ctx) => ({ body: { code: await totpCode(ctx, false) } }),
  },
  'POST /api/admin/settings/2fa/disable': {
    access: 'admin',
    fresh: true,
    request: async (ctx) => ({ body: { code: await totpCode(ctx, true) } }),
  },
  'GET /api/admin/audit': { access: 'admin' },
  'GET /api/admin/contact-messages': { access: 'admin' },
  'PUT /api/admin/contact-messages/{id}': {
    access: 'admin',
    request: (ctx) => ({ params: { id: ctx.f.contactMessageId }, body: { status: 'read' } }),
  },
  'GET /api/admin/jobs': { access: 'admin' },
  // No dead job here: an admin is told so (404); everyone else is refused before the lookup.
  'POST /api/admin/jobs/{id}/retry': {
    access: 'admin',
    request: () => ({ params: { id: '00000000-0000-4000-8000-000000000000' } }),
    ok: [404],
  },
  // Payouts (decision 056): a caller without settled earnings is told so (400).
  'GET /api/payouts': { access: 'signedIn' },
  'POST /api/payouts': {
    access: 'signedIn',
    request: () => ({ body: { amountMinor: 1000, currency: 'USD' } }),
    ok: [400],
  },
  'PUT /api/payouts/account': {
    access: 'signedIn',
    request: () => ({ body: { razorpayAccountId: 'acc_CPRsN1LkFccllA' } }),
  },
  'GET /api/admin/payouts': { access: 'admin' },
  // No such payout: an admin is told so (404); everyone else is refused before the lookup.
  'POST /api/admin/payouts/{id}/approve': {
    access: 'admin',
    request: () => ({
      params: { id: '00000000-0000-4000-8000-000000000000' },
      body: { method: 'manual', reference: 'MATRIX-1' },
    }),
    ok: [404],
  },
  'POST /api/admin/payouts/{id}/reject': {
    access: 'admin',
    request: () => ({ params: { id: '00000000-0000-4000-8000-000000000000' }, body: { reason: 'Matrix' } }),
    ok: [404],
  },
  'POST /api/admin/payouts/{id}/reverse': {
    access: 'admin',
    request: () => ({ params: { id: '00000000-0000-4000-8000-000000000000' }, body: { amountMinor: 100 } }),
    ok: [404],
  },
  'PUT /api/admin/payouts/threshold': {
    access: 'admin',
    request: () => ({ body: { currency: 'USD', thresholdMinor: 1000 } }),
  },
  'GET /api/admin/payments': { access: 'admin' },
  'GET /api/admin/teams': { access: 'admin' },
  'POST /api/admin/payments/{id}/refund': {
    access: 'admin',
    request: async (ctx) => ({
      params: { id: await paidPayment(ctx) },
      body: { reason: 'Refunded by the access matrix.' },
    }),
  },
};

const REFUSE_ANONYMOUS: Partial<Record<PersonaName, number[]>> = {
  anonymous: [401],
  expired: [401],
  suspended: [401],
  suspendedAdmin: [401],
};

/**
 * The routes an API key may call (their `apiScope`, documented as `apiKeyAuth`; issue 59). The
 * apiKey caller, holding every scope, is answered there as a signed-in user unrelated to the
 * resource; everywhere else that checks a caller it is refused with 403, and public routes ignore it.
 */
export const KEY_ROUTES = new Set([
  'GET /api/auth/me',
  'GET /api/auth/profile',
  'GET /api/marketplace/prompts/{id}',
  'POST /api/marketplace/prompts/{id}/download',
  'GET /api/marketplace/prompts/{id}/reviews',
  'GET /api/marketplace/prompts/{id}/versions',
  'GET /api/marketplace/prompts/{id}/versions/{version}',
  'GET /api/marketplace/prompts/{id}/diff',
  'GET /api/user/prompts',
  'POST /api/user/prompts',
  'PUT /api/user/prompts/{id}',
  'DELETE /api/user/prompts/{id}',
  'POST /api/user/prompts/{id}/publish',
  'POST /api/user/prompts/{id}/unpublish',
  'POST /api/user/prompts/{id}/versions/{version}/restore',
  'POST /api/user/remixes',
  'GET /api/user/prompts/export',
  'POST /api/user/prompts/import/preview',
  'POST /api/user/prompts/import',
  'GET /api/user/library',
  'GET /api/user/library/export',
  'GET /api/playground/models',
  'GET /api/playground/usage',
  'POST /api/playground/chat',
  'GET /api/playground/sessions',
  'GET /api/playground/sessions/{id}',
  'DELETE /api/playground/sessions/{id}',
  'GET /api/playground/prompts/{id}',
  'GET /api/payments/purchases',
  'GET /api/payment/purchases',
]);

/**
 * The routes a team's API key may call (their `apiTeam`, documented as `x-team-keys`; decision 071),
 * where it acts for its team as a signed-in user unrelated to the resource; it is refused with 403 on
 * every other key route.
 */
export const TEAM_KEY_ROUTES = new Set([
  'GET /api/marketplace/prompts/{id}',
  'GET /api/marketplace/prompts/{id}/versions',
  'GET /api/marketplace/prompts/{id}/versions/{version}',
  'GET /api/marketplace/prompts/{id}/diff',
  'POST /api/user/prompts',
  'PUT /api/user/prompts/{id}',
  'DELETE /api/user/prompts/{id}',
  'GET /api/user/library',
  'GET /api/user/library/export',
  'GET /api/playground/models',
  'POST /api/playground/chat',
  'GET /api/playground/prompts/{id}',
]);

/** The statuses allowed for `who` calling a route of this entry. */
export function expectedStatuses(entry: Entry, who: PersonaName, route = ''): number[] {
  if (who === 'teamKey' && entry.access !== 'public') {
    if (!TEAM_KEY_ROUTES.has(route))
      return entry.access === 'webhook' || entry.access === 'scraper' ? [401] : [403];
    return expectedStatuses(entry, 'user', route);
  }
  if (who === 'apiKey' && entry.access !== 'public') {
    if (!KEY_ROUTES.has(route))
      return entry.access === 'webhook' || entry.access === 'scraper' ? [401] : [403];
    return expectedStatuses(entry, 'user', route);
  }
  const ok = entry.ok ?? [200];
  const override = entry.expect?.[who];
  if (override) return override;
  switch (entry.access) {
    case 'public':
      return ok;
    case 'webhook':
    case 'scraper':
      return [401];
    case 'signedIn':
      return REFUSE_ANONYMOUS[who] ?? ok;
    case 'owner':
      return REFUSE_ANONYMOUS[who] ?? (who === 'owner' ? ok : [404]);
    case 'admin':
      return REFUSE_ANONYMOUS[who] ?? (who === 'admin' ? ok : [403]);
  }
}
