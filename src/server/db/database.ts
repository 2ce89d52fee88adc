import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index';
import type { DB } from './types';

export type Engine = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  /** Checks the database answers; throws when it does not. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function isPostgresUrl(url: string): boolean {
  return url.startsWith('postgres://') || url.startsWith('postgresql://');
}

/** Resolves a SQLite DATABASE_URL (`file:path`, `sqlite:path`, a plain path or `:memory:`) to a file path. */
export function sqlitePath(url: string): string {
  const stripped = url.replace(/^(sqlite|file):(\/\/)?/, '');
  return stripped === ':memory:' ? stripped : path.resolve(stripped);
}

/** Opens SQLite (WAL) or PostgreSQL, chosen by the URL. */
export function openDatabase(
  url: string,
  options: { poolSize?: number; onIdleError?: (err: Error) => void } = {},
): Database {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
    // An idle client whose connection dies (server restart, failover) must not crash the process: the
    // pool drops it and the next query opens a new one.
    pool.on(
      'error',
      options.onIdleError ?? ((err) => console.error('PostgreSQL idle client error:', err.message)),
    );
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      engine: 'postgres',
      ping: async () => {
        await sql`select 1`.execute(db);
      },
      close: () => db.destroy(),
    };
  }
  const file = sqlitePath(url);
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  return wrapSqlite(new SQLite(file));
}

/** Wraps an open better-sqlite3 handle (used by tests that open a copied template). */
export function wrapSqlite(handle: SQLite.Database): Database {
  // WAL needs a file; an in-memory copy (tests) keeps SQLite's default journal.
  if (!handle.memory) handle.pragma('journal_mode = WAL');
  handle.pragma('foreign_keys = ON');
  handle.pragma('busy_timeout = 5000');
  handle.pragma('synchronous = NORMAL');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(handle) }) });
  return {
    db,
    engine: 'sqlite',
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query afresh; preparing costs as much as running a small query. The app's
 * queries are a few hundred distinct texts, so prepared statements are kept by text (least recently
 * used dropped first). Reuse is safe: Kysely runs one query at a time per connection, and SQLite
 * re-prepares a statement by itself when the schema changes under it.
 */
function withStatementCache(handle: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => handle.close(),
    prepare(text: string): SQLite.Statement {
      let statement = cache.get(text);
      if (statement) {
        cache.delete(text);
      } else {
        statement = handle.prepare(text);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(text, statement);
      return statement;
    },
  };
}

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<DB>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
