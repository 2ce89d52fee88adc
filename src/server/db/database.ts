import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  SqliteDialect,
  sql,
} from 'kysely';
import pg from 'pg';
import { checkpointInBackground } from './checkpoints';
import { migrations } from './migrations/index';
import { preparedName } from './prepared';
import { emptyValueSamples } from './statistics';
import type { DB } from './types';

export type Engine = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  /**
   * SQLite only: runs a read on the app's connection at once, without the async driver's queue and
   * promises (for the hottest reads, such as the catalogue version every cached answer checks). It
   * reads only what is committed: while a transaction is open on the connection (whose writes it
   * would see before they commit, or are rolled back) it reads nothing and gives null.
   */
  readSync?<Row>(text: string): Row | undefined | null;
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
  options: {
    poolSize?: number;
    onIdleError?: (err: Error) => void;
    /** SQLite: WAL checkpoints on a thread of their own, not in the app's commits (the server's). */
    backgroundCheckpoints?: boolean;
  } = {},
): Database {
  if (isPostgresUrl(url)) {
    // A database that does not answer a connection attempt fails the request (503) after 5 s rather
    // than holding it until the client gives up.
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
    });
    // An idle client whose connection dies (server restart, failover) must not crash the process: the
    // pool drops it and the next query opens a new one.
    const onConnectionError =
      options.onIdleError ?? ((err: Error) => console.error('PostgreSQL idle client error:', err.message));
    pool.on('error', onConnectionError);
    // The pool listens for errors on idle clients only. A client checked out between two queries of
    // a transaction when the server ends its connection (restart, pg_terminate_backend) emits
    // 'error' with nobody listening, which would crash the process: every client gets a listener.
    // The query or transaction that was using it still fails (503), and the pool replaces it.
    pool.on('connect', (client) => {
      client.on('error', onConnectionError);
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }) });
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
  try {
    const handle = new SQLite(file);
    const database = wrapSqlite(handle);
    if (options.backgroundCheckpoints && !handle.memory) {
      const checkpoints = checkpointInBackground(handle, file);
      const close = database.close;
      database.close = async () => {
        await checkpoints.stop();
        await close();
      };
    }
    return database;
  } catch (err) {
    if (isDamagedSqliteError(err)) throw damagedDatabaseError(file, err);
    // A read-only file or folder (a read-only volume, wrong owner) stops the start with one clear
    // line rather than a stack trace; SQLite in WAL mode cannot even read without write access.
    if (isDatabaseUnavailableError(err))
      throw new DatabaseOpenError(
        `Cannot open the database at ${file} for writing (${(err as { code?: string }).code}): ` +
          'check that the file and its folder are writable by this user and the disk is not full.',
        { cause: err },
      );
    throw err;
  }
}

/**
 * The pool as Kysely sees it, except that the texts marked in prepared.ts run as named statements
 * (parsed once per connection). Each client keeps one wrapper: Kysely keeps its connection objects
 * by client. A statement prepared before a migration changed the columns it selects (`select *`
 * of a table another version of the app altered) fails with "cached plan must not change result
 * type": it is run again unnamed, and its connection is closed when released, so that the next one
 * prepares the statement anew.
 */
function withPreparedStatements(pool: pg.Pool): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let stale = false;
    const query = (text: string, values: unknown[] | undefined) => {
      const name = preparedName(text);
      if (!name) return client.query(text, values);
      return client.query({ text, values, name }).catch((err: unknown) => {
        if (!isStalePlanError(err)) throw err;
        stale = true;
        return client.query(text, values);
      });
    };
    return {
      query: ((q: unknown, values?: unknown[]) =>
        typeof q === 'string'
          ? query(q, values)
          : client.query(q as pg.Submittable)) as unknown as PostgresPoolClient['query'],
      release: () => {
        if (stale) wrappers.delete(client);
        client.release(stale ? new Error("a prepared statement outlived its table's columns") : undefined);
      },
    };
  };
  return {
    connect: async () => {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) wrappers.set(client, (wrapper = wrap(client)));
      return wrapper;
    },
    end: () => pool.end(),
  };
}

const isStalePlanError = (err: unknown) =>
  (err as { code?: unknown }).code === '0A000' &&
  /cached plan must not change result type/.test((err as { message?: string }).message ?? '');

