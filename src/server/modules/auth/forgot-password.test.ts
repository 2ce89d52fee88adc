import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../../../tests/resilience/cluster';
import { startSmtpServer } from '../../../../tests/support/smtp';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app';

/*
 * "Forgot password" must not tell which addresses have an account, by its answer or by its time. Its
 * one step that depends on the address, the account lookup, is held here until the test lets it go:
 * the answer must come while it is held (so nothing that depends on the address is done before the
 * answer), and the mail must still go out once it is released.
 */

const lookups = vi.hoisted(() => ({
  held: null as null | { arrived: number; reached: () => void; released: Promise<void> },
}));

vi.mock(import('./repository'), async (importOriginal) => {
  const actual = await importOriginal();
  return {
    ...actual,
    findUserByEmail: async (...args: Parameters<typeof actual.findUserByEmail>) => {
      const held = lookups.held;
      if (held) {
        held.arrived++;
        held.reached();
        await held.released;
      }
      return actual.findUserByEmail(...args);
    },
  };
});

let releaseHeld = () => {};
afterEach(() => releaseHeld());

/** Holds every account lookup from now until `release`. */
function holdLookups() {
  let reached!: () => void;
  let release!: () => void;
  const arrivedOnce = new Promise<void>((resolve) => (reached = resolve));
  const held = { arrived: 0, reached, released: new Promise<void>((resolve) => (release = resolve)) };
  lookups.held = held;
  releaseHeld = () => {
    lookups.held = null;
    release();
  };
  return {
    arrivedOnce,
    get arrived() {
      return held.arrived;
    },
    release: () => releaseHeld(),
  };
}

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

async function appWithAccount(email: string, env: Record<string, string> = {}, logs?: string[]) {
  const t = await createTestApp({
    env: { SMTP_URL: smtp.url, ...env },
    logStream: logs ? { write: (line) => void logs.push(line) } : undefined,
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name: 'Forgetful Fern', email, password: 'first-password-1' },
  });
  expect(res.statusCode).toBe(201);
  return t;
}

const forgot = (t: TestApp, email: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress });

/** The answer as a client sees it, less the headers that differ on every request. */
function answer(res: Awaited<ReturnType<typeof forgot>>) {
  const { date: _date, 'x-request-id': _id, ...headers } = res.headers;
  return { status: res.statusCode, headers, body: res.body };
}

describe('forgot password', () => {
  it('answers before it looks the address up, and the mail still arrives', async () => {
    const email = 'fern@example.test';
    const t = await appWithAccount(email);
    const held = holdLookups();
    const res = await forgot(t, email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Password reset link has been sent to your email' });

    await held.arrivedOnce;
    expect(smtp.received.some((m) => m.to.includes(email))).toBe(false);
    held.release();
    const mail = await smtp.waitFor(email, 15_000);
    expect(mail.raw).toContain('Subject: Reset your Promptforge password');
    await t.close();
  });

  it('answers a known and an unknown address byte for byte alike, and mails only the account', async () => {
    const known = 'known@example.test';
    const t = await appWithAccount(known);
    const held = holdLookups();
    // From two addresses, so that each answer's rate limit headers count its first request.
    const forKnown = answer(await forgot(t, known, '10.0.0.1'));
    const forUnknown = answer(await forgot(t, 'unknown@example.test', '10.0.0.2'));
    expect(forUnknown).toEqual(forKnown);

    held.release();
    // Closing waits for the work left running after the answers.
    await t.close();
    expect(smtp.received.filter((m) => m.to.includes(known))).toHaveLength(1);
    expect(smtp.received.some((m) => m.to.includes('unknown@example.test'))).toBe(false);
  });

  it('lets a reset mail still in progress go out before the server closes', async () => {
    const email = 'closing@example.test';
    const t = await appWithAccount(email);
    const held = holdLookups();
    expect((await forgot(t, email)).statusCode).toBe(200);
    await held.arrivedOnce;
    const closed = t.close();
    held.release();
    await closed;
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('keeps a mail the mail server refuses, retries it, and delivers it once when the server is back', async () => {
    const email = 'unsent@example.test';
    const port = await freePort();
    // Nothing listens on the port yet: every try fails to connect. Retries wait 1 s, then 2, 4...
    const t = await appWithAccount(email, {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      JOB_RETRY_DELAY_SECONDS: '1',
    });
    const res = await forgot(t, email);
    expect(res.statusCode).toBe(200);
    const outbox = () =>
      t.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).executeTakeFirst();
    await expect.poll(async () => (await outbox())?.error, { timeout: 10_000 }).toMatch(/ECONNREFUSED/);
    expect((await outbox())?.status).toBe('queued');

    const back = await startSmtpServer({ port });
    try {
      const mail = await back.waitFor(email, 15_000);
      expect(mail.raw).toContain('Subject: Reset your Promptforge password');
      await expect.poll(async () => (await outbox())?.status, { timeout: 5000 }).toBe('sent');
      const [job] = await t.app.jobs.list({ limit: 10 });
      expect(job).toMatchObject({ queue: 'mail-send', state: 'completed' });
      expect(job!.retryCount).toBeGreaterThan(0);
      await t.close();
      expect(back.received.filter((m) => m.to.includes(email))).toHaveLength(1);
    } finally {
      await back.close();
    }
  });
});
