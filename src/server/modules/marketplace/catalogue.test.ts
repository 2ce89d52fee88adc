import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPrompt, insertUser, minutesAgo } from '../../../../tests/support/factories';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app';
import { newId, nowIso, todayUtc } from '../../lib/time';
import { refreshTrending } from './catalogue/trending';
import { apiHelpers } from '../../../../tests/support/api';

/*
 * The catalogue against a known data set: search (ranking, prefixes, hostile input), sorts, prompt
 * pages with the premium guard, likes, downloads, reviews and trending. Runs on both engines.
 */

const SECRET = 'SECRET-PREMIUM-TEXT: You are a world-class negotiator. Step one: anchor high with [price].';

let t: TestApp;
const h = apiHelpers(() => t);
const ids: Record<string, string> = {};
let authorToken = '';
let buyerToken = '';
let otherToken = '';
let adminToken = '';
const users: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_ADDRESS: '1000' } });
  const db = t.database.db;
  const author = await h.signUp('Nadia Negotiator');
  authorToken = author.token;
  users.author = author.id;
  const buyer = await h.signUp('Bea Buyer');
  buyerToken = buyer.token;
  users.buyer = buyer.id;
  const other = await h.signUp('Otto Other');
  otherToken = other.token;
  users.other = other.id;
  const admin = await h.signInAdmin('Ada Admin');
  users.admin = admin.id;
  adminToken = admin.token;

  const make = async (key: string, o: Parameters<typeof insertPrompt>[2]) => {
    ids[key] = (await insertPrompt(db, o?.author_id ?? author.id, o)).id;
  };
  await make('negotiation', {
    title: 'Salary Negotiation Coach',
    description: 'Practice the conversation before asking for a raise.',
    content: SECRET,
    category: 'business',
    type: 'premium',
    price_minor: 1499,
    tags: JSON.stringify(['career', 'salary']),
    slug: 'salary-negotiation-coach',
    created_at: minutesAgo(50),
    likes_count: 5,
    downloads_count: 1,
    rating_sum: 8,
    rating_count: 2,
  });
  await make('email', {
    title: 'Cold Email Writer',
    description: 'Short outreach e-mails that mention negotiation only in passing.',
    content: 'Write a cold email to [name] about [offer].',
    category: 'marketing',
    tags: JSON.stringify(['email', 'sales']),
    created_at: minutesAgo(40),
    likes_count: 20,
    downloads_count: 3,
    rating_sum: 5,
    rating_count: 1,
    featured: 1,
  });
  await make('sql', {
    title: 'SQL Query Optimizer',
    description: 'Explains slow queries and proposes indexes.',
    content: 'You are a database expert. Optimise {{query}}.',
    category: 'development',
    tags: JSON.stringify(['sql', 'performance', 'negotiation-free']),
    created_at: minutesAgo(30),
    likes_count: 1,
    downloads_count: 50,
    price_minor: 0,
  });
  await make('lesson', {
    title: 'Lesson Planner',
    description: 'Plans a lesson with objectives.',
    content: 'Plan a lesson about [topic] for [grade].',
    category: 'education',
    type: 'premium',
    price_minor: 499,
    tags: JSON.stringify(['teaching']),
    created_at: minutesAgo(20),
    likes_count: 3,
    downloads_count: 7,
  });
  await make('draft', {
    title: 'Negotiation Draft',
    status: 'draft',
    created_at: minutesAgo(10),
    category: 'business',
  });
  // The buyer bought the premium negotiation prompt.
  await db
    .insertInto('purchases')
    .values({
      id: newId(),
      prompt_id: ids.negotiation!,
      buyer_id: users.buyer!,
      amount_minor: 1499,
      creator_share_minor: 1199,
      currency: 'USD',
      created_at: nowIso(),
    })
    .execute();
});
afterAll(() => t.close());

