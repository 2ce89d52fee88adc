import crypto from 'node:crypto';
import SQLite from 'better-sqlite3';
import { expect, test } from './test';
import { openAdminPanel } from './auth-helpers';
import { E2E_DB_FILE } from './e2e-env';

/*
 * The admin Jobs page (issue 58): a mail whose tries all failed is a dead job, shown with its error;
 * Retry sends it again, and it is done.
 */

/** A mail job whose retries are used up, as the SMTP server refusing it ten times leaves one. */
function deadMailJob(subject: string): string {
  const db = new SQLite(E2E_DB_FILE, { fileMustExist: true });
  const now = new Date().toISOString();
  const mailId = crypto.randomUUID();
  const jobId = crypto.randomUUID();
  try {
    db.prepare(
      `insert into mail_outbox (id, to_address, subject, text_body, status, error, created_at)
       values (?, 'ops@example.test', ?, 'The weekly figures.', 'failed', ?, ?)`,
    ).run(mailId, subject, 'connect ECONNREFUSED 10.0.0.25:587', now);
    db.prepare(
      `insert into jobs (id, queue, data, state, retry_count, retry_limit, retry_delay, retry_backoff,
         start_after, created_at, started_at, completed_at, output)
       values (?, 'mail-send', ?, 'failed', 10, 10, 30, 1, ?, ?, ?, ?, ?)`,
    ).run(
      jobId,
      JSON.stringify({ mailId }),
      now,
      now,
      now,
      now,
      JSON.stringify({ message: 'connect ECONNREFUSED 10.0.0.25:587' }),
    );
  } finally {
    db.close();
  }
  return jobId;
}

test('an admin sees a dead mail job with its error and retries it', async ({ page }) => {
  const subject = `Weekly report ${crypto.randomBytes(3).toString('hex')}`;
  deadMailJob(subject);
  await openAdminPanel(page, '/admin/jobs');
  await expect(page.getByRole('heading', { name: 'Jobs', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: /^Dead/ }).click();
  await page.getByRole('combobox', { name: 'Queue' }).selectOption('Mail');
  const job = page.getByRole('article').filter({ hasText: subject });
  await expect(job).toContainText('Dead');
  await expect(job).toContainText('To ops@example.test');
  await expect(job).toContainText('11 tries of 11');
  await expect(job).toContainText('ECONNREFUSED');

  await job.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Job queued for another try')).toBeVisible();
  await expect(job).toHaveCount(0);
  // In the recent list it runs again and is done (the e2e server keeps mail in its outbox).
  await page.getByRole('tab', { name: /^Recent/ }).click();
  await expect(page.getByRole('article').filter({ hasText: subject })).toContainText('Done', {
    timeout: 15_000,
  });
});
