import fc from 'fast-check';

/*
 * Bad inputs, generated from the JSON Schema the OpenAPI document gives for a route's body, query
 * and params: a plausible value is built from the schema, then one thing is broken in it (a wrong
 * type, a missing or extra field, a huge or strange string, deep nesting, a prototype key).
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  default?: unknown;
}

/** A value of the schema's shape that is likely (not certainly) valid. */
export function plausible(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.[0]) return plausible(variants[0]);
  if (schema.allOf?.[0]) return plausible(schema.allOf[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, sub] of Object.entries(schema.properties ?? {})) out[key] = plausible(sub);
      return out;
    }
    case 'array':
      return [plausible(schema.items)];
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default: {
      if (schema.format === 'email') return 'fuzz.user@example.test';
      const length = Math.max(schema.minLength ?? 1, 12);
      return 'Plausible text'.padEnd(Math.min(length, schema.maxLength ?? length), '.');
    }
  }
}

/** Strings that break careless code: lone surrogates, bidi overrides, zero-width, NUL, BOM, ... */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uDBFFy',
  '\u202Eevil\u202C',
  '\u200F\u05E9\u05DC\u05D5\u05DD',
  '\u200B\u200C\u200D\u2060',
  '\uFEFF',
  'e\u0301\u0301\u0301\u0301\u0301',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '\r\n\t\u000B\u000C',
  '\u2028\u2029',
  "'; DROP TABLE users; --",
  '" OR 1=1 --',
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '{{constructor.constructor("return process")()}}',
  '${7*7}',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '0x10',
  'true',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  'prototype',
];

export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** Sizes of the huge strings; the last one is beyond the 1 MiB body limit. */
const HUGE_SIZES = [5_000, 70_000, 600_000, 1_100_000];

export const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);

const hugeString = fc
  .tuple(fc.constantFrom(...HUGE_SIZES), fc.constantFrom('a', 'é', '😀', '\u202E', '\u0000'))
  .map(([size, unit]) => unit.repeat(Math.ceil(size / unit.length)));

/** Arrays and objects nested `depth` levels deep. */
export function nested(depth: number, kind: 'array' | 'object' | 'mixed' = 'mixed'): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) {
    const asArray = kind === 'array' || (kind === 'mixed' && i % 2 === 0);
    value = asArray ? [value] : { a: value };
  }
  return value;
}

const deepValue = fc
  .tuple(
    fc.integer({ min: 2, max: 200 }),
    fc.constantFrom('array', 'object', 'mixed') as fc.Arbitrary<'array' | 'object' | 'mixed'>,
  )
  .map(([depth, kind]) => nested(depth, kind));

/** A value of any JSON type, including numbers JSON cannot represent exactly. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -0, Number.MAX_SAFE_INTEGER + 2, [], {}),
  nastyString,
  fc.double(),
  fc.integer(),
  fc.array(fc.oneof(fc.integer(), nastyString), { maxLength: 5 }),
  fc.dictionary(nastyString, fc.oneof(fc.integer(), nastyString), { maxKeys: 4 }),
);

export type BodyCase =
  { kind: 'raw'; text: string; contentType?: string } | { kind: 'json'; value: unknown; note: string };

function clone(value: unknown): unknown {
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
}

/** Own property, even for `__proto__` (a plain assignment would set the prototype instead). */
function setOwn(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
}

