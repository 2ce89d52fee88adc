import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { isPostgresUrl, sqlitePath } from '../db/database';

/*
 * `npm run db:backup -- [--out <file>]`: an online, consistent copy of the configured database.
 * SQLite: SQLite's backup API through better-sqlite3, in one step under one read transaction, so the
 * copy is the database as of one instant while the app keeps writing (WAL lets writers go on). The
 * copy is checked (`pragma integrity_check`) and written under a temporary name first, so a file at
 * --out is always a whole backup. PostgreSQL: prints the pg_dump and pg_restore commands to run.
 */

export class BackupError extends Error {}

/** The database the app would open with this environment (as src/server/config.ts resolves it). */
export function configuredDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  if (env.DATABASE_URL) return env.DATABASE_URL;
  return `file:${path.join(path.resolve(env.DATA_DIR || 'data'), 'promptforge.db')}`;
}

const stamp = (d = new Date()) => d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

/** Checks a SQLite file is whole; throws a BackupError naming the problem otherwise. */
export function checkSqliteFile(file: string): { tables: number; migrations: number } {
  let handle: SQLite.Database | null = null;
  try {
    handle = new SQLite(file, { fileMustExist: true });
    const result = handle.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new BackupError(`${file} failed its integrity check: ${String(result)}`);
    const tables = (
      handle.prepare("select count(*) as n from sqlite_master where type = 'table'").get() as { n: number }
    ).n;
    const hasMigrations = handle
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get();
    if (!hasMigrations) throw new BackupError(`${file} is not a Promptforge database (no migrations table).`);
    const migrations = (handle.prepare('select count(*) as n from kysely_migration').get() as { n: number })
      .n;
    return { tables, migrations };
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw new BackupError(`${file} is not a readable SQLite database: ${(err as Error).message}`);
  } finally {
    handle?.close();
  }
}

/** Copies a live SQLite database to `out` (which must not exist yet); returns the copy's size. */
export async function backupSqlite(source: string, out: string): Promise<{ bytes: number; tables: number }> {
  if (!fs.existsSync(source)) throw new BackupError(`There is no database at ${source}.`);
  if (fs.existsSync(out)) throw new BackupError(`${out} already exists: choose another --out.`);
  fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  const partial = `${out}.partial-${process.pid}`;
  fs.rmSync(partial, { force: true });
  const handle = new SQLite(source, { fileMustExist: true });
  try {
    handle.pragma('busy_timeout = 10000');
    // All remaining pages in one step: a step never spans a write by another connection, so the backup
    // is one consistent snapshot and is never restarted by the app's writes.
    await handle.backup(partial, { progress: () => 0x7fffffff });
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw new BackupError(`The backup failed: ${(err as Error).message}`);
  } finally {
    handle.close();
  }
  try {
    // A self-contained file: no -wal or -shm beside it.
    const copy = new SQLite(partial);
    copy.pragma('journal_mode = DELETE');
    copy.close();
    const { tables } = checkSqliteFile(partial);
    fs.renameSync(partial, out);
    return { bytes: fs.statSync(out).size, tables };
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
}

/** A PostgreSQL URL with its password hidden, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured PostgreSQL database';
  }
}

/** What to run for PostgreSQL, which is backed up by its own tools. */
export function postgresGuidance(url: string, out: string): string {
  return [
    `The database is PostgreSQL (${redactUrl(url)}): back it up with pg_dump, which takes a consistent`,
    'snapshot while the app keeps running. With DATABASE_URL set in your shell:',
    '',
    `  pg_dump --format=custom --no-owner --no-privileges --file "${out}" "$DATABASE_URL"`,
    '',
    'To restore it (stop the app first; this replaces the objects in the target database):',
    '',
    `  pg_restore --clean --if-exists --no-owner --no-privileges --dbname "$DATABASE_URL" "${out}"`,
    '',
    'Use pg_dump and pg_restore of the server major version or newer.',
  ].join('\n');
}

async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help) {
    console.log('Usage: npm run db:backup -- [--out <file>]');
    return;
  }
  const url = configuredDatabaseUrl();
  const dataDir = path.resolve(process.env.DATA_DIR || 'data');
  if (isPostgresUrl(url)) {
    console.log(postgresGuidance(url, values.out ?? `promptforge-${stamp()}.dump`));
    return;
  }
  const source = sqlitePath(url);
  if (source === ':memory:') throw new BackupError('An in-memory database cannot be backed up.');
  const out = path.resolve(values.out ?? path.join(dataDir, 'backups', `promptforge-${stamp()}.db`));
  const started = Date.now();
  const { bytes, tables } = await backupSqlite(source, out);
  console.log(
    `Backed up ${source} to ${out} (${(bytes / 1024).toFixed(0)} KiB, ${tables} tables, ` +
      `integrity ok) in ${Date.now() - started} ms.\nRestore it with: npm run db:restore -- --from "${out}"`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err instanceof BackupError ? err.message : err);
    process.exit(1);
  });
}
