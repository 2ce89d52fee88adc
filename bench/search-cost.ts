/*
 * Search cost by catalogue size (docs/performance.md, the cost-growth table): starts the app on a
 * bench database already seeded (`npm run bench -- --prompts N` seeds one, or the seed CLI), sends
 * scenario 3's searches one at a time (a single client, no load), each new to the search cache, and
 * prints their p50 / p95 and the app's resident memory afterwards.
 *
 *   npx tsx bench/search-cost.ts --prompts 100000 [--db sqlite|postgres] [--rounds 30]
 *
 * PostgreSQL: the database is BENCH_PG_DATABASE (default promptforge_bench_<prompts>).
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    prompts: { type: 'string', default: '100000' },
    db: { type: 'string', default: 'sqlite' },
    rounds: { type: 'string', default: '30' },
  },
});
const PROMPTS = Number(args.prompts);
const ROUNDS = Number(args.rounds);
const engine = args.db === 'postgres' || args.db === 'pg' ? 'postgres' : 'sqlite';
const PORT = Number(process.env.BENCH_PORT ?? 4601);
const root = path.resolve('.tmp/bench');
const pgDatabase = process.env.BENCH_PG_DATABASE ?? `promptforge_bench_${PROMPTS}`;
const pgUrl = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres').replace(
  /\/[^/]*$/,
  `/${pgDatabase}`,
);
/** Scenario 3's searches (bench/run.ts), and three a new user types. */
const SEARCHES = [
  'email',
  'customer sup',
  'plan',
  'quarterly retrospective',
  'pyth',
  'marketing email campaign',
  'zeitgeist',
  'sql que',
  'emails',
  'pyhton',
  'flash cards',
];

const dataDir = engine === 'sqlite' ? path.join(root, `data-${PROMPTS}`) : path.join(root, 'pg-data');
if (engine === 'sqlite' && !fs.existsSync(path.join(dataDir, 'promptforge.db'))) {
  throw new Error(`no bench database in ${dataDir}: run npm run bench -- --prompts ${PROMPTS} first`);
}

const app = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    ...(engine === 'postgres' ? { DATABASE_URL: pgUrl } : {}),
    PORT: String(PORT),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
    NODE_ENV: 'production',
    PUBLIC_URL: `http://127.0.0.1:${PORT}`,
    // No mail leaves a test run: production requires a transport, and this is the log.
    MAIL_TRANSPORT: 'log',
    JWT_SECRET: crypto.randomBytes(48).toString('base64url'),
    PAYMENTS_TEST_MODE: 'true',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function ready() {
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the app did not start within 10 minutes');
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

try {
  const started = performance.now();
  await ready();
  const startMs = performance.now() - started;
  const times: number[] = [];
  for (let round = -3; round < ROUNDS; round++) {
    for (const q of SEARCHES) {
      const s = performance.now();
      // A limit of its own each round (50, 49, ... for 40 rounds): no search is answered from the search cache
      // (decision 061), so this is what a search costs the engine.
      const limit = 50 - ((round + 3) % 40);
      const res = await fetch(
        `http://127.0.0.1:${PORT}/api/marketplace/prompts?search=${encodeURIComponent(q)}&limit=${limit}`,
      );
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${q}: ${res.status}`);
      if (round >= 0) times.push(performance.now() - s);
    }
  }
  times.sort((a, b) => a - b);
  const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${app.pid}/status`, 'utf8'))?.[1];
  console.log(
    JSON.stringify({
      engine,
      prompts: PROMPTS,
      searches: times.length,
      p50: Number(percentile(times, 0.5).toFixed(2)),
      p95: Number(percentile(times, 0.95).toFixed(2)),
      rssMb: Math.round(Number(rss) / 1024),
      startSeconds: Number((startMs / 1000).toFixed(1)),
    }),
  );
} finally {
  app.kill('SIGTERM');
}
