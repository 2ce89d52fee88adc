import zlib from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SORTS } from '../../../shared/constants';
import { insertPrompt, insertUser } from '../../../../tests/support/factories';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app';
import { upsertReview } from './reviews-repository';
import { USER_PASSWORD, apiHelpers } from '../../../../tests/support/api';

/*
 * The cached public reads (decision 010): what a client sees after a write through the API or
 * straight into the database, ETag revalidation, pre-compressed bytes, and that nothing
 * user-specific is ever served from the shared cache. Runs on both engines.
 */

let t: TestApp;
const h = apiHelpers(() => t);
let token = '';
let promptId = '';
let authorId = '';

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_ADDRESS: '1000' } });
  const author = await insertUser(t.database.db, { name: 'Cora Cache' });
  authorId = author.id;
  promptId = (await insertPrompt(t.database.db, author.id, { title: 'Cached Cover Letter' })).id;
  await insertPrompt(t.database.db, author.id, { title: 'Second Prompt' });
  token = await signUp('Lena Liker');
});
afterAll(() => t.close());

/** A new user's token: a liker of each test's own keeps the other tests' likes as they are. */
const signUp = async (name: string) => (await h.signUp(name)).token;
const like = (as: string, id: string, liked: boolean) =>
  t.app.inject({
    method: 'POST',
    url: `/api/marketplace/prompts/${id}/like`,
    headers: { authorization: `Bearer ${as}` },
    payload: { liked },
  });

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const card = (body: { data: { prompts: { id: string; likes: number; title: string }[] } }) =>
  body.data.prompts.find((p) => p.id === promptId)!;

