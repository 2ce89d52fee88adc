import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPrompt, insertUser, minutesAgo } from '../../../../tests/support/factories';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app';

describe('GET /api/marketplace/prompts: shape, paging, filters, validation', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const author = await insertUser(db, { name: 'Ada Author', email: 'ada@example.test' });
    // Twelve published prompts, one minute apart, newest last; plus prompts the public must not see.
    for (let i = 0; i < 12; i++) {
      const p = await insertPrompt(db, author.id, {
        title: `Published ${i}`,
        category: i % 2 === 0 ? 'writing' : 'analytics',
        type: i % 3 === 0 ? 'premium' : 'free',
        price_minor: i % 3 === 0 ? 999 : 0,
        created_at: minutesAgo(100 - i),
        tags: JSON.stringify(['alpha', `tag${i}`]),
        rating_sum: 9,
        rating_count: 2,
        featured: i === 4 ? 1 : 0,
      });
      ids[`p${i}`] = p.id;
    }
    await insertPrompt(db, author.id, { title: 'Secret draft', status: 'draft' });
    await insertPrompt(db, author.id, { title: 'Old archived', status: 'archived' });
    await insertPrompt(db, author.id, { title: 'Rejected one', status: 'rejected' });
  });
  afterAll(() => t.close());

  const list = async (query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/marketplace/prompts${query}` });
    return { status: res.statusCode, body: res.json() };
  };

  it('lists only published prompts, newest first, in the spec shape', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const titles = body.data.prompts.map((p: { title: string }) => p.title);
    expect(titles).toHaveLength(12);
    expect(titles[0]).toBe('Published 11');
    expect(titles.at(-1)).toBe('Published 0');
    expect(titles).not.toContain('Secret draft');
    expect(titles).not.toContain('Old archived');
    expect(titles).not.toContain('Rejected one');
    const premium = body.data.prompts.find((p: { title: string }) => p.title === 'Published 0');
    expect(premium).toMatchObject({
      _id: ids.p0,
      id: ids.p0,
      type: 'premium',
      price: 9.99,
      priceMinor: 999,
      currency: 'USD',
      tags: ['alpha', 'tag0'],
      author: { name: 'Ada Author' },
      analytics: { rating: { average: 4.5, count: 2 }, downloads: 0, views: 0 },
      metadata: { featured: false, trending: false },
    });
    // Never the prompt text, and never the author's e-mail, in a list.
    expect(premium).not.toHaveProperty('content');
    expect(JSON.stringify(body)).not.toContain('ada@example.test');
    expect(body.data.pagination).toEqual({ page: 1, limit: 50, total: 12, pages: 1 });
  });

  it('pages the way the home page asks (page=1&limit=6)', async () => {
    const first = await list('?page=1&limit=6');
    const second = await list('?page=2&limit=6');
    expect(first.body.data.prompts).toHaveLength(6);
    expect(first.body.data.pagination).toEqual({ page: 1, limit: 6, total: 12, pages: 2 });
    const seen = new Set(
      [...first.body.data.prompts, ...second.body.data.prompts].map((p: { id: string }) => p.id),
    );
    expect(seen.size).toBe(12);
    const beyond = await list('?page=3&limit=6');
    expect(beyond.body.data.prompts).toEqual([]);
  });

  it('filters by category and type', async () => {
    const analytics = await list('?category=analytics');
    expect(analytics.body.data.prompts.length).toBe(6);
    expect(analytics.body.data.prompts.every((p: { category: string }) => p.category === 'analytics')).toBe(
      true,
    );
    const premium = await list('?type=premium');
    expect(premium.body.data.prompts.map((p: { title: string }) => p.title).sort()).toEqual(
      ['Published 0', 'Published 3', 'Published 6', 'Published 9'].sort(),
    );
  });

  it('puts featured prompts first when sorted by featured', async () => {
    const { body } = await list('?sort=featured');
    expect(body.data.prompts[0].title).toBe('Published 4');
  });

  it('treats a search with LIKE wildcards as plain text', async () => {
    const wild = await list(`?search=${encodeURIComponent('%')}`);
    expect(wild.status).toBe(200);
    expect(wild.body.data.prompts).toEqual([]);
    const hit = await list('?search=published%2011');
    expect(hit.body.data.prompts.map((p: { title: string }) => p.title)).toEqual(['Published 11']);
  });

  it.each([
    ['?limit=51', 'limit', 'Limit must be at most 50'],
    ['?limit=0', 'limit', 'Limit must be at least 1'],
    ['?page=0', 'page', 'Page must be at least 1'],
    ['?page=abc', 'page', undefined],
    ['?category=poetry', 'category', 'Please select a valid category'],
    ['?sort=random', 'sort', 'Unknown sort'],
    ['?type=gratis', 'type', 'Type must be free or premium'],
  ])('refuses %s with VALIDATION_ERROR on %s', async (query, field, message) => {
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.details[0].field).toBe(field);
    if (message) expect(body.message).toBe(message);
  });
});
