import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { isDamagedSqliteError, isPostgresUrl, sqlitePath } from '../db/database';
import { BackupError, checkSqliteFile, configuredDatabaseUrl, redactUrl } from './db-backup';

/*
 * `npm run db:restore -- --from <file> [--force]`: puts a SQLite backup (from `npm run db:backup`) in
 * place of the configured database. The backup is checked first. An existing database is replaced
 * only with --force (stop the app first), and is kept beside it as `<name>.before-restore-<time>`.
 * The copy goes through SQLite's backup API, so the file is written under SQLite's own locks and
 * its write-ahead log is reset with it. PostgreSQL: prints the pg_restore command.
 */

const stamp = (d = new Date()) => d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

export async function restoreSqlite(
  from: string,
  target: string,
  options: { force?: boolean } = {},
): Promise<{ replaced: string | null }> {
  if (!fs.existsSync(from)) throw new BackupError(`There is no backup at ${from}.`);
  checkSqliteFile(from);
  if (path.resolve(from) === path.resolve(target))
    throw new BackupError('The backup is the database itself.');
  let replaced: string | null = null;
  if (fs.existsSync(target)) {
    if (!options.force) {
      throw new BackupError(
        `A database already exists at ${target}. Stop the app, then run the restore again with --force ` +
          '(the current database is kept beside it).',
      );
    }
    replaced = `${target}.before-restore-${stamp()}`;
    try {
      const current = new SQLite(target, { fileMustExist: true });
      try {
        await current.backup(replaced, { progress: () => 0x7fffffff });
      } finally {
        current.close();
      }
    } catch (err) {
      if (!isDamagedSqliteError(err)) throw err;
      // SQLite cannot read a damaged file, so it cannot copy it: it is moved aside as it is, with its
      // journals, and the backup is restored to a fresh file (what the server's start error advises).
      fs.rmSync(replaced, { force: true });
      for (const suffix of ['', '-wal', '-shm', '-journal']) {
        if (fs.existsSync(target + suffix)) fs.renameSync(target + suffix, replaced + suffix);
      }
    }
  }
  fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  const source = new SQLite(from, { readonly: true, fileMustExist: true });
  try {
    await source.backup(target, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  const restored = new SQLite(target);
  restored.pragma('journal_mode = WAL');
  restored.close();
  checkSqliteFile(target);
  return { replaced };
}

async function main() {
  const { values } = parseArgs({
    options: { from: { type: 'string' }, force: { type: 'boolean' }, help: { type: 'boolean' } },
  });
  const url = configuredDatabaseUrl();
  if (isPostgresUrl(url)) {
    console.log(
      `The database is PostgreSQL (${redactUrl(url)}): restore a pg_dump archive with pg_restore. With the ` +
        'app stopped and DATABASE_URL set in your shell:\n\n' +
        `  pg_restore --clean --if-exists --no-owner --no-privileges --dbname "$DATABASE_URL" "${values.from ?? '<file>'}"`,
    );
    return;
  }
  if (values.help || !values.from) {
    console.error('Usage: npm run db:restore -- --from <backup file> [--force]');
    process.exit(values.help ? 0 : 2);
  }
  const target = sqlitePath(url);
  if (target === ':memory:') throw new BackupError('Cannot restore into an in-memory database.');
  const { replaced } = await restoreSqlite(path.resolve(values.from), target, { force: values.force });
  console.log(
    `Restored ${path.resolve(values.from)} to ${target} (integrity ok).` +
      (replaced ? `\nThe database it replaced is kept at ${replaced}.` : ''),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err instanceof BackupError ? err.message : err);
    process.exit(1);
  });
}
