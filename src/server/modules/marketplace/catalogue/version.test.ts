import SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, wrapSqlite } from '../../../db/database';
import type { DB } from '../../../db/types';
import { catalogueVersionReader } from './version';

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