const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
const post = (url: string, token?: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
const titles = (res: Awaited<ReturnType<typeof get>>) =>
  (res.json().data.prompts as { title: string }[]).map((p) => p.title);

describe('search', () => {
  it('finds by title, description, tags and author name, best match first', async () => {
    const res = await get('/api/marketplace/prompts?search=negotiation');
    expect(res.statusCode).toBe(200);
    // Title match beats description, tag and author matches (the author, Nadia Negotiator, has a
    // form of the word: every prompt of hers matches); the draft never shows.
    expect(titles(res)[0]).toBe('Salary Negotiation Coach');
    expect(titles(res).slice(1, 3).sort()).toEqual(['Cold Email Writer', 'SQL Query Optimizer']);
    expect(titles(res)[3]).toBe('Lesson Planner');
    expect(titles(await get('/api/marketplace/prompts?search=teaching'))).toEqual(['Lesson Planner']);
    expect(titles(await get('/api/marketplace/prompts?search=Nadia')).length).toBe(4);
  });

  it('matches the last word as a prefix while the user types', async () => {
    expect(titles(await get('/api/marketplace/prompts?search=optim'))).toEqual(['SQL Query Optimizer']);
    expect(titles(await get('/api/marketplace/prompts?search=sql%20que'))).toEqual(['SQL Query Optimizer']);
    // Only the last word: "quer" is no word, and "zebra" none of any prompt.
    expect(titles(await get('/api/marketplace/prompts?search=quer%20zebra'))).toEqual([]);
  });

  it('ignores case and accents', async () => {
    expect(titles(await get(`/api/marketplace/prompts?search=${encodeURIComponent('LESSÓN')}`))).toEqual([
      'Lesson Planner',
    ]);
  });

  it('never searches the prompt text itself', async () => {
    expect(titles(await get('/api/marketplace/prompts?search=anchor'))).toEqual([]);
  });

  it('combines search with filters and an explicit sort', async () => {
    const res = await get('/api/marketplace/prompts?search=negotiation&sort=popular');
    expect(titles(res)).toEqual([
      'Cold Email Writer',
      'Salary Negotiation Coach',
      'Lesson Planner',
      'SQL Query Optimizer',
    ]);
    expect(titles(await get('/api/marketplace/prompts?search=negotiation&category=business'))).toEqual([
      'Salary Negotiation Coach',
    ]);
    expect(res.json().data.pagination.total).toBe(4);
  });

  it.each([
    '"',
    '""" OR 1=1 --',
    'title:secret',
    'NEAR(a b)',
    "'; drop table prompts; --",
    'a*b^c',
    '🙂🚀',
    '(((',
    '\\',
    '%_%',
    'x'.repeat(10_000),
    'negotiation '.repeat(800),
  ])('answers hostile search %# with a list, never an error', async (search) => {
    const res = await get(`/api/marketplace/prompts?search=${encodeURIComponent(search)}`);
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json().data.prompts)).toBe(true);
  });

  it('refuses a search longer than 10 000 characters', async () => {
    const res = await get(`/api/marketplace/prompts?search=${'y'.repeat(10_001)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });
});

describe('sorts', () => {
  it.each([
    ['latest', ['Lesson Planner', 'SQL Query Optimizer', 'Cold Email Writer', 'Salary Negotiation Coach']],
    ['popular', ['Cold Email Writer', 'Salary Negotiation Coach', 'Lesson Planner', 'SQL Query Optimizer']],
    ['downloads', ['SQL Query Optimizer', 'Lesson Planner', 'Cold Email Writer', 'Salary Negotiation Coach']],
    ['rating', ['Cold Email Writer', 'Salary Negotiation Coach', 'Lesson Planner', 'SQL Query Optimizer']],
    ['featured', ['Cold Email Writer', 'Lesson Planner', 'SQL Query Optimizer', 'Salary Negotiation Coach']],
    ['price_low', ['SQL Query Optimizer', 'Cold Email Writer', 'Lesson Planner', 'Salary Negotiation Coach']],
    [
      'price_high',
      ['Salary Negotiation Coach', 'Lesson Planner', 'SQL Query Optimizer', 'Cold Email Writer'],
    ],
  ])('sort=%s orders the catalogue', async (sort, expected) => {
    expect(titles(await get(`/api/marketplace/prompts?sort=${sort}`))).toEqual(expected);
  });

  it('pages with totals', async () => {
    const res = await get('/api/marketplace/prompts?limit=3&page=2');
    expect(titles(res)).toEqual(['Salary Negotiation Coach']);
    expect(res.json().data.pagination).toEqual({ page: 2, limit: 3, total: 4, pages: 2 });
  });
});

describe('a prompt page', () => {
  it('shows a free prompt whole, by id or by slug', async () => {
    const res = await get(`/api/marketplace/prompts/${ids.sql}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      title: 'SQL Query Optimizer',
      content: 'You are a database expert. Optimise {{query}}.',
      preview: null,
      access: { canViewContent: true, reason: 'free', liked: false, canReview: false },
      author: { name: 'Nadia Negotiator', promptCount: 4 },
    });
    const bySlug = await get('/api/marketplace/prompts/salary-negotiation-coach');
    expect(bySlug.json().data.id).toBe(ids.negotiation);
  });

  it('shows a premium prompt only as a preview to anyone not entitled, and never its text', async () => {
    for (const token of [undefined, otherToken]) {
      const res = await get(`/api/marketplace/prompts/${ids.negotiation}`, token);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.content).toBeNull();
      expect(data.access).toMatchObject({ canViewContent: false, reason: 'locked' });
      expect(data.preview.length).toBeLessThan(SECRET.length / 2);
      expect(res.body).not.toContain('anchor high');
    }
  });

  it('shows the premium text to its author, an admin and a buyer', async () => {
    for (const [token, reason] of [
      [authorToken, 'author'],
      [adminToken, 'admin'],
      [buyerToken, 'purchased'],
    ] as const) {
      const data = (await get(`/api/marketplace/prompts/${ids.negotiation}`, token)).json().data;
      expect(data.content).toBe(SECRET);
      expect(data.access.reason).toBe(reason);
    }
  });

  it('hides drafts from everyone but their author and admins', async () => {
    expect((await get(`/api/marketplace/prompts/${ids.draft}`)).statusCode).toBe(404);
    expect((await get(`/api/marketplace/prompts/${ids.draft}`, otherToken)).statusCode).toBe(404);
    expect((await get(`/api/marketplace/prompts/${ids.draft}`, authorToken)).statusCode).toBe(200);
  });

  it('answers an unknown id with NOT_FOUND_ERROR', async () => {
    const res = await get('/api/marketplace/prompts/does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'NOT_FOUND_ERROR',
      message: 'The requested prompt could not be found.',
    });
  });

  it('counts a view once per viewer per day, and never from lists', async () => {
    const views = async () =>
      (
        await t.database.db
          .selectFrom('prompts')
          .select('views_count')
          .where('id', '=', ids.lesson!)
          .executeTakeFirstOrThrow()
      ).views_count;
    const before = await views();
    await get('/api/marketplace/prompts?limit=50');
    expect(await views()).toBe(before);
    await get(`/api/marketplace/prompts/${ids.lesson}`, otherToken);
    await get(`/api/marketplace/prompts/${ids.lesson}`, otherToken);
    expect(await views()).toBe(before + 1);
    await get(`/api/marketplace/prompts/${ids.lesson}`, undefined, { 'user-agent': 'browser-a' });
    await get(`/api/marketplace/prompts/${ids.lesson}`, undefined, { 'user-agent': 'browser-a' });
    await get(`/api/marketplace/prompts/${ids.lesson}`, undefined, { 'user-agent': 'browser-b' });
    // Anonymous views are written in batches about a second apart (decision 010).
    await expect.poll(views, { timeout: 5000 }).toBe(before + 3);
    // And nothing more is held back: the repeats were not counted.
    await t.app.deferredWrites.flush();
    expect(await views()).toBe(before + 3);
  });

  it('treats a stale token on a public page as anonymous', async () => {
    const res = await get(`/api/marketplace/prompts/${ids.sql}`, 'not.a.token');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.access.liked).toBe(false);
  });
});

