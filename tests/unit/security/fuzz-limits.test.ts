import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, MAX_PARAM_LENGTH, jsonNestingExceeds } from '../../../src/server/plugins/app/errors';
import { MAX_MESSAGE_CHARS } from '../../../src/shared/playground';
import { type TestApp, createTestApp } from '../../support/test-app';
import type { JsonSchema } from './fuzz/inputs';
import { nested } from './fuzz/inputs';
import { routesOf } from './fuzz/routes';

/*
 * The limits that give bad input a clear answer (issue 10, "Bad input"): the 1 MiB body limit
 * (413), the JSON nesting limit (400, refused before parsing), prototype keys, malformed and
 * over-long URLs, the playground message cap, and a bound on every string and list a route accepts.
 */

let t: TestApp;
let userToken: string;

const contact = { name: 'Lim Its', email: 'limits@example.test', message: 'Hello there' };

async function count(table: 'contact_messages' | 'users') {
  const row = await t.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

let address = 0;

/** A POST from a new client address each time, so the per-address limits stay out of the way. */
function post(url: string, payload: string, token?: string) {
  address++;
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: `10.9.${address >> 8}.${address & 255}`,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
}

beforeAll(async () => {
  // With a web build, as deployed: the app's catch-all route for its pages is then in the router too.
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-limits-web-'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
  t = await createTestApp({ demo: true, webRoot });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'demo@promptforge.test', password: 'demo-pass-123' },
  });
  userToken = res.json().data.token;
});

afterAll(async () => {
  await t?.close();
});

describe('body size', () => {
  it('answers a body over 1 MiB with 413, the envelope and a clear message, and stores nothing', async () => {
    const before = await count('contact_messages');
    const res = await post('/api/contact', JSON.stringify({ ...contact, message: 'a'.repeat(1024 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      status: 413,
      message: 'The request body is too large.',
      details: [{ field: 'body', message: 'The request body is too large.' }],
      requestId: res.headers['x-request-id'],
    });
    expect(await count('contact_messages')).toBe(before);
  });

  it('accepts a body just under the limit as far as the schema (then its own field limits apply)', async () => {
    const res = await post(
      '/api/contact',
      JSON.stringify({ ...contact, message: 'a'.repeat(1024 * 1024 - 200) }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Message must be at most 5000 characters',
      details: [{ field: 'message', message: 'Message must be at most 5000 characters' }],
    });
  });
});

describe('JSON nesting depth', () => {
  it(`accepts ${MAX_JSON_DEPTH} levels and refuses ${MAX_JSON_DEPTH + 1} with a clear 400`, async () => {
    const ok = await post(
      '/api/contact',
      JSON.stringify({ ...contact, extra: nested(MAX_JSON_DEPTH - 1, 'array') }),
    );
    expect(ok.statusCode).toBe(201);
    const deep = await post(
      '/api/contact',
      JSON.stringify({ ...contact, extra: nested(MAX_JSON_DEPTH, 'array') }),
    );
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`,
      details: [{ field: 'body' }],
    });
  });

  it('refuses half a million levels at once, without parsing cost blow-up', async () => {
    const before = await count('contact_messages');
    const started = performance.now();
    const res = await post('/api/contact', `${'['.repeat(500_000)}${']'.repeat(500_000)}`);
    const elapsed = performance.now() - started;
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/nested too deeply/);
    expect(elapsed).toBeLessThan(1_000);
    expect(await count('contact_messages')).toBe(before);
  });

  it('counts brackets inside strings as text, not nesting', async () => {
    const res = await post(
      '/api/contact',
      JSON.stringify({ ...contact, message: `${'[{'.repeat(400)} \\" ]` }),
    );
    expect(res.statusCode).toBe(201);
  });

  it('measures depth exactly like JSON.parse would nest it', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 10 }), (value, max) => {
        const depthOf = (v: unknown): number =>
          v !== null && typeof v === 'object'
            ? 1 + Math.max(0, ...Object.values(v as Record<string, unknown>).map(depthOf))
            : 0;
        expect(jsonNestingExceeds(JSON.stringify(value), max)).toBe(depthOf(value) > max);
      }),
      { numRuns: 500 },
    );
  });
});

