import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../tests/support/test-db';
import type { Database } from '../../db/database';
import { migrateToLatest, openDatabase } from '../../db/database';
import { bootstrapAdmin } from './admins';
import { verifyPassword } from './password';

const run = promisify(execFile);

describe('the first admin', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('is created from ADMIN_EMAIL/ADMIN_PASSWORD when there is no admin, and only then', async () => {
    const first = await bootstrapAdmin(database.db, {
      email: 'Boss@Example.test',
      password: 'boss-password-1',
    });
    expect(first).toMatchObject({ created: true });
    const row = await database.db
      .selectFrom('users')
      .selectAll()
      .where('email_normalized', '=', 'boss@example.test')
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('admin');
    expect(await verifyPassword(row.password_hash, 'boss-password-1')).toBe(true);
    expect(
      await bootstrapAdmin(database.db, { email: 'second@example.test', password: 'other-password-2' }),
    ).toBeNull();
  });

  it('is not created when nothing is configured', async () => {
    expect(await bootstrapAdmin(database.db, null)).toBeNull();
  });
});

describe('npm run admin:create', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-admin-cli-'));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DEMO: 'false',
    JWT_SECRET: 'cli-test-secret-0123456789-0123456789',
  };
  /** The CLI with `password` on its standard input, as `printf %s "$PASSWORD" | npm run admin:create` gives it. */
  const cli = (password: string, ...args: string[]) => {
    const child = run(process.execPath, ['--import', 'tsx', 'src/server/cli/admin-create.ts', ...args], {
      env,
    });
    child.child.stdin!.end(password);
    return child;
  };

  it('creates an admin, then promotes an existing account', async () => {
    const created = await cli('cli-password-1\n', '--email', 'cli@example.test', '--name', 'Cli Admin');
    expect(created.stdout).toContain('Created admin cli@example.test.');
    const again = await cli('cli-password-2', '--email', 'CLI@example.test');
    expect(again.stdout).toContain('CLI@example.test is now an admin.');
    const database = openDatabase(`file:${path.join(dataDir, 'promptforge.db')}`);
    await migrateToLatest(database.db);
    const rows = await database.db.selectFrom('users').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Cli Admin', role: 'admin' });
    expect(await verifyPassword(rows[0]!.password_hash, 'cli-password-2')).toBe(true);
    await database.close();
  });

  it('refuses bad arguments with a usage line and exit code 2', async () => {
    await expect(cli('long-enough-password', '--email', 'not-an-email')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage: npm run admin:create'),
    });
    await expect(cli('short', '--email', 'ok@example.test')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('at least 8 characters'),
    });
  });

  it('refuses a password on the command line, where shell history and ps would keep it', async () => {
    await expect(cli('', '--email', 'ok@example.test', '--password', 'cli-password-3')).rejects.toMatchObject(
      {
        code: 2,
        stderr: expect.stringContaining('--password is not accepted'),
      },
    );
  });
});
