import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrPromoteAdmin } from '../../../src/server/modules/auth/admins';
import { resetTokenFrom, startSmtpServer } from '../../support/smtp';
import { type TestApp, createTestApp } from '../../support/test-app';

/*
 * Passwords never reach the log, at the most verbose level, through every path that carries one:
 * sign-up, sign-in (right and wrong), the admin panel's sign-in, a password change, forgot and reset,
 * account deletion, refused (invalid) bodies and bodies that are not even JSON.
 */

const PASSWORDS = {
  first: 'Pw-first-7Qz!kLm',
  wrong: 'Pw-wrong-3Xy?tRe',
  changed: 'Pw-changed-9Bv#nHs',
  reset: 'Pw-reset-5Jk$wQa',
  admin: 'Pw-admin-2Dp%yUi',
  short: 'P4s!',
  malformed: 'Pw-malformed-8Gh&cVb',
  deleted: 'Pw-delete-6Lm*oPq',
};

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    env: {
      LOG_LEVEL: 'trace',
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://promptforge.example',
      AUTH_RATE_LIMIT_PER_ADDRESS: '10000',
      AUTH_RATE_LIMIT_PER_EMAIL: '10000',
    },
    logStream: { write: (line: string) => void lines.push(line) },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object | string, token?: string) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });

describe('passwords in the log', () => {
  it('never appear, through every flow that carries one', async () => {
    const email = 'logan.logs@example.test';
    const register = await send('POST', '/api/auth/register', {
      name: 'Logan Logs',
      email,
      password: PASSWORDS.first,
    });
    expect(register.statusCode).toBe(201);
    const token = register.json().data.token as string;

    expect((await send('POST', '/api/auth/login', { email, password: PASSWORDS.first })).statusCode).toBe(
      200,
    );
    expect((await send('POST', '/api/auth/login', { email, password: PASSWORDS.wrong })).statusCode).toBe(
      401,
    );
    expect(
      (await send('POST', '/api/auth/login', { email: 'nobody@example.test', password: PASSWORDS.wrong }))
        .statusCode,
    ).toBe(401);

    const change = await send(
      'PUT',
      '/api/user/settings',
      {
        currentPassword: PASSWORDS.first,
        newPassword: PASSWORDS.changed,
        confirmPassword: PASSWORDS.changed,
      },
      token,
    );
    expect(change.statusCode).toBe(200);
    const wrongCurrent = await send(
      'PUT',
      '/api/user/settings',
      { currentPassword: PASSWORDS.wrong, newPassword: PASSWORDS.reset, confirmPassword: PASSWORDS.reset },
      token,
    );
    expect(wrongCurrent.statusCode).toBeGreaterThanOrEqual(400);

    expect((await send('POST', '/api/auth/forgot-password', { email })).statusCode).toBe(200);
    const resetToken = resetTokenFrom((await smtp.waitFor(email)).raw);
    const reset = await send('POST', '/api/auth/reset-password', {
      token: resetToken,
      password: PASSWORDS.reset,
    });
    expect(reset.statusCode).toBe(200);
    const signedIn = await send('POST', '/api/auth/login', { email, password: PASSWORDS.reset });
    expect(signedIn.statusCode).toBe(200);

    await createOrPromoteAdmin(t.database.db, {
      email: 'ada.logs@example.test',
      password: PASSWORDS.admin,
      name: 'Ada Logs',
    });
    const admin = await send('POST', '/api/auth/admin/login', {
      email: 'ada.logs@example.test',
      password: PASSWORDS.admin,
    });
    expect(admin.statusCode).toBe(200);
    expect(
      (
        await send('POST', '/api/auth/admin/login', {
          email: 'ada.logs@example.test',
          password: PASSWORDS.wrong,
        })
      ).statusCode,
    ).toBe(401);

    // Refused bodies: too short, and not JSON at all (parsers like to quote what they could not read).
    const short = await send('POST', '/api/auth/register', {
      name: 'Shorty',
      email: 'short@example.test',
      password: PASSWORDS.short,
    });
    expect(short.statusCode).toBe(400);
    const malformed = await send(
      'POST',
      '/api/auth/login',
      `{"email":"${email}","password":"${PASSWORDS.malformed}"`,
    );
    expect(malformed.statusCode).toBe(400);
    const malformed2 = await send('POST', '/api/auth/login', `{"password":"${PASSWORDS.malformed}",}`);
    expect(malformed2.statusCode).toBe(400);

    const newToken = signedIn.json().data.token as string;
    const gone = await send('DELETE', '/api/user/account', { password: PASSWORDS.deleted }, newToken);
    expect(gone.statusCode).toBeGreaterThanOrEqual(400);
    expect(
      (await send('DELETE', '/api/user/account', { password: PASSWORDS.reset }, newToken)).statusCode,
    ).toBe(200);

    // The log was really written, at trace level, for these requests...
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(30);
    expect(log).toContain('/api/auth/login');
    expect(t.app.log.level).toBe('trace');
    // Refused requests are logged with their reason, so the refusals above were written too.
    expect(log).toContain('FST_ERR_CTP_INVALID_JSON_BODY');
    // ...and holds none of the passwords, in any form a log line could carry them.
    for (const password of Object.values(PASSWORDS)) {
      for (const form of [password, JSON.stringify(password).slice(1, -1), encodeURIComponent(password)]) {
        expect(log, `password ${password} in the log`).not.toContain(form);
      }
    }
  });
});
