import { afterAll, expect, it } from 'vitest';
import { freePort } from '../../resilience/cluster';
import { startSmtpServer } from '../../support/smtp';
import { type TestApp, createTestApp } from '../../support/test-app';

/*
 * The mail server is down, then back (issue 58). Mail is queued as jobs (decision 047): while SMTP
 * refuses connections each try fails and is retried with backoff, nothing is lost and the API
 * answers as usual; once the server listens again every mail arrives, each exactly once.
 */

const closing: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closing.reverse()) await close();
});

const addresses = ['down-1@example.test', 'down-2@example.test', 'down-3@example.test'];

async function outbox(t: TestApp) {
  return t.database.db
    .selectFrom('mail_outbox')
    .select(['to_address', 'status', 'error'])
    .where('to_address', 'in', addresses)
    .execute();
}

it('keeps every mail while SMTP is down and delivers each once when it is back', async () => {
  const port = await freePort();
  // Nothing listens on the port yet: every delivery is refused. A failed try is retried after 1 s,
  // then 2, 4, ... (backoff), well inside the job's ten retries.
  const t = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, JOB_RETRY_DELAY_SECONDS: '1' },
  });
  closing.push(() => t.close());

  for (const email of addresses) {
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Patient Pat', email, password: 'patient-pass-123' },
    });
    expect(registered.statusCode).toBe(201);
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
    });
    expect(forgot.statusCode).toBe(200);
  }

  // Each reset mail has been tried and refused, and waits for its next try.
  await expect
    .poll(async () => (await outbox(t)).filter((m) => m.error !== null).length, { timeout: 15_000 })
    .toBe(addresses.length);
  expect((await outbox(t)).map((m) => m.status)).toEqual(addresses.map(() => 'queued'));

  const smtp = await startSmtpServer({ port });
  closing.push(() => smtp.close());
  for (const email of addresses) {
    const mail = await smtp.waitFor(email, 30_000);
    expect(mail.raw).toContain('Subject: Reset your Promptforge password');
  }
  await expect
    .poll(async () => (await outbox(t)).map((m) => m.status), { timeout: 10_000 })
    .toEqual(addresses.map(() => 'sent'));
  // Later polls of the queue send nothing again.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  for (const email of addresses) expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
});
