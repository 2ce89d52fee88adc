import Fastify from 'fastify';
import { isResponseSerializationError, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { successEnvelope } from '../../shared/envelope';
import { MarketplaceListSchema, PromptDetailSchema } from '../../shared/marketplace';
import { compiledSerializerCompiler, jsonWriter } from './json-serializer';

/** What zod's serializer writes (fastify-type-provider-zod): the reference for every case. */
function viaZod(schema: z.ZodType, value: unknown): { json?: string; error?: unknown } {
  try {
    const result = z.safeEncode(schema, value as never);
    return result.success ? { json: JSON.stringify(result.data) } : { error: result.error };
  } catch (err) {
    // zod throws rather than returns for a schema it cannot encode at all (a one-way transform).
    return { error: err };
  }
}

function same(schema: z.ZodType, value: unknown) {
  const expected = viaZod(schema, value);
  if (expected.error) {
    const error = expected.error as Error & { issues?: unknown };
    let thrown: (Error & { issues?: unknown }) | undefined;
    try {
      jsonWriter(schema)(value);
    } catch (err) {
      thrown = err as Error & { issues?: unknown };
    }
    expect(thrown?.constructor).toBe(error.constructor);
    expect(thrown?.message).toBe(error.message);
    expect(thrown?.issues).toEqual(error.issues);
  } else {
    expect(jsonWriter(schema)(value)).toBe(expected.json);
  }
}

const card = (over: Record<string, unknown> = {}) => ({
  id: 'p1',
  _id: 'p1',
  slug: 'a-prompt',
  title: 'A "quoted" prompt \u2028 with odd characters \\ </script>',
  description: 'Émoji 🚀 and accents',
  category: 'writing',
  tags: ['one', 'two'],
  type: 'free',
  price: 0,
  priceMinor: 0,
  currency: 'USD',
  likes: 3,
  views: 10,
  author: { id: 'u1', name: 'Ann', avatar: null },
  analytics: { rating: { average: 4.5, count: 2 }, downloads: 1, views: 10 },
  metadata: { featured: false, trending: true },
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const list = (prompts: unknown[]) => ({
  success: true,
  data: { prompts, pagination: { page: 1, limit: 50, total: prompts.length, pages: 1 } },
});
const ListEnvelope = successEnvelope(MarketplaceListSchema);

describe('jsonWriter', () => {
  it('writes exactly what zod writes for a page of cards', () => {
    same(ListEnvelope, list([card(), card({ id: 'p2', _id: 'p2', price: 4.99, priceMinor: 499 })]));
    same(ListEnvelope, list([]));
    same(ListEnvelope, { ...list([card()]), message: 'hello' });
  });

  it('strips unknown keys and follows the schema order, as zod does', () => {
    const { title, ...rest } = card();
    same(ListEnvelope, list([{ ...rest, secret: 'author@example.test', title }]));
    same(ListEnvelope, list([{ ...card(), content: 'premium text' }]));
    same(
      ListEnvelope,
      list([{ ...card(), author: { name: 'Ann', id: 'u1', avatar: null, email: 'a@b.c' } }]),
    );
  });

  it('fails with zod’s own error for a value that breaks the schema', () => {
    same(ListEnvelope, list([card({ likes: 1.5 })]));
    same(ListEnvelope, list([card({ category: 'cooking' })]));
    same(ListEnvelope, list([card({ price: Number.NaN })]));
    same(ListEnvelope, list([card({ price: Number.POSITIVE_INFINITY })]));
    same(ListEnvelope, list([card({ tags: ['ok', 3] })]));
    same(ListEnvelope, list([card({ author: null })]));
    same(ListEnvelope, list([card({ createdAt: undefined })]));
    same(ListEnvelope, { success: false, data: list([]).data });
    same(ListEnvelope, null);
  });

  it('leaves values JSON.stringify would write differently to zod', () => {
    class Card {
      constructor(public id: string) {}
      toJSON() {
        return 'not a card';
      }
    }
    const schema = z.object({ id: z.string() });
    same(schema, new Card('p1'));
    same(schema, Object.assign(Object.create({ inherited: 1 }) as object, { id: 'p1' }));
    const hidden = { id: 'p1' };
    Object.defineProperty(hidden, 'note', { value: 'not enumerable', enumerable: false });
    same(z.object({ id: z.string(), note: z.string().optional() }), hidden);
    same(z.object({ when: z.date() }), { when: new Date(0) });
  });

  it('handles optional, nullable, literals, enums and array lengths', () => {
    const schema = z.object({
      a: z.string().optional(),
      b: z.number().nullable(),
      c: z.literal('x'),
      d: z.enum(['p', 'q']),
      e: z.array(z.number().int()).length(2),
      f: z.array(z.string()).min(1).max(2),
      g: z.boolean(),
    });
    const ok = { a: 'y', b: null, c: 'x', d: 'q', e: [1, 2], f: ['s'], g: true };
    same(schema, ok);
    same(schema, { ...ok, a: undefined });
    const { a: _a, ...withoutA } = ok;
    same(schema, withoutA);
    same(schema, { ...ok, b: -0 });
    same(schema, { ...ok, e: [1] });
    same(schema, { ...ok, f: [] });
    same(schema, { ...ok, f: ['1', '2', '3'] });
    same(schema, { ...ok, c: 'y' });
    same(schema, { ...ok, g: 'true' });
  });

  it('keeps zod for schemas it does not know (unions, formats, transforms, defaults)', () => {
    same(z.object({ v: z.union([z.string(), z.number()]) }), { v: 2 });
    same(z.object({ e: z.email() }), { e: 'not an e-mail' });
    same(z.object({ e: z.email() }), { e: 'a@b.co' });
    same(z.object({ n: z.number().min(1) }), { n: 0 });
    same(z.object({ n: z.int() }), { n: 1.5 });
    same(z.object({ u: z.uuid() }), { u: 'nope' });
    same(z.object({ n: z.coerce.number() }), { n: '3' });
    same(z.object({ s: z.string().trim() }), { s: ' x ' });
    same(z.strictObject({ a: z.string() }), { a: 'x', b: 'y' });
    same(z.looseObject({ a: z.string() }), { a: 'x', b: 'y' });
    same(
      z.object({ a: z.string() }).refine(() => false),
      { a: 'x' },
    );
    same(z.object({ a: z.string().transform((s) => s.length) }), { a: 'x' });
    same(z.object({ s: z.string().optional().default('') }), {});
    same(PromptDetailSchema, {
      ...card(),
      content: null,
      preview: 'A teaser…',
      access: {
        canViewContent: false,
        reason: 'locked',
        liked: false,
        downloaded: false,
        canReview: false,
        myReview: null,
      },
      author: { id: 'u1', name: 'Ann', avatar: null, bio: null, promptCount: 3 },
      ratingBreakdown: [0, 0, 1, 2, 3],
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
  });

  it('agrees with zod on random values', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)]!;
    const odd = [undefined, null, 0, 1.5, -1, '', 'x', true, [], {}, Number.NaN, 2 ** 60];
    for (let i = 0; i < 500; i++) {
      const value: Record<string, unknown> = card();
      for (const key of Object.keys(value)) if (random() < 0.05) value[key] = pick(odd);
      if (random() < 0.1) delete value[pick(Object.keys(value))];
      same(ListEnvelope, list([value]));
    }
  });
});

describe('compiledSerializerCompiler', () => {
  it('answers 500 through the error handler when a response breaks its schema', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(compiledSerializerCompiler);
    let caught: unknown;
    app.setErrorHandler((err, _request, reply) => {
      caught = err;
      return reply.code(500).send({ failed: true });
    });
    const schema = { response: { 200: z.object({ n: z.number().int() }) } };
    app.get('/good', { schema }, async () => ({ n: 1, extra: 'stripped' }));
    app.get('/bad', { schema }, async () => ({ n: 'one' }));
    const good = await app.inject({ url: '/good' });
    expect(good.body).toBe('{"n":1}');
    const bad = await app.inject({ url: '/bad' });
    expect(bad.statusCode).toBe(500);
    expect(isResponseSerializationError(caught)).toBe(true);
    await app.close();
  });
});
