import type { Kysely } from 'kysely';
import type { AdminJob, JobList, JobsFilter } from '../../../../shared/admin-jobs';
import type { DB } from '../../../db/types';
import type { Jobs } from '../../../jobs';
import type { JobRecord } from '../../../jobs/types';
import { MAIL_QUEUE } from '../../../integrations/mail/mailer';
import { PAYOUT_TRANSFER_QUEUE, payoutJobSummaries } from '../../billing/service';
import { recordAudit } from '../../../lib/audit';
import { AppError } from '../../../lib/errors';
import { findActor } from '../audit/service';

/*
 * The admin Jobs page (decision 047): recent jobs of every queue with their state and last error,
 * counts per state, and a dead job's retry. A job's data is not shown: a mail job names its mail,
 * whose recipient and subject are (never its body, which may hold a reset link).
 */

export async function listJobs(db: Kysely<DB>, jobs: Jobs, query: JobsFilter): Promise<JobList> {
  const [records, counts] = await Promise.all([
    jobs.list({
      state: query.state === 'all' ? undefined : query.state,
      queue: query.queue,
      limit: query.limit,
    }),
    jobs.counts(query.queue),
  ]);
  return { jobs: await present(db, records), counts };
}

export async function retryJob(
  db: Kysely<DB>,
  jobs: Jobs,
  actor: { userId: string; ip: string },
  id: string,
): Promise<AdminJob> {
  if (!(await jobs.retry(id))) {
    throw new AppError('NOT_FOUND_ERROR', 'Job not found, or not dead: only a dead job can be retried.');
  }
  const admin = await findActor(db, actor.userId);
  if (!admin) throw new AppError('AUTHENTICATION_ERROR');
  await recordAudit(db, {
    actor: { id: admin.id, email: admin.email },
    action: 'job.retry',
    targetType: 'job',
    targetId: id,
    ip: actor.ip,
  });
  const [job] = await present(
    db,
    (await jobs.list({ limit: 200 })).filter((j) => j.id === id),
  );
  if (!job) throw new AppError('NOT_FOUND_ERROR', 'Job not found');
  return job;
}

async function present(db: Kysely<DB>, records: JobRecord[]): Promise<AdminJob[]> {
  const mailIds = records
    .filter((r) => r.queue === MAIL_QUEUE)
    .map((r) => (r.data as { mailId?: unknown }).mailId)
    .filter((id): id is string => typeof id === 'string');
  const mails = mailIds.length
    ? await db
        .selectFrom('mail_outbox')
        .select(['id', 'to_address', 'subject'])
        .where('id', 'in', mailIds)
        .execute()
    : [];
  const mailById = new Map(mails.map((m) => [m.id, m]));
  const payoutId = (r: JobRecord) =>
    r.queue === PAYOUT_TRANSFER_QUEUE ? (r.data as { payoutId?: unknown }).payoutId : undefined;
  const payouts = await payoutJobSummaries(
    db,
    records.map(payoutId).filter((id): id is string => typeof id === 'string'),
  );
  return records.map((r) => {
    const mail =
      r.queue === MAIL_QUEUE ? mailById.get((r.data as { mailId?: string }).mailId ?? '') : undefined;
    const payout = payouts.get(String(payoutId(r) ?? ''));
    return {
      id: r.id,
      queue: r.queue,
      summary: mail ? `To ${mail.to_address}: ${mail.subject}` : (payout ?? null),
      state: r.state,
      retryCount: r.retryCount,
      retryLimit: r.retryLimit,
      createdAt: r.createdAt,
      startedAt: r.startedAt,
      completedAt: r.completedAt,
      startAfter: r.startAfter,
      error: r.error,
    };
  });
}
