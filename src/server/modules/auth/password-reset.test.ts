import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetTokenFrom, startSmtpServer } from '../../../../tests/support/smtp';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app';

/* The reset flow end to end, through a real SMTP server. */

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://promptforge.example' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const post = (url: string, payload: object, token?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });

async function register(email: string, password = 'first-password-1') {
  const res = await post('/api/auth/register', { name: 'Reese Etter', email, password });
  expect(res.statusCode).toBe(201);
  return res.json().data.token as string;
}

describe('password reset', () => {
  it('mails a link, sets the new password, revokes every session, and the link works once', async () => {
    const email = 'reese@example.test';
    const oldToken = await register(email);
    const ask = await post('/api/auth/forgot-password', { email: ' REESE@example.test ' });
    expect(ask.statusCode).toBe(200);
    expect(ask.json()).toMatchObject({
      success: true,
      message: 'Password reset link has been sent to your email',
    });

    const mail = await smtp.waitFor(email);
    expect(mail.raw).toContain('Subject: Reset your Promptforge password');
    expect(mail.raw.replace(/=\r?\n/g, '')).toContain('https://promptforge.example/auth/reset-password/');
    const token = resetTokenFrom(mail.raw);

    const reset = await post('/api/auth/reset-password', { token, password: 'second-password-2' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ success: true, message: 'Password has been reset successfully' });

    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/auth/me',
          headers: { authorization: `Bearer ${oldToken}` },
        })
      ).statusCode,
    ).toBe(401);
    expect((await post('/api/auth/login', { email, password: 'first-password-1' })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email, password: 'second-password-2' })).statusCode).toBe(200);

    const again = await post('/api/auth/reset-password', { token, password: 'third-password-3' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Invalid reset token. Please request a new password reset.',
    });

    const row = await t.database.db.selectFrom('password_resets').selectAll().executeTakeFirstOrThrow();
    expect(row.token_hash).not.toBe(token);
    expect(row.used_at).not.toBeNull();
  });

  it('refuses an expired token', async () => {
    const email = 'late@example.test';
    await register(email);
    await post('/api/auth/forgot-password', { email });
    const token = resetTokenFrom((await smtp.waitFor(email)).raw);
    await t.database.db
      .updateTable('password_resets')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .execute();
    const res = await post('/api/auth/reset-password', { token, password: 'second-password-2' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid reset token. Please request a new password reset.');
  });

  it.each([
    [{ password: 'whatever-1' }, 'Invalid reset token'],
    [{ token: '', password: 'whatever-1' }, 'Invalid reset token'],
    [{ token: 'abc' }, 'Both password fields are required'],
    [{ token: 'abc', password: '123' }, 'Password must be at least 6 characters long'],
  ])('validates %j with "%s"', async (payload, message) => {
    const res = await post('/api/auth/reset-password', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses a made-up token', async () => {
    const res = await post('/api/auth/reset-password', { token: 'made-up-token', password: 'whatever-123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { field: 'token', message: 'Invalid reset token. Please request a new password reset.' },
    ]);
  });
});

describe('the outbox, without SMTP', () => {
  it('keeps the reset mail in mail_outbox where a developer can read the link', async () => {
    const offline = await createTestApp();
    await offline.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Off Line', email: 'off@example.test', password: 'offline-pass-1' },
    });
    await offline.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'off@example.test' },
    });
    const outbox = () => offline.database.db.selectFrom('mail_outbox').selectAll().executeTakeFirst();
    // Queued with the token, then written to the log by the mail job.
    await expect.poll(async () => (await outbox())?.status, { timeout: 5000 }).toBe('outbox');
    const row = await outbox();
    expect(row).toMatchObject({ to_address: 'off@example.test', status: 'outbox' });
    expect(row?.text_body).toMatch(/\/auth\/reset-password\/[A-Za-z0-9_-]{20,}/);
    await offline.close();
  });
});