describe('likes', () => {
  it('toggles per user, counts one like per user, and two users add up', async () => {
    const url = `/api/marketplace/prompts/${ids.lesson}/like`;
    const first = await post(url, otherToken);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ liked: true, likes: 4 });
    expect((await post(url, buyerToken)).json().data).toEqual({ liked: true, likes: 5 });
    // Setting an explicit state is idempotent.
    expect((await post(url, otherToken, { liked: true })).json().data).toEqual({ liked: true, likes: 5 });
    expect((await post(url, otherToken)).json().data).toEqual({ liked: false, likes: 4 });
    expect((await post(url, otherToken, { liked: false })).json().data).toEqual({ liked: false, likes: 4 });
    expect((await get(`/api/marketplace/prompts/${ids.lesson}`, buyerToken)).json().data.access.liked).toBe(
      true,
    );
  });

  it('needs a signed-in user and a published prompt', async () => {
    expect((await post(`/api/marketplace/prompts/${ids.lesson}/like`)).statusCode).toBe(401);
    expect((await post(`/api/marketplace/prompts/${ids.draft}/like`, otherToken)).statusCode).toBe(404);
    // Not even by its author: only a published prompt can be liked.
    const own = await post(`/api/marketplace/prompts/${ids.draft}/like`, authorToken);
    expect(own.statusCode).toBe(404);
    expect(own.json()).toMatchObject({
      code: 'NOT_FOUND_ERROR',
      message: 'The requested prompt could not be found.',
    });
    const unknown = await post(`/api/marketplace/prompts/no-such-prompt/like`, otherToken);
    expect(unknown.statusCode).toBe(404);
  });

  it("counts a like once in today's figures and the activity feed; an unlike lowers only the total", async () => {
    const db = t.database.db;
    const url = `/api/marketplace/prompts/${ids.email}/like`;
    const tallies = async () => {
      const prompt = await db
        .selectFrom('prompts')
        .select('likes_count')
        .where('id', '=', ids.email!)
        .executeTakeFirstOrThrow();
      const today = await db
        .selectFrom('prompt_daily_stats')
        .select('likes')
        .where('prompt_id', '=', ids.email!)
        .where('day', '=', todayUtc())
        .executeTakeFirst();
      const events = await db
        .selectFrom('activity_events')
        .select(['type', 'actor_id'])
        .where('prompt_id', '=', ids.email!)
        .where('type', '=', 'prompt.liked')
        .execute();
      const rows = await db
        .selectFrom('prompt_likes')
        .select('user_id')
        .where('prompt_id', '=', ids.email!)
        .execute();
      return {
        likes: Number(prompt.likes_count),
        today: Number(today?.likes ?? 0),
        events: events.filter((e) => e.actor_id === users.other).length,
        liked: rows.some((r) => r.user_id === users.other),
      };
    };
    const before = await tallies();
    expect(before.liked).toBe(false);
    for (let i = 0; i < 2; i++) {
      const res = await post(url, otherToken, { liked: true });
      expect(res.json().data).toEqual({ liked: true, likes: before.likes + 1 });
    }
    expect(await tallies()).toEqual({
      likes: before.likes + 1,
      today: before.today + 1,
      events: before.events + 1,
      liked: true,
    });
    for (let i = 0; i < 2; i++) {
      const res = await post(url, otherToken, { liked: false });
      expect(res.json().data).toEqual({ liked: false, likes: before.likes });
    }
    expect(await tallies()).toEqual({ ...before, today: before.today + 1, events: before.events + 1 });
  });

  it('counts likes sent at the same moment, a user twice at once included, exactly', async () => {
    const url = `/api/marketplace/prompts/${ids.lesson}/like`;
    const likes = async () =>
      (await get(`/api/marketplace/prompts/${ids.lesson}`, buyerToken)).json().data.likes as number;
    const fans = await Promise.all(Array.from({ length: 6 }, (_, i) => h.signUp(`Fan ${i}`)));
    const before = await likes();
    const all = (liked: boolean) =>
      Promise.all(fans.flatMap((f) => [post(url, f.token, { liked }), post(url, f.token, { liked })]));
    const liked = await all(true);
    expect(liked.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    expect(await likes()).toBe(before + 6);
    const events = await t.database.db
      .selectFrom('activity_events')
      .select('actor_id')
      .where('prompt_id', '=', ids.lesson!)
      .where('type', '=', 'prompt.liked')
      .where(
        'actor_id',
        'in',
        fans.map((f) => f.id),
      )
      .execute();
    expect(events).toHaveLength(6);
    const unliked = await all(false);
    expect(unliked.map((r) => r.json().data.liked)).toEqual(Array(12).fill(false));
    expect(await likes()).toBe(before);
  });

  it('finds the prompt by its slug as well as its id', async () => {
    const { slug, likes } = (await get(`/api/marketplace/prompts/${ids.email}`)).json().data;
    const liked = await post(`/api/marketplace/prompts/${slug}/like`, buyerToken, { liked: true });
    expect(liked.json().data).toEqual({ liked: true, likes: likes + 1 });
    expect(
      (await post(`/api/marketplace/prompts/${slug}/like`, buyerToken, { liked: false })).json().data,
    ).toEqual({
      liked: false,
      likes,
    });
  });
});

