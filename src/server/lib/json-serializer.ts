import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type $ZodError, $ZodType } from 'zod/v4/core';

/*
 * Response serialization with a check compiled from the route's zod schema (decision 017). zod's
 * encode walks the schema on every answer and builds a copy of it, which costs two to three times
 * what JSON.stringify then takes to write it (a page of 50 cards: about 0.25 ms against 0.1 ms).
 *
 * The compiled check vouches for a value only when JSON.stringify of the value itself writes what
 * zod would: every value has the type its schema node asks for (plain type tests), and every
 * object is a plain object with exactly its schema's keys in the schema's order (so zod would strip
 * nothing and reorder nothing). It knows objects that strip unknown keys, arrays (and their length
 * checks), strings, numbers, integers, booleans, literals, enums, nullable and optional. A schema
 * with any other node (unions, transforms, string formats, ...) is not compiled, and a value the
 * check does not vouch for goes through zod: a bad answer fails with exactly zod's error, and a good
 * one is written with exactly zod's bytes.
 */

type Check = (value: unknown) => boolean;

// zod's internal definition, read only for the node types handled here.
interface CheckDef {
  check: string;
  format?: string;
  length?: number;
  minimum?: number;
  maximum?: number;
}
interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, z.ZodType>;
  catchall?: unknown;
  element?: z.ZodType;
  innerType?: z.ZodType;
  values?: unknown[];
  entries?: Record<string, unknown>;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** A schema node this module does not know: the route keeps zod's serializer. */
class Unsupported extends Error {}

const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  // Anything else may carry a toJSON that JSON.stringify would call.
  return proto === Object.prototype || proto === null;
};

/** What each known node may carry in its definition; anything more (a format, coercion, ...) is unknown. */
const DEF_KEYS: Record<string, string[]> = {
  string: [],
  number: [],
  boolean: [],
  literal: ['values'],
  enum: ['entries'],
  nullable: ['innerType'],
  optional: ['innerType'],
  array: ['element'],
  object: ['shape'],
};

/** An array of `def.element`, its length within the schema's bounds. */
function arrayCheck(def: Def, checks: CheckDef[]): Check {
  const element = compileNode(def.element!);
  let min = 0;
  let max = Number.POSITIVE_INFINITY;
  for (const c of checks) {
    if (c.check === 'length_equals') min = max = c.length!;
    else if (c.check === 'min_length') min = Math.max(min, c.minimum!);
    else if (c.check === 'max_length') max = Math.min(max, c.maximum!);
    else throw new Unsupported(def.type);
  }
  return (v) => {
    if (!Array.isArray(v) || v.length < min || v.length > max) return false;
    for (let i = 0; i < v.length; i++) {
      if (!element(v[i])) return false;
    }
    return true;
  };
}

/** A plain object with the schema's keys, in its order (an optional one may be absent). */
function objectCheck(def: Def, checks: CheckDef[]): Check {
  // Only the default object, which strips unknown keys (a catchall, strict or loose, decides otherwise).
  if (checks.length > 0) throw new Unsupported(def.type);
  const keys = Object.keys(def.shape!);
  const fields = keys.map((key) => compileNode(def.shape![key]!));
  // A key the value does not list: zod would still read it (a non-enumerable property), so it
  // must read as undefined, and its schema must allow that (optional).
  const absent = (v: Record<string, unknown>, i: number) =>
    v[keys[i]!] === undefined && fields[i]!(undefined);
  return (v) => {
    if (!isPlainObject(v)) return false;
    // The value's own keys must be the schema's, in its order; an optional one may be absent.
    let next = 0;
    for (const key in v) {
      if (!Object.hasOwn(v, key)) return false;
      while (next < keys.length && keys[next] !== key) {
        if (!absent(v, next)) return false;
        next++;
      }
      if (next === keys.length || !fields[next]!(v[key])) return false;
      next++;
    }
    for (; next < keys.length; next++) if (!absent(v, next)) return false;
    return true;
  };
}

function compileNode(schema: z.ZodType): Check {
  const def = defOf(schema);
  const known = DEF_KEYS[def.type];
  const extra = Object.entries(def).some(
    ([key, value]) => value !== undefined && key !== 'type' && key !== 'checks' && !known?.includes(key),
  );
  if (!known || extra) throw new Unsupported(def.type);
  const checks = (def.checks ?? []).map((c) => c._zod.def);
  switch (def.type) {
    case 'string':
      if (checks.length > 0) throw new Unsupported(def.type);
      return (v) => typeof v === 'string';
    case 'number': {
      if (checks.length === 0) return (v) => typeof v === 'number' && Number.isFinite(v);
      if (checks.length === 1 && checks[0]!.check === 'number_format' && checks[0]!.format === 'safeint') {
        return (v) => Number.isSafeInteger(v);
      }
      throw new Unsupported(def.type);
    }
    case 'boolean':
      if (checks.length > 0) throw new Unsupported(def.type);
      return (v) => typeof v === 'boolean';
    case 'literal': {
      const values = def.values ?? [];
      if (checks.length > 0 || !values.every((x) => ['string', 'number', 'boolean'].includes(typeof x))) {
        throw new Unsupported(def.type);
      }
      return (v) => values.includes(v);
    }
    case 'enum': {
      const values = Object.values(def.entries ?? {});
      if (checks.length > 0 || !values.every((x) => typeof x === 'string')) throw new Unsupported(def.type);
      const allowed = new Set<unknown>(values);
      return (v) => allowed.has(v);
    }
    case 'nullable': {
      const inner = compileNode(def.innerType!);
      return (v) => v === null || inner(v);
    }
    case 'optional': {
      const inner = compileNode(def.innerType!);
      return (v) => v === undefined || inner(v);
    }
    case 'array':
      return arrayCheck(def, checks);
    case 'object':
      return objectCheck(def, checks);
    default:
      throw new Unsupported(def.type);
  }
}

const compiled = new WeakMap<z.ZodType, (value: unknown) => string>();

const viaZod = (schema: z.ZodType) => (value: unknown) => {
  const result = z.safeEncode(schema, value as never);
  if (!result.success) throw result.error;
  return JSON.stringify(result.data);
};

/**
 * The JSON that `JSON.stringify(z.encode(schema, value))` writes, compiled once per schema. Throws
 * zod's error when the value does not satisfy the schema.
 */
export function jsonWriter(schema: z.ZodType): (value: unknown) => string {
  let writer = compiled.get(schema);
  if (!writer) {
    const zod = viaZod(schema);
    let check: Check | null = null;
    try {
      check = compileNode(schema);
    } catch (err) {
      if (!(err instanceof Unsupported)) throw err;
    }
    writer = check ? (value) => (check(value) ? JSON.stringify(value) : zod(value)) : zod;
    compiled.set(schema, writer);
  }
  return writer;
}

/** fastify-type-provider-zod's serializer compiler, with the compiled writer in front of zod. */
export const compiledSerializerCompiler: FastifySerializerCompiler<z.ZodType | { properties: z.ZodType }> = ({
  schema: maybeSchema,
  method,
  url,
}) => {
  const schema = maybeSchema instanceof $ZodType ? (maybeSchema as z.ZodType) : maybeSchema.properties;
  const write = jsonWriter(schema);
  return (data) => {
    try {
      return write(data);
    } catch (err) {
      // Only zod's own error reaches here (the compiled check never throws).
      throw new ResponseSerializationError(method, url, { cause: err as $ZodError });
    }
  };
};
