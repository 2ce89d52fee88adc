import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../support/factories';
import { type TestApp, createTestApp } from '../../support/test-app';
import { fingerprintDiff, fingerprinter } from './fuzz/fingerprint';
import { type BodyCase, badBody, badParam, badQuery, plausible } from './fuzz/inputs';
import { FUZZ_PLAN, type FuzzRoute, type IdPool, type Role, routesOf } from './fuzz/routes';
import { apiHelpers } from '../../support/api';

/*
 * Generated bad input for every API route (issue 10, "Bad input"). Each case breaks one of the
 * route's body, query or path parameters and is sent with a valid token of the route's role. For
 * every answer: never a 5xx; a refusal is the failure envelope with the code of its status, a
 * VALIDATION_ERROR carries details; and a refused request leaves the database exactly as it was.
 * FUZZ_RUNS (default 10 000) cases in all, shared out between the routes.
 */

const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const PLAN_KEYS = Object.keys(FUZZ_PLAN);
const RUNS_PER_ROUTE = Math.ceil(TOTAL_RUNS / PLAN_KEYS.length);

/** The code each refusal status must carry. */
const CODE_FOR_STATUS: Record<number, string> = {
  400: 'VALIDATION_ERROR',
  401: 'AUTHENTICATION_ERROR',
  402: 'PAYMENT_ERROR',
  403: 'AUTHORIZATION_ERROR',
  404: 'NOT_FOUND_ERROR',
  409: 'VALIDATION_ERROR',
  413: 'VALIDATION_ERROR',
  414: 'VALIDATION_ERROR',
  415: 'VALIDATION_ERROR',
  429: 'RATE_LIMIT_ERROR',
};

/** A payment the gateway cannot verify is refused as PAYMENT_ERROR with 400 (billing routes). */
const codeFor = (key: string, status: number, code: string) =>
  status === 400 && code === 'PAYMENT_ERROR' && /^POST \/api\/payments?\//.test(key)
    ? code
    : CODE_FOR_STATUS[status];

/** 401 is expected only once the fuzzed logout or account deletion has ended its own session. */
const ALLOWED_STATUS: Record<Role, number[]> = {
  none: [400, 401, 403, 404, 409, 413, 414, 415, 429],
  user: [400, 402, 403, 404, 409, 413, 414, 415, 429],
  admin: [400, 402, 403, 404, 409, 413, 414, 415, 429],
  logout: [400, 401, 404, 409, 413, 414, 415, 429],
  victim: [400, 401, 403, 404, 409, 413, 414, 415, 429],
};

interface Case {
  target: 'body' | 'query' | 'params';
  body: BodyCase | undefined;
  query: string;
  params: Record<string, string>;
}

let t: TestApp;
let routes: Map<string, FuzzRoute>;
let fingerprint: () => Promise<string>;
const tokens: Partial<Record<Role, string>> = {};
const pools: Record<IdPool, string[]> = {
  publishedPrompt: [],
  ownPrompt: [],
  ownSession: [],
  spareUser: [],
  plan: [],
  contactMessage: [],
  payment: [],
  apiKey: [],
};
let requestNo = 0;
const statusSeen = new Map<number, number>();
/** Cases that broke an input the route declares: [sent, refused]. */
const declared = { sent: 0, refused: 0 };

