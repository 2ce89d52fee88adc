import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { insertUser } from '../../../../../tests/support/factories';
import { DEFAULT_ADMIN_SETTINGS } from '../../../../shared/admin-settings';
import { migrateToLatest, openDatabase } from '../../../db/database';

const run = promisify(execFile);

describe('npm run admin:report', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-admin-report-'));
  const dbFile = path.join(dataDir, 'promptforge.db');
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DEMO: 'false',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'cli-test-secret-0123456789-0123456789',
  };
  const cli = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'src/server/cli/admin-report.ts', ...args], { env });

  it('e-mails the weekly summary to the admins who want it', async () => {
    const database = openDatabase(`file:${dbFile}`);
    await migrateToLatest(database.db);
    const now = new Date().toISOString();
    await insertUser(database.db, { email: 'wants@example.test', role: 'admin' });
    const noWeekly = await insertUser(database.db, { email: 'monthly-only@example.test', role: 'admin' });
    await database.db
      .insertInto('admin_settings')
      .values({
        user_id: noWeekly.id,
        settings: JSON.stringify({
          ...DEFAULT_ADMIN_SETTINGS,
          notifications: { ...DEFAULT_ADMIN_SETTINGS.notifications, weeklyReports: false },
        }),
        updated_at: now,
      })
      .execute();
    await insertUser(database.db, { email: 'member@example.test' });
    await database.close();

    const { stdout } = await cli('--period', 'weekly');
    expect(stdout).toContain('New users: 3');
    expect(stdout).toContain('Sent the weekly report to 1 admin(s)');

    const check = openDatabase(`file:${dbFile}`);
    const mails = await check.db.selectFrom('mail_outbox').selectAll().execute();
    await check.close();
    expect(mails.map((m) => m.to_address)).toEqual(['wants@example.test']);
    expect(mails[0]!.subject).toMatch(/^Weekly Promptforge report: \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d$/);
    expect(mails[0]!.text_body).toContain('Prompts published: 0');
    expect(mails[0]!.text_body).toContain('Playground sessions: 0');
  });

  it('refuses a missing or unknown period with a usage line', async () => {
    await expect(cli('--period', 'daily')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage: npm run admin:report -- --period weekly|monthly'),
    });
  });
});
