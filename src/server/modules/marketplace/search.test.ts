import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, minutesAgo } from '../../../../tests/support/factories';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app';
import { newId } from '../../lib/time';
import { SEARCH_CANDIDATES } from './repository';

/*
 * A word more common than the search's candidate cap (decision 010): the newest SEARCH_CANDIDATES
 * matches are ranked and counted, older ones never appear. On PostgreSQL this is the path that walks
 * the newest prompts (decision 017); a rarer word or a filtered search takes the GIN index's matches.
 * Runs on both engines.
 */

let t: TestApp;
const COMMON = SEARCH_CANDIDATES + 20;
/** Index (0 = oldest) of the prompts with the word in their title: they outrank the rest. */
const TITLED = new Set([0, 5, 19, 20, 100, 300, COMMON - 1]);
const ids: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const author = await insertUser(db, { name: 'Casey Creator' });
  const rows = Array.from({ length: COMMON }, (_, i) => {
    const id = newId();
    ids.push(id);
    const createdAt = minutesAgo(10_000 - i);
    return {
      id,
      slug: `capybara-${i}`,
      author_id: author.id,
      title: TITLED.has(i) ? `Capybara helper ${i}` : `Helper ${i}`,
      description: `Writes about the capybara, number ${i}${i % 200 === 7 ? ', and a yak' : ''}.`,
      content: 'You are a helpful assistant.',
      category: i % 2 === 0 ? 'writing' : 'analytics',
      status: 'published',
      created_at: createdAt,
      updated_at: createdAt,
      published_at: createdAt,
    };
  });
  // Oldest first, so the newest are also the last inserted (SQLite's index keeps insertion order).
  for (let i = 0; i < rows.length; i += 100)
    await db
      .insertInto('prompts')
      .values(rows.slice(i, i + 100))
      .execute();
  const memo = minutesAgo(20_000);
  await db
    .insertInto('prompts')
    .values({
      id: newId(),
      slug: 'marketing-memo',
      author_id: author.id,
      title: 'Marketing Memo Maker',
      description: 'Short memos for a launch.',
      content: 'You are a helpful assistant.',
      category: 'writing',
      type: 'premium',
      price_minor: 299,
      status: 'published',
      created_at: memo,
      updated_at: memo,
      published_at: memo,
    })
    .execute();
});
afterAll(() => t.close());

async function search(query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/marketplace/prompts?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    prompts: { id: string; title: string }[];
    pagination: { total: number; pages: number };
  };
}

describe('a word in more prompts than the candidate cap', () => {
  it('ranks and counts its newest matches only, title matches first, then newest', async () => {
    const first = await search('search=capybara&limit=50');
    expect(first.pagination).toMatchObject({ total: SEARCH_CANDIDATES, pages: SEARCH_CANDIDATES / 50 });
    // The titled prompts among the newest 500, newest first; the titled ones older than that never.
    const titled = [...TITLED].filter((i) => i >= COMMON - SEARCH_CANDIDATES).sort((a, b) => b - a);
    expect(first.prompts.slice(0, titled.length).map((p) => p.id)).toEqual(titled.map((i) => ids[i]));
    expect(first.prompts[titled.length]!.title).not.toMatch(/Capybara/);

    const seen: string[] = [];
    for (let page = 1; page <= SEARCH_CANDIDATES / 50 + 1; page++) {
      seen.push(...(await search(`search=capybara&limit=50&page=${page}`)).prompts.map((p) => p.id));
    }
    expect(new Set(seen).size).toBe(SEARCH_CANDIDATES);
    expect(new Set(seen)).toEqual(new Set(ids.slice(COMMON - SEARCH_CANDIDATES)));
  });

  it('matches a prefix of it the same way', async () => {
    const full = await search('search=capybara&limit=50&page=3');
    const prefix = await search('search=capyb&limit=50&page=3');
    expect(prefix).toEqual(full);
  });

  it('counts it capped under an explicit sort too', async () => {
    const popular = await search('search=capybara&sort=popular&limit=50');
    expect(popular.pagination.total).toBe(SEARCH_CANDIDATES);
    expect(popular.prompts[0]!.id).toBe(ids[COMMON - 1]);
  });

  it('takes every match when there are fewer: a rarer word, or the word in one category', async () => {
    const rare = await search('search=capybara%20yak');
    expect(rare.prompts.map((p) => p.id)).toEqual([407, 207, 7].map((i) => ids[i]));
    const writing = await search('search=capybara&category=writing&limit=50');
    expect(writing.pagination.total).toBe(COMMON / 2);
    // The titled writing prompts (even indexes), newest first, lead.
    expect(writing.prompts.slice(0, 4).map((p) => p.id)).toEqual([300, 100, 20, 0].map((i) => ids[i]));
  });
});

