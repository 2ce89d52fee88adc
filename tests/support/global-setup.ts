import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import PgBoss from 'pg-boss';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDatabase } from '../../src/server/db/database';
import { seedDemoIfEmpty } from '../../src/server/db/seed/demo';

/*
 * Migrates template databases once per run; each test file then gets its own copy, which costs
 * milliseconds: SQLite reads the template file into memory, PostgreSQL clones it with
 * CREATE DATABASE ... TEMPLATE. Two templates: empty (migrated) and demo (migrated and seeded).
 */

declare module 'vitest' {
  export interface ProvidedContext {
    sqliteTemplates: { empty: string; demo: string };
    pgTemplates: { empty: string; demo: string } | null;
  }
}

const dir = path.resolve('.tmp/test-templates');
const silent = pino({ level: 'silent' });

async function buildSqlite(file: string, demo: boolean) {
  fs.rmSync(file, { force: true });
  const database = openDatabase(`file:${file}`);
  await migrateToLatest(database.db);
  if (demo) await seedDemoIfEmpty(database.db, silent);
  await database.close();
  // Leave WAL mode so the file is one self-contained image that can be deserialized into memory.
  const handle = new SQLite(file);
  handle.pragma('journal_mode = DELETE');
  handle.close();
}

async function buildPostgres(adminUrl: string, name: string, demo: boolean) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openDatabase(url.toString(), { poolSize: 2 });
  await migrateToLatest(database.db);
  if (demo) await seedDemoIfEmpty(database.db, silent);
  await database.close();
  // pg-boss's schema, as the first job installs it (decision 047): a test that queues one pays no install.
  const boss = new PgBoss({ connectionString: url.toString(), max: 1, schedule: false, supervise: false });
  await boss.start();
  await boss.stop({ graceful: false });
}

export default async function setup(project: TestProject) {
  fs.mkdirSync(dir, { recursive: true });
  const sqliteTemplates = { empty: path.join(dir, 'empty.db'), demo: path.join(dir, 'demo.db') };
  await buildSqlite(sqliteTemplates.empty, false);
  await buildSqlite(sqliteTemplates.demo, true);
  project.provide('sqliteTemplates', sqliteTemplates);

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    project.provide('pgTemplates', null);
    return;
  }
  const pgTemplates = { empty: `pf_tpl_empty_${process.pid}`, demo: `pf_tpl_demo_${process.pid}` };
  await buildPostgres(adminUrl, pgTemplates.empty, false);
  await buildPostgres(adminUrl, pgTemplates.demo, true);
  project.provide('pgTemplates', pgTemplates);

  return async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    for (const name of Object.values(pgTemplates)) {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
    await admin.end();
  };
}
