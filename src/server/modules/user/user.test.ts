import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPrompt, insertUser } from '../../../../tests/support/factories';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app';
import { upsertReview } from '../marketplace/reviews-repository';
import { apiHelpers } from '../../../../tests/support/api';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const h = apiHelpers(() => t);
const { call } = h;

const account = () => h.signUp('Sam Settings');

describe('settings', () => {
  it('needs a signed-in user', async () => {
    expect((await call('GET', '/api/user/settings')).statusCode).toBe(401);
    expect((await call('PUT', '/api/user/settings', undefined, { name: 'X' })).statusCode).toBe(401);
    expect((await call('DELETE', '/api/user/account', undefined, { password: 'x' })).statusCode).toBe(401);
  });

  it('reads and saves name, e-mail and theme', async () => {
    const a = await account();
    expect((await call('GET', '/api/user/settings', a.token)).json().data).toEqual({
      name: 'Sam Settings',
      email: a.email,
      theme: 'dark',
      emailOnUpdates: false,
    });
    const res = await call('PUT', '/api/user/settings', a.token, {
      name: ' Sam Renamed ',
      email: `new-${a.email}`,
      theme: 'light',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: { name: 'Sam Renamed', email: `new-${a.email}`, theme: 'light' },
      message: 'Settings saved successfully',
    });
    const me = (await call('GET', '/api/auth/me', a.token)).json().data.user;
    expect(me).toMatchObject({ name: 'Sam Renamed', email: `new-${a.email}` });
    expect(
      (await call('POST', '/api/auth/login', undefined, { email: `new-${a.email}`, password: a.password }))
        .statusCode,
    ).toBe(200);
  });

  it("refuses another account's e-mail", async () => {
    const a = await account();
    const b = await account();
    const res = await call('PUT', '/api/user/settings', a.token, { email: b.email.toUpperCase() });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { field: 'email', message: 'An account with this email already exists' },
    ]);
  });

  it.each([
    [
      { newPassword: 'long-enough-1', confirmPassword: 'long-enough-1' },
      'currentPassword',
      'Current password is required',
    ],
    [
      { currentPassword: 'x', newPassword: 'long-enough-1', confirmPassword: 'different-1' },
      'confirmPassword',
      "New passwords don't match",
    ],
    [
      { currentPassword: 'x', newPassword: 'short', confirmPassword: 'short' },
      'newPassword',
      'Password must be at least 8 characters',
    ],
    [{ theme: 'neon' }, 'theme', 'Theme must be light, dark or system'],
    [{ name: 'A' }, 'name', 'Full name must be at least 2 characters'],
  ])('validates %j', async (payload, field, message) => {
    const a = await account();
    const res = await call('PUT', '/api/user/settings', a.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field, message });
  });

  it('changes the password only with the current one, and signs out the other sessions', async () => {
    const a = await account();
    const other = (
      await call('POST', '/api/auth/login', undefined, { email: a.email, password: a.password })
    ).json().data.token;
    const wrong = await call('PUT', '/api/user/settings', a.token, {
      currentPassword: 'not-it',
      newPassword: 'changed-pass-9',
      confirmPassword: 'changed-pass-9',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is incorrect');
    const common = await call('PUT', '/api/user/settings', a.token, {
      currentPassword: a.password,
      newPassword: 'password1234',
      confirmPassword: 'password1234',
    });
    expect(common.json().message).toBe('This password is too common');
    const ok = await call('PUT', '/api/user/settings', a.token, {
      currentPassword: a.password,
      newPassword: 'changed-pass-9',
      confirmPassword: 'changed-pass-9',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Password changed. Your other sessions have been signed out.');
    expect((await call('GET', '/api/auth/me', a.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', other)).statusCode).toBe(401);
    expect(
      (await call('POST', '/api/auth/login', undefined, { email: a.email, password: 'changed-pass-9' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('deleting the account', () => {
  it('needs the password, then removes the account and signs it out', async () => {
    const a = await account();
    const wrong = await call('DELETE', '/api/user/account', a.token, { password: 'nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Password is incorrect');
    const res = await call('DELETE', '/api/user/account', a.token, { password: a.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your account has been deleted');
    expect((await call('GET', '/api/auth/me', a.token)).statusCode).toBe(401);
    expect(
      (await call('POST', '/api/auth/login', undefined, { email: a.email, password: a.password })).statusCode,
    ).toBe(401);
    const sessions = await t.database.db
      .selectFrom('auth_sessions')
      .selectAll()
      .where('user_id', '=', a.id)
      .execute();
    expect(sessions).toEqual([]);
  });
  it("takes the user's likes and reviews out of the prompts' counts and ratings", async () => {
    const db = t.database.db;
    const author = await insertUser(db);
    // Two earlier reviews (5 and 4) and three earlier likes.
    const prompt = await insertPrompt(db, author.id, { likes_count: 3, rating_sum: 9, rating_count: 2 });
    const other = await insertPrompt(db, author.id);
    const a = await account();
    expect((await call('POST', `/api/marketplace/prompts/${prompt.id}/like`, a.token)).statusCode).toBe(200);
    await upsertReview(db, {
      id: crypto.randomUUID(),
      promptId: prompt.id,
      userId: a.id,
      rating: 1,
      body: 'Did not work for me.',
      now: new Date().toISOString(),
    });
    const figures = async (id: string) =>
      db
        .selectFrom('prompts')
        .select(['likes_count', 'rating_sum', 'rating_count', 'rating_avg'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    expect(await figures(prompt.id)).toEqual({
      likes_count: 4,
      rating_sum: 10,
      rating_count: 3,
      rating_avg: 10 / 3,
    });

    expect((await call('DELETE', '/api/user/account', a.token, { password: a.password })).statusCode).toBe(
      200,
    );
    expect(await figures(prompt.id)).toEqual({
      likes_count: 3,
      rating_sum: 9,
      rating_count: 2,
      rating_avg: 4.5,
    });
    // The page's review count is the reviews there are.
    const reviews = await call('GET', `/api/marketplace/prompts/${prompt.id}/reviews`);
    expect(reviews.json().data.rating).toEqual({ average: 4.5, count: 2 });
    // A prompt the user never touched keeps its figures.
    expect(await figures(other.id)).toEqual({
      likes_count: 0,
      rating_sum: 0,
      rating_count: 0,
      rating_avg: 0,
    });
  });
});