describe('words that are also a category or a type', () => {
  it('match the title, description, tags and author only, never the category or type itself', async () => {
    const memo = async (query: string) => (await search(`search=${query}`)).prompts.map((p) => p.title);
    expect(await memo('marketing')).toEqual(['Marketing Memo Maker']);
    expect(await memo('market')).toEqual(['Marketing Memo Maker']);
    expect(await memo('memo%20marketing')).toEqual(['Marketing Memo Maker']);
    // Its category is writing and its type premium; the capybara prompts are analytics and free.
    for (const word of [
      'writing',
      'memo%20writing',
      'premium',
      'memo%20premi',
      'analytics',
      'analyt',
      'free',
      'capybara%20free',
    ]) {
      expect(await memo(word)).toEqual([]);
    }
  });
});

describe('the SQL search that answers while the index builds', () => {
  it('finds the same prompts, with the same totals, as the index', async () => {
    const { listMarketplacePrompts } = await import('./service');
    const sqlOnly = { db: t.database.db, engine: t.database.engine };
    for (const query of [
      { search: 'capybara' },
      { search: 'capyb', page: 3 },
      { search: 'capybara yak' },
      { search: 'capybara', category: 'writing' as const },
      { search: 'capybara', sort: 'popular' as const },
      { search: 'market' },
      { search: 'premium' },
    ]) {
      const params = new URLSearchParams({ limit: '50', page: String(query.page ?? 1) });
      for (const [key, value] of Object.entries(query)) if (key !== 'page') params.set(key, String(value));
      const indexed = await search(params.toString());
      const sql = await listMarketplacePrompts(sqlOnly, { limit: 50, ...query, page: query.page ?? 1 });
      expect(sql.pagination.total).toBe(indexed.pagination.total);
      // The ranks may differ (PostgreSQL's SQL ranks by ts_rank; FTS5 counted the category and type in
      // a document's length), so a page is compared only when it holds every match or a sort decides.
      const ids = (list: { prompts: { id: string }[] }) => list.prompts.map((p) => p.id).sort();
      if (indexed.pagination.total <= 50 || 'sort' in query) expect(ids(sql)).toEqual(ids(indexed));
    }
  });
});

describe("a list's or a search's answer", () => {
  it('is written as the response schema writes it, and shows a card changed since the last answer', async () => {
    const { serializeWith } = await import('../../lib/response-cache');
    const { successEnvelope } = await import('../../../shared/envelope');
    const { MarketplaceListSchema } = await import('../../../shared/marketplace');
    const schema = successEnvelope(MarketplaceListSchema);
    const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/marketplace/prompts?${query}` });
    for (const query of [
      'search=capybara&limit=50',
      'search=marketing',
      'search=capyb&page=2',
      'search=nothinghere',
      'limit=50',
      'category=writing&sort=popular&page=2',
    ]) {
      const res = await get(query);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.body).toBe(serializeWith(schema, res.json()));
    }
    const memo = (await get('search=marketing')).json().data.prompts[0];
    expect(memo).toMatchObject({ title: 'Marketing Memo Maker', likes: 0, priceMinor: 299 });

    await t.database.db
      .updateTable('prompts')
      .set({ likes_count: 7, title: 'Marketing Memo Maker — Pro ✓' })
      .where('slug', '=', 'marketing-memo')
      .execute();
    const list = (await get('limit=50&page=11')).json().data.prompts;
    expect(list.find((p: { id: string }) => p.id === memo.id)).toMatchObject({ likes: 7 });
    const res = await get('search=marketing');
    expect(res.json().data.prompts[0]).toMatchObject({
      id: memo.id,
      title: 'Marketing Memo Maker — Pro ✓',
      likes: 7,
    });
    expect(res.body).toBe(serializeWith(schema, res.json()));
  });
});
