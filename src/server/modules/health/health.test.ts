import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SQLite from 'better-sqlite3';
import { type TestApp, createTestApp, testConfig } from '../../../../tests/support/test-app';
import { buildApp } from '../../app';
import { migrateToLatest, wrapSqlite } from '../../db/database';

describe('health and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('says the process is up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { status: 'ok' } });
  });

  it('says the database is reachable, naming the engine, and that no Redis is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      status: 'ready',
      database: t.database.engine,
      redis: 'off',
    });
  });

  it('answers 503 in the envelope when the database is gone', async () => {
    const handle = new SQLite(':memory:');
    const database = wrapSqlite(handle);
    await migrateToLatest(database.db);
    const app = await buildApp({ config: testConfig(), database });
    handle.close();
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'SERVER_ERROR',
      status: 503,
      message: 'Service unavailable. Please try again later.',
    });
    await app.close().catch(() => {});
  });

  it('gives every response a request id and keeps a sane one the caller sent', async () => {
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-1234' },
    });
    expect(own.headers['x-request-id']).toBe('lb-1234');
    const generated = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id with spaces <script>' },
    });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
