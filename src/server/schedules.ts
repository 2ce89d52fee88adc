import type { Config } from './config';
import type { Database } from './db/database';
import { REPORT_SCHEDULES, sendAdminReport } from './modules/admin/settings/report';
import {
  PAYOUT_TRANSFER_QUEUE,
  type PayoutTransferJob,
  REMINDER_CRON,
  REMINDER_QUEUE,
} from './modules/billing/service';
import { registerNearDuplicateJob } from './modules/creator/service';
import { UPLOADS_CLEANUP_QUEUE } from './modules/playground/service';
import { registerPromptTestJobs } from './modules/prompt-tests/service';
import type { Services } from './services';

/**
 * The app's scheduled work, each job once across instances (decision 047): subscriptions whose
 * period ended are marked expired (reads already treat them as ended), refunds left due by a
 * gateway failure are tried again, renewal reminders and the admins' reports are mailed,
 * prompt tests that are due run again (each prompt claimed once across instances, decision 057),
 * approved payouts' transfers are sent (decision 070), and files nobody holds any more (unsent uploads, those of deleted conversations) are removed;
 * and the queue of the near-duplicate re-check of an edited live prompt (decision 066).
 */
export function scheduleJobs(services: Services, database: Database, config: Config): void {
  const { jobs, billing, mailer } = services;
  jobs.work('subscription-expiry', { retryLimit: 1 }, async () => {
    await billing.expire();
  });
  jobs.schedule('subscription-expiry', '* * * * *');
  jobs.work('refund-retry', { retryLimit: 1 }, async () => {
    await billing.retryRefunds();
  });
  jobs.schedule('refund-retry', '* * * * *');
  // An approved payout's transfer, sent once across instances and retried with backoff (decision 070).
  jobs.work<PayoutTransferJob>(PAYOUT_TRANSFER_QUEUE, { retryLimit: 5 }, (job) =>
    billing.sendPayoutTransfer(job),
  );
  jobs.work(REMINDER_QUEUE, { retryLimit: 3 }, async () => {
    await billing.remindRenewals();
  });
  jobs.schedule(REMINDER_QUEUE, REMINDER_CRON);
  registerPromptTestJobs(services.promptTests);
  jobs.work(UPLOADS_CLEANUP_QUEUE, { retryLimit: 2 }, async () => {
    await services.uploads.cleanUp();
  });
  jobs.schedule(UPLOADS_CLEANUP_QUEUE, '41 3 * * *');
  registerNearDuplicateJob({ db: database.db, engine: database.engine, jobs });
  for (const [period, { queue, cron }] of Object.entries(REPORT_SCHEDULES)) {
    jobs.work(queue, { retryLimit: 3 }, async () => {
      await sendAdminReport(
        { db: database.db, mailer, publicUrl: config.publicUrl },
        period as keyof typeof REPORT_SCHEDULES,
      );
      jobs.notify('mail-send');
    });
    jobs.schedule(queue, cron);
  }
}
