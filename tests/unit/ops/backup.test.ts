import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupSqlite, postgresGuidance } from '../../../src/server/cli/db-backup';
import { restoreSqlite } from '../../../src/server/cli/db-restore';
import { migrateToLatest, openDatabase } from '../../../src/server/db/database';

/*
 * `npm run db:backup` and `npm run db:restore` on SQLite, while another process keeps writing: the
 * backup is consistent, the restored copy opens, passes `pragma integrity_check` and holds every row
 * committed before the backup started. PostgreSQL gets the pg_dump/pg_restore commands instead.
 */

const run = promisify(execFile);
const TSX = path.resolve('node_modules/.bin/tsx');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-backup-'));
const dataDir = path.join(dir, 'data');
const dbFile = path.join(dataDir, 'promptforge.db');
let writer: ChildProcess | null = null;

/** Runs a CLI with the app's environment pointed at `dbFile`; resolves with its output and exit code. */
async function cli(script: string, args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(TSX, [`src/server/cli/${script}.ts`, ...args], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, NODE_ENV: 'development', ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** Another process inserting users in small transactions as fast as it can, like a busy app. */
function startWriter(file: string): Promise<ChildProcess> {
  const code = `
    const Database = require('better-sqlite3');
    const db = new Database(${JSON.stringify(file)});
    db.pragma('journal_mode = WAL');
    db.pragma('busy_timeout = 5000');
    const insert = db.prepare("insert into users (id, name, email, email_normalized, password_hash, created_at, updated_at) values (?, 'Writer', ?, ?, 'x', ?, ?)");
    const batch = db.transaction((start) => {
      for (let i = start; i < start + 20; i++) {
        const now = new Date().toISOString();
        insert.run('w-' + i, 'w' + i + '@example.test', 'w' + i + '@example.test', now, now);
      }
    });
    let n = 0;
    (function loop() {
      batch(n);
      n += 20;
      if (n === 200) process.stdout.write('writing\\n');
      setImmediate(loop);
    })();
  `;
  const child = spawn(process.execPath, ['-e', code], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', () => resolve(child));
    child.once('exit', (c) => reject(new Error(`writer exited with ${c}`)));
  });
}

function stopWriter() {
  writer?.kill('SIGKILL');
  writer = null;
}

const ids = (file: string) => {
  const handle = new SQLite(file, { readonly: true });
  try {
    return new Set((handle.prepare('select id from users').all() as { id: string }[]).map((r) => r.id));
  } finally {
    handle.close();
  }
};

beforeAll(async () => {
  const database = openDatabase(`file:${dbFile}`);
  await migrateToLatest(database.db);
  // Enough pages that a page-by-page copy would take many steps.
  const now = new Date().toISOString();
  for (let chunk = 0; chunk < 10; chunk++) {
    await database.db
      .insertInto('users')
      .values(
        Array.from({ length: 300 }, (_, i) => ({
          id: `seed-${chunk}-${i}`,
          name: `Seed ${'x'.repeat(200)}`,
          email: `seed-${chunk}-${i}@example.test`,
          email_normalized: `seed-${chunk}-${i}@example.test`,
          password_hash: 'x'.repeat(100),
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
  await database.close();
});
afterAll(() => {
  stopWriter();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm run db:backup and db:restore on SQLite', () => {
  it('backs up during concurrent writes, and the restored copy is whole and holds every earlier row', async () => {
    writer = await startWriter(dbFile);
    const before = ids(dbFile);
    expect(before.size).toBeGreaterThan(3000);
    const out = path.join(dir, 'backups', 'during-writes.db');
    const backup = await cli('db-backup', ['--out', out]);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`Backed up ${dbFile} to ${out}`);
    expect(backup.stdout).toContain('integrity ok');
    const after = ids(dbFile);
    stopWriter();
    // The app really was writing while the backup ran.
    expect(after.size).toBeGreaterThan(before.size);
    expect(fs.existsSync(`${out}-wal`)).toBe(false);

    const restoredDir = path.join(dir, 'restored');
    const restore = await cli('db-restore', ['--from', out], { DATA_DIR: restoredDir });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    const restoredFile = path.join(restoredDir, 'promptforge.db');
    const handle = new SQLite(restoredFile);
    expect(handle.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(handle.pragma('foreign_key_check')).toEqual([]);
    handle.close();
    const restored = ids(restoredFile);
    for (const id of before) expect(restored.has(id)).toBe(true);
    // A snapshot of one instant: every writer batch is whole (20 rows), never half-written.
    const written = [...restored].filter((id) => id.startsWith('w-')).length;
    expect(written % 20).toBe(0);
    expect(restored.size).toBeLessThanOrEqual(after.size);

    // The app opens it as its database: migrations are up to date and queries work.
    const database = openDatabase(`file:${restoredFile}`);
    expect(await migrateToLatest(database.db)).toEqual([]);
    const count = await database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(restored.size);
    await database.close();
  });

  it('refuses to overwrite an existing database without --force, and keeps the old one with it', async () => {
    const out = path.join(dir, 'backups', 'for-restore.db');
    await backupSqlite(dbFile, out);
    const target = path.join(dir, 'live', 'promptforge.db');
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const live = new SQLite(target);
    live.exec(
      'create table kysely_migration (name text); create table marker (x integer); insert into marker values (42);',
    );
    live.close();

    const refused = await cli('db-restore', ['--from', out], { DATA_DIR: path.dirname(target) });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`A database already exists at ${target}. Stop the app`);
    expect(refused.stderr).toContain('--force');
    const untouched = new SQLite(target, { readonly: true });
    expect(untouched.prepare('select x from marker').get()).toEqual({ x: 42 });
    untouched.close();

    const forced = await cli('db-restore', ['--from', out, '--force'], { DATA_DIR: path.dirname(target) });
    expect(forced.code).toBe(0);
    const kept = /kept at (.+)\.$/m.exec(forced.stdout)?.[1];
    expect(kept).toBeTruthy();
    const old = new SQLite(kept!, { readonly: true });
    expect(old.prepare('select x from marker').get()).toEqual({ x: 42 });
    old.close();
    expect(ids(target)).toEqual(ids(out));
  });

  it('refuses a file that is not a whole Promptforge database, and leaves the target alone', async () => {
    const junk = path.join(dir, 'junk.db');
    fs.writeFileSync(junk, 'this is not a database');
    await expect(restoreSqlite(junk, path.join(dir, 'nowhere', 'x.db'))).rejects.toThrow(
      /is not a readable SQLite database/,
    );
    const empty = path.join(dir, 'empty.db');
    new SQLite(empty).close();
    await expect(restoreSqlite(empty, path.join(dir, 'nowhere', 'x.db'))).rejects.toThrow(
      /not a Promptforge database/,
    );
    expect(fs.existsSync(path.join(dir, 'nowhere', 'x.db'))).toBe(false);
  });

  it('never overwrites an existing backup file', async () => {
    const out = path.join(dir, 'backups', 'once.db');
    await backupSqlite(dbFile, out);
    const again = await cli('db-backup', ['--out', out]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');
  });
});

describe('npm run db:backup on PostgreSQL', () => {
  it('prints the pg_dump and pg_restore commands, without the password', async () => {
    const url = 'postgres://app:s3cret-pw@db.internal:5432/promptforge';
    const res = await cli('db-backup', ['--out', 'nightly.dump'], { DATABASE_URL: url });
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(
      'pg_dump --format=custom --no-owner --no-privileges --file "nightly.dump" "$DATABASE_URL"',
    );
    expect(res.stdout).toContain(
      'pg_restore --clean --if-exists --no-owner --no-privileges --dbname "$DATABASE_URL" "nightly.dump"',
    );
    expect(res.stdout).toContain('db.internal:5432/promptforge');
    expect(res.stdout).not.toContain('s3cret-pw');
    expect(postgresGuidance(url, 'x.dump')).not.toContain('s3cret-pw');
    const restore = await cli('db-restore', ['--from', 'nightly.dump'], { DATABASE_URL: url });
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain('pg_restore --clean');
    expect(restore.stdout).not.toContain('s3cret-pw');
  });
});
