import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { checkpointInBackground } from './checkpoints';
import { openDatabase } from './database';

/* SQLite's WAL checkpoints on a thread of their own (decision 026). */

let dir = '';
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = '';
});
const tempFile = () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-checkpoints-'));
  return path.join(dir, 'app.db');
};
const walBytes = (file: string) => (fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('background WAL checkpoints', () => {
  it("leave the server's commits without checkpoints up to 64 MB of WAL, and lose nothing at close", async () => {
    const file = tempFile();
    const database = openDatabase(`file:${file}`, { backgroundCheckpoints: true });
    const { db } = database;
    // The app's own connection checkpoints only past 64 MB of WAL, not at SQLite's 4 MB.
    const setting = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
    expect(setting.rows[0]!.wal_autocheckpoint).toBe(16_384);
    await sql`create table t (n integer primary key, b blob)`.execute(db);
    for (let i = 0; i < 100; i++) await sql`insert into t (n, b) values (${i}, zeroblob(4096))`.execute(db);

    await database.close();
    // The last connection to close checkpointed the rest and removed the WAL: every row is there.
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const check = new SQLite(file, { readonly: true });
    expect((check.prepare('select count(*) as n from t').get() as { n: number }).n).toBe(100);
    check.close();
  });

  it('keep the WAL small behind the writes', async () => {
    const file = tempFile();
    const handle = new SQLite(file);
    handle.pragma('journal_mode = WAL');
    handle.exec('create table t (n integer primary key, b blob)');
    // Every 100 ms here (the server's thread checks every second), so that the test is short.
    const checkpoints = checkpointInBackground(handle, file, { everyMs: 100 });
    const insert = handle.prepare('insert into t (n, b) values (?, zeroblob(65536))');
    // 24 MB in 384 commits of 64 KB, over about two seconds: six times SQLite's default WAL size.
    let largest = 0;
    for (let i = 0; i < 384; i++) {
      insert.run(i);
      if (i % 32 === 31) {
        largest = Math.max(largest, walBytes(file));
        await sleep(150);
      }
    }
    largest = Math.max(largest, walBytes(file));
    // Checkpointed behind the writes (a WAL restarts from its start once all of it is copied);
    // without the thread it holds all 24 MB.
    expect(largest).toBeGreaterThan(0);
    expect(largest).toBeLessThan(12 * 1024 * 1024);
    await checkpoints.stop();
    handle.close();
  });

  it('let a process whose last work is closing the database finish closing it', () => {
    const file = tempFile();
    // Nothing else keeps the child's event loop alive while it waits for the thread to stop.
    const script = `
      import { openDatabase } from ${JSON.stringify(path.resolve('src/server/db/database.ts'))};
      const database = openDatabase(${JSON.stringify(`file:${file}`)}, { backgroundCheckpoints: true });
      await database.close();
      console.log('closed');`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(child.stderr).toBe('');
    expect(child.stdout.trim()).toBe('closed');
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
  });

  it("falls back to SQLite's own checkpoints when the thread cannot run", async () => {
    const file = tempFile();
    const handle = new SQLite(file);
    handle.pragma('journal_mode = WAL');
    const errors: Error[] = [];
    // A file the thread cannot open (it must exist): the thread fails at its start.
    const checkpoints = checkpointInBackground(handle, path.join(dir, 'missing.db'), {
      onError: (err) => errors.push(err),
    });
    await checkpoints.stop();
    expect(errors).toHaveLength(1);
    expect(handle.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    handle.close();
  });
});
