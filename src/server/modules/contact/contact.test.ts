import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app';

describe('POST /api/contact', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const send = (payload: unknown, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress: ip });

  it('stores the message, trimmed, and answers with its id', async () => {
    const res = await send({
      name: '  Grace Hopper ',
      email: ' grace@navy.test ',
      message: ' We need 40 seats. ',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Message Sent! Our sales team will contact you within 24 hours.',
    });
    const row = await t.database.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('id', '=', body.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'Grace Hopper',
      email: 'grace@navy.test',
      company: '',
      message: 'We need 40 seats.',
      status: 'new',
      ip: '10.0.0.1',
    });
  });

  it('keeps the optional company', async () => {
    const res = await send({ name: 'Al', email: 'al@x.test', company: 'Acme', message: 'Hi' }, '10.0.0.2');
    expect(res.statusCode).toBe(201);
    const row = await t.database.db
      .selectFrom('contact_messages')
      .select('company')
      .where('id', '=', res.json().data.id)
      .executeTakeFirstOrThrow();
    expect(row.company).toBe('Acme');
  });

  it('refuses a blank message and a whitespace-only name with the field messages, storing nothing', async () => {
    const before = await t.database.db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await send({ name: '   ', email: 'a@b.test', message: '' }, '10.0.0.3');
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { field: 'name', message: 'Full name is required' },
      { field: 'message', message: 'Message is required' },
    ]);
    const after = await t.database.db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('limits one address to five messages a minute', async () => {
    const ok = { name: 'Spam', email: 's@x.test', message: 'hello' };
    for (let i = 0; i < 5; i++) expect((await send(ok, '10.9.9.9')).statusCode).toBe(201);
    const limited = await send(ok, '10.9.9.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      success: false,
      code: 'RATE_LIMIT_ERROR',
      message: 'Too many requests. Please try again later.',
    });
    // Someone else is not affected.
    expect((await send(ok, '10.9.9.8')).statusCode).toBe(201);
  });
});
