import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPrompt, insertUser, minutesAgo } from '../../../../tests/support/factories';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app';
import { type QualityInputs, quality, qualitySql, score } from './ranking';

const none: QualityInputs = { rating_sum: 0, rating_count: 0, downloads_count: 0, trending_score: 0 };

describe('the quality of a prompt', () => {
  it('is a quarter for a prompt nobody rated, downloaded or used lately (3 stars assumed)', () => {
    expect(quality(none)).toBeCloseTo(0.25);
  });

  it('pulls few ratings towards 3 stars: one 5-star rating counts less than twenty', () => {
    const one = quality({ ...none, rating_sum: 5, rating_count: 1 });
    const twenty = quality({ ...none, rating_sum: 100, rating_count: 20 });
    expect(one).toBeGreaterThan(quality(none));
    expect(twenty).toBeGreaterThan(one);
    expect(quality({ ...none, rating_sum: 20, rating_count: 20 })).toBeLessThan(quality(none));
  });

  it('grows with downloads and recent activity, half way at 50 downloads and a score of 20', () => {
    expect(quality({ ...none, downloads_count: 50 }) - quality(none)).toBeCloseTo(0.15);
    expect(quality({ ...none, trending_score: 20 }) - quality(none)).toBeCloseTo(0.1);
  });

  it('stays below 1 however good, so a match is raised by half at most', () => {
    const best = { rating_sum: 5e6, rating_count: 1e6, downloads_count: 1e9, trending_score: 1e9 };
    expect(quality(best)).toBeLessThan(1);
    expect(score(1, best)).toBeLessThan(1.5);
    expect(score(1.6, none)).toBeGreaterThan(score(1, best));
  });
});

describe('ranking in the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("computes the same quality as the formula's code", async () => {
    const author = await insertUser(t.database.db);
    const cases: QualityInputs[] = [
      none,
      { rating_sum: 5, rating_count: 1, downloads_count: 3, trending_score: 0 },
      { rating_sum: 87, rating_count: 20, downloads_count: 400, trending_score: 35 },
    ];
    for (const c of cases) {
      const p = await insertPrompt(t.database.db, author.id, c);
      const { rows } = await sql<{
        q: number;
      }>`select ${qualitySql(t.database.engine, 'p')} as q from prompts p where p.id = ${p.id}`.execute(
        t.database.db,
      );
      expect(Number(rows[0]!.q)).toBeCloseTo(quality(c), 10);
    }
  });

  const titles = async (q: string) =>
    (
      (await t.app.inject({ method: 'GET', url: `/api/marketplace/prompts?search=${q}` })).json().data
        .prompts as { title: string }[]
    ).map((p) => p.title);

  it('puts the better prompt first among equal matches, and the newer one on a tie', async () => {
    const author = await insertUser(t.database.db);
    const make = (title: string, minutes: number, q: Partial<QualityInputs> = {}) =>
      insertPrompt(t.database.db, author.id, {
        title,
        description: 'Helps with the okapi.',
        created_at: minutesAgo(minutes),
        ...q,
      });
    await make('Okapi older plain', 30);
    await make('Okapi newer plain', 10);
    await make('Okapi oldest loved', 60, { rating_sum: 95, rating_count: 20, downloads_count: 300 });
    expect(await titles('okapi')).toEqual(['Okapi oldest loved', 'Okapi newer plain', 'Okapi older plain']);
  });

  it('keeps a title match ahead of a far better prompt that only mentions the word', async () => {
    const author = await insertUser(t.database.db);
    await insertPrompt(t.database.db, author.id, {
      title: 'Tapir guide',
      description: 'Plain and unrated.',
      created_at: minutesAgo(50),
    });
    await insertPrompt(t.database.db, author.id, {
      title: 'Zoo keeper handbook',
      description: 'Covers every animal, the tapir among them, in a few lines each.',
      rating_sum: 100,
      rating_count: 20,
      downloads_count: 1000,
      trending_score: 100,
    });
    expect((await titles('tapir'))[0]).toBe('Tapir guide');
  });
});
