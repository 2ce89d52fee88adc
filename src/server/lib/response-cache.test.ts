import zlib from 'node:zlib';
import SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, wrapSqlite } from '../db/database';
import type { DB } from '../db/types';
import {
  type CachedResponse,
  type Stamp,
  catalogueVersionReader,
  createResponseCache,
  sameBytes,
} from './response-cache';

/** A PostgreSQL-like database whose version read takes `delayMs` and is counted. */
function fakePostgres(delayMs: number) {
  const state = { version: 1, reads: 0, sent: [] as number[] };
  const database = {
    engine: 'postgres',
    db: {
      executeQuery: async () => {
        state.reads++;
        // What the database sees is the version when the query reaches it, not when it answers.
        const seen = state.version;
        state.sent.push(seen);
        await new Promise((r) => setTimeout(r, delayMs));
        return { rows: [{ content: String(seen), membership: String(seen) }] };
      },
    },
  } as unknown as Database;
  return { database, state };
}

describe('catalogueVersionReader on PostgreSQL', () => {
  it('gives the callers of one event-loop turn one shared read', async () => {
    const { database, state } = fakePostgres(5);
    const read = catalogueVersionReader(database);
    const versions = await Promise.all([read(), read(), read(), read()]);
    expect(versions.map((v) => v.content)).toEqual([1, 1, 1, 1]);
    expect(state.reads).toBe(1);
  });

  it('never hands a caller a read sent before it arrived (a write between is seen)', async () => {
    const { database, state } = fakePostgres(20);
    const read = catalogueVersionReader(database);
    const first = read();
    // Wait until the first read has been sent, then a write commits and a new caller arrives.
    while (state.reads === 0) await new Promise((r) => setImmediate(r));
    state.version = 2;
    const second = read();
    expect((await first).content).toBe(1);
    expect((await second).content).toBe(2);
    expect(state.reads).toBe(2);
  });
});

describe('catalogueVersionReader on SQLite', () => {
  const turns = async (n: number) => {
    for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
  };
  /** A real SQLite connection with the version row, and a count of the synchronous reads. */
  function sqlite() {
    const database = wrapSqlite(new SQLite(':memory:'));
    const handle = database as { readSync: NonNullable<Database['readSync']> };
    const state = { reads: 0 };
    const readSync = handle.readSync;
    handle.readSync = (text) => {
      state.reads++;
      return readSync(text);
    };
    const bump = (db: Kysely<DB>) => sql`update catalogue_version set content = content + 1`.execute(db);
    return { database, state, bump };
  }
  let open: Database[] = [];
  const make = async () => {
    const made = sqlite();
    await sql`create table catalogue_version (id integer primary key, content integer, membership integer, search integer, popularity integer, standing integer)`.execute(
      made.database.db,
    );
    await sql`insert into catalogue_version values (1, 1, 1, 0, 0, 0)`.execute(made.database.db);
    open.push(made.database);
    return made;
  };
  afterEach(async () => {
    await Promise.all(open.map((d) => d.close()));
    open = [];
  });

  it('gives the callers of one event-loop turn one shared read, and the next turn a new one', async () => {
    const { database, state, bump } = await make();
    const read = catalogueVersionReader(database);
    const versions = await Promise.all([read(), read(), read()]);
    expect(versions.map((v) => v.content)).toEqual([1, 1, 1]);
    expect(state.reads).toBe(1);
    await bump(database.db);
    expect((await read()).content).toBe(2);
    expect(state.reads).toBe(2);
  });

  it('never sees what an open transaction wrote before it commits, nor what it rolled back', async () => {
    const { database, bump } = await make();
    const read = catalogueVersionReader(database);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const failing = database.db.transaction().execute(async (trx) => {
      await bump(trx);
      await held;
      throw new Error('the write failed after the version moved');
    });
    // Let the transaction begin and move the version on the shared connection.
    await turns(5);
    const during = read();
    // The shared read is made in this turn's check phase, while the transaction is still open.
    await turns(2);
    release();
    await expect(failing).rejects.toThrow('the write failed');
    expect((await during).content).toBe(1);

    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    const succeeding = database.db.transaction().execute(async (trx) => {
      await bump(trx);
      await committing;
    });
    await turns(5);
    const whileOpen = read();
    await turns(2);
    commit();
    await succeeding;
    // The read waited for the transaction: it sees the committed version, not the one before.
    expect((await whileOpen).content).toBe(2);
  });
});

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
