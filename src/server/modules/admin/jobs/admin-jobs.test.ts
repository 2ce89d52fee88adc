import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHelpers } from '../../../../../tests/support/api';
import { type TestApp, createTestApp } from '../../../../../tests/support/test-app';
import type { AdminJob } from '../../../../shared/admin-jobs';

/* The admin Jobs page's API: recent jobs, failures and retries, and a dead job's retry (issue 58). */

let t: TestApp;
let broken = true;
beforeAll(async () => {
  t = await createTestApp({
    env: { AUTH_RATE_LIMIT_PER_ADDRESS: '1000', AUTH_RATE_LIMIT_PER_EMAIL: '1000' },
    // A queue whose jobs fail, with no retry: a job sent to it is dead after one try.
    extend: (app) =>
      app.jobs.work('test-broken', { retryLimit: 0 }, async () => {
        if (broken) throw new Error('the report server is down');
      }),
  });
});
afterAll(() => t.close());
const { call, signUp, signInAdmin } = apiHelpers(() => t);

const listed = async (token: string, query = '') =>
  (await call('GET', `/api/admin/jobs${query}`, token)).json().data as {
    jobs: AdminJob[];
    counts: Record<string, number>;
  };

describe('who may see and retry jobs', () => {
  it('answers only an admin', async () => {
    const user = await signUp();
    for (const [method, url] of [
      ['GET', '/api/admin/jobs'],
      ['POST', '/api/admin/jobs/00000000-0000-4000-8000-000000000000/retry'],
    ] as const) {
      expect((await call(method, url)).json()).toMatchObject({ status: 401, code: 'AUTHENTICATION_ERROR' });
      // A user's web token is the wrong role.
      const asUser = await call(method, url, user.token);
      expect(asUser.statusCode).toBe(403);
      expect(asUser.json()).toMatchObject({ success: false, code: 'AUTHORIZATION_ERROR' });
    }
  });
});

describe('the jobs list', () => {
  it('shows a dead job with its error, and retries it once', async () => {
    const admin = await signInAdmin();
    const id = await t.app.jobs.send('test-broken', {});
    await expect
      .poll(async () => (await listed(admin.token, '?state=failed')).jobs.map((j) => j.id), {
        timeout: 10_000,
      })
      .toContain(id);
    const { jobs, counts } = await listed(admin.token, '?state=failed');
    expect(jobs.find((j) => j.id === id)).toMatchObject({
      queue: 'test-broken',
      state: 'failed',
      retryCount: 0,
      retryLimit: 0,
      error: 'the report server is down',
      summary: null,
    });
    expect(counts.failed).toBeGreaterThanOrEqual(1);

    broken = false;
    const retried = await call('POST', `/api/admin/jobs/${id}/retry`, admin.token);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ message: 'Job queued for another try', data: { job: { id } } });
    expect(['retry', 'active', 'completed']).toContain(retried.json().data.job.state);
    await expect
      .poll(async () => (await listed(admin.token)).jobs.find((j) => j.id === id)?.state, { timeout: 10_000 })
      .toBe('completed');
    // Not dead any more: nothing to retry.
    const again = await call('POST', `/api/admin/jobs/${id}/retry`, admin.token);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({
      success: false,
      code: 'NOT_FOUND_ERROR',
      message: 'Job not found, or not dead: only a dead job can be retried.',
    });
    // The retry is in the audit log.
    const audit = await call('GET', '/api/admin/audit?action=job', admin.token);
    expect(audit.json().data.entries[0]).toMatchObject({ action: 'job.retry', targetId: id });
  });

  it('names a mail job by its recipient and subject, never its body', async () => {
    const admin = await signInAdmin();
    const user = await signUp('Rita Reset');
    await call('POST', '/api/auth/forgot-password', undefined, { email: user.email });
    const mailJob = async () =>
      (await listed(admin.token)).jobs.find(
        (j) => j.summary === `To ${user.email}: Reset your Promptforge password`,
      );
    await expect.poll(async () => (await mailJob())?.state, { timeout: 10_000 }).toBe('completed');
    expect(JSON.stringify(await listed(admin.token))).not.toContain('reset-password/');
    // One queue's jobs, and its counts.
    const mail = await listed(admin.token, '?queue=mail-send');
    expect(mail.jobs.length).toBeGreaterThanOrEqual(1);
    expect(mail.jobs.every((j) => j.queue === 'mail-send')).toBe(true);
    expect(mail.counts.failed).toBe(0);
    const broken = await listed(admin.token, '?queue=test-broken');
    expect(broken.jobs.every((j) => j.queue === 'test-broken')).toBe(true);
  });

  it('refuses an unknown state or a bad id with the validation error', async () => {
    const admin = await signInAdmin();
    const bad = await call('GET', '/api/admin/jobs?state=dead', admin.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect((await call('POST', '/api/admin/jobs/not-a-job/retry', admin.token)).statusCode).toBe(404);
  });
});
