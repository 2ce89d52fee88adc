import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const tsx = path.resolve('node_modules/.bin/tsx');
const cli = path.resolve('src/server/db/seed/cli.ts');

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs `npm run db:seed -- ...args` against a scratch SQLite database in its own data folder. */
async function seed(args: string[], env: Record<string, string> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-seed-cli-'));
  dirs.push(dir);
  const file = path.join(dir, 'seed.db');
  const childEnv = {
    ...process.env,
    DATA_DIR: dir,
    DATABASE_URL: `file:${file}`,
    NODE_ENV: 'development',
    ...env,
  };
  try {
    const { stdout } = await run(tsx, [cli, ...args], { env: childEnv });
    return { code: 0, stdout, file };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, stdout: `${e.stdout ?? ''}${e.stderr ?? ''}`, file };
  }
}

function counts(file: string) {
  const handle = new SQLite(file, { readonly: true });
  try {
    const n = (table: string) =>
      (handle.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    return { users: n('users'), prompts: n('prompts') };
  } finally {
    handle.close();
  }
}

describe('npm run db:seed', () => {
  it('seeds the demo data, then bulk data on request, and says what it did', async () => {
    const { code, stdout, file } = await seed(['--prompts', '120', '--users', '15']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/Demo data: 22 users, 3 plans, 71 prompts \(66 published\)/);
    expect(stdout).toContain('demo@promptforge.test / demo-pass-123');
    expect(stdout).toMatch(/Bulk data: 15 users, 120 published prompts/);
    expect(counts(file)).toEqual({ users: 22 + 15, prompts: 71 + 120 });
  });

  it('refuses to seed well-known passwords when demo mode is off', async () => {
    const { code, stdout, file } = await seed([], { DEMO: 'false' });
    expect(code).toBe(1);
    expect(stdout).toMatch(/Demo mode is off/);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('rejects a count that is not a whole number', async () => {
    const { code, stdout } = await seed(['--prompts', 'lots']);
    expect(code).toBe(1);
    expect(stdout).toMatch(/--prompts must be a whole number/);
  });
});