async function signIn(url: string, email: string, password: string) {
  const res = await t.app.inject({ method: 'POST', url, payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in to ${url} failed: ${res.body}`);
  return res.json().data as { token: string; user: { id: string } };
}

beforeAll(async () => {
  t = await createTestApp({ demo: true, env: { RATE_LIMIT_MAX: '1000000' } });
  const docRes = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  routes = new Map(routesOf(docRes.json()).map((r) => [r.key, r]));

  const demo = await signIn('/api/auth/login', 'demo@promptforge.test', 'demo-pass-123');
  tokens.none = undefined;
  tokens.user = demo.token;
  tokens.logout = (await signIn('/api/auth/login', 'demo@promptforge.test', 'demo-pass-123')).token;
  tokens.admin = (await signIn('/api/auth/admin/login', 'admin@promptforge.test', 'admin-pass-123')).token;
  tokens.victim = (await apiHelpers(() => t).signUp('Vic Victim')).token;

  const db = t.database.db;
  const contact = await t.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: { name: 'Carl Contact', email: 'carl@example.test', message: 'Tell me about Business.' },
  });
  pools.contactMessage = [contact.json().data.id];
  const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
  pools.publishedPrompt = ids(
    await db.selectFrom('prompts').select('id').where('status', '=', 'published').limit(3).execute(),
  );
  pools.ownPrompt = ids(
    await db.selectFrom('prompts').select('id').where('author_id', '=', demo.user.id).limit(3).execute(),
  );
  pools.ownSession = ids(
    await db
      .selectFrom('playground_sessions')
      .select('id')
      .where('user_id', '=', demo.user.id)
      .limit(3)
      .execute(),
  );
  pools.plan = ids(await db.selectFrom('plans').select('id').execute());
  pools.payment = ids(await db.selectFrom('payments').select('id').limit(3).execute());
  pools.spareUser = [(await insertUser(db)).id, (await insertUser(db)).id];
  // A key of the demo user, for the revoke route's real id.
  const now = new Date().toISOString();
  pools.apiKey = [
    (
      await db
        .insertInto('api_keys')
        .values({
          id: 'fuzz-key',
          user_id: demo.user.id,
          name: 'Fuzz key',
          prefix: 'pf_fuzz',
          token_hash: 'fuzz-key-hash',
          scopes: 'library:read',
          created_at: now,
          expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  ];
  for (const [name, pool] of Object.entries(pools)) {
    if (pool.length === 0) throw new Error(`no real ids for ${name}`);
  }
  // The job workers stop here: a mail the setup queued, sent during a case, would look like that
  // case's write. Jobs the cases queue stay queued.
  await t.app.jobs.stop();
  const read = await fingerprinter(t.database);
  // Writes an earlier accepted request left batched (page views) land first, so they are not taken
  // for a refused request's; and a refused request's own batched writes would show in its 'after'.
  fingerprint = async () => {
    await t.app.deferredWrites.flush();
    return read();
  };
});

afterAll(async () => {
  await t?.close();
});

function caseFor(route: FuzzRoute, plan: (typeof FUZZ_PLAN)[string]): fc.Arbitrary<Case> {
  const realParams = (): Record<string, string> =>
    Object.fromEntries(route.params.map((p) => [p.name, pools[plan.ids ?? 'publishedPrompt'][0] ?? 'x']));
  const plausibleBody = (): BodyCase | undefined =>
    route.body ? { kind: 'json', value: plausible(route.body), note: 'plausible' } : undefined;
  const targets: fc.Arbitrary<Case>[] = [
    badBody(route.body).map((body) => ({ target: 'body', body, query: '', params: realParams() })),
    badQuery(route.query).map((query) => ({
      target: 'query',
      body: plausibleBody(),
      query,
      params: realParams(),
    })),
  ];
  if (route.params.length > 0) {
    targets.push(
      fc.tuple(...route.params.map(() => badParam(pools[plan.ids ?? 'publishedPrompt']))).map((values) => ({
        target: 'params',
        body: plausibleBody(),
        query: '',
        params: Object.fromEntries(route.params.map((p, i) => [p.name, values[i]?.value ?? ''])),
      })),
    );
  }
  return fc.oneof(...targets);
}

async function send(route: FuzzRoute, role: Role, c: Case) {
  const n = requestNo++;
  let url = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => c.params[name] ?? '');
  if (c.query) url += `?${c.query}`;
  const headers: Record<string, string> = {};
  const token = tokens[role];
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: string | undefined;
  if (c.body?.kind === 'raw') {
    payload = c.body.text;
    headers['content-type'] = c.body.contentType ?? 'application/json';
  } else if (c.body) {
    payload = JSON.stringify(c.body.value) ?? 'null';
    headers['content-type'] = 'application/json';
  }
  return t.app.inject({
    method: route.method,
    url,
    headers,
    payload,
    // A different client address per request, so the per-address limits do not answer everything.
    remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
  });
}

function describeCase(route: FuzzRoute, c: Case) {
  const body =
    c.body?.kind === 'raw'
      ? `raw ${JSON.stringify(c.body.text.slice(0, 200))}`
      : JSON.stringify(c.body?.value)?.slice(0, 300);
  return `${route.key} [${c.target}${c.target === 'body' && c.body?.kind === 'json' ? `: ${c.body.note}` : ''}] params=${JSON.stringify(c.params).slice(0, 200)} query=${c.query.slice(0, 200)} body=${body}`;
}

describe('bad input on every API route', () => {
  it('has a fuzz plan for every route of the OpenAPI document, and no stale entries', () => {
    const documented = [...routes.keys()].sort();
    expect(documented.filter((key) => !(key in FUZZ_PLAN))).toEqual([]);
    expect(PLAN_KEYS.filter((key) => !routes.has(key))).toEqual([]);
    expect(RUNS_PER_ROUTE * PLAN_KEYS.length).toBeGreaterThanOrEqual(TOTAL_RUNS);
  });

  it('notices a write: the database fingerprint moves when a request is accepted', async () => {
    const before = await fingerprint();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Fay Print', email: 'fay@example.test', message: 'Does the check see me?' },
      remoteAddress: '10.255.0.1',
    });
    expect(res.statusCode).toBe(201);
    expect(await fingerprint()).not.toBe(before);
  });

  it.each(PLAN_KEYS)('%s: no 5xx, refusals are clear and change nothing', async (key) => {
    const route = routes.get(key);
    const plan = FUZZ_PLAN[key];
    if (!route || !plan) throw new Error(`${key} is not in the OpenAPI document`);
    await fc.assert(
      fc.asyncProperty(caseFor(route, plan), async (c) => {
        const before = await fingerprint();
        const res = await send(route, plan.role, c);
        statusSeen.set(res.statusCode, (statusSeen.get(res.statusCode) ?? 0) + 1);
        const declares =
          (c.target === 'body' && route.body !== undefined) ||
          (c.target === 'query' && route.query.length > 0) ||
          c.target === 'params';
        if (declares) {
          declared.sent++;
          if (res.statusCode >= 400) declared.refused++;
        }
        const what = `${describeCase(route, c)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
        expect(res.statusCode, what).toBeLessThan(500);
        if (res.statusCode < 400) return;
        expect(ALLOWED_STATUS[plan.role], what).toContain(res.statusCode);
        const body = res.json();
        expect(body, what).toMatchObject({
          success: false,
          code: codeFor(key, res.statusCode, body.code),
          status: res.statusCode,
          requestId: res.headers['x-request-id'],
        });
        expect(typeof body.message === 'string' && body.message.length > 0, what).toBe(true);
        expect(body, what).not.toHaveProperty('stack');
        if (body.code === 'VALIDATION_ERROR') {
          expect(Array.isArray(body.details) && body.details.length > 0, what).toBe(true);
          for (const d of body.details)
            expect(d, what).toEqual({ field: expect.any(String), message: expect.any(String) });
        }
        const after = await fingerprint();
        expect(after === before, `${what}\nchanged: ${fingerprintDiff(before, after)}`).toBe(true);
      }),
      { numRuns: RUNS_PER_ROUTE, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
    );
  });

  it('sent really bad input: most cases that break a declared input are refused', () => {
    // Routes without inputs, and unknown query keys or body fields, are ignored by design (2xx).
    const { sent, refused } = declared;
    const summary =
      `${requestNo} requests, ${refused}/${sent} refused where a declared input was broken, ` +
      `statuses ${JSON.stringify(Object.fromEntries(statusSeen))}`;
    expect(refused / sent, summary).toBeGreaterThan(0.6);
  });

  it('left no polluted prototype behind', () => {
    const probe: Record<string, unknown> = {};
    expect(probe.polluted).toBeUndefined();
    expect(probe.isAdmin).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(requestNo).toBeGreaterThanOrEqual(TOTAL_RUNS);
  });
});