describe('prototype keys and malformed input', () => {
  it('refuses __proto__ and constructor.prototype with a clear message and stores nothing', async () => {
    const before = await count('contact_messages');
    for (const body of [
      `{"name":"A B","email":"a@example.test","message":"hi","__proto__":{"polluted":"yes"}}`,
      `{"name":"A B","email":"a@example.test","message":"hi","constructor":{"prototype":{"polluted":"yes"}}}`,
    ]) {
      const res = await post('/api/contact', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'The request body uses a forbidden property name (__proto__ or constructor).',
        details: [{ field: 'body' }],
      });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await count('contact_messages')).toBe(before);
  });

  it('gives malformed JSON, an empty body and a wrong content type a VALIDATION_ERROR with details', async () => {
    for (const [payload, status] of [
      ['{"name":', 400],
      ['', 400],
    ] as const) {
      const res = await post('/api/contact', payload);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'body' }] });
    }
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'content-type' }] });
  });

  it('refuses NUL characters in a body, query or path value on every engine, and stores nothing', async () => {
    const before = await count('contact_messages');
    const body = await post('/api/contact', JSON.stringify({ ...contact, company: 'Acme\u0000Corp' }));
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Text must not contain NUL characters.',
      details: [{ field: 'company', message: 'Text must not contain NUL characters.' }],
    });
    expect(await count('contact_messages')).toBe(before);
    const query = await t.app.inject({ method: 'GET', url: '/api/marketplace/prompts?search=a%00b' });
    expect(query.statusCode).toBe(400);
    expect(query.json().details).toEqual([
      { field: 'search', message: 'Text must not contain NUL characters.' },
    ]);
    const param = await t.app.inject({ method: 'GET', url: '/api/marketplace/prompts/%00' });
    expect(param.statusCode).toBe(400);
    expect(param.json().details).toEqual([{ field: 'id', message: 'Text must not contain NUL characters.' }]);
  });

  it('answers a malformed URL and an over-long path parameter with the envelope', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/marketplace/prompts/%ED%A0%80/reviews' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      status: 400,
      message: 'The address is not valid.',
      details: [{ field: 'url', message: 'The address is not valid.' }],
      requestId: bad.headers['x-request-id'],
    });
    const long = 'a'.repeat(5000);
    for (const [method, url] of [
      ['GET', `/api/marketplace/prompts/${long}`],
      ['GET', `/api/marketplace/prompts/${'a'.repeat(MAX_PARAM_LENGTH + 1)}/reviews`],
      ['DELETE', `/api/playground/sessions/${long}`],
      ['GET', `/api/no-such-route/${long}`],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url.slice(0, 40)).toBe(414);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'The address is too long.',
        details: [{ field: 'url' }],
      });
    }
    const atTheLimit = await t.app.inject({
      method: 'GET',
      url: `/api/marketplace/prompts/${'a'.repeat(MAX_PARAM_LENGTH)}`,
    });
    expect(atTheLimit.statusCode).toBe(404);
    expect(atTheLimit.json().code).toBe('NOT_FOUND_ERROR');
  });

  it('gives a business-rule refusal details too', async () => {
    const signUp = await post(
      '/api/auth/register',
      JSON.stringify({ name: 'Tri Al', email: 'trial@example.test', password: 'trial-pass-123' }),
    );
    const token = signUp.json().data.token as string;
    expect((await post('/api/payments/trial', '{}', token)).statusCode).toBeLessThan(300);
    // A second trial is refused by the service, not the schema: the envelope still carries details.
    const again = await post('/api/payments/trial', '{}', token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(again.json().details).toEqual([{ field: 'request', message: again.json().message }]);
  });
});

describe('message and field lengths', () => {
  it(`caps a playground message at ${MAX_MESSAGE_CHARS} characters`, async () => {
    const res = await post(
      '/api/playground/chat',
      JSON.stringify({ model: 'chatgpt', message: 'a'.repeat(MAX_MESSAGE_CHARS + 1) }),
      userToken,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: `Messages must be at most ${MAX_MESSAGE_CHARS} characters`,
      details: [{ field: 'message' }],
    });
  });

  it('bounds every string and list any route accepts (body, query and path)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const unbounded: string[] = [];
    const walk = (schema: JsonSchema | undefined, where: string) => {
      if (!schema) return;
      const types = Array.isArray(schema.type) ? schema.type : [schema.type];
      const fixed = schema.enum !== undefined || schema.const !== undefined;
      if (types.includes('string') && !fixed && schema.maxLength === undefined) unbounded.push(where);
      const items = schema as JsonSchema & { maxItems?: number; additionalProperties?: unknown };
      if (types.includes('array') && items.maxItems === undefined) unbounded.push(`${where}[]`);
      if (items.additionalProperties && typeof items.additionalProperties === 'object')
        walk(items.additionalProperties as JsonSchema, `${where}.*`);
      for (const [key, sub] of Object.entries(schema.properties ?? {})) walk(sub, `${where}.${key}`);
      for (const sub of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
        walk(sub, where);
      walk(schema.items, `${where}[]`);
    };
    for (const route of routesOf(doc)) {
      walk(route.body, `${route.key} body`);
      for (const p of [...route.query, ...route.params]) walk(p.schema, `${route.key} ${p.in}.${p.name}`);
    }
    expect(unbounded).toEqual([]);
  });
});
