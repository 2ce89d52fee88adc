import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertPrompt, insertUser } from '../../../../../tests/support/factories';
import { createTestDatabase, testEngine } from '../../../../../tests/support/test-db';
import type { Database } from '../../../db/database';
import { pruneSearchChanges } from './feed-repository';
import { type TallyFeed, createTallyFeed } from './feed';
import { catalogueVersionReader } from './version';

/*
 * The feed of changed prompts (migration 0014) as the response cache reads it (decision 030), on
 * both engines: a cached answer showing a prompt is known stale once a like of it was committed
 * before the version a request read, whichever instance wrote it.
 */

let database: Database;
let feed: TallyFeed;
const errors: unknown[] = [];

beforeEach(async () => {
  database = await createTestDatabase();
  errors.length = 0;
  feed = createTallyFeed(database.db, (err) => errors.push(err));
});
afterEach(async () => {
  await feed.close();
  await database.close();
  expect(errors).toEqual([]);
});

const seq = async () => (await catalogueVersionReader(database)()).search;
async function followed() {
  const at = await seq();
  await feed.follow(at);
  return at;
}
const like = (id: string, likes: number) =>
  database.db.updateTable('prompts').set({ likes_count: likes }).where('id', '=', id).execute();

describe('the feed of changed prompts', () => {
  it('tells which prompts a like noted since a number, and nothing else', async () => {
    const author = await insertUser(database.db);
    const a = await insertPrompt(database.db, author.id);
    const b = await insertPrompt(database.db, author.id);
    const start = await followed();
    await like(a.id, 3);
    const after = await followed();
    expect(after).toBeGreaterThan(start);
    expect(feed.notedSince([b.id], start, after)).toBe(false);
    expect(feed.notedSince([a.id, b.id], start, after)).toBe(true);
    expect(feed.notedSince([a.id], after, after)).toBe(false);
  });

  it('cannot tell before it has read up to the number asked about, or after notes were pruned', async () => {
    const author = await insertUser(database.db);
    const a = await insertPrompt(database.db, author.id);
    const b = await insertPrompt(database.db, author.id);
    const start = await followed();
    await like(a.id, 1);
    const unread = await seq();
    expect(feed.notedSince([b.id], start, unread)).toBe(true);
    await like(a.id, 2);
    await pruneSearchChanges(database.db, 0);
    const now = await followed();
    expect(feed.notedSince([b.id], start, now)).toBe(true);
    expect(feed.notedSince([b.id], now, now)).toBe(false);
  });

  it("counts an author's rename for every prompt", async () => {
    const author = await insertUser(database.db);
    const a = await insertPrompt(database.db, author.id);
    const start = await followed();
    await database.db
      .updateTable('users')
      .set({ name: 'Renamed Writer' })
      .where('id', '=', author.id)
      .execute();
    expect(feed.notedSince([a.id], start, await followed())).toBe(true);
  });

  if (testEngine === 'postgres') {
    it('numbers a transaction at its commit, so one committed later is never skipped', async () => {
      const author = await insertUser(database.db);
      const slow = await insertPrompt(database.db, author.id);
      const quick = await insertPrompt(database.db, author.id);
      const start = await followed();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let written!: () => void;
      const wrote = new Promise<void>((resolve) => (written = resolve));
      // The slow transaction writes first and commits last.
      const slowTx = database.db.transaction().execute(async (trx) => {
        await trx.updateTable('prompts').set({ likes_count: 5 }).where('id', '=', slow.id).execute();
        written();
        await held;
      });
      await wrote;
      await like(quick.id, 5);
      const first = await followed();
      expect(feed.notedSince([slow.id], start, first)).toBe(false);
      release();
      await slowTx;
      expect(feed.notedSince([slow.id], first, await followed())).toBe(true);
    });
  }
});