describe('cached marketplace reads', () => {
  it('show a like at once, in the list and on the anonymous prompt page', async () => {
    const list = '/api/marketplace/prompts?page=1&limit=50';
    const before = card((await get(list)).json());
    const page = (await get(`/api/marketplace/prompts/${promptId}`)).json().data;
    expect(card((await get(list)).json()).likes).toBe(before.likes);

    expect((await like(token, promptId, true)).statusCode).toBe(200);
    expect(card((await get(list)).json()).likes).toBe(before.likes + 1);
    expect((await get(`/api/marketplace/prompts/${promptId}`)).json().data.likes).toBe(page.likes + 1);
  });

  it("build a liked and viewed prompt's page again from its counters, the bytes the whole page has", async () => {
    const url = `/api/marketplace/prompts/${promptId}`;
    const before = (await get(url)).json().data;
    const liker = await signUp('Vera Viewer');
    expect((await like(liker, promptId, true)).statusCode).toBe(200);
    // Views counted by another instance: straight into the database.
    await t.database.db
      .updateTable('prompts')
      .set({ views_count: before.views + 7 })
      .where('id', '=', promptId)
      .execute();

    const counted = await get(url);
    expect(counted.json().data).toMatchObject({
      likes: before.likes + 1,
      views: before.views + 7,
      analytics: { views: before.views + 7, downloads: before.analytics.downloads },
      title: before.title,
      content: before.content,
    });
    // The whole page read again (the content version moved by hand, nothing else changed): the
    // same bytes and ETag.
    await sql`update catalogue_version set content = content + 1 where id = 1`.execute(t.database.db);
    const whole = await get(url);
    expect(whole.body).toBe(counted.body);
    expect(whole.headers.etag).toBe(counted.headers.etag);
  });

  it('keep a page as it was after a like of a prompt it does not show, and show one it does at once', async () => {
    const newest = '/api/marketplace/prompts?sort=latest&page=1&limit=1';
    const shown = (await get(newest)).json().data.prompts[0].id as string;
    const other =
      shown === promptId
        ? (await get('/api/marketplace/prompts?sort=latest&page=2&limit=1')).json().data.prompts[0].id
        : promptId;
    const before = await get(newest);
    const etag = before.headers.etag as string;
    const liker = await signUp('Pia Pager');
    const likeAs = (id: string, liked: boolean) => like(liker, id, liked);

    expect((await likeAs(other, true)).statusCode).toBe(200);
    const after = await get(newest, { 'if-none-match': etag });
    expect(after.statusCode).toBe(304);
    expect((await get(newest)).body).toBe(before.body);

    const likes = before.json().data.prompts[0].likes as number;
    expect((await likeAs(shown, true)).statusCode).toBe(200);
    const changed = await get(newest, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.prompts[0].likes).toBe(likes + 1);
    expect((await likeAs(shown, false)).statusCode).toBe(200);
    expect((await likeAs(other, false)).statusCode).toBe(200);
    // Back to the bytes it had: the same ETag as before either like.
    expect((await get(newest)).headers.etag).toBe(etag);
  });

  it('show a change made straight in the database (any code path, any instance)', async () => {
    const list = '/api/marketplace/prompts?sort=latest&limit=10';
    expect(card((await get(list)).json()).title).toBe('Cached Cover Letter');
    await t.database.db
      .updateTable('prompts')
      .set({ title: 'Renamed Letter' })
      .where('id', '=', promptId)
      .execute();
    expect(card((await get(list)).json()).title).toBe('Renamed Letter');
    expect((await get(`/api/marketplace/prompts/${promptId}`)).json().data.title).toBe('Renamed Letter');

    // A like moves no content version: the answers showing the prompt follow the search feed.
    const likes = card((await get(list)).json()).likes;
    await t.database.db
      .updateTable('prompts')
      .set({ likes_count: likes + 5 })
      .where('id', '=', promptId)
      .execute();
    expect(card((await get(list)).json()).likes).toBe(likes + 5);
    expect((await get(`/api/marketplace/prompts/${promptId}`)).json().data.likes).toBe(likes + 5);
    await t.database.db
      .updateTable('prompts')
      .set({ likes_count: likes })
      .where('id', '=', promptId)
      .execute();

    await t.database.db
      .updateTable('users')
      .set({ name: 'Cora Renamed' })
      .where('id', '=', authorId)
      .execute();
    expect((await get(list)).json().data.prompts[0].author.name).toBe('Cora Renamed');

    const total = (await get(list)).json().data.pagination.total;
    await insertPrompt(t.database.db, authorId, { title: 'Third Prompt' });
    const after = (await get(list)).json().data;
    expect(after.pagination.total).toBe(total + 1);
    expect(after.prompts[0].title).toBe('Third Prompt');

    await t.database.db
      .updateTable('prompts')
      .set({ status: 'archived' })
      .where('id', '=', promptId)
      .execute();
    expect((await get(list)).json().data.prompts.map((p: { id: string }) => p.id)).not.toContain(promptId);
    expect((await get(`/api/marketplace/prompts/${promptId}`)).statusCode).toBe(404);
    await t.database.db
      .updateTable('prompts')
      .set({ status: 'published' })
      .where('id', '=', promptId)
      .execute();
    expect((await get(`/api/marketplace/prompts/${promptId}`)).statusCode).toBe(200);
  });

  it('answer 304 to a client holding the current version, and 200 once it changed', async () => {
    const url = '/api/marketplace/prompts?category=writing';
    const first = await get(url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await t.database.db
      .updateTable('prompts')
      .set((eb) => ({ downloads_count: eb('downloads_count', '+', 1) }))
      .where('id', '=', promptId)
      .execute();
    const changed = await get(url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('serve the same bytes compressed when the client accepts it', async () => {
    const url = '/api/marketplace/prompts?limit=50';
    const plain = await get(url);
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers.vary).toContain('accept-encoding');
  });

  it("never give one caller's liked or owned flags to another", async () => {
    const url = `/api/marketplace/prompts/${promptId}`;
    const anonymous = (await get(url)).json().data;
    expect(anonymous.access.liked).toBe(false);
    const mine = (await get(url, { authorization: `Bearer ${token}` })).json().data;
    expect(mine.access.liked).toBe(true);
    // The anonymous answer, cached, stays anonymous after a signed-in read; and the reverse.
    expect((await get(url)).json().data.access.liked).toBe(false);
    expect((await get(url, { authorization: `Bearer ${token}` })).json().data.access.liked).toBe(true);
    expect((await get(url)).headers.vary).toContain('authorization');
  });

  it('keep a search while it holds, and follow every write that changes it', async () => {
    const url = '/api/marketplace/prompts?search=letter';
    const first = await get(url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);

    // A rename, straight in the database: the old words stop matching and the new ones match.
    await t.database.db
      .updateTable('prompts')
      .set({ title: 'Quokka Letter' })
      .where('id', '=', promptId)
      .execute();
    expect((await get('/api/marketplace/prompts?search=quokka')).json().data.prompts[0].id).toBe(promptId);
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(200);

    // A like of a prompt it shows is shown at once (the search feed), a new match is counted.
    const quokka = '/api/marketplace/prompts?search=quokka';
    const likes = card((await get(quokka)).json()).likes;
    await t.database.db
      .updateTable('prompts')
      .set({ likes_count: likes + 3 })
      .where('id', '=', promptId)
      .execute();
    expect(card((await get(quokka)).json()).likes).toBe(likes + 3);
    await t.database.db
      .updateTable('prompts')
      .set({ likes_count: likes })
      .where('id', '=', promptId)
      .execute();
    const matched = async () =>
      Object.values(
        (await get('/api/marketplace/search/counts?search=quokka')).json().data.types as Record<
          string,
          number
        >,
      ).reduce((a, b) => a + b, 0);
    expect(await matched()).toBe(1);
    const other = await insertPrompt(t.database.db, authorId, { title: 'Quokka Field Guide' });
    expect((await get(quokka)).json().data.pagination.total).toBe(2);
    expect(await matched()).toBe(2);

    // Quality moves the order of equal matches: ratings given straight in the database.
    const order = async () => ((await get(quokka)).json().data.prompts as { id: string }[]).map((p) => p.id);
    await t.database.db
      .updateTable('prompts')
      .set({ rating_sum: 50, rating_count: 10, rating_avg: 5 })
      .where('id', '=', other.id)
      .execute();
    const rated = await order();
    await t.database.db
      .updateTable('prompts')
      .set({ rating_sum: 0, rating_count: 0, rating_avg: 0 })
      .where('id', '=', other.id)
      .execute();
    await t.database.db
      .updateTable('prompts')
      .set({ rating_sum: 50, rating_count: 10, rating_avg: 5 })
      .where('id', '=', promptId)
      .execute();
    const reRated = await order();
    expect(rated[0]).toBe(other.id);
    expect(reRated[0]).toBe(promptId);
    await t.database.db
      .updateTable('prompts')
      .set({ rating_sum: 0, rating_count: 0, rating_avg: 0, title: 'Cached Cover Letter' })
      .where('id', '=', promptId)
      .execute();
    await t.database.db.deleteFrom('prompts').where('id', '=', other.id).execute();
  });
});

describe("cached list pages' order", () => {
  /** Three prompts of a category of their own, newest first A, B, C; most liked A, C, B. */
  async function threePrompts(category: 'education' | 'analytics') {
    const db = t.database.db;
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const make = (title: string, minutes: number, likes: number, rating: number) =>
      insertPrompt(db, authorId, {
        title,
        category,
        created_at: at(minutes),
        likes_count: likes,
        rating_sum: rating,
        rating_count: 1,
      }).then((p) => p.id);
    return {
      a: await make('Alpha Order', 10, 5, 3),
      b: await make('Beta Order', 20, 3, 4),
      c: await make('Gamma Order', 30, 4, 5),
    };
  }
  const pageOf = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    return (res.json().data.prompts as { id: string; likes: number }[]).map((p) => [p.id, p.likes]);
  };

  it('show a like at once on every page that holds the prompt, and move it in the popular order', async () => {
    const { a, b, c } = await threePrompts('education');
    const newest = '/api/marketplace/prompts?category=education&sort=latest';
    const popular = '/api/marketplace/prompts?category=education&sort=popular';
    const rating = '/api/marketplace/prompts?category=education&sort=rating';
    expect(await pageOf(newest)).toEqual([
      [a, 5],
      [b, 3],
      [c, 4],
    ]);
    expect(await pageOf(popular)).toEqual([
      [a, 5],
      [c, 4],
      [b, 3],
    ]);
    expect(await pageOf(rating)).toEqual([
      [c, 4],
      [b, 3],
      [a, 5],
    ]);
    const everything = () => pageOf('/api/marketplace/prompts?page=1&limit=50');
    expect((await everything()).find(([id]) => id === b)).toEqual([b, 3]);

    const liker = await signUp('Otis Order');
    const likeB = (liked: boolean) => like(liker, b, liked);
    expect((await likeB(true)).statusCode).toBe(200);
    // Four likes each: the newer of B and C first.
    expect(await pageOf(popular)).toEqual([
      [a, 5],
      [b, 4],
      [c, 4],
    ]);
    expect(await pageOf(newest)).toEqual([
      [a, 5],
      [b, 4],
      [c, 4],
    ]);
    expect(await pageOf(rating)).toEqual([
      [c, 4],
      [b, 4],
      [a, 5],
    ]);
    expect((await everything()).find(([id]) => id === b)).toEqual([b, 4]);

    expect((await likeB(false)).statusCode).toBe(200);
    expect(await pageOf(popular)).toEqual([
      [a, 5],
      [c, 4],
      [b, 3],
    ]);
    expect(await pageOf(newest)).toEqual([
      [a, 5],
      [b, 3],
      [c, 4],
    ]);
  });

  it('follow every column a sort orders by, changed straight in the database', async () => {
    const db = t.database.db;
    const { a, b, c } = await threePrompts('analytics');
    const ids = async (sort: string) =>
      (await pageOf(`/api/marketplace/prompts?category=analytics&sort=${sort}`)).map(([id]) => id);
    // Every sort but relevance, which without a search is the newest first.
    const sorts = SORTS.filter((sort) => sort !== 'relevance');
    // Every sort's page is cached before each change.
    const readAll = async () => {
      for (const sort of sorts) await ids(sort);
    };
    const change = async (id: string, set: Record<string, unknown>) => {
      await readAll();
      await db.updateTable('prompts').set(set).where('id', '=', id).execute();
    };

    await change(c, { created_at: new Date().toISOString() });
    expect(await ids('latest')).toEqual([c, a, b]);
    await change(b, { views_count: 1 });
    await change(c, { likes_count: 3 });
    // A and B (five and three likes), C three likes but no views.
    expect(await ids('popular')).toEqual([a, b, c]);
    // Five stars from two reviews before C's five from one.
    await change(a, { rating_sum: 10, rating_count: 2, rating_avg: 5 });
    expect(await ids('rating')).toEqual([a, c, b]);
    await change(b, { downloads_count: 7 });
    expect((await ids('downloads'))[0]).toBe(b);
    await change(a, { featured: 1 });
    expect((await ids('featured'))[0]).toBe(a);
    await change(c, { trending: 1, trending_score: 9 });
    expect((await ids('trending'))[0]).toBe(c);
    await change(b, { type: 'premium', price_minor: 49900 });
    expect((await ids('price_high'))[0]).toBe(b);
    await change(b, { price_minor: 100 });
    expect(await ids('price_high')).toEqual([b, c, a]);
    expect((await ids('price_low'))[2]).toBe(b);
    await change(a, { status: 'archived' });
    expect(await ids('popular')).toEqual([b, c]);
  });
});

describe('cached reviews', () => {
  it('show a new review, an edit, a renamed reviewer and a deleted account at once', async () => {
    const db = t.database.db;
    const author = await h.signUp('Rita Reviewed');
    const prompt = await insertPrompt(db, author.id, { title: 'Reviewed Prompt' });
    const url = `/api/marketplace/prompts/${prompt.id}/reviews?page=1&limit=10`;
    const reviews = async () => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      const { reviews: list, rating } = res.json().data as {
        reviews: { author: { name: string }; rating: number; body: string }[];
        rating: { average: number; count: number };
      };
      return { seen: list.map((r) => [r.author.name, r.rating, r.body]), rating };
    };
    expect(await reviews()).toEqual({ seen: [], rating: { average: 0, count: 0 } });
    // Nothing changed: the same answer, from memory, for a signed-in caller too.
    const etag = (await get(url)).headers.etag;
    expect((await get(url)).headers.etag).toBe(etag);
    expect((await get(url, { authorization: `Bearer ${author.token}` })).headers.etag).toBe(etag);

    const reviewer = await h.signUp('Rex Reviewer');
    const review = (rating: number, body: string, userId = reviewer.id) =>
      upsertReview(db, {
        id: crypto.randomUUID(),
        promptId: prompt.id,
        userId,
        rating,
        body,
        now: new Date().toISOString(),
      });
    await review(4, 'Good.');
    expect(await reviews()).toEqual({
      seen: [['Rex Reviewer', 4, 'Good.']],
      rating: { average: 4, count: 1 },
    });
    // The same rating, other words.
    await review(4, 'Very good.');
    expect((await reviews()).seen).toEqual([['Rex Reviewer', 4, 'Very good.']]);
    await db.updateTable('users').set({ name: 'Rex Renamed' }).where('id', '=', reviewer.id).execute();
    expect((await reviews()).seen).toEqual([['Rex Renamed', 4, 'Very good.']]);

    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/account',
      headers: { authorization: `Bearer ${reviewer.token}` },
      payload: { password: USER_PASSWORD },
    });
    expect(gone.statusCode).toBe(200);
    expect(await reviews()).toEqual({ seen: [], rating: { average: 0, count: 0 } });

    // A prompt taken off the marketplace has no public reviews any more; its author still reads them.
    const later = await h.signUp('Ann Again');
    await review(5, 'Back again.', later.id);
    await db.updateTable('prompts').set({ status: 'archived' }).where('id', '=', prompt.id).execute();
    expect((await get(url)).statusCode).toBe(404);
    const own = await get(url, { authorization: `Bearer ${author.token}` });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.reviews).toHaveLength(1);
  });
});
