import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine } from '../../../tests/support/test-db';
import { type TestApp, createTestApp, testConfig } from '../../../tests/support/test-app';
import { type App, buildApp } from '../app';
import { type Database, migrateToLatest, openDatabase } from '../db/database';
import { sqliteJobStore } from './sqlite-store';
import type { JobRun } from './types';

/*
 * The job runner (decision 047) on the engine under test: a failing job is retried, then dead and
 * kept for an admin to retry; two instances on one database run each scheduled job once; a test
 * app that queues nothing starts nothing.
 */

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

describe('a job that throws', () => {
  it('is retried, then dead with its error, and runs again when retried', async () => {
    const runs: JobRun<{ n: number }>[] = [];
    let healthy = false;
    const t: TestApp = await createTestApp({
      extend: (app) =>
        app.jobs.work<{ n: number }>('test-flaky', { retryLimit: 2 }, async (job) => {
          runs.push(job);
          if (!healthy) throw new Error(`try ${job.retryCount} failed`);
        }),
    });
    closing.push(t.close);
    const id = await t.app.jobs.send('test-flaky', { n: 7 });

    const job = async () => (await t.app.jobs.list({ limit: 10 })).find((j) => j.id === id);
    await expect.poll(async () => (await job())?.state, { timeout: 10_000 }).toBe('failed');
    // The first try and its two retries, each with the job's data.
    expect(runs.map((r) => [r.retryCount, r.data.n])).toEqual([
      [0, 7],
      [1, 7],
      [2, 7],
    ]);
    expect(await job()).toMatchObject({ retryCount: 2, retryLimit: 2, error: 'try 2 failed' });
    expect((await t.app.jobs.counts()).failed).toBe(1);
    expect(await t.app.jobs.list({ state: 'failed', limit: 10 })).toHaveLength(1);

    healthy = true;
    expect(await t.app.jobs.retry(id)).toBe(true);
    await expect.poll(async () => (await job())?.state, { timeout: 10_000 }).toBe('completed');
    expect(runs).toHaveLength(4);
    // Only a dead job can be retried.
    expect(await t.app.jobs.retry(id)).toBe(false);
  });
});

/** One more connection to a shared database, as a second instance would open. */
async function sharedDatabase(): Promise<{ first: Database; second: () => Database }> {
  if (testEngine === 'postgres') {
    const first = await createTestDatabase();
    return { first, second: () => openDatabase(first.url!, { poolSize: 4, onIdleError: () => {} }) };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-jobs-'));
  const url = `file:${path.join(dir, 'promptforge.db')}`;
  const first = openDatabase(url);
  await migrateToLatest(first.db);
  closing.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return { first, second: () => openDatabase(url) };
}

describe('two instances started together', () => {
  it('run each scheduled job once', async () => {
    const { first, second } = await sharedDatabase();
    const build = (database: Database) =>
      buildApp({
        config: testConfig(),
        database,
        webRoot: path.join(os.tmpdir(), 'promptforge-no-web-build'),
      });
    const apps: App[] = [await build(first), await build(second())];
    for (const app of apps) closing.push(() => app.close());
    await Promise.all(apps.map((app) => app.ready()));

    const startedAt = Date.now();
    await Promise.all(apps.map((app) => app.jobs.start({ schedules: true })));
    // Subscription expiry is due every minute: it runs as soon as the instances start.
    const expiries = async () =>
      (await apps[0]!.jobs.list({ limit: 50 })).filter((j) => j.queue === 'subscription-expiry');
    await expect
      .poll(async () => (await expiries()).some((j) => j.state === 'completed'), { timeout: 15_000 })
      .toBe(true);
    // Both instances have looked at their schedules by now; one job per minute started at most.
    const minutes = Math.floor(Date.now() / 60_000) - Math.floor(startedAt / 60_000) + 1;
    const jobs = await expiries();
    expect(jobs.length).toBeGreaterThanOrEqual(1);
    expect(jobs.length).toBeLessThanOrEqual(minutes);
    // Both see the same queue.
    expect((await apps[1]!.jobs.list({ limit: 50 })).map((j) => j.id)).toEqual(
      (await apps[0]!.jobs.list({ limit: 50 })).map((j) => j.id),
    );
  });
});

// The SQLite store's own schedule (pg-boss keeps PostgreSQL's: tested above by two instances).
if (testEngine === 'sqlite') {
  describe('a schedule on SQLite', () => {
    it('sends each due time once, and not the ones missed while nobody was checking', async () => {
      const database = await createTestDatabase();
      closing.push(() => database.close());
      const store = sqliteJobStore({ db: database.db, retryDelaySeconds: 0, cronCheckMs: 20 });
      let now = Date.parse('2026-12-07T12:00:30Z');
      const realNow = Date.now;
      Date.now = () => now;
      closing.push(async () => {
        Date.now = realNow;
      });
      const sent = async () =>
        (
          await database.db
            .selectFrom('jobs')
            .select('singleton_key')
            .where('queue', '=', 'minutely')
            .orderBy('singleton_key')
            .execute()
        ).map((row) => row.singleton_key);
      const at = async (iso: string, expected: string[]) => {
        now = Date.parse(iso);
        await expect.poll(sent, { timeout: 5_000 }).toEqual(expected);
        // Later checks within the same minute send nothing more.
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(await sent()).toEqual(expected);
      };
      await store.start(new Map([['minutely', { retryLimit: 0 }]]), new Map([['minutely', '* * * * *']]));
      closing.push(() => store.stop());
      await at('2026-12-07T12:00:30Z', ['2026-12-07T12:00:00.000Z']);
      await at('2026-12-07T12:00:59Z', ['2026-12-07T12:00:00.000Z']);
      await at('2026-12-07T12:01:05Z', ['2026-12-07T12:00:00.000Z', '2026-12-07T12:01:00.000Z']);
      // Asleep from 12:01:05 to 12:05:10: 12:02 to 12:04 are gone, 12:05 is still due.
      await at('2026-12-07T12:05:10Z', [
        '2026-12-07T12:00:00.000Z',
        '2026-12-07T12:01:00.000Z',
        '2026-12-07T12:05:00.000Z',
      ]);
    });
  });
}