describe('downloads', () => {
  it('gives the text of a free prompt and counts each user once', async () => {
    const url = `/api/marketplace/prompts/${ids.email}/download`;
    const first = await post(url, otherToken);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({
      title: 'Cold Email Writer',
      content: 'Write a cold email to [name] about [offer].',
      downloads: 4,
    });
    expect((await post(url, otherToken)).json().data.downloads).toBe(4);
    expect((await post(url, buyerToken)).json().data.downloads).toBe(5);
  });

  it('refuses a premium prompt to anyone not entitled, without its text', async () => {
    const res = await post(`/api/marketplace/prompts/${ids.negotiation}/download`, otherToken);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'AUTHORIZATION_ERROR',
      message: 'This is a premium prompt. Buy it to see and download the full text.',
    });
    expect(res.body).not.toContain('anchor high');
    const bought = await post(`/api/marketplace/prompts/${ids.negotiation}/download`, buyerToken);
    expect(bought.json().data.content).toBe(SECRET);
    expect((await post(`/api/marketplace/prompts/${ids.negotiation}/download`)).statusCode).toBe(401);
  });
});

describe('reviews', () => {
  const tried = async (userId: string, promptId: string) => {
    const now = nowIso();
    const sessionId = newId();
    await t.database.db
      .insertInto('playground_sessions')
      .values({
        id: sessionId,
        user_id: userId,
        model: 'claude',
        prompt_id: promptId,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await t.database.db
      .insertInto('playground_messages')
      .values({
        id: newId(),
        session_id: sessionId,
        role: 'ai',
        content: 'ok',
        status: 'complete',
        created_at: now,
      })
      .execute();
  };

  it('refuses people who neither tried nor bought the prompt, and its author', async () => {
    const url = `/api/marketplace/prompts/${ids.sql}/reviews`;
    const stranger = await post(url, otherToken, { rating: 5 });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe(
      'Try this prompt in the playground (or buy it) before reviewing it.',
    );
    const own = await post(url, authorToken, { rating: 5 });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot review your own prompt.');
    expect((await post(url, undefined, { rating: 5 })).statusCode).toBe(401);
  });

  it('lets a user who tried it review once; a second review edits the first and the average follows', async () => {
    await tried(users.other!, ids.sql!);
    const url = `/api/marketplace/prompts/${ids.sql}/reviews`;
    expect((await get(`/api/marketplace/prompts/${ids.sql}`, otherToken)).json().data.access.canReview).toBe(
      true,
    );
    const first = await post(url, otherToken, { rating: 4, body: '  Saved me an hour. ' });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      created: true,
      review: { rating: 4, body: 'Saved me an hour.', author: { name: 'Otto Other' } },
      rating: { average: 4, count: 1 },
    });
    const edit = await post(url, otherToken, { rating: 2, body: 'Less useful on MySQL.' });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data).toMatchObject({ created: false, rating: { average: 2, count: 1 } });
    const list = (await get(url)).json().data;
    expect(list.reviews).toHaveLength(1);
    expect(list.reviews[0]).toMatchObject({ rating: 2, body: 'Less useful on MySQL.' });
    expect(list.rating).toEqual({ average: 2, count: 1 });
    const card = (await get('/api/marketplace/prompts?search=optimizer')).json().data.prompts[0];
    expect(card.analytics.rating).toEqual({ average: 2, count: 1 });
  });

  it('lets a buyer review, and adds to the existing ratings', async () => {
    const res = await post(`/api/marketplace/prompts/${ids.negotiation}/reviews`, buyerToken, { rating: 5 });
    expect(res.statusCode).toBe(201);
    // Seeded 8 over 2 reviews, plus this 5: 13 / 3.
    expect(res.json().data.rating).toEqual({ average: 4.3, count: 3 });
    const reviews = await get(`/api/marketplace/prompts/${ids.negotiation}/reviews`);
    expect(reviews.body).not.toContain('anchor high');
  });

  it.each([
    [{}, 'Choose a rating from 1 to 5'],
    [{ rating: 0 }, 'Choose a rating from 1 to 5'],
    [{ rating: 6 }, 'Choose a rating from 1 to 5'],
    [{ rating: 4.5 }, 'Choose a rating from 1 to 5'],
    [{ rating: 3, body: 'x'.repeat(2001) }, 'Reviews must be at most 2000 characters'],
  ])('validates %j', async (payload, message) => {
    const res = await post(`/api/marketplace/prompts/${ids.sql}/reviews`, otherToken, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('premium text never leaks', () => {
  it('appears in no list, search, detail, reviews or download answer to a non-entitled caller', async () => {
    const bodies = await Promise.all([
      get('/api/marketplace/prompts?limit=50'),
      get('/api/marketplace/prompts?search=negotiation'),
      get('/api/marketplace/prompts?type=premium'),
      get(`/api/marketplace/prompts/${ids.negotiation}`),
      get(`/api/marketplace/prompts/${ids.negotiation}`, otherToken),
      get(`/api/marketplace/prompts/${ids.negotiation}/reviews`),
      post(`/api/marketplace/prompts/${ids.negotiation}/download`, otherToken),
      post(`/api/marketplace/prompts/${ids.negotiation}/like`, otherToken),
      get('/api/marketplace/categories'),
    ]);
    for (const res of bodies) expect(res.body).not.toContain('anchor high with');
  });
});

describe('categories', () => {
  it('lists all six with their published counts', async () => {
    const res = await get('/api/marketplace/categories');
    expect(res.json().data.categories).toEqual([
      { id: 'writing', name: 'Writing', count: 0 },
      { id: 'development', name: 'Development', count: 1 },
      { id: 'marketing', name: 'Marketing', count: 1 },
      { id: 'education', name: 'Education', count: 1 },
      { id: 'business', name: 'Business', count: 1 },
      { id: 'analytics', name: 'Analytics', count: 0 },
    ]);
  });
});

describe('trending', () => {
  it('ranks prompts by the last seven days of likes, downloads, tries and purchases', async () => {
    const db = t.database.db;
    await db.deleteFrom('activity_events').execute();
    const event = (type: string, promptId: string, daysAgo: number) => ({
      id: newId(),
      type,
      prompt_id: promptId,
      actor_id: null,
      created_at: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
    });
    await db
      .insertInto('activity_events')
      .values([
        event('prompt.purchased', ids.lesson!, 1),
        event('prompt.liked', ids.sql!, 1),
        event('prompt.liked', ids.sql!, 2),
        event('prompt.downloaded', ids.email!, 3),
        // Old activity does not count.
        event('prompt.purchased', ids.negotiation!, 9),
        event('prompt.purchased', ids.negotiation!, 10),
      ])
      .execute();
    const top = await refreshTrending({ db, engine: t.database.engine });
    // Lesson: one purchase (5). SQL: two likes (2). Email: one download (2). Negotiation: only old activity.
    expect(top[0]).toBe(ids.lesson);
    expect([...top].sort()).toEqual([ids.lesson, ids.sql, ids.email].sort());
    const res = await get('/api/marketplace/prompts?sort=trending');
    expect(titles(res)[0]).toBe('Lesson Planner');
    const flags = Object.fromEntries(
      (res.json().data.prompts as { title: string; metadata: { trending: boolean } }[]).map((p) => [
        p.title,
        p.metadata.trending,
      ]),
    );
    expect(flags).toEqual({
      'Lesson Planner': true,
      'Cold Email Writer': true,
      'SQL Query Optimizer': true,
      'Salary Negotiation Coach': false,
    });
  });

  it('writes nothing when no score or flag moved, so cached pages stay valid', async () => {
    const db = t.database.db;
    const { catalogueVersionReader } = await import('./catalogue/version');
    const version = catalogueVersionReader(t.database);
    const first = await refreshTrending({ db, engine: t.database.engine });
    const before = (await version()).content;
    expect(await refreshTrending({ db, engine: t.database.engine })).toEqual(first);
    expect((await version()).content).toBe(before);
    // Activity that leaves the window takes its prompt's score and badge away on the next run.
    await db.deleteFrom('activity_events').where('prompt_id', '=', ids.lesson!).execute();
    const after = await refreshTrending({ db, engine: t.database.engine });
    expect(after).not.toContain(ids.lesson);
    expect((await version()).content).not.toBe(before);
    const lesson = await db
      .selectFrom('prompts')
      .select(['trending', 'trending_score'])
      .where('id', '=', ids.lesson!)
      .executeTakeFirstOrThrow();
    expect(Number(lesson.trending)).toBe(0);
    expect(Number(lesson.trending_score)).toBe(0);
  });
});

describe('trending writes', () => {
  it('writes a run in batches, each prompt once, keeping an admin pin', async () => {
    const db = t.database.db;
    const { writeTrending } = await import('./catalogue/trending-repository');
    const state = async () =>
      Object.fromEntries(
        (
          await db
            .selectFrom('prompts')
            .select(['id', 'trending', 'trending_score'])
            .where('id', 'in', [ids.lesson!, ids.sql!, ids.email!, ids.negotiation!])
            .execute()
        ).map((r) => [r.id, [Number(r.trending), Number(r.trending_score)]]),
      );
    // An admin took the badge from Email; the others follow their scores.
    await db.updateTable('prompts').set({ trending_pinned: 0 }).where('id', '=', ids.email!).execute();
    // Other work gets turns of the event loop between batches (SQLite's statements never leave it).
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    try {
      await writeTrending(
        db,
        [
          { promptId: ids.lesson!, score: 9, trending: true },
          { promptId: ids.sql!, score: 4, trending: true },
          { promptId: ids.email!, score: 3, trending: true },
          { promptId: ids.negotiation!, score: 1, trending: false },
        ],
        1,
      );
      counting = false;
      expect(turns).toBeGreaterThanOrEqual(3);
      expect(await state()).toEqual({
        [ids.lesson!]: [1, 9],
        [ids.sql!]: [1, 4],
        [ids.email!]: [0, 3],
        [ids.negotiation!]: [0, 1],
      });
      // The next run, in batches of two, moves only what changed: SQL loses its score and badge.
      await writeTrending(
        db,
        [
          { promptId: ids.lesson!, score: 9, trending: true },
          { promptId: ids.email!, score: 3, trending: true },
          { promptId: ids.negotiation!, score: 2, trending: true },
        ],
        2,
      );
      expect(await state()).toEqual({
        [ids.lesson!]: [1, 9],
        [ids.sql!]: [0, 0],
        [ids.email!]: [0, 3],
        [ids.negotiation!]: [1, 2],
      });
    } finally {
      counting = false;
      await db.updateTable('prompts').set({ trending_pinned: null }).where('id', '=', ids.email!).execute();
    }
  });
});

describe('the trending refresh', () => {
  it('reads the prompts with a score, badge or pin through their partial index, not every prompt', async () => {
    const { trendingRows } = await import('./catalogue/trending-repository');
    const { sql } = await import('kysely');
    const query = trendingRows(t.database.db).compile();
    if (t.database.engine === 'sqlite') {
      const plan = await sql
        .raw<{ detail: string }>(`explain query plan ${query.sql}`)
        .execute(t.database.db);
      expect(plan.rows.map((r) => r.detail)).toEqual([
        'SCAN prompts USING COVERING INDEX prompts_trending_idx',
      ]);
    } else {
      // PostgreSQL's planner prefers a scan of a small table: ask it to avoid one, to show it can.
      const plan = await t.database.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        return sql.raw<{ 'QUERY PLAN': string }>(`explain ${query.sql}`).execute(trx);
      });
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('prompts_trending_idx');
    }
  });
});

describe('search stays in step with the data', () => {
  it('follows new prompts, renamed titles, renamed authors and deletions', async () => {
    const db = t.database.db;
    const author = await insertUser(db, { name: 'Zed Zebra' });
    const prompt = await insertPrompt(db, author.id, { title: 'Quokka Quiz Maker' });
    expect(titles(await get('/api/marketplace/prompts?search=quokka'))).toEqual(['Quokka Quiz Maker']);
    await db.updateTable('prompts').set({ title: 'Wombat Worksheet' }).where('id', '=', prompt.id).execute();
    expect(titles(await get('/api/marketplace/prompts?search=quokka'))).toEqual([]);
    expect(titles(await get('/api/marketplace/prompts?search=wombat'))).toEqual(['Wombat Worksheet']);
    await db.updateTable('users').set({ name: 'Yara Yak' }).where('id', '=', author.id).execute();
    expect(titles(await get('/api/marketplace/prompts?search=zebra'))).toEqual([]);
    expect(titles(await get('/api/marketplace/prompts?search=yak'))).toEqual(['Wombat Worksheet']);
    await db.updateTable('prompts').set({ status: 'archived' }).where('id', '=', prompt.id).execute();
    expect(titles(await get('/api/marketplace/prompts?search=wombat'))).toEqual([]);
    await db
      .updateTable('prompts')
      .set({ status: 'published', category: 'analytics' })
      .where('id', '=', prompt.id)
      .execute();
    expect(titles(await get('/api/marketplace/prompts?search=wombat&category=analytics'))).toEqual([
      'Wombat Worksheet',
    ]);
    expect(titles(await get('/api/marketplace/prompts?search=wombat&category=writing'))).toEqual([]);
    await db.deleteFrom('prompts').where('id', '=', prompt.id).execute();
    expect(titles(await get('/api/marketplace/prompts?search=wombat'))).toEqual([]);
  });
});

describe('list totals', () => {
  it('are kept per category and type until a prompt joins or leaves a list', async () => {
    const { createVersionedMap } = await import('./catalogue/version');
    const { listMarketplacePrompts } = await import('./list');
    const { catalogueVersionReader } = await import('./catalogue/version');
    const version = catalogueVersionReader(t.database);
    const totals = createVersionedMap<number>();
    const deps = { db: t.database.db, engine: t.database.engine, totals };
    const v0 = await version();
    const before = await listMarketplacePrompts(deps, { page: 1, limit: 50 }, v0);
    // Under the same version the kept total is used, not a new count.
    totals.set('*|*', v0.membership, 9999);
    expect((await listMarketplacePrompts(deps, { page: 1, limit: 50 }, v0)).pagination.total).toBe(9999);
    // A counter moving (a like, a view) changes what pages show, not what they list:
    const first = before.prompts[0]!.id;
    await t.database.db
      .updateTable('prompts')
      .set((eb) => ({ likes_count: eb('likes_count', '+', 1) }))
      .where('id', '=', first)
      .execute();
    // It notes the prompt in the search feed (the cached answers showing it check the feed), and
    // moves neither the content nor the membership version (migration 0017).
    const v1 = await version();
    expect(v1.search).toBeGreaterThan(v0.search);
    expect(v1.content).toBe(v0.content);
    expect(v1.membership).toBe(v0.membership);
    // A new prompt moves the membership version: the next list counts afresh.
    const author = await insertUser(t.database.db);
    await insertPrompt(t.database.db, author.id, { title: 'Brand New Prompt' });
    const v2 = await version();
    expect(v2.membership).toBeGreaterThan(v1.membership);
    const after = await listMarketplacePrompts(deps, { page: 1, limit: 50 }, v2);
    expect(after.prompts[0]?.title).toBe('Brand New Prompt');
    expect(after.pagination.total).toBe(before.pagination.total + 1);
    // Searches are always counted afresh.
    expect(
      (await listMarketplacePrompts(deps, { page: 1, limit: 50, search: 'brand new' })).pagination.total,
    ).toBe(1);
  });
});