/** Bad bodies for a route whose body schema is `schema` (or that takes no body). */
export function badBody(schema: JsonSchema | undefined): fc.Arbitrary<BodyCase> {
  const base = (plausible(schema) ?? {}) as unknown;
  const record =
    base && typeof base === 'object' && !Array.isArray(base) ? (base as Record<string, unknown>) : null;
  const keys = record ? Object.keys(record) : [];
  const key = keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('field');
  const replaceField = (value: fc.Arbitrary<unknown>, note: string) =>
    fc.tuple(key, value).map(([k, v]): BodyCase => {
      const body = (clone(record ?? {}) ?? {}) as Record<string, unknown>;
      setOwn(body, k, v);
      return { kind: 'json', value: body, note: `${note} in ${k}` };
    });

  return fc.oneof(
    replaceField(anyJson, 'wrong type'),
    replaceField(nastyString, 'unicode edge'),
    replaceField(hugeString, 'huge string'),
    replaceField(deepValue, 'deep nesting'),
    // Missing fields: drop one or all.
    fc.tuple(key, fc.boolean()).map(([k, all]): BodyCase => {
      const body = (clone(record ?? {}) ?? {}) as Record<string, unknown>;
      if (all) return { kind: 'json', value: {}, note: 'all fields missing' };
      delete body[k];
      return { kind: 'json', value: body, note: `missing ${k}` };
    }),
    // Extra fields, prototype-pollution keys among them.
    fc
      .tuple(fc.oneof(fc.constantFrom(...PROTO_KEYS), nastyString), anyJson, fc.boolean())
      .map(([k, v, polluting]): BodyCase => {
        const body = (clone(record ?? {}) ?? {}) as Record<string, unknown>;
        setOwn(body, k, polluting ? { isAdmin: true, role: 'admin', polluted: 'yes' } : v);
        return { kind: 'json', value: body, note: `extra field ${JSON.stringify(k)}` };
      }),
    // A body that is not an object at all.
    anyJson.map((value): BodyCase => ({ kind: 'json', value, note: 'whole body of the wrong type' })),
    fc
      .constantFrom(
        '',
        '{',
        '{"a":1,}',
        'nul',
        '\u0000',
        '{"__proto__":{"polluted":"yes"}}',
        '{"constructor":{"prototype":{"polluted":"yes"}}}',
        '[1,2,',
        '"\\ud800"',
        '{"a":"\\u0000"}',
        '9'.repeat(400),
        `${'['.repeat(100)}${']'.repeat(100)}`,
        `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
        `${'['.repeat(300_000)}${']'.repeat(300_000)}`,
      )
      .map((text): BodyCase => ({ kind: 'raw', text })),
    fc
      .constantFrom(
        'text/plain',
        'application/xml',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
      )
      .map((contentType): BodyCase => ({ kind: 'raw', text: 'a=1&b=2', contentType })),
  );
}

export interface ParamSpec {
  name: string;
  in: 'query' | 'path';
  schema?: JsonSchema;
}

/** Text to put in a URL: percent-encoded, or raw escapes no encoder would produce. */
const urlPiece = fc.oneof(
  {
    weight: 3,
    arbitrary: nastyString.map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '%ED%A0%80',
      '%FF',
      '%C0%AF',
      '%00',
      '%',
      '%zz',
      '..%2F..%2F',
      '%2e%2e',
      '%E2%80%AE',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(10_000, 60_000).map((n) => 'a'.repeat(n)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('-1', '0', '1e309', 'NaN', '99999999999999999999', 'abc', '1.5', 'true'),
  },
);

/** A query string with one thing broken: a wrong value, a repeated, unknown or prototype key. */
export function badQuery(params: ParamSpec[]): fc.Arbitrary<string> {
  const names = params.map((p) => p.name);
  const name = names.length > 0 ? fc.constantFrom(...names) : fc.constant('q');
  return fc.oneof(
    fc.tuple(name, urlPiece).map(([n, v]) => `${n}=${v}`),
    fc.tuple(name, urlPiece, urlPiece).map(([n, a, b]) => `${n}=${a}&${n}=${b}`),
    fc.tuple(name, urlPiece).map(([n, v]) => `${n}[]=${v}&${n}[x]=${v}`),
    fc
      .tuple(
        fc.constantFrom(...PROTO_KEYS, '__proto__[polluted]', 'constructor[prototype][polluted]'),
        urlPiece,
      )
      .map(([k, v]) => `${encodeURIComponent(k)}=${v}&${k}=yes`),
    fc
      .tuple(nastyString, urlPiece)
      .map(([k, v]) => `${encodeURIComponent(k.replace(/[\uD800-\uDFFF]/g, '?'))}=${v}`),
    fc.constantFrom('&&&', '=', '==&=', '%', 'a=%', 'page=1&page=2&page=3', `${'x=1&'.repeat(2000)}`),
  );
}

/** A path parameter value: a real id now and then (so the body is reached), else a broken one. */
export function badParam(realIds: string[]): fc.Arbitrary<{ value: string; broken: boolean }> {
  return fc.oneof(
    { weight: 2, arbitrary: urlPiece.map((value) => ({ value, broken: true })) },
    {
      weight: realIds.length > 0 ? 1 : 0,
      arbitrary: fc
        .constantFrom(...(realIds.length > 0 ? realIds : ['none']))
        .map((value) => ({ value, broken: false })),
    },
  );
}
