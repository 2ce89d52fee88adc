import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type CachedResponse, type Stamp, createResponseCache, sameBytes } from './response-cache';

/** A stamp at content version `content`, feed number `search`. */
const at = (content: number, search = 0): Stamp => ({ content, search });

describe('createResponseCache across versions', () => {
  const json = (text: string) => ({ body: Buffer.from(text) });
  const page = `{"items":[${'"card",'.repeat(400)}"last"]}`;

  it("keeps the older entry's bytes, ETag and compressed forms when a new version's answer is the same", async () => {
    const cache = createResponseCache();
    const first = await cache.get('list', at(1), async () => json(page));
    const gzip = cache.bytesFor('list', first, 'gzip').body;
    const second = await cache.get('list', at(2), async () => json(page));
    expect(second.version).toBe(2);
    expect(second.body).toBe(first.body);
    expect(second.etag).toBe(first.etag);
    expect(cache.bytesFor('list', second, 'gzip').body).toBe(gzip);
    // Served from memory at the new version, without asking the producer.
    expect(await cache.get('list', at(2), async () => json('never'))).toBe(second);
  });

  it("serves the older bytes under the new version when the new answer's pieces are the same", async () => {
    const cache = createResponseCache();
    const first = await cache.get('list', at(1), async () => json(page));
    const second = await cache.get('list', at(2), async () => ({
      body: [Buffer.from(page.slice(0, 10)), Buffer.from(page.slice(10))],
    }));
    expect(second.version).toBe(2);
    expect(second.body).toBe(first.body);
    expect(second.etag).toBe(first.etag);
  });

  it('gives a changed answer its own bytes and ETag, and its own compressed forms', async () => {
    const cache = createResponseCache();
    const first = await cache.get('list', at(1), async () => json(page));
    cache.bytesFor('list', first, 'gzip');
    const changed = page.replace('last', 'liked');
    const second = await cache.get('list', at(2), async () => json(changed));
    expect(second.body.toString()).toBe(changed);
    expect(second.etag).not.toBe(first.etag);
    expect(zlib.gunzipSync(cache.bytesFor('list', second, 'gzip').body).toString()).toBe(changed);
  });
});

describe('createResponseCache following the feed', () => {
  /** A feed that noted `notes` (prompt id, number) and has applied everything up to `applied`. */
  const feedOf = (notes: [string, number][], applied: number) => ({
    notedSince: (ids: readonly string[], since: number, upTo: number) =>
      upTo > applied || notes.some(([id, seq]) => seq > since && seq <= upTo && ids.includes(id)),
  });
  const built = (text: string, shows?: string[]) => async () => ({ body: Buffer.from(text), shows });

  it('keeps an answer while the feed notes none of the prompts it shows, and rebuilds it once it does', async () => {
    const cache = createResponseCache({
      feed: feedOf(
        [
          ['b', 2],
          ['a', 4],
        ],
        5,
      ),
    });
    const first = await cache.get('page', at(1, 1), built('a and c', ['a', 'c']));
    // Number 2 noted b: still exact, without asking the producer.
    expect(await cache.get('page', at(1, 2), built('never'))).toBe(first);
    expect(cache.peek('page', at(1, 3))).toBe(first);
    // Number 4 noted a.
    expect(cache.peek('page', at(1, 4))).toBeUndefined();
    const rebuilt = await cache.get('page', at(1, 4), built('a liked and c', ['a', 'c']));
    expect(rebuilt.body.toString()).toBe('a liked and c');
    expect(rebuilt.etag).not.toBe(first.etag);
  });

  it('gives the producer the entry it replaces only when the feed alone moved since', async () => {
    const cache = createResponseCache({ feed: feedOf([['a', 2]], 9) });
    const given: (string | undefined)[] = [];
    const producer = (text: string) => async (counted?: CachedResponse) => {
      given.push(counted?.body.toString());
      return { body: Buffer.from(text), shows: ['a'], meta: text };
    };
    await cache.get('page', at(1, 1), producer('a, 3 likes'));
    // Number 2 noted a, the content held: the likes may have moved, nothing else.
    const liked = await cache.get('page', at(1, 2), producer('a, 4 likes'));
    expect(liked.meta).toBe('a, 4 likes');
    // A new content version, or another order: anything may have changed.
    await cache.get('page', at(2, 2), producer('a renamed'));
    await cache.get('page', { content: 2, search: 2, order: 'popular 3' }, producer('a, popular'));
    expect(given).toEqual([undefined, 'a, 3 likes', undefined, undefined]);
  });

  it('rebuilds on a new content version or order, and when the feed cannot tell', async () => {
    const cache = createResponseCache({ feed: feedOf([], 3) });
    const first = await cache.get('page', at(1, 1), built('page', ['a']));
    expect(cache.peek('page', at(2, 1))).toBeUndefined();
    expect(cache.peek('page', { content: 1, search: 1, order: 'popular 2' })).toBeUndefined();
    // Past what the feed has applied: it cannot tell, so the answer is not served.
    expect(cache.peek('page', at(1, 9))).toBeUndefined();
    expect(cache.peek('page', at(1, 3))).toBe(first);
  });

  it('serves an answer that names no prompts only at its own feed number, unless it shows none', async () => {
    const cache = createResponseCache({ feed: feedOf([], 9) });
    const any = await cache.get('any', at(1, 1), built('any prompt'));
    const none = await cache.get('none', at(1, 1), built('no prompt', []));
    expect(cache.peek('any', at(1, 2))).toBeUndefined();
    expect(cache.peek('none', at(1, 9))).toBe(none);
    // A request that read an older number than the answer was built at gets it: it is newer.
    expect(cache.peek('any', at(1, 0))).toBe(any);
    // Without a feed nothing can be told: a new number rebuilds.
    const alone = createResponseCache();
    await alone.get('none', at(1, 1), built('no prompt', []));
    expect(alone.peek('none', at(1, 2))).toBeUndefined();
  });
});

describe('sameBytes', () => {
  const body = Buffer.from('{"prompts":[1,2,3]}');
  it('is true only for parts that are the body exactly, in order', () => {
    expect(sameBytes(body, [Buffer.from('{"prompts":['), Buffer.from('1,2,3'), Buffer.from(']}')])).toBe(
      true,
    );
    expect(sameBytes(body, [Buffer.from('{"prompts":['), Buffer.from('1,2,4'), Buffer.from(']}')])).toBe(
      false,
    );
    expect(sameBytes(body, [Buffer.from('{"prompts":['), Buffer.from('1,2,3')])).toBe(false);
    expect(sameBytes(body, [Buffer.from('{"prompts":[1,2,3]}'), Buffer.from(' ')])).toBe(false);
    expect(sameBytes(body, [])).toBe(false);
  });
});
