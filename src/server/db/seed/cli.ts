/*
 * `npm run db:seed`: seeds the configured database.
 *
 *   npm run db:seed                                      demo data, when the database has no users
 *   npm run db:seed -- --prompts 100000 --users 10000    demo data if empty, then bulk benchmark data
 *   npm run db:seed -- --reset ...                       empties every data table first
 *   npm run db:seed -- --no-demo --prompts ...           bulk data without the demo data set
 */
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { sql } from 'kysely';
import { loadConfig } from '../../config';
import { migrateToLatest, openDatabase, type Database } from '../database';
import { analyze } from '../statistics';
import { BULK_EMAIL_DOMAIN, BULK_USER_PASSWORD, bulkSeed, type BulkPhase } from './bulk';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { seedDemo } from './demo';
import { resetData } from './reset';

const USAGE = `Usage: npm run db:seed -- [--reset] [--no-demo] [--prompts N] [--users M]

  (no options)   seed the demo data set when the database has no users
  --prompts N    add N published prompts with generated text (benchmark data)
  --users M      add M users sharing the password "${BULK_USER_PASSWORD}" (default: N / 10)
  --reset        empty every data table first (the schema stays)
  --no-demo      do not seed the demo data set before the bulk data
  --help         show this text`;

function count(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, got "${value}"`);
  return n;
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

async function runBulk(database: Database, prompts: number, users: number): Promise<void> {
  const interactive = process.stdout.isTTY === true;
  const bar = new cliProgress.SingleBar(
    {
      format: '{phase} [{bar}] {percentage}% | {value}/{total} rows | {duration_formatted}',
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  const done: Record<BulkPhase, number> = { users: 0, prompts: 0, subscriptions: 0 };
  if (interactive) bar.start(users + prompts, 0, { phase: 'users' });
  let lastLogged = performance.now();
  const started = performance.now();
  const result = await bulkSeed(database.db, {
    prompts,
    users,
    engine: database.engine,
    onProgress: (phase, value) => {
      done[phase] = value;
      const total = done.users + done.prompts;
      if (interactive) {
        bar.update(total, { phase });
      } else if (performance.now() - lastLogged > 5000) {
        // Without a terminal (CI logs) a bar would print nothing useful; a line every few seconds does.
        lastLogged = performance.now();
        console.log(`  ${phase}: ${value} (${seconds(started)})`);
      }
    },
  });
  if (interactive) bar.stop();
  console.log(
    `Bulk data: ${result.users} users, ${result.prompts} published prompts, ${result.reviews} reviews, ` +
      `${result.subscriptions} subscriptions in ${seconds(started)}.`,
  );
  if (result.users > 0) {
    console.log(
      `  Bulk users sign in as <name>.<n>@${BULK_EMAIL_DOMAIN} with the password "${BULK_USER_PASSWORD}".`,
    );
  }
  // Fresh statistics, so the query planner (and so any benchmark) sees the tables as they now are.
  const analyzing = performance.now();
  await analyze(database.db);
  if (database.engine === 'sqlite') {
    // The search index of a bulk load, row by row through the triggers, is hundreds of segments:
    // merged into one, as migration 0023 leaves it, a search reads each word's list once.
    await sql`insert into prompts_fts (prompts_fts) values ('optimize')`.execute(database.db);
    await sql`pragma wal_checkpoint(truncate)`.execute(database.db);
  }
  console.log(`  Statistics updated in ${seconds(analyzing)}.`);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      prompts: { type: 'string' },
      users: { type: 'string' },
      reset: { type: 'boolean', default: false },
      'no-demo': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const prompts = count(values.prompts, 'prompts') ?? 0;
  const users = count(values.users, 'users') ?? (prompts > 0 ? Math.max(1, Math.ceil(prompts / 10)) : 0);
  if (prompts > 0 && users === 0)
    throw new Error('--prompts needs at least one user to author them: pass --users');

  const config = loadConfig();
  if (!config.demo) {
    // Demo accounts and bulk users have published passwords: they must never reach a production database.
    console.error('Demo mode is off (NODE_ENV=production or DEMO=false), so nothing was seeded.');
    console.error(
      'Seeding creates accounts with well-known passwords; set DEMO=true to seed this database anyway.',
    );
    return 1;
  }

  const database = openDatabase(config.databaseUrl);
  try {
    const applied = await migrateToLatest(database.db);
    if (applied.length > 0) console.log(`Migrations applied: ${applied.join(', ')}`);
    console.log(`Database: ${database.engine === 'sqlite' ? config.databaseUrl : 'PostgreSQL'}`);

    if (values.reset) {
      const started = performance.now();
      await resetData(database.db, database.engine);
      console.log(`Emptied every data table in ${seconds(started)}.`);
    }

    if (!values['no-demo']) {
      const started = performance.now();
      const summary = await seedDemo(database.db);
      if (summary) {
        console.log(
          `Demo data: ${summary.users} users, ${summary.plans} plans, ${summary.prompts} prompts ` +
            `(${summary.publishedPrompts} published), ${summary.reviews} reviews, ` +
            `${summary.playgroundSessions} playground sessions, ${summary.payments} payments, ` +
            `${summary.activityEvents} activity events in ${seconds(started)}.`,
        );
        console.log(`  Demo user:  ${DEMO_ACCOUNTS.user.email} / ${DEMO_ACCOUNTS.user.password}`);
        console.log(`  Demo admin: ${DEMO_ACCOUNTS.admin.email} / ${DEMO_ACCOUNTS.admin.password}`);
      } else {
        console.log('The database already has users: demo data not seeded (use --reset to start over).');
      }
    }

    if (prompts > 0 || users > 0) await runBulk(database, prompts, users);
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
