import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertPrompt, insertUser, minutesAgo } from '../../../../tests/support/factories';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app';
import { createTestDatabase, testEngine } from '../../../../tests/support/test-db';
import type { Database } from '../../db/database';
import { catalogueVersionReader } from '../../lib/response-cache';
import { type CatalogueSearch, createCatalogueSearch } from './catalogue-search';
import { pruneSearchChanges } from './repository';

/*
 * The in-memory search index kept in step with the database through the search feed (migration
 * 0014, decision 020), on both engines: every write committed before a search read the catalogue's
 * version is in what that search sees, whichever instance made it.
 */

let database: Database;
let search: CatalogueSearch;
const errors: unknown[] = [];
const warnings: string[] = [];

beforeEach(async () => {
  database = await createTestDatabase();
  errors.length = 0;
  warnings.length = 0;
  search = createCatalogueSearch(database.db, database.engine, {
    info: () => {},
    warn: (_details, message) => warnings.push(message),
    error: ({ err }) => errors.push(err),
  });
});
afterEach(async () => {
  await search.close();
  await database.close();
});

const version = () => catalogueVersionReader(database)();
/** What this instance's index finds now, after applying the feed up to the current version. */
async function find(...terms: string[]) {
  const index = await search.current((await version()).search);
  if (!index) throw new Error('the index is not built');
  return index.search(terms, {}, 500).ids;
}
const found = async (...terms: string[]) => search.cards(await find(...terms));

