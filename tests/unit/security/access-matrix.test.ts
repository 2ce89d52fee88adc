import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../support/test-app';
import {
  type CallSpec,
  type Ctx,
  type Entry,
  type Fixtures,
  KEY_ROUTES,
  TEAM_KEY_ROUTES,
  MATRIX,
  expectedStatuses,
} from './matrix';
import {
  PERSONAS,
  type Persona,
  type PersonaName,
  type Personas,
  makePersona,
  makePersonas,
  makePrompt,
  makeUser,
  markTried,
} from './personas';

/*
 * Access control, generated from the routes (issue 10): every route in the OpenAPI document is called
 * by every kind of caller, and each answer must be the one the matrix (./matrix.ts) expects. Statuses
 * are exact, so a refused caller can never get a 2xx, and nothing may answer 5xx.
 */

let t: TestApp;
let personas: Personas;
let fixtures: Fixtures;
let documented: string[] = [];
/** Routes the OpenAPI document says take API keys. */
let keyRoutes: string[] = [];
/** Routes the OpenAPI document says take a team's API key too (decision 071). */
let teamKeyRoutes: string[] = [];

// Each request comes from its own address, so the per-address limits (300 API calls a minute, 5
// contact messages) measure nothing here; the rate-limit tests own that behaviour.
let address = 0;
const nextAddress = () => {
  address++;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

const inject: Ctx['api'] = (method, url, token, body, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: method as 'GET',
    url,
    remoteAddress: nextAddress(),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(body === undefined ? {} : { payload: body as object }),
  });

const HTTP_METHODS = ['get', 'post', 'put', 'delete', 'patch'];

beforeAll(async () => {
  // A metrics token makes /api/metrics exist, so the matrix checks that no session token opens it.
  t = await createTestApp({
    demo: true,
    env: {
      DEMO_MODEL_DELAY_MS: '0',
      METRICS_TOKEN: 'matrix-metrics-token-0123456789',
      // The apiKey caller calls every route; the per-key limit has its own tests.
      API_KEY_RATE_LIMIT: '100000',
    },
  });
  const db = t.database.db;
  const doc = t.app.swagger() as {
    paths: Record<string, Record<string, { security?: Record<string, unknown>[]; 'x-team-keys'?: boolean }>>;
  };
  documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => HTTP_METHODS.includes(m))
      .map((m) => `${m.toUpperCase()} ${path}`),
  );
  keyRoutes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([m, op]) => HTTP_METHODS.includes(m) && op.security?.some((s) => 'apiKeyAuth' in s))
      .map(([m]) => `${m.toUpperCase()} ${path}`),
  );
  teamKeyRoutes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([m, op]) => HTTP_METHODS.includes(m) && op['x-team-keys'] === true)
      .map(([m]) => `${m.toUpperCase()} ${path}`),
  );

  personas = await makePersonas(db);
  const owner = personas.owner.userId!;
  const author = await makeUser(db, { name: 'Third Author' });
  const reviewPrompt = (await makePrompt(db, author.id)).id;
  // Every shared caller has tried the review prompt, so a refused review can only mean refused access.
  for (const p of Object.values(personas)) if (p.userId) await markTried(db, p.userId, reviewPrompt);
  const premium = await db
    .selectFrom('plans')
    .select('id')
    .where('slug', '=', 'premium')
    .executeTakeFirstOrThrow();
  const contact = await inject('POST', '/api/contact', undefined, {
    name: 'Fixture Sender',
    email: 'fixture@example.test',
    message: 'A message for the admin to mark as read.',
  });
  if (contact.statusCode !== 201) throw new Error(`contact fixture failed: ${contact.body}`);
  const contactRow = await db
    .selectFrom('contact_messages')
    .select('id')
    .where('email', '=', 'fixture@example.test')
    .executeTakeFirstOrThrow();
  fixtures = {
    premiumPlanId: premium.id,
    ownerPrompt: (await makePrompt(db, owner)).id,
    ownerDraft: (await makePrompt(db, owner, { status: 'draft' })).id,
    reviewPrompt,
    ownerSession: await markTried(db, owner, reviewPrompt),
    contactMessageId: contactRow.id,
  };
});

afterAll(async () => {
  await t?.close();
});

