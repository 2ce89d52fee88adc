import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backupSqlite } from './cli/db-backup';
import { migrateToLatest, openDatabase } from './db/database';

/*
 * The real entry point (src/server/main.ts), started on a SQLite file that is not a database or is
 * damaged: it stops with one line on stderr naming the file and the fix, and a non-zero exit code.
 * The fix it names, `npm run db:restore -- --from <backup> --force`, then works, and the server starts.
 */

const run = promisify(execFile);
const TSX = path.resolve('node_modules/.bin/tsx');
const port = 41_000 + (process.pid % 10_000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-start-errors-'));
const backup = path.join(dir, 'backup.db');
let child: ChildProcess | null = null;

const env = (dataDir: string) => ({
  ...process.env,
  DATABASE_URL: '',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DEMO: 'false',
  NODE_ENV: 'development',
  JWT_SECRET: 'start-errors-test-secret-0123456789-0123456789',
  LOG_LEVEL: 'info',
});

beforeAll(async () => {
  const source = path.join(dir, 'source.db');
  const database = openDatabase(`file:${source}`);
  await migrateToLatest(database.db);
  await database.close();
  await backupSqlite(source, backup);
});

afterEach(() => {
  child?.kill('SIGKILL');
  child = null;
});

/** Starts the server on `dataDir`; resolves when it is running, or with its exit code and stderr. */
function start(dataDir: string): Promise<{ running: boolean; code: number | null; stderr: string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: env(dataDir),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = proc;
  return new Promise((resolve) => {
    let stderr = '';
    proc.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Promptforge is running')) resolve({ running: true, code: null, stderr });
    });
    proc.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    proc.once('exit', (code) => resolve({ running: false, code, stderr }));
  });
}

function dataDirWith(bytes: Buffer): { dataDir: string; file: string } {
  const dataDir = fs.mkdtempSync(path.join(dir, 'data-'));
  const file = path.join(dataDir, 'promptforge.db');
  fs.writeFileSync(file, bytes);
  return { dataDir, file };
}

const oneLine = (file: string, code: string) =>
  `The database file ${file} is damaged or is not a SQLite database (${code}): restore your latest ` +
  'backup with `npm run db:restore -- --from <backup file> --force` (the damaged file is kept beside it).\n';

describe('a database file that cannot be opened', () => {
  it('stops the start with one line naming the file and the fix; the fix then works', async () => {
    const garbage = Buffer.alloc(8192, 'not a database, just bytes. ');
    const { dataDir, file } = dataDirWith(garbage);
    const failed = await start(dataDir);
    expect(failed.running).toBe(false);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toBe(oneLine(file, 'SQLITE_NOTADB'));

    const restore = await run(TSX, ['src/server/cli/db-restore.ts', '--from', backup, '--force'], {
      env: env(dataDir),
    });
    expect(restore.stdout).toContain(`The database it replaced is kept at ${file}.before-restore-`);
    const kept = fs.readdirSync(dataDir).find((name) => name.startsWith('promptforge.db.before-restore-'));
    expect(fs.readFileSync(path.join(dataDir, kept!))).toEqual(garbage);

    const restarted = await start(dataDir);
    expect(restarted).toMatchObject({ running: true, stderr: '' });
  }, 90_000); // three processes, one after another, on two shared cores

  it('names a database whose pages are damaged the same way', async () => {
    // A real database whose schema page is overwritten: it opens, and fails when first read.
    const bytes = fs.readFileSync(backup);
    bytes.fill(0x5a, 100, 4096);
    const { dataDir, file } = dataDirWith(bytes);
    const failed = await start(dataDir);
    expect(failed).toMatchObject({ running: false, code: 1 });
    expect(failed.stderr).toBe(oneLine(file, 'SQLITE_CORRUPT'));
  }, 60_000);
});