describe('the search index follows the database', () => {
  it('is built from the published prompts only', async () => {
    const author = await insertUser(database.db, { name: 'Robin Writer' });
    const a = await insertPrompt(database.db, author.id, { title: 'Wombat guide' });
    await insertPrompt(database.db, author.id, { title: 'Wombat draft', status: 'draft' });
    expect(await search.current(0)).toBeNull();
    expect(search.ready).toBe(false);
    await search.build();
    expect(search.ready).toBe(true);
    expect(await find('wombat')).toEqual([a.id]);
    expect(await find('robin')).toEqual([a.id]);
  });

  it('applies new, edited, unpublished, recategorised and deleted prompts, and renamed authors', async () => {
    const author = await insertUser(database.db, { name: 'Robin Writer' });
    await search.build();
    const a = await insertPrompt(database.db, author.id, {
      title: 'Wombat guide',
      created_at: minutesAgo(5),
    });
    const b = await insertPrompt(database.db, author.id, {
      title: 'Wombat atlas',
      created_at: minutesAgo(1),
    });
    expect(await find('wombat')).toEqual([b.id, a.id]);

    await database.db.updateTable('prompts').set({ title: 'Koala guide' }).where('id', '=', a.id).execute();
    expect(await find('wombat')).toEqual([b.id]);
    expect(await find('koala')).toEqual([a.id]);

    await database.db.updateTable('prompts').set({ category: 'business' }).where('id', '=', a.id).execute();
    const index = await search.current((await version()).search);
    expect(index!.search(['koala'], { category: 'business' }, 500).ids).toEqual([a.id]);
    expect(index!.search(['koala'], { category: 'writing' }, 500).total).toBe(0);

    await database.db.updateTable('prompts').set({ status: 'archived' }).where('id', '=', b.id).execute();
    expect(await find('wombat')).toEqual([]);
    await database.db.updateTable('prompts').set({ status: 'published' }).where('id', '=', b.id).execute();
    expect(await find('wombat')).toEqual([b.id]);

    await database.db.updateTable('users').set({ name: 'Sasha Quill' }).where('id', '=', author.id).execute();
    expect((await find('sasha')).sort()).toEqual([a.id, b.id].sort());
    expect(await find('robin')).toEqual([]);

    await database.db.deleteFrom('prompts').where('id', '=', b.id).execute();
    expect(await find('wombat')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("answers with each prompt's card as it is now: counters, price and author", async () => {
    const author = await insertUser(database.db, { name: 'Robin Writer' });
    const a = await insertPrompt(database.db, author.id, { title: 'Wombat guide' });
    await search.build();
    // Read once, so the card is kept: the writes below must replace it.
    expect(await found('wombat')).toMatchObject([{ id: a.id, likes_count: 0, author_avatar: null }]);
    await database.db
      .updateTable('prompts')
      .set({ likes_count: 7, views_count: 40, downloads_count: 3, price_minor: 499, type: 'premium' })
      .where('id', '=', a.id)
      .execute();
    await database.db
      .updateTable('users')
      .set({ avatar_url: '/avatars/robin.png' })
      .where('id', '=', author.id)
      .execute();
    const [card] = await found('wombat');
    expect(card).toMatchObject({
      id: a.id,
      likes_count: 7,
      views_count: 40,
      downloads_count: 3,
      price_minor: 499,
      type: 'premium',
      author_name: 'Robin Writer',
      author_avatar: '/avatars/robin.png',
    });
  });

  it('does not read the feed when nothing a search shows changed', async () => {
    const author = await insertUser(database.db);
    const a = await insertPrompt(database.db, author.id, { title: 'Wombat guide', content: 'Old text' });
    await search.build();
    const before = (await version()).search;
    await database.db
      .updateTable('prompts')
      .set({ content: 'New text', updated_at: new Date().toISOString() })
      .where('id', '=', a.id)
      .execute();
    await database.db
      .updateTable('users')
      .set({ bio: 'Writes about wombats.' })
      .where('id', '=', author.id)
      .execute();
    expect((await version()).search).toBe(before);
    expect(search.current(before)).not.toBeInstanceOf(Promise);
  });

  it('rebuilds when the notes it still needed were pruned', async () => {
    const author = await insertUser(database.db);
    await search.build();
    const a = await insertPrompt(database.db, author.id, { title: 'Wombat one' });
    const b = await insertPrompt(database.db, author.id, { title: 'Wombat two' });
    await pruneSearchChanges(database.db, 0);
    // Its notes are gone: the index is dropped and rebuilt, searches run in SQL meanwhile.
    expect(await search.current((await version()).search)).toBeNull();
    expect(warnings).toEqual(['search index rebuilding: notes it needed were pruned']);
    await search.build();
    expect((await find('wombat')).sort()).toEqual([a.id, b.id].sort());
  });

  if (testEngine === 'postgres') {
    it('numbers a transaction at its commit, so one committed later is never skipped', async () => {
      const author = await insertUser(database.db);
      const slow = await insertPrompt(database.db, author.id, { title: 'Wombat slow' });
      const quick = await insertPrompt(database.db, author.id, { title: 'Wombat quick' });
      await search.build();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let written!: () => void;
      const wrote = new Promise<void>((resolve) => (written = resolve));
      // The slow transaction writes first and commits last.
      const slowTx = database.db.transaction().execute(async (trx) => {
        await trx.updateTable('prompts').set({ title: 'Koala slow' }).where('id', '=', slow.id).execute();
        written();
        await held;
      });
      await wrote;
      await database.db
        .updateTable('prompts')
        .set({ title: 'Koala quick' })
        .where('id', '=', quick.id)
        .execute();
      expect(await find('koala')).toEqual([quick.id]);
      release();
      await slowTx;
      expect((await find('koala')).sort()).toEqual([slow.id, quick.id].sort());
    });
  }
});

describe("the search's card cache", () => {
  it('keeps a card read again over an older one it has not, past its size', async () => {
    const author = await insertUser(database.db, { name: 'Robin Writer' });
    const [a, b, c] = await Promise.all(
      ['Alpha', 'Beta', 'Gamma'].map((title) => insertPrompt(database.db, author.id, { title })),
    );
    const quiet = { info: () => {}, warn: () => {}, error: () => {} };
    let reads = 0;
    const counted = database.db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        reads++;
        return args.result;
      },
    });
    const small = createCatalogueSearch(counted, database.engine, quiet, { maxCards: 2 });
    const readsFor = async (id: string) => {
      const before = reads;
      expect((await small.cards([id])).map((card) => card.id)).toEqual([id]);
      return reads - before;
    };
    try {
      expect(await readsFor(a!.id)).toBe(1);
      expect(await readsFor(b!.id)).toBe(1);
      expect(await readsFor(a!.id)).toBe(0);
      // A third card: the oldest card not read again since it was stored (b) makes room, not a.
      expect(await readsFor(c!.id)).toBe(1);
      expect(await readsFor(a!.id)).toBe(0);
      expect(await readsFor(b!.id)).toBe(1);
    } finally {
      await small.close();
    }
  });
});

describe('marketplace searches', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('are answered from the index once it is built, and see writes made after the start', async () => {
    const author = await insertUser(t.database.db, { name: 'Casey Creator' });
    const a = await insertPrompt(t.database.db, author.id, {
      title: 'Capybara care',
      created_at: minutesAgo(3),
    });
    const b = await insertPrompt(t.database.db, author.id, {
      title: 'Travel notes',
      description: 'A capybara on the road.',
      created_at: minutesAgo(2),
    });
    // Without the SQL full-text index, only the in-memory one can answer.
    if (testEngine === 'sqlite') await sql`drop table prompts_fts`.execute(t.database.db);
    else await sql`alter table prompts drop column search_vector`.execute(t.database.db);
    const res = await t.app.inject({ method: 'GET', url: '/api/marketplace/prompts?search=capyb' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { prompts: { id: string }[]; pagination: { total: number } };
    expect(data.prompts.map((p) => p.id)).toEqual([a.id, b.id]);
    expect(data.pagination.total).toBe(2);

    // A page far past the last match (the page number has no upper bound): empty, not an error.
    const far = await t.app.inject({
      method: 'GET',
      url: '/api/marketplace/prompts?search=capyb&limit=50&page=100000000000',
    });
    expect(far.statusCode).toBe(200);
    expect(far.json().data).toMatchObject({ prompts: [], pagination: { total: 2 } });
  });
});