/** The database could not be opened for a reason the operator must fix; its message says which. */
export class DatabaseOpenError extends Error {
  override name = 'DatabaseOpenError';
}

/** SQLite's answer for a file that is not a database, or one whose pages are damaged. */
export const isDamagedSqliteError = (err: unknown) =>
  /^SQLITE_(CORRUPT|NOTADB)/.test(String((err as { code?: unknown } | null)?.code ?? ''));

function damagedDatabaseError(file: string, err: unknown): DatabaseOpenError {
  return new DatabaseOpenError(
    `The database file ${file} is damaged or is not a SQLite database (${(err as { code: string }).code}): ` +
      'restore your latest backup with `npm run db:restore -- --from <backup file> --force` ' +
      '(the damaged file is kept beside it).',
    { cause: err },
  );
}

/**
 * The error a start stops with when opening, migrating or seeding `url` failed: a damaged SQLite
 * file becomes one line naming the file and the fix (SQLite may only notice the damage when a page
 * is read, after the file opened); anything else is `err` as it was.
 */
export function startError(url: string, err: unknown): unknown {
  return !isPostgresUrl(url) && isDamagedSqliteError(err) ? damagedDatabaseError(sqlitePath(url), err) : err;
}

const SQLITE_UNAVAILABLE = /^SQLITE_(READONLY|FULL|IOERR|CANTOPEN|BUSY)/;
/** Connection-level failures (node-postgres and the OS) and PostgreSQL's class 08 / 57P0x codes. */
const PG_UNAVAILABLE =
  /^(08\d{3}|57P0[1-4]|53\d{3}|E(CONNREFUSED|CONNRESET|PIPE|TIMEDOUT|HOSTUNREACH|NETUNREACH|AI_AGAIN|NOTFOUND))$/;
const PG_UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end)/;

/**
 * True when an error says the database cannot serve the request right now (not writable, disk
 * full, unreachable, restarting) rather than that the request or the code is wrong: the API answers
 * these 503 "Service unavailable" so clients and balancers retry instead of reporting a bug.
 */
export function isDatabaseUnavailableError(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e !== 'object') return false;
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (SQLITE_UNAVAILABLE.test(code) || PG_UNAVAILABLE.test(code))) return true;
    if (typeof message === 'string') {
      if (PG_UNAVAILABLE_MESSAGE.test(message)) return true;
      // better-sqlite3 after the handle closed (shutdown, or a failed reopen).
      if (message === 'The database connection is not open') return true;
    }
    // AggregateError from a connect attempt to several addresses (localhost: ::1 and 127.0.0.1).
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailableError(inner))) return true;
  }
  return false;
}

/** Wraps an open better-sqlite3 handle (used by tests that open a copied template). */
export function wrapSqlite(handle: SQLite.Database): Database {
  // WAL needs a file; an in-memory copy (tests) keeps SQLite's default journal.
  if (!handle.memory) handle.pragma('journal_mode = WAL');
  handle.pragma('foreign_keys = ON');
  handle.pragma('busy_timeout = 5000');
  handle.pragma('synchronous = NORMAL');
  const statements = withStatementCache(handle);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: statements }) });
  return {
    db,
    engine: 'sqlite',
    readSync: <Row>(text: string) =>
      handle.inTransaction ? null : (statements.prepare(text).get() as Row | undefined),
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
/** Stands in for ROLLBACK when SQLite already ended the transaction by itself. */
const ALREADY_ROLLED_BACK = {
  reader: false,
  run: () => ({ changes: 0, lastInsertRowid: 0 }),
} as unknown as SQLite.Statement;

function withStatementCache(handle: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => handle.close(),
    prepare(text: string): SQLite.Statement {
      // When a COMMIT fails (a full disk, an I/O error), SQLite has already rolled the transaction back,
      // and Kysely's ROLLBACK would then fail with "no transaction is active", hiding the real error.
      if (text === 'rollback' && !handle.inTransaction) return ALREADY_ROLLED_BACK;
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

/**
 * Brings the schema up to date, and the planner's statistics to the kind the app plans with
 * (statistics.ts); throws with the failing migration's error.
 */
export async function migrateToLatest(db: Kysely<DB>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  await emptyValueSamples(db);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