function url(route: string, spec: CallSpec) {
  const path = route.slice(route.indexOf(' ') + 1).replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = spec.params?.[name];
    if (value === undefined) throw new Error(`${route}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
  return spec.query ? `${path}?${spec.query}` : path;
}

interface Outcome {
  who: PersonaName;
  status: number;
  expected: number[];
  code?: string;
  body: string;
}

const REFUSAL_CODES: Record<number, string> = {
  401: 'AUTHENTICATION_ERROR',
  403: 'AUTHORIZATION_ERROR',
  404: 'NOT_FOUND_ERROR',
};

const codeOf = (body: string): string | undefined => {
  try {
    return (JSON.parse(body) as { code?: string }).code;
  } catch {
    return undefined;
  }
};

async function callAs(route: string, entry: Entry, who: PersonaName): Promise<Outcome> {
  const caller: Persona = entry.fresh ? await makePersona(t.database.db, who) : personas[who];
  const ctx: Ctx = {
    db: t.database.db,
    who: caller,
    personas: entry.fresh ? { ...personas, [who]: caller } : personas,
    f: fixtures,
    api: inject,
  };
  const spec = (await entry.request?.(ctx)) ?? {};
  const method = route.slice(0, route.indexOf(' '));
  const res = await inject(method, url(route, spec), caller.token, spec.body, spec.headers);
  return {
    who,
    status: res.statusCode,
    expected: expectedStatuses(entry, who, route),
    code: codeOf(res.body),
    body: res.body.slice(0, 300),
  };
}

describe('the access matrix covers the API', () => {
  it('has an entry for every documented route', () => {
    expect(documented.length).toBeGreaterThan(50);
    const missing = documented.filter((r) => !(r in MATRIX));
    expect(
      missing,
      'routes without an access matrix entry (add them to tests/unit/security/matrix.ts)',
    ).toEqual([]);
  });

  it('says which routes take API keys, as the OpenAPI document does', () => {
    expect([...keyRoutes].sort()).toEqual([...KEY_ROUTES].sort());
  });

  it("says which routes take a team's API key, as the OpenAPI document does", () => {
    expect([...teamKeyRoutes].sort()).toEqual([...TEAM_KEY_ROUTES].sort());
    expect([...TEAM_KEY_ROUTES].filter((r) => !KEY_ROUTES.has(r))).toEqual([]);
  });

  it('lists no route that no longer exists', () => {
    const stale = Object.keys(MATRIX).filter((r) => !documented.includes(r));
    expect(stale, 'matrix entries for routes the API no longer has').toEqual([]);
  });
});

describe('every route answers each caller as the matrix says', () => {
  it.each(Object.entries(MATRIX))('%s', async (route, entry) => {
    const outcomes: Outcome[] = [];
    for (const who of PERSONAS) outcomes.push(await callAs(route, entry, who));
    const serverErrors = outcomes.filter((o) => o.status >= 500);
    expect(serverErrors, 'no caller may get a 5xx').toEqual([]);
    const wrong = outcomes.filter((o) => !o.expected.includes(o.status));
    expect(wrong, `${route} (${entry.access})`).toEqual([]);
    // A refusal says why in the spec's terms, in the envelope.
    const miscoded = outcomes.filter((o) => REFUSAL_CODES[o.status] && o.code !== REFUSAL_CODES[o.status]);
    expect(miscoded, `${route}: refusals carry the code of their status`).toEqual([]);
  });
});

describe('admin privileges over content need the admin-panel token', () => {
  it("shows a premium prompt's text to an admin-panel token, not to an admin's web token", async () => {
    const author = await makeUser(t.database.db, { name: 'Premium Author' });
    const premium = await makePrompt(t.database.db, author.id, {
      type: 'premium',
      price_minor: 900,
      content: 'The secret premium text of the access matrix test, long enough to preview.',
    });
    const read = async (p: Persona) =>
      (await inject('GET', `/api/marketplace/prompts/${premium.id}`, p.token)).json().data as {
        content?: string | null;
      };
    expect((await read(personas.admin)).content).toBe(premium.content);
    expect((await read(personas.adminWeb)).content ?? null).not.toBe(premium.content);
    expect((await read(personas.user)).content ?? null).not.toBe(premium.content);
    const tryAs = async (p: Persona) =>
      (await inject('GET', `/api/playground/prompts/${premium.id}`, p.token)).json().data as {
        content?: string | null;
      };
    expect((await tryAs(personas.admin)).content).toBe(premium.content);
    expect((await tryAs(personas.adminWeb)).content ?? null).toBeNull();
  });
});
