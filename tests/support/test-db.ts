import crypto from 'node:crypto';
import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase, wrapSqlite } from '../../src/server/db/database';

/** Which engine this run tests: PostgreSQL when TEST_DATABASE_URL is set, else SQLite. */
export const testEngine = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

/**
 * A fresh, migrated database of the engine under test, copied from a template made once per run.
 * `demo: true` gives one filled with the demo data set.
 */
export async function createTestDatabase(
  options: { demo?: boolean } = {},
): Promise<
  Database & { /** PostgreSQL: the database's URL, for a second connection to it. */ url?: string }
> {
  const kind = options.demo ? 'demo' : 'empty';
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const template = inject('sqliteTemplates')[kind];
    return wrapSqlite(new SQLite(fs.readFileSync(template)));
  }
  const templates = inject('pgTemplates');
  if (!templates) throw new Error('PostgreSQL templates were not prepared');
  const name = `pf_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${templates[kind]}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openDatabase(url.toString(), { poolSize: 4, onIdleError: () => {} });
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        // Closed connections can take a moment to leave the server; a forced drop would kill them
        // mid-goodbye and surface as an unhandled error, so wait for them first.
        for (let attempt = 0; ; attempt++) {
          try {
            await dropper.query(`DROP DATABASE IF EXISTS "${name}"`);
            break;
          } catch (err) {
            if (attempt >= 40) throw err;
            await new Promise((r) => setTimeout(r, 50));
          }
        }
      } finally {
        await dropper.end();
      }
    },
  };
}
