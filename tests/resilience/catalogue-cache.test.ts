import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/database';
import {
  type Instance,
  type SharedDatabase,
  createSharedDatabase,
  startInstance,
  stopInstance,
} from './cluster';

/*
 * Decision 010 across processes: two real Promptforge instances on one database, each with its own
 * in-memory response cache. A write through one instance (or straight into the database) is seen
 * by the very next read from the other: the catalogue version both check lives in the database.
 */

let shared: SharedDatabase;
let a: Instance;
let b: Instance;
let db: Database;

beforeAll(async () => {
  shared = await createSharedDatabase(process.env.TEST_DATABASE_URL);
  const env = {
    NODE_ENV: 'development',
    DATABASE_URL: shared.url,
    DATA_DIR: shared.dataDir,
    JWT_SECRET: crypto.randomBytes(48).toString('base64url'),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000',
    AUTH_RATE_LIMIT_PER_ADDRESS: '1000',
    SHUTDOWN_TIMEOUT_MS: '2000',
  };
  a = await startInstance('instance A', { ...env, DEMO: 'true' });
  b = await startInstance('instance B', { ...env, DEMO: 'false' });
  db = openDatabase(shared.url, { poolSize: 2 });
}, 90_000);

afterAll(async () => {
  await Promise.all([a, b].filter(Boolean).map((i) => stopInstance(i)));
  await db?.close();
  await shared?.drop();
});

async function json(base: string, url: string, init: RequestInit = {}) {
  const res = await fetch(base + url, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  return { status: res.status, etag: res.headers.get('etag'), body: (await res.json()) as { data: any } }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('the response cache with two instances', () => {
  it('never serves one instance a list or page another instance has changed', async () => {
    const list = '/api/marketplace/prompts?page=1&limit=50';
    const first = (await json(b.url, list)).body.data.prompts[0] as { id: string; likes: number };
    // B now holds the list and the anonymous page in its cache.
    const pageBefore = await json(b.url, `/api/marketplace/prompts/${first.id}`);
    expect((await json(b.url, list)).body.data.prompts[0].likes).toBe(first.likes);

    const signUp = await json(a.url, '/api/auth/register', {
      method: 'POST',
      body: JSON.stringify({
        name: 'Two Instances',
        email: `two-${Date.now()}@example.test`,
        password: 'cache-pass-123',
      }),
    });
    const token = signUp.body.data.token as string;
    const like = await json(a.url, `/api/marketplace/prompts/${first.id}/like`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: JSON.stringify({ liked: true }),
    });
    expect(like.status).toBe(200);

    // The very next read on B, without waiting.
    expect((await json(b.url, list)).body.data.prompts[0].likes).toBe(first.likes + 1);
    const pageAfter = await json(b.url, `/api/marketplace/prompts/${first.id}`);
    expect(pageAfter.body.data.likes).toBe(pageBefore.body.data.likes + 1);
    expect(pageAfter.etag).not.toBe(pageBefore.etag);
    const revalidate = await fetch(`${b.url}/api/marketplace/prompts/${first.id}`, {
      headers: { 'if-none-match': pageBefore.etag! },
    });
    expect(revalidate.status).toBe(200);

    // A write by any other process on the database (an admin script, a migration) too.
    await db.db
      .updateTable('prompts')
      .set({ title: 'Retitled Elsewhere' })
      .where('id', '=', first.id)
      .execute();
    expect((await json(a.url, list)).body.data.prompts[0].title).toBe('Retitled Elsewhere');
    expect((await json(b.url, list)).body.data.prompts[0].title).toBe('Retitled Elsewhere');
    await db.db.updateTable('prompts').set({ status: 'archived' }).where('id', '=', first.id).execute();
    expect((await json(b.url, `/api/marketplace/prompts/${first.id}`)).status).toBe(404);
    expect((await json(a.url, list)).body.data.prompts[0].id).not.toBe(first.id);
  });
});
